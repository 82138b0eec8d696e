"""What the --more-- pause stops for (arena/tui/battle/alerts.py, issue 30)."""

from __future__ import annotations

from arena.ecs.events import Attacked, Died, WeaponDropped
from arena.rules.records import AttackResult
from arena.tui.battle.alerts import important

SIDES = {1: 0, 2: 1, 3: 1}  # 1 is the player's, 2 and 3 the enemy's
PLAYERS = frozenset({0})


def _attack(actor: int, target: int, hit: bool, critical: bool = False, fumble: bool = False
            ) -> Attacked:
    result = AttackResult(10, (), 10, "AC", 5, hit, (), critical=critical, fumble=fumble)
    return Attacked(actor, target, "sword", 1, "front", result, 2, 4, 10)


def test_a_hit_on_the_player_s_side_stops_a_miss_does_not():
    assert important(_attack(2, 1, True), SIDES, PLAYERS)
    assert not important(_attack(2, 1, False), SIDES, PLAYERS)
    assert not important(_attack(1, 2, True), SIDES, PLAYERS)  # our own hit: shown, no stop


def test_a_critical_or_fumble_the_player_s_side_rolls_or_suffers_stops():
    assert important(_attack(1, 2, True, critical=True), SIDES, PLAYERS)
    assert important(_attack(1, 2, False, fumble=True), SIDES, PLAYERS)
    assert important(_attack(2, 1, False, fumble=True), SIDES, PLAYERS)
    assert not important(_attack(2, 3, False, fumble=True), SIDES, PLAYERS)  # between foes


def test_any_death_and_any_weapon_dropped_but_thrown_stop():
    assert important(Died(2, "slain", 1), SIDES, PLAYERS)
    assert important(WeaponDropped(2, "axe", 7, None, "falls at its feet"), SIDES, PLAYERS)
    assert not important(WeaponDropped(1, "javelin", 8, None, "is thrown"), SIDES, PLAYERS)
