"""`ap` off-turn facing (DECISIONS.md `ap`: "change facing free / 1") and the other readings
of document 003 that the battles rely on: the starting pool, the rear sector, sublethal heads."""

from __future__ import annotations

from pathlib import Path

import esper

from arena.battle.core import Battle
from arena.battle.narrate import narrate
from arena.ecs.components import ActionPoints, Facing
from arena.ecs.events import (
    Attacked,
    Died,
    Faced,
    Moved,
    OpeningPresented,
    Refused,
    TurnStarted,
)
from arena.hexgrid import Hex, relative_position
from arena.model.commands import Attack, EndTurn, Face, Move, React
from arena.replay.file import Recorder, load, rerun, save
from arena.rules.ap import ApRuleset
from arena.tui.battle.app import App
from arena.tui.battle.session import Session
from tests.factories import SHORTBOW, ap_stats, fighter, scenario

AP = ApRuleset()


def duel(*script, rules=AP, bob_hp=12):
    """Ann (acts first) at (0, 0) against Bob at (1, 0) facing her."""
    s = scenario(fighter("Ann", 0, Hex(0, 0), stats=ap_stats(dex=9)),
                 fighter("Bob", 1, Hex(1, 0), facing=3, hp=bob_hp))
    return Battle(s, rules, seed=5, dice_script=[15, 1, *script])


def facing_and_ap(b, entity):
    esper.switch_world(b.world.name)
    return (esper.component_for_entity(entity, Facing).direction,
            esper.component_for_entity(entity, ActionPoints).current)


def test_a_reactor_may_turn_off_turn_for_1_ap_before_deciding_on_the_opening():
    # DECISIONS.md `ap`, action costs on own turn / off-turn: "change facing free / 1".
    with duel() as b:
        assert b.apply(Move(1, Hex(-2, 0))) == [OpeningPresented(1, "move", (2,))]
        assert b.apply(Face(2, 4)) == [Faced(2, 4, 1, 5)]
        assert b.active == 2  # the opening still waits for Bob's answer
        events = b.apply(React(2, False))
        assert isinstance(events[-1], Moved) and events[-1].path[-1] == Hex(-2, 0)
        assert facing_and_ap(b, 2) == (4, 5)


def test_off_turn_facing_is_accepted_between_commands_and_paid_from_the_pool():
    with duel() as b:
        assert b.apply(Face(2, 2)) == [Faced(2, 2, 1, 5)]
        assert b.active == 1
        events = b.apply(EndTurn(1))
        assert TurnStarted(2, 1, 6) in events  # the own turn refills the pool


def test_off_turn_facing_is_refused_without_ap_or_where_the_ruleset_forbids_it():
    class NoOffTurn(ApRuleset):
        def action_cost(self, action, weapon, off_turn):
            return None if off_turn else super().action_cost(action, weapon, off_turn)

    with duel(rules=NoOffTurn()) as b:
        (refused,) = b.apply(Face(2, 2))
        assert isinstance(refused, Refused) and "not your turn" in refused.reason
    with duel() as b:
        esper.switch_world(b.world.name)
        esper.component_for_entity(2, ActionPoints).current = 0
        hashed = b.state_hash()
        (refused,) = b.apply(Face(2, 2))
        assert refused.reason == "needs 1 AP to turn off-turn, has 0"
        assert b.state_hash() == hashed
    with duel() as b:
        b.apply(Move(1, Hex(-2, 0)))
        (refused,) = b.apply(Face(1, 2))  # the mover waits on Bob; only Bob may turn now
        assert isinstance(refused, Refused) and "Action of Opportunity" in refused.reason


def test_off_turn_facing_is_recorded_and_the_replay_verifies(tmp_path: Path):
    with duel() as b:
        recorder = Recorder(b, "test", (15, 1))
        # Every command here is scripted, so every one is the player's: a step labelled "ai"
        # is re-asked of the AI when the replay verifies.
        recorder.apply(Move(1, Hex(-2, 0)), "player")
        recorder.apply(Face(2, 4), "player")
        recorder.apply(React(2, False), "player")
        recorder.apply(EndTurn(1), "player")
        path = tmp_path / "facing.json"
        save(recorder, path)
    assert [step["command"]["type"] for step in recorder.steps] == [
        "move", "face", "react", "end_turn"]
    assert list(rerun(load(path))) == []


def test_the_ai_declines_off_turn_facing():
    # The AI only answers the opening (strike or pass); it never spends AP on turning.
    with duel() as b:
        b.apply(Move(1, Hex(-2, 0)))
        assert b.decide() == React(2, True)


# --- interpretations the battles rely on ---------------------------------------------------

def test_everyone_starts_with_a_full_pool_so_an_early_action_of_opportunity_is_free():
    # DECISIONS.md: the pool is "refilled at the start of its own turn"; it is full from the
    # start, so Bob (acting second) may strike at once, and his turn refills it anyway.
    with duel(3) as b:
        b.apply(Move(1, Hex(-2, 0)))
        struck = b.apply(React(2, True))
        assert isinstance(struck[0], Attacked) and struck[0].ap_left == 4
        events = b.apply(EndTurn(1))
        assert TurnStarted(2, 1, 6) in events


def test_rear_minus_10_applies_to_an_archer_anywhere_in_the_rear_sector():
    # Document: "Attack Roll: d20 + Strength + BAB + Facing modifiers"; ranged attacks "follow
    # the same rules as Mêlée attacks". Bob faces E (0): an archer 3 hexes off, in his rear
    # 60° sector though not on the line straight behind him, gets the rear −10.
    archer_at = Hex(-3, 1)
    assert relative_position(Hex(0, 0), 0, archer_at) == "rear"
    s = scenario(fighter("Ann", 0, archer_at, stats=ap_stats(dex=9), weapons=(SHORTBOW,)),
                 fighter("Bob", 1, Hex(0, 0), facing=0))
    with Battle(s, AP, seed=5, dice_script=[15, 1, 2]) as b:
        (attacked,) = [e for e in b.apply(Attack(1, 2)) if isinstance(e, Attacked)]
        assert attacked.position == "rear"
        assert [(m.label, m.value) for m in attacked.result.target_modifiers] == [("rear", -10)]
        assert (attacked.result.target, attacked.result.hit) == (5, True)  # 2 + 5 = 7 ≥ 15 − 10


def test_a_sublethal_attack_can_still_roll_head_severed():
    # Document: sublethal attacks "take a -4 to attack and can't deal overflow damage"; the
    # double critical ("roll a d10 ... 10 | Head severed | Instant death") names no exception.
    # Ann: d20 20 (threat), confirm 20 (double critical), d8 5, d10 10; 16 sublethal of 40 HP.
    with duel(20, 20, 5, 10, bob_hp=40) as b:
        events = b.apply(Attack(1, 2, 0, ("sublethal",)))
        (attacked,) = [e for e in events if isinstance(e, Attacked)]
        assert attacked.result.sublethal and "double critical d10 10: head severed" in \
            attacked.result.notes
        assert Died(2, 1, "killed") in events


def test_the_player_turns_off_turn_at_the_reaction_prompt(tmp_path: Path):
    # The terminal's reaction prompt offers the turn keys: `[` turns Bob (1 AP), then `n` passes.
    with duel() as b:
        session = Session(Recorder(b, "test", (15, 1)), frozenset({0, 1}), tmp_path)
        app = App(session)
        app.feed("h")  # Ann steps west, away from Bob: an opening
        assert session.view.reaction is not None
        assert "[/] turn" in app._prompt()[1]
        app.feed("[")
        assert facing_and_ap(b, 2) == (4, 5)
        assert session.view.reaction is not None  # still Bob's to decide
        app.feed("n")
        assert session.view.reaction is None
        assert [s["command"]["type"] for s in session.recorder.steps] == ["move", "face", "react"]
        session.close()


def test_the_log_prices_an_off_turn_turn_and_a_free_one_shows_no_cost():
    names, sides = {2: "Bob"}, {0: "Red", 1: "Blue"}
    assert narrate(Faced(2, 4, 1, 5), names, sides) == "Bob turns to face SW (1 AP, 5 left)"
    assert narrate(Faced(2, 4, 0, 6), names, sides) == "Bob turns to face SW"
