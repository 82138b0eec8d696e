"""A scenario's combatants may enter hurt: `start_hp` and lasting `conditions` (assets/README.md).

This is how a run's bout, its carried wounds included, becomes an ordinary battle replay.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import esper
import pytest

from arena.assets import load_library, load_scenario, scenario_from_dict, scenario_to_dict
from arena.battle.core import Battle, Wounds
from arena.ecs.components import Conditions, Health
from arena.rules import get_ruleset
from tests.assets.test_loading import SCENARIO, error_of, load_test_scenario, root  # noqa: F401

LIBRARY = load_library()
HURT = SCENARIO.replace('at = [-2, 0]\nfacing = "E"',
                        'at = [-2, 0]\nfacing = "E"\nstart_hp = 4\n'
                        'conditions = { right_hand_severed = [0, 0], bleeding = [3, 2] }')


def test_a_combatant_enters_with_its_start_hp_and_conditions(root: Path) -> None:  # noqa: F811
    s = load_test_scenario(root, HURT)
    first = s.combatants[0]
    assert first.start_hp == 4 and first.entering_hp == 4 and first.hp > 4
    assert first.conditions == (("bleeding", 3, 2), ("right_hand_severed", 0, 0))
    assert s.combatants[1].start_hp is None and s.combatants[1].conditions == ()
    with Battle(s, get_ruleset("ap"), 1):
        health = esper.component_for_entity(1, Health)
        lasting = esper.component_for_entity(1, Conditions)
    assert (health.hp, health.max_hp) == (4, first.hp)
    assert lasting.rounds == {"bleeding": 3, "right_hand_severed": 0}
    assert lasting.amounts == {"bleeding": 2, "right_hand_severed": 0}


def test_wounds_in_the_scenario_are_the_same_battle_as_wounds_handed_to_it(
        root: Path) -> None:  # noqa: F811
    hurt = load_test_scenario(root, HURT)
    plain = load_test_scenario(root, SCENARIO)
    wounds = {0: Wounds(4, {"bleeding": (3, 2), "right_hand_severed": (0, 0)})}
    ruleset = get_ruleset("ap")
    with Battle(hurt, ruleset, 9) as a:
        first = a.state_hash()
        hashes_a = [a.state_hash() for _ in range(12) if not a.over and a.apply(a.decide())]
    with Battle(plain, ruleset, 9, (), wounds) as b:
        assert b.state_hash() == first
        hashes_b = [b.state_hash() for _ in range(12) if not b.over and b.apply(b.decide())]
    assert hashes_a == hashes_b


def test_start_hp_and_conditions_round_trip_and_plain_combatants_write_neither(
        root: Path) -> None:  # noqa: F811
    s = load_test_scenario(root, HURT)
    d = json.loads(json.dumps(scenario_to_dict(s)))
    assert d["combatants"][0]["start_hp"] == 4
    assert d["combatants"][0]["conditions"] == {"bleeding": [3, 2], "right_hand_severed": [0, 0]}
    assert "start_hp" not in d["combatants"][1] and "conditions" not in d["combatants"][1]
    assert scenario_from_dict(d) == s
    duel = scenario_to_dict(load_scenario("duel", LIBRARY))
    assert not any({"start_hp", "conditions"} & set(c) for c in duel["combatants"])  # type: ignore[attr-defined]


TAMPERS: list[tuple[Callable[[Any], object], str]] = [
    (lambda c: c.update(start_hp=0), "combatants[0].start_hp: must be 1..{hp}, got 0"),
    (lambda c: c.update(start_hp=10_000), "combatants[0].start_hp: must be 1..{hp}, got 10000"),
    (lambda c: c.update(start_hp=3.0), "combatants[0].start_hp: expected an integer, got 3.0"),
    (lambda c: c.update(start_hp=True), "combatants[0].start_hp: expected an integer, got true"),
    (lambda c: c.update(conditions=[1]), "combatants[0].conditions: expected a table, got [1]"),
    (lambda c: c.update(conditions={"Bad Name": [0, 0]}),
     "combatants[0].conditions.'Bad Name': bad id 'Bad Name'"),
    (lambda c: c.update(conditions={"bleeding": [1]}),
     "combatants[0].conditions.bleeding: expected [turns, strength], each 0..1000, got [1]"),
    (lambda c: c.update(conditions={"bleeding": [1, 2.0]}),
     "combatants[0].conditions.bleeding: expected [turns, strength], each 0..1000"),
    (lambda c: c.update(conditions={"bleeding": [-1, 2]}),
     "combatants[0].conditions.bleeding: expected [turns, strength], each 0..1000"),
    (lambda c: c.update(conditions={f"c{i}": [0, 0] for i in range(17)}),
     "combatants[0].conditions: at most 16 conditions, got 17"),
]


@pytest.mark.parametrize(("tamper", "expected"), TAMPERS)
def test_a_bad_start_hp_or_condition_is_refused_in_one_line(
        tamper: Callable[[Any], object], expected: str) -> None:
    d = copy.deepcopy(scenario_to_dict(load_scenario("duel", LIBRARY)))
    tamper(d["combatants"][0])  # type: ignore[index]
    hp = d["combatants"][0]["hp"]  # type: ignore[index]
    assert expected.format(hp=hp) in error_of(lambda: scenario_from_dict(d))
