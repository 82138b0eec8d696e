"""Ruleset `adnd` friendly fire on the map (issue 11): "beyond" the target is past it along the
line of fire, and a thrown weapon that strikes an ally lies by that ally, unchecked."""

from __future__ import annotations

from fractions import Fraction

import esper

from arena.ecs.components import Item, Position, Wielded
from arena.ecs.events import Attacked, WeaponBroken, WeaponDropped
from arena.hexgrid import Hex
from arena.model.commands import Attack
from arena.rules.odds import attack_odds
from tests.rules.adnd.test_on_the_map import JAVELIN, MACE, SHORTBOW, STONE, battle, lines, who


def attacks(events: list[object]) -> list[Attacked]:
    return [e for e in events if isinstance(e, Attacked)]


def test_an_ally_between_the_archer_and_a_far_target_is_at_risk_of_friendly_fire():
    # Document: "if the ally is positioned 8 or more hexes beyond the original target, the
    # friendly fire rule is not applied". Cid stands 2 hexes out on the line to Bob, 12 away:
    # 10 hexes from Bob, but before him, not beyond him, so the natural 2 strikes Cid.
    specs = (who("Ann", 0, Hex(0, 0), weapons=(SHORTBOW,)),
             who("Bob", 1, Hex(12, 0), facing=3, ac=5), who("Cid", 0, Hex(2, 0)))
    with battle(*specs, radius=12, script=[1, 2, 3, 2, 4]) as b:
        shot, fire = attacks(b.apply(Attack(1, 2)))
        assert (shot.result.natural, shot.result.hit) == (2, False)
        assert (fire.target, fire.free, fire.result.damage, fire.target_hp) == (3, True, 4, 16)
        assert b.dice.script_used == 5


def test_an_ally_8_hexes_past_the_target_is_spared_and_7_past_is_not():
    # Document: "8 or more hexes beyond the original target": Bob 4 away; Dan 12 away (8 past
    # him) is spared, Cid 11 away (7 past him) is struck.
    specs = (who("Ann", 0, Hex(0, 0), weapons=(SHORTBOW,)),
             who("Bob", 1, Hex(4, 0), facing=3, ac=5), who("Cid", 0, Hex(11, -1)),
             who("Dan", 0, Hex(12, 0)))
    with battle(*specs, radius=12, script=[1, 2, 3, 4, 2, 6]) as b:
        _, fire = attacks(b.apply(Attack(1, 2)))
        assert (fire.target, fire.result.damage) == (3, 6)
        assert b.dice.script_used == 6  # one ally at risk: no die picked between two


def test_the_exact_odds_count_an_ally_between_the_archer_and_a_far_target():
    # Document: "8 or more hexes beyond the original target": the odds agree with the map.
    specs = (who("Ann", 0, Hex(0, 0), weapons=(SHORTBOW,)),
             who("Bob", 1, Hex(12, 0), facing=3, ac=5), who("Cid", 0, Hex(2, 0)))
    with battle(*specs, radius=12) as b:
        esper.switch_world(b.world.name)
        odds = attack_odds(b.ruleset, b.attacks.context(1, 2, 0))
        assert odds.friendly_fire == Fraction(1, 20)
        assert dict(odds.tables["friendly_fire"]) == {"ally #3": Fraction(1, 20)}


def test_a_thrown_weapon_that_strikes_an_ally_lies_by_that_ally_without_a_break_check():
    # Document: "If a thrown weapon results in a successful hit, no break check is required
    # and the weapon is presumed to be intact." Friendly fire is a hit ("This hit is
    # automatic"): the javelin lies on Cid's stone hex, not by Bob, and no break die is rolled.
    specs = (who("Ann", 0, Hex(0, 0), weapons=(JAVELIN, MACE)),
             who("Bob", 1, Hex(4, 0), facing=3, ac=5), who("Cid", 0, Hex(2, 0)))
    with battle(*specs, fill=STONE, script=[1, 2, 3, 2, 5, 1]) as b:
        events = b.apply(Attack(1, 2))
        assert not any(isinstance(e, WeaponBroken) for e in events)
        dropped = [e for e in events if isinstance(e, WeaponDropped)]
        assert [(d.weapon, d.at, d.rolls) for d in dropped] == [("javelin", Hex(2, 0), ())]
        assert isinstance(events[-1], WeaponDropped)  # it lands after striking Cid
        assert lines(b, [dropped[0]]) == ["Ann's javelin lands at (2, 0)"]
        assert b.dice.script_used == 5  # the sixth face (a 1 on a break die) is never asked for
        esper.switch_world(b.world.name)
        assert esper.component_for_entity(dropped[0].item, Position).hex == Hex(2, 0)
        assert esper.component_for_entity(dropped[0].item, Item).weapon == JAVELIN
        assert [w.id for w in esper.component_for_entity(1, Wielded).weapons] == ["mace"]
