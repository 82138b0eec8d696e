"""Lost enchantment never comes back (issue 28, item 13): camp repair and the whetstone.

Document 002: a magic weapon that breaks is "permanently losing its magical properties"; "If a
magical weapon with a +1 bonus breaks, it is destroyed, but if the weapon is +2 or higher ...
its enchantment is reduced by 1". A run carries both home; the camp mends neither.
"""

from __future__ import annotations

import dataclasses

from arena.battle.core import Battle
from arena.ecs.events import WeaponBroken
from arena.hexgrid import Hex, hexagon
from arena.model.commands import Attack, EndTurn, PickUp
from arena.model.stats import Weapon
from arena.model.terrain import HexMap
from arena.run.bout import Bout
from arena.run.camp import choose, refusal
from arena.run.campwork import preview, repair_refusal
from arena.run.config import RunConfig
from arena.run.decisions import Repair, Use
from arena.run.engine import Run
from arena.run.party import BROKEN, DEGRADED, WHOLE, Gear
from arena.run.route import CAMP
from tests.factories import scenario
from tests.rules.adnd.test_on_the_map import STONE, who
from tests.run.roads import first_road
from tests.run.test_run import LIBRARY, _carry

WHETSTONE = LIBRARY.supplies["whetstone"]


def fumbled_on_stone(weapon: Weapon, breaks: list[int]):  # type: ignore[no-untyped-def]
    """An adnd run's bout 1 on stone: member 0 (entity 2, acting first) fumbles `weapon`.

    Initiative d10 9 (the foe), 1 (the member); the attack d20 1 drops the weapon at its feet
    (scatter d8 1) onto stone, where it rolls its break die (`breaks`: two dice if magic).
    In round 2 (initiative 9, 1 again) the member picks up what is left of it. The party is
    carried home from the bout as from any won one.
    """
    run = Run(RunConfig("adnd", 3, steps=3), LIBRARY)
    m = run.party[0]
    m.gear, m.stats["adnd"], m.shield = [Gear(weapon, weapon)], {}, None
    me = dataclasses.replace(m.spec(), side=0, at=Hex(1, 0), facing=3)
    stone = HexMap("stone", "Stone", 4, dict.fromkeys(hexagon(4), STONE))
    s = dataclasses.replace(scenario(who("Foe", 1, Hex(0, 0)), me, hexmap=stone),
                            ruleset="adnd")
    bout = Bout(1, first_road(run), s, 5, 0, {0: 2}, {})
    battle = Battle(s, run.ruleset, 5, [9, 1, 1, 1, *breaks, 9, 1])
    with battle:
        events = battle.apply(Attack(2, 1))
        battle.apply(EndTurn(2))
        battle.apply(EndTurn(1))
        battle.apply(PickUp(2))
        _carry(run, bout, battle)
    return run, [e for e in events if isinstance(e, WeaponBroken)]


def test_a_plus_2_that_lost_a_point_stays_plus_1_through_repair_and_the_whetstone():
    # "+2 or higher ... its enchantment is reduced by 1": both break d6 show 1.
    sword = LIBRARY.weapons["longsword_plus_2"]
    run, broken = fumbled_on_stone(sword, [1, 1])
    assert [(b.weapon, b.magic_lost) for b in broken] == [("longsword_plus_2", 1)]
    m = run.party[0]
    assert [(g.weapon.magic, g.original.magic, g.state) for g in m.gear] == [(1, 2, DEGRADED)]
    m.supplies = [WHETSTONE]
    camp = run.camp_for(CAMP)
    assert repair_refusal(camp.ruleset, m.gear[0]) == (
        "longsword +2 lost its enchantment for good: a broken magic weapon never gets it back")
    assert choose(camp, Repair()) == "no broken weapon can be mended"
    assert "nothing to mend" in preview("repair", run.party, camp.land)
    assert choose(camp, Use(member=0, item=0)) == (
        f"{m.name} has no broken weapon the whetstone can mend")
    assert [(g.weapon.magic, g.state) for g in m.gear] == [(1, DEGRADED)]
    assert camp.actions == 1 and m.supplies == [WHETSTONE]


def test_a_plus_1_that_breaks_is_destroyed_and_the_camp_says_it_cannot_be_mended():
    # "If a magical weapon with a +1 bonus breaks, it is destroyed".
    sword = LIBRARY.weapons["longsword_plus_1"]
    run, broken = fumbled_on_stone(sword, [1, 1])
    assert [(b.weapon, b.magic_lost) for b in broken] == [("longsword_plus_1", 0)]
    m = run.party[0]
    assert [(g.weapon.id, g.state) for g in m.gear] == [("longsword_plus_1", BROKEN)]
    m.supplies = [WHETSTONE]
    camp = run.camp_for(CAMP)
    destroyed = "longsword +1 is destroyed: a broken magic weapon cannot be mended"
    assert repair_refusal(camp.ruleset, m.gear[0]) == destroyed
    assert refusal(camp, Repair()) == "no broken weapon can be mended"
    assert choose(camp, Repair()) == "no broken weapon can be mended"
    assert choose(camp, Use(member=0, item=0)) == (
        f"{m.name} has no broken weapon the whetstone can mend")
    assert [(g.weapon.id, g.state) for g in m.gear] == [("longsword_plus_1", BROKEN)]


def test_an_ordinary_weapon_broken_on_stone_is_mended_at_camp_as_it_was_made():
    # "A roll of "1" on the designated die indicates that the weapon has broken and is
    # rendered useless": no enchantment to lose, so the camp's smith (or a whetstone) mends it.
    sword = LIBRARY.weapons["longsword"]
    run, broken = fumbled_on_stone(sword, [1])
    assert [(b.weapon, b.magic_lost) for b in broken] == [("longsword", 0)]
    m = run.party[0]
    assert [g.state for g in m.gear] == [BROKEN]
    m.supplies = [WHETSTONE]
    assert choose(run.camp_for(CAMP), Use(member=0, item=0)) is None
    assert [(g.weapon, g.state) for g in m.gear] == [(sword, WHOLE)] and m.supplies == []
