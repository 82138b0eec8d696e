"""The AI chooses its target and weapon by the odds engine's exact expected damage.

Issue 8: "One engine, three users: the calculator, the targeting preview and the AI's choice
of target all call the same odds function." Ties keep the older order: the weakest enemy,
then the nearest, the lowest id, the lowest weapon slot.
"""

from __future__ import annotations

import dataclasses

from arena.battle.core import Battle
from arena.hexgrid import Hex
from arena.model.commands import Attack
from arena.model.stats import StatBlock
from arena.rules import RULESETS
from tests.factories import DAGGER, LONGSWORD, ap_stats, fighter, scenario

FIRST = ap_stats(strength=3, bab=2, dex=20)  # d20 + 20 beats d20 - 5: acts first


def first_choice(*combatants, ruleset: str = "ap"):
    """The basic AI's first command (issue 8: the target by exact expected damage)."""
    spec = dataclasses.replace(scenario(*combatants), ruleset=ruleset)
    with Battle(spec, RULESETS[ruleset], 1) as battle:
        battle.roster.configure("basic", "normal", 2)
        assert battle.active == 1
        return battle.decide()


def tactical_choice(*combatants, ruleset: str = "ap") -> str:
    """The label of the tactical AI's first choice (it may walk before the blow)."""
    spec = dataclasses.replace(scenario(*combatants), ruleset=ruleset)
    with Battle(spec, RULESETS[ruleset], 1) as battle:
        assert battle.active == 1
        return battle.roster.explain(1)[1][0].label


def test_the_ai_strikes_the_foe_it_expects_to_hurt_most_not_the_weakest():
    # Bob (3 HP) has AC 30: only a natural 20 hits him; Cat (12 HP) has AC 10.
    three = (fighter("Ann", 0, Hex(0, 0), stats=FIRST),
             fighter("Bob", 1, Hex(1, 0), hp=3, stats=ap_stats(ac=30, dex=-5)),
             fighter("Cat", 1, Hex(0, 1), hp=12, stats=ap_stats(ac=10, dex=-5)))
    assert first_choice(*three) == Attack(1, 3, 0)
    label = tactical_choice(*three)
    assert label.startswith("attack Cat ") or label.endswith(" to attack Cat"), label


def test_equal_expected_damage_goes_to_the_weakest_then_the_lowest_id():
    same = ap_stats(ac=14, dex=-5)  # both face Ann (W and NW): the same odds
    choice = first_choice(fighter("Ann", 0, Hex(0, 0), stats=FIRST),
                          fighter("Bob", 1, Hex(1, 0), facing=3, hp=9, stats=same),
                          fighter("Cat", 1, Hex(0, 1), facing=2, hp=5, stats=same))
    assert choice == Attack(1, 3, 0)
    choice = first_choice(fighter("Ann", 0, Hex(0, 0), stats=FIRST),
                          fighter("Bob", 1, Hex(1, 0), facing=3, hp=5, stats=same),
                          fighter("Cat", 1, Hex(0, 1), facing=2, hp=5, stats=same))
    assert choice == Attack(1, 2, 0)


def becmi(name: str, side: int, at: Hex, weapons=(LONGSWORD,), ac: int = 5, hp: int = 10):
    block = StatBlock("becmi", {"class": "fighter", "level": 1, "hd": "", "str": 10,
                                "dex": 10, "ac": ac, "mastery": "", "curse": 0})
    spec = fighter(name, side, at, hp=hp, weapons=weapons)
    return dataclasses.replace(spec, stats={"becmi": block})


def test_the_ai_picks_the_weapon_with_the_higher_expected_damage():
    # becmi has no two-weapon penalty: the longsword (d8) in the off hand beats the dagger
    # (d4) in the main hand. With seed 2 side 0 wins becmi's first initiative (d6 per side).
    with Battle(dataclasses.replace(scenario(
            becmi("Ann", 0, Hex(0, 0), weapons=(DAGGER, LONGSWORD)),
            becmi("Bob", 1, Hex(1, 0))), ruleset="becmi"), RULESETS["becmi"], 2) as battle:
        assert battle.active == 1
        assert battle.decide() == Attack(1, 2, 1)
