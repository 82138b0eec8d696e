"""Move-and-attack's planning (`arena.battle.reach`): the blow planned from another hex reads
exactly as the engine reads it once the walk is made, and the bonus hexes are the rule's."""

from __future__ import annotations

import dataclasses

import pytest

from arena.battle.core import Battle
from arena.battle.reach import approach, bonus_hexes
from arena.battle.view import attack_plan
from arena.hexgrid import Hex
from arena.model.commands import Attack, EndTurn, Move
from arena.rules import get_ruleset
from arena.rules.odds import attack_odds
from tests.factories import SHORTBOW, ap_stats, arena_map, fighter, scenario
from tests.rules.becmi.test_ruleset import BECMI, LANCE, becmi_fighter

FAST, SLOW = ap_stats(dex=20), ap_stats(dex=-5)


@pytest.mark.parametrize(("start", "facing", "ally"), [
    (Hex(-2, 0), 3, None), (Hex(-1, -1), 0, None), (Hex(3, -2), 3, None),
    (Hex(-2, 1), 3, Hex(2, -1)), (Hex(1, 2), 1, Hex(0, 1)),
])
def test_the_planned_blow_is_the_engines_blow_after_the_walk(start, facing, ally):
    party = [fighter("Ann", 0, start, stats=FAST), fighter("Bob", 1, Hex(1, 0), facing=facing,
                                                           stats=SLOW)]
    if ally is not None:
        party.append(fighter("Cid", 0, ally, stats=SLOW))
    with Battle(scenario(*party), get_ruleset("ap"), 1) as battle:
        plan = approach(battle, 1, 2, 0)
        assert plan is not None and plan.path[0] == start
        battle.apply(Move(1, plan.spot))
        made = attack_plan(battle, Attack(1, 2, 0))
        assert not isinstance(made, str)
        ctx, cost = made
        for field in ("distance", "position", "run_up", "flanked", "cover", "here", "there"):
            assert getattr(ctx, field) == getattr(plan.context, field), field
        assert cost == plan.attack_ap
        assert attack_odds(battle.ruleset, ctx).hit == plan.hit


def test_the_best_hex_is_the_rear_when_it_can_be_reached():
    # Bob faces west; Ann, north-east of him, reaches his rear (-10 AC in ap) in 2 steps.
    with Battle(scenario(fighter("Ann", 0, Hex(2, -2), stats=FAST),
                         fighter("Bob", 1, Hex(0, 0), facing=3, stats=SLOW)),
                get_ruleset("ap"), 1) as battle:
        plan = approach(battle, 1, 2, 0)
        assert plan is not None and plan.spot == Hex(1, 0) and plan.context.position == "rear"
        assert plan.walk_ap == 2 and plan.hit == 1


def test_no_plan_when_the_walk_leaves_too_few_ap_or_the_enemy_is_in_reach():
    with Battle(scenario(fighter("Ann", 0, Hex(-3, 0), stats=FAST),
                         fighter("Bob", 1, Hex(1, 0), facing=3, stats=SLOW)),
                get_ruleset("ap"), 1) as battle:
        assert approach(battle, 1, 2, 0) is None  # 3 steps and a 4 AP blow: 7 of 6 AP
        battle.apply(Move(1, Hex(0, 0)))
        assert approach(battle, 1, 2, 0) is None  # in reach, with 3 AP left: too few


def test_a_lance_charge_lane_is_marked_three_hexes_back_and_the_plan_takes_it():
    # becmi: a lance doubles its dice after a straight run-up of 3 hexes (DECISIONS, ×2 charge)
    ann = dataclasses.replace(becmi_fighter("Ann", 0, Hex(-3, 0), level=9, strength=17),
                              weapons=(LANCE,))
    bob = becmi_fighter("Bob", 1, Hex(1, 0), facing=3, ac=5)
    with Battle(scenario(ann, bob, hexmap=arena_map(6)), BECMI, 3) as battle:
        battle.apply(EndTurn(2))
        marked = bonus_hexes(battle, 1, 2, 0)
        west = [h for h in marked if h.r == 0 and h.q < 0]
        assert sorted(west) == [Hex(-4, 0), Hex(-3, 0)]  # runs of 3 and 4: (-2, 0) is a run of 2
        assert marked[Hex(-3, 0)] == "charge lane, run-up: expected damage 4.9 -> 8.4"
        plan = approach(battle, 1, 2, 0)
        assert plan is not None and plan.context.run_up == 3 and plan.spot == Hex(0, 0)


def test_an_archer_is_shown_the_hexes_with_a_clearer_shot():
    walls = (Hex(0, 0),)
    hexmap = arena_map(4, walls)
    with Battle(scenario(fighter("Ann", 0, Hex(-2, 0), weapons=(SHORTBOW,), stats=FAST),
                         fighter("Bob", 1, Hex(2, 0), facing=3, stats=SLOW), hexmap=hexmap),
                get_ruleset("ap"), 1) as battle:
        marked = bonus_hexes(battle, 1, 2, 0)
        assert marked and all(v.startswith("clear shot (cover ") for v in marked.values())
        assert Hex(-2, 0) not in marked


def test_rear_and_flank_hexes_are_named_by_the_modifier_they_earn():
    with Battle(scenario(fighter("Ann", 0, Hex(-2, 0), stats=FAST),
                         fighter("Bob", 1, Hex(1, 0), facing=3, stats=SLOW)),
                get_ruleset("ap"), 1) as battle:
        assert bonus_hexes(battle, 1, 2, 0) == {Hex(2, 0): "rear -10 AC"}
