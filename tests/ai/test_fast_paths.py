"""The AI's fast paths (issue 15: battles per second) answer as the slow ones they replace.

Reused path searches against a fresh tcod search, the distance field against tcod's Dijkstra,
the context copy against `dataclasses.replace`, the kept `ap` odds against odds worked out
afresh. Speed is measured by benchmarks/bench_speed.py; these tests pin answers only.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import esper
import numpy as np
import pytest
import tcod.path

from arena.ai.imagine import OddsCache, copy_context, run_up_along
from arena.assets import load_library, load_scenario
from arena.battle.core import Battle
from arena.ecs import pathing, queries
from arena.ecs.components import Momentum
from arena.hexgrid import Hex, hexagon
from arena.model.terrain import HexMap
from arena.rules import get_ruleset
from arena.rules.ap import odds as ap_odds_module

FLOOR = load_library().terrain["floor"]


def big_map(radius: int) -> HexMap:
    """The skirmish's ruins repeated over a larger hexagon (walls, rubble, open ground)."""
    ruins = load_scenario("skirmish", load_library(), None).map
    return HexMap("big", "Big", radius, {h: ruins.cells.get(Hex(h.q % 7, h.r % 7), FLOOR)
                                         for h in hexagon(radius)})


def fresh_tcod_paths(base: object, radius: int, start: Hex, blocked: set[Hex]
                     ) -> tuple[dict[Hex, int], dict[Hex, list[Hex]]]:
    """Distances and paths by a new tcod graph and pathfinder (the search as first written)."""
    costs = np.array(base, copy=True)
    for h in blocked:
        if h != start:
            costs[h.r + radius, h.q + radius] = 0
    graph = tcod.path.CustomGraph(costs.shape)
    graph.add_edges(edge_map=pathing.AXIAL_EDGES, cost=costs)
    finder = tcod.path.Pathfinder(graph)
    finder.add_root((start.r + radius, start.q + radius))
    finder.resolve()
    dist, paths = {}, {}
    for h in hexagon(radius):
        d = int(finder.distance[h.r + radius, h.q + radius])
        if d < pathing.UNREACHABLE and costs[h.r + radius, h.q + radius] > 0:
            dist[h] = d
            paths[h] = [Hex(int(q) - radius, int(r) - radius)
                        for r, q in finder.path_to((h.r + radius, h.q + radius)).tolist()]
    return dist, paths


@pytest.mark.parametrize("radius", [7, 12])
def test_reused_path_searches_match_a_fresh_tcod_search_tie_for_tie(radius: int) -> None:
    hexmap = big_map(radius)
    base = pathing.terrain_costs(hexmap)
    ground = sorted(h for h in hexmap.cells if hexmap.passable(h))
    for n in range(12):  # one search after another: each reuses the last one's tcod objects
        start = ground[(n * 131 + 17) % len(ground)]
        blocked = {h for i, h in enumerate(ground) if (i * 7919 + n * 104729) % 9 == 0}
        paths = pathing.Paths(base, radius, start, blocked)
        dist, walks = fresh_tcod_paths(base, radius, start, blocked)
        for h in hexagon(radius):
            assert paths.distance(h) == dist.get(h)
            assert paths.path_to(h) == walks.get(h)


def test_the_distance_field_matches_tcods_dijkstra_from_every_goal() -> None:
    hexmap = big_map(10)
    base = pathing.terrain_costs(hexmap)
    ground = sorted(h for h in hexmap.cells if hexmap.passable(h))
    for n in range(6):
        goals = {h for i, h in enumerate(ground) if (i * 31 + n * 7) % 23 == 0}
        blocked = {h for i, h in enumerate(ground) if (i * 17 + n * 5) % 11 == 0} - goals
        field = pathing.distance_field(base, 10, goals, blocked)
        again = pathing.distance_field(base, 10, set(goals), set(blocked))
        assert again is field  # kept: the same goals and blocked hexes ask for the same field
        costs = base.copy()
        for h in blocked:
            costs[h.r + 10, h.q + 10] = 0
        graph = tcod.path.CustomGraph(costs.shape)
        graph.add_edges(edge_map=pathing.AXIAL_EDGES, cost=costs)
        finder = tcod.path.Pathfinder(graph)
        for g in sorted(goals):
            finder.add_root((g.r + 10, g.q + 10))
        finder.resolve()
        assert field == finder.distance.tolist()
    assert pathing.distance_field(base, 10, [Hex(99, 0)], []) is None  # no goal on the map


def skirmish() -> Battle:
    """The skirmish, opened with seed 3."""
    scenario = load_scenario("skirmish")
    return Battle(scenario, get_ruleset(scenario.ruleset), 3)


def test_a_copied_context_equals_the_replaced_one_field_for_field() -> None:
    with skirmish() as battle:
        actor = battle.active
        assert actor is not None
        enemy = next(e for e in queries.living() if queries.side_of(e) != queries.side_of(actor))
        ctx = battle.attacks.context(actor, enemy, 0)
        copy = copy_context(ctx)
        assert copy == dataclasses.replace(ctx)
        assert copy is not ctx
        copy.distance += 1
        assert ctx.distance != copy.distance


def test_the_run_up_counts_straight_steps_toward_the_target_then_the_momentum() -> None:
    with skirmish() as battle:
        actor = battle.active
        assert actor is not None
        momentum = esper.component_for_entity(actor, Momentum)
        momentum.direction, momentum.steps = 0, 2
        east = [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)]
        assert run_up_along(actor, east, Hex(6, 0)) == 5  # three steps east, two before
        assert run_up_along(actor, east, Hex(3, 3)) == 0  # the target is not ahead
        bent = [Hex(0, 0), Hex(0, 1), Hex(1, 1), Hex(2, 1)]
        assert run_up_along(actor, bent, Hex(5, 1)) == 2  # the turn ends the straight line
        momentum.direction = 3
        assert run_up_along(actor, east, Hex(6, 0)) == 3  # momentum the other way: not counted


def test_kept_ap_odds_equal_odds_worked_out_afresh() -> None:
    with skirmish() as battle:
        actor = battle.active
        assert actor is not None
        enemies = [e for e in queries.living() if queries.side_of(e) != queries.side_of(actor)]
        contexts = [battle.attacks.context(actor, e, slot)
                    for e in enemies for slot in range(len(battle.attacks.weapons(actor)))]
        ruleset = get_ruleset("ap")
        kept = [ap_odds_module.ap_odds(ruleset, ctx) for ctx in contexts]
        ap_odds_module.situation_odds.cache_clear()
        assert [ap_odds_module.ap_odds(ruleset, ctx) for ctx in contexts] == kept
        cache = OddsCache(ruleset)
        for hp in (1, 4, 9, 40):
            for odds in kept:  # the kept sums per spread and HP equal the sums done afresh
                damage, kill = cache._spread(odds.damage, hp)
                weights, total = odds.damage.weights, odds.damage.total
                assert damage == float(Fraction(sum(min(v, hp) * w for v, w in weights.items()),
                                                total))
                assert kill == sum(w for v, w in weights.items() if v >= hp) / total
