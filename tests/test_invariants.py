"""Invariants over random legal and illegal commands, read back from JSON, in all four rulesets.

Issue 18: at most one living combatant per hex; AP never negative; every weapon is in a hand,
carried, on a hex or destroyed by a logged event; HP changes only with a logged event naming
the combatant and its new HP; a refused command leaves the state hash and the dice unchanged.
ARENA_FUZZ_EXAMPLES sets how many random sequences run (the long run uses 10000).
"""

from __future__ import annotations

import json
import os

import esper
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from arena.assets import load_library, load_scenario
from arena.battle.core import Battle
from arena.ecs.components import ActionPoints, Carried, Dead, Health, Item, Position, Wielded
from arena.ecs.events import Refused, event_to_json
from arena.hexgrid import Hex
from arena.model.commands import (
    Attack,
    Command,
    Draw,
    EndTurn,
    Face,
    Invoke,
    Kick,
    Move,
    PickUp,
    React,
    Reload,
    StandUp,
    command_from_json,
    command_to_json,
)
from arena.rules import get_ruleset

EXAMPLES = max(1, int(os.environ.get("ARENA_FUZZ_EXAMPLES", "25")) // 4)
CASES = [("duel", "d40"), ("skirmish", "adnd"), ("skirmish", "becmi"), ("duel", "ap")]


def random_command(draw: st.DrawFn, battle: Battle) -> Command:
    """A command that may be legal or not: the AI's choice, or anything with small numbers."""
    if draw(st.integers(0, 3)) == 0 and not battle.over:
        return battle.decide()
    actor = battle.active if draw(st.booleans()) and battle.active else draw(st.integers(1, 12))
    n = st.integers(0, 6)
    return draw(st.sampled_from([
        Move(actor, Hex(draw(st.integers(-8, 8)), draw(st.integers(-8, 8)))),
        Face(actor, draw(st.integers(0, 5))),
        Attack(actor, draw(st.integers(1, 12)), draw(n),
               tuple(sorted(set(draw(st.lists(st.sampled_from(["smash", "sublethal", "aim"]),
                                              max_size=2)))))),
        PickUp(actor), StandUp(actor), Draw(actor, draw(n)), Reload(actor, draw(n)),
        React(actor, draw(st.booleans())), Kick(actor),
        Invoke(actor, draw(st.sampled_from(["chant", "prayer", "martial_spirit", "nope"]))),
        EndTurn(actor),
    ]))


def snapshot() -> dict[str, object]:
    """Per combatant: hex (if alive), AP, HP; and every weapon's whereabouts, counted."""
    weapons = sum(len(w.weapons) for _, w in esper.get_component(Wielded))
    weapons += sum(len(c.weapons) for _, c in esper.get_component(Carried))
    weapons += len(esper.get_component(Item))
    living = [e for e, _ in esper.get_component(Health) if not esper.has_component(e, Dead)]
    return {
        "hexes": [esper.component_for_entity(e, Position).hex for e in sorted(living)],
        "ap": {e: a.current for e, a in esper.get_component(ActionPoints)},
        "hp": {e: h.hp for e, h in esper.get_component(Health)},
        "weapons": weapons,
    }


def check_hp_logged(before: dict[int, int], after: dict[int, int], events: list[dict]) -> None:
    """Every HP change is reported by an event naming the combatant and a new HP value."""
    for entity, hp in after.items():
        if hp == before[entity]:
            continue
        reported = [
            v for e in events for k, v in e.items()
            if "hp" in k and entity in (e.get("target") if k == "target_hp" else e.get("actor"),)
        ]
        assert reported, (entity, before[entity], hp, events)


@pytest.mark.slow
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck), phases=[Phase.explicit, Phase.generate])
@given(st.sampled_from(CASES), st.integers(0, 10_000), st.data())
def test_random_commands_keep_the_invariants(case, seed, data):
    scenario_name, rules = case
    library = load_library()
    scenario = load_scenario(scenario_name, library, rules)
    with Battle(scenario, get_ruleset(rules), seed) as battle:
        start = snapshot()
        destroyed = 0
        for _ in range(40):
            command = random_command(data.draw, battle)
            command = command_from_json(json.loads(json.dumps(command_to_json(command))))
            before, digest, dice = snapshot(), battle.state_hash(), battle.dice.state()
            events = [event_to_json(e) for e in battle.apply(command)]
            after = snapshot()
            if len(events) == 1 and events[0]["type"] == Refused.type:
                assert battle.state_hash() == digest and battle.dice.state() == dice
                assert after == before
                continue
            hexes = after["hexes"]
            assert len(set(hexes)) == len(hexes), "two living combatants share a hex"
            assert min(after["ap"].values()) >= 0, after["ap"]
            destroyed += sum(1 for e in events if e["type"] == "weapon_broken"
                             or (e["type"] == "weapon_dropped" and e.get("item") is None))
            assert after["weapons"] + destroyed >= start["weapons"], events
            check_hp_logged(before["hp"], after["hp"], events)


@pytest.mark.parametrize("actor", [0, -1, 10**6 + 1, "1", True, 1.0])
def test_json_commands_out_of_range_never_reach_the_engine(actor):
    with pytest.raises(ValueError):
        command_from_json({"type": "end_turn", "actor": actor})
