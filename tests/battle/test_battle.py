"""The battle core: one door for changes, refusals that change nothing, turns, movement, death."""

from __future__ import annotations

import esper
import pytest

from arena.battle.core import Battle
from arena.ecs.components import ActionPoints, Item, Position
from arena.ecs.events import Attacked, BattleEnded, Died, Moved, Notice, Refused, RoundStarted
from arena.hexgrid import Hex
from arena.model.commands import Attack, EndTurn, Face, Move, PickUp
from arena.rules.ap import ApRuleset
from tests.factories import DAGGER, SHORTBOW, ap_stats, arena_map, fighter, scenario

AP = ApRuleset()


def duel(script=(), a_at=Hex(0, 0), b_at=Hex(1, 0), walls=(), **kw):
    """Ann (side 0, dex 9 so she acts first) against Bob (side 1)."""
    s = scenario(
        fighter("Ann", 0, a_at, stats=ap_stats(dex=9), **kw),
        fighter("Bob", 1, b_at, facing=3),
        hexmap=arena_map(4, walls),
    )
    return Battle(s, AP, seed=5, dice_script=[15, 1, *script])


def test_battle_opens_with_initiative_and_first_turn():
    with duel() as b:
        assert isinstance(b.opening[0], RoundStarted)
        assert b.opening[0].order == (1, 2)
        assert b.active == 1


def test_refused_command_changes_nothing_no_ap_no_dice():
    with duel() as b:
        before, draws = b.state_hash(), b.dice.state()
        for command in (Attack(2, 1), Move(1, Hex(9, 9)), Move(1, Hex(1, 0)), Attack(1, 1),
                        Attack(1, 2, weapon=3), PickUp(1), Face(1, 0)):
            events = b.apply(command)
            assert len(events) == 1 and isinstance(events[0], Refused), command
        assert (b.state_hash(), b.dice.state()) == (before, draws)
        assert b.log == list(b.opening)


def test_not_your_turn_is_refused_with_a_reason():
    with duel() as b:
        (refused,) = b.apply(EndTurn(2))
        assert isinstance(refused, Refused) and "not #2's turn" in refused.reason


def test_moving_pays_one_ap_per_hex_and_faces_the_last_step():
    with duel(b_at=Hex(3, 0)) as b:
        (moved,) = b.apply(Move(1, Hex(0, 2)))
        assert isinstance(moved, Moved)
        assert moved.path == (Hex(0, 0), Hex(0, 1), Hex(0, 2))
        assert (moved.ap_spent, moved.ap_left, moved.facing) == (2, 4, 5)


def test_movement_goes_around_walls():
    walls = (Hex(1, 0), Hex(1, -1))
    with duel(b_at=Hex(3, 0), walls=walls) as b:
        (moved,) = b.apply(Move(1, Hex(2, 0)))
        assert isinstance(moved, Moved)
        assert not set(moved.path) & set(walls)
        assert len(moved.path) - 1 == 3


def test_moving_further_than_the_ap_allows_is_refused():
    with duel(a_at=Hex(-4, 0), b_at=Hex(0, 4)) as b:
        (refused,) = b.apply(Move(1, Hex(4, -4)))
        assert isinstance(refused, Refused) and "needs 8 AP" in refused.reason


def test_occupied_hex_cannot_be_entered():
    with duel() as b:
        (refused,) = b.apply(Move(1, Hex(1, 0)))
        assert isinstance(refused, Refused) and "occupied" in refused.reason


def test_attack_costs_4_ap_and_hits_with_scripted_dice():
    with duel(script=(14, 5)) as b:
        (attacked,) = b.apply(Attack(1, 2))
        assert isinstance(attacked, Attacked)
        # d8 5 +3 STR, +1 overflow: floor((19 - AC 15) / 4)
        assert (attacked.result.total, attacked.result.hit, attacked.result.damage) == (19, True, 9)
        assert (attacked.ap_spent, attacked.ap_left, attacked.target_hp) == (4, 2, 3)
        (refused,) = b.apply(Attack(1, 2))
        assert isinstance(refused, Refused) and "needs 4 AP" in refused.reason


def test_death_at_zero_hp_ends_a_duel():
    # d20 18 +5 = 23 vs AC 15: d8 8 +3 STR +2 overflow = 13 >= Bob's 12 HP.
    with duel(script=(18, 8)) as b:
        events = b.apply(Attack(1, 2))
        assert isinstance(events[1], Died) and isinstance(events[2], BattleEnded)
        assert events[2].winner == 0 and b.over and b.active is None
        (refused,) = b.apply(EndTurn(1))
        assert refused.reason == "the battle is over"


def test_ap_is_refilled_at_the_start_of_the_own_turn_and_kept_after_it():
    with duel(script=(2,)) as b:
        b.apply(Attack(1, 2))
        b.apply(EndTurn(1))
        esper.switch_world(b.world.name)
        assert esper.component_for_entity(1, ActionPoints).current == 2
        b.apply(EndTurn(2))
        assert esper.component_for_entity(1, ActionPoints).current == 6


def test_round_limit_is_a_draw():
    s = scenario(fighter("Ann", 0, Hex(0, 0)), fighter("Bob", 1, Hex(3, 0)), max_rounds=1)
    with Battle(s, AP, seed=1) as b:
        b.apply(EndTurn(b.active))
        events = b.apply(EndTurn(b.active))
        assert isinstance(events[-1], BattleEnded) and events[-1].winner is None


def test_ranged_attack_needs_line_of_sight():
    s = scenario(fighter("Ann", 0, Hex(-2, 0), weapons=(SHORTBOW,), stats=ap_stats(dex=9)),
                 fighter("Bob", 1, Hex(2, 0)), hexmap=arena_map(4, (Hex(0, 0),)))
    with Battle(s, AP, seed=1, dice_script=[15, 1]) as b:
        (refused,) = b.apply(Attack(1, 2))
        assert isinstance(refused, Refused) and "line of sight" in refused.reason


def test_pick_up_takes_the_item_on_the_own_hex():
    with duel(b_at=Hex(3, 0)) as b:
        esper.switch_world(b.world.name)
        esper.create_entity(Item(DAGGER, None), Position(Hex(0, 0)))
        (picked,) = b.apply(PickUp(1))
        assert picked.weapon == "dagger" and picked.ap_left == 5


def test_script_running_out_is_noted_in_the_log():
    with duel(script=(14,)) as b:
        events = b.apply(Attack(1, 2))
        assert any(isinstance(e, Notice) and "exhausted" in e.text for e in events)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1, 30))
def test_ai_battles_end_and_every_ai_command_is_valid(seed):
    s = scenario(fighter("Ann", 0, Hex(-3, 0)), fighter("Cid", 0, Hex(-3, 1), weapons=(SHORTBOW,)),
                 fighter("Bob", 1, Hex(3, 0)), fighter("Dee", 1, Hex(3, -1)))
    with Battle(s, AP, seed=seed) as b:
        for _ in range(5000):
            if b.over:
                break
            events = b.apply(b.decide())
            assert not isinstance(events[0], Refused), events
        assert b.over
