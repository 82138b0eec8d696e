"""Snapshots (DESIGN.md point 12): restore-then-continue is the same battle as never stopping."""

from __future__ import annotations

import json
from functools import cache

import esper
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.assets import load_library, load_scenario
from arena.battle.core import Battle
from arena.ecs.components import Item, Opening, Position, Wielded
from arena.ecs.events import Event
from arena.hexgrid import Hex
from arena.model.commands import Command, EndTurn, Move, PickUp, React
from arena.model.scenario import Scenario
from arena.model.stats import Weapon
from arena.replay.snapcodec import SnapshotError, decode, encode
from arena.replay.snapshot import restore, take
from arena.rules import get_ruleset
from arena.rules.ap import ApRuleset
from tests.factories import ap_stats, fighter
from tests.factories import scenario as factory_scenario

AP = ApRuleset()

CAP = 400  # commands of a full run (a long battle is compared up to here)
SCENARIOS = ("skirmish", "duel", "becmi-duel", "ap-duel", "adnd-melee", "d40-duel", "ap-ambush")


@cache
def scenario(name: str) -> Scenario:
    """A scenario from the asset files, loaded once."""
    return load_scenario(name, load_library(), None)


@cache
def full_run(name: str, seed: int, ai: str) -> tuple[tuple[Command, ...],
                                                     tuple[tuple[Event, ...], ...],
                                                     tuple[str, ...], tuple[str, ...]]:
    """An AI battle never stopped: commands, events, state hashes, snapshots before each."""
    s = scenario(name)
    commands, events, hashes, snaps = [], [], [], []
    with Battle(s, get_ruleset(s.ruleset), seed) as b:
        b.roster.configure(ai, "normal", len(s.sides))
        while not b.over and len(commands) < CAP:
            snaps.append(json.dumps(take(b), separators=(",", ":")))
            command = b.decide()
            commands.append(command)
            events.append(tuple(b.apply(command)))
            hashes.append(b.state_hash())
    return tuple(commands), tuple(events), tuple(hashes), tuple(snaps)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SCENARIOS), st.integers(0, 40), st.sampled_from(("tactical", "basic")),
       st.floats(0, 1))
def test_restore_then_continue_gives_the_same_events_and_hashes(
    name: str, seed: int, ai: str, where: float
) -> None:
    commands, events, hashes, snaps = full_run(name, seed, ai)
    cut = min(int(where * len(commands)), len(commands) - 1)
    s = scenario(name)
    with Battle(s, get_ruleset(s.ruleset), seed) as b:  # a fresh battle, restored mid-way
        restore(b, json.loads(snaps[cut]))
        assert b.state_hash() == (hashes[cut - 1] if cut else b.state_hash())
        for i in range(cut, len(commands)):
            command = b.decide()  # the AI's memory came back too: it chooses the same
            assert command == commands[i]
            assert tuple(b.apply(command)) == events[i]
            assert b.state_hash() == hashes[i]
        assert b.over or len(commands) == CAP  # over where the never-stopped battle was


def test_snapshot_taken_while_an_opening_waits_restores_the_pending_reaction() -> None:
    # DECISIONS.md `ap`: "Open" - moving away from a threatening enemy presents an opening.
    s = factory_scenario(fighter("Ann", 0, Hex(0, 0), stats=ap_stats(dex=9)),
                         fighter("Bob", 1, Hex(1, 0), facing=3))
    with Battle(s, AP, 5, (15, 1, 14, 5)) as b:
        assert b.apply(Move(1, Hex(-2, 0)))[0].type == "opening_presented"
        snap = json.loads(json.dumps(take(b)))
        later = [b.apply(React(2, True)), b.apply(EndTurn(1))]
        hashes = b.state_hash()
    with Battle(s, AP, 5, (15, 1, 14, 5)) as c:
        restore(c, snap)
        pending = c.reactions.pending()
        assert pending is not None and isinstance(pending[1], Opening) and c.active == 2
        assert [c.apply(React(2, True)), c.apply(EndTurn(1))] == later
        assert c.state_hash() == hashes


def test_a_snapshot_is_the_same_bytes_taken_twice_and_after_a_restore() -> None:
    s = scenario("skirmish")
    with Battle(s, get_ruleset(s.ruleset), 5) as b:
        for _ in range(30):
            b.apply(b.decide())
        first = json.dumps(take(b))
        assert json.dumps(take(b)) == first
        with Battle(s, get_ruleset(s.ruleset), 5) as other:
            restore(other, json.loads(first))
            assert json.dumps(take(other)) == first
            assert other.log == b.log


def test_restoring_into_a_battle_of_another_seed_is_refused() -> None:
    s = scenario("duel")
    with Battle(s, get_ruleset(s.ruleset), 1) as b:
        snap = take(b)
    with Battle(s, get_ruleset(s.ruleset), 2) as b, pytest.raises(SnapshotError, match="seed"):
        restore(b, snap)


def test_restoring_into_a_battle_of_another_dice_script_is_refused() -> None:
    s = scenario("duel")
    with Battle(s, get_ruleset(s.ruleset), 1, (20,)) as b:
        snap = take(b)
    with Battle(s, get_ruleset(s.ruleset), 1) as b, pytest.raises(SnapshotError, match="script"):
        restore(b, snap)


def test_scripted_dice_position_survives_a_snapshot() -> None:
    s = scenario("duel")
    script = (20, 20, 1, 3)
    with Battle(s, get_ruleset(s.ruleset), 9, script) as b:
        b.apply(b.decide())
        snap = json.loads(json.dumps(take(b)))
        rest = [b.apply(b.decide()) for _ in range(6) if not b.over]
        with Battle(s, get_ruleset(s.ruleset), 9, script) as c:
            restore(c, snap)
            assert c.dice.state() == (9, snap["dice"]["draws"], snap["dice"]["script_used"])
            assert [c.apply(c.decide()) for _ in range(len(rest))] == rest


@pytest.mark.parametrize("bad", [
    {"D": "os:system", "f": {}},
    {"D": "arena.hexgrid:hex_distance", "f": {}},
    {"N": "arena.ecs.components:Health", "v": [1, 2]},
    {"Q": 1},
    {"T": 5},
])
def test_a_snapshot_naming_anything_but_an_arena_record_is_refused(bad: object) -> None:
    with pytest.raises(SnapshotError):
        decode(bad)


def test_codec_keeps_tuples_sets_and_non_string_keys_apart_from_lists() -> None:
    value = {"order": (3, 1, 2), "left": {5, 1}, "keys": {(1, 2): [frozenset({"a"})]}}
    back = decode(json.loads(json.dumps(encode(value))))
    assert back == value
    assert type(back["order"]) is tuple and type(back["left"]) is set


def test_a_beasts_mark_is_in_its_snapshot_alone_and_survives_a_restore() -> None:
    # `Wielded.natural_only` is written only where it is set, so snapshots and keyframes of
    # battles without beasts keep the bytes they had before the mark (issue 28 item 1).
    bite = Weapon("rat_bite", "bite", "1d3", hands=0, natural=True)
    javelin = Weapon("javelin", "javelin", "d6", kind="thrown", range_ft=30)
    s = factory_scenario(fighter("Giant rat 1", 0, Hex(0, 0), weapons=(bite,),
                                 stats=ap_stats(dex=9)), fighter("Bob", 1, Hex(3, 0)))
    with Battle(s, AP, 4, (15, 1)) as b:
        esper.switch_world(b.world.name)
        esper.create_entity(Item(javelin, 2), Position(Hex(0, 0)))
        snap = json.loads(json.dumps(take(b)))
        wielded = {e: next(c["f"] for c in components if c["D"].endswith(":Wielded"))
                   for e, components in snap["entities"] if e in (1, 2)}
        assert wielded[1]["natural_only"] is True and "natural_only" not in wielded[2]
        with Battle(s, AP, 4, (15, 1)) as other:
            restore(other, snap)
            esper.switch_world(other.world.name)
            assert esper.component_for_entity(1, Wielded).natural_only
            assert other.apply(PickUp(1))[0].type == "refused"


def test_a_field_left_out_decodes_to_its_default_only_where_it_is_optional() -> None:
    wire = {"D": "arena.ecs.components:Wielded", "f": {"weapons": [], "unloaded": []}}
    assert decode(wire) == Wielded([], [], natural_only=False)
    assert encode(Wielded([], [])) == wire
    with pytest.raises(SnapshotError, match="do not match"):
        decode({"D": "arena.ecs.components:Wielded", "f": {"weapons": []}})
