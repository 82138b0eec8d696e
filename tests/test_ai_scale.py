"""The AI's prunings for big battles answer exactly as the full scans they skip."""

from __future__ import annotations

import pytest

from arena.assets import load_library, load_scenario
from arena.battle import Battle
from arena.ecs import ai_candidates, queries
from arena.ecs.ai_candidates import APPROACHES, Planner
from arena.ecs.ai_imagine import OddsCache
from arena.ecs.cover import obstructed
from arena.hexgrid import Hex, hex_distance, hex_line, hex_neighbors, hexagon
from arena.model.terrain import HexMap
from arena.rules import get_ruleset


def pillared_map(radius: int) -> HexMap:
    """A map of floor with a pillar on every 7th hex (in a pattern) and off-map edges."""
    terrain = load_library().terrain
    cells = {h: terrain["pillar"] if (h.q * 3 + h.r * 5) % 7 == 0 else terrain["floor"]
             for h in sorted(hexagon(radius))}
    return HexMap("pillars", "Pillars", radius, cells)


def test_obstructed_equals_walking_the_drawn_line_for_both_nudges() -> None:
    hexmap = pillared_map(6)
    hexes = sorted(hexmap.cells)[::3]
    outside = [Hex(9, 0), Hex(-4, 9)]  # off the map: lines through it are blocked
    differed = 0
    for a in hexes:
        for b in [*hexes, *outside]:
            n = hex_distance(a, b)
            for nudge in (1, -1):
                drawn = any(hexmap.blocks_sight(h) for h in hex_line(a, b, nudge, 1, n))
                assert obstructed(hexmap, a, b, nudge) == drawn, (a, b, nudge)
            differed += obstructed(hexmap, a, b, 1) != obstructed(hexmap, a, b, -1)
    assert differed  # the nudges matter on this map: both sides of a tie are checked


@pytest.mark.parametrize("kept", [1, 2, APPROACHES])
def test_nearest_goals_keep_the_nearest_approaches_of_a_scan_over_every_enemy(
        kept: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai_candidates, "APPROACHES", kept)  # fewer kept: more enemies skipped
    scenario = load_scenario("skirmish", load_library(), None)
    ruleset = get_ruleset(scenario.ruleset)
    checked = pruned = 0
    with Battle(scenario, ruleset, 3) as battle:
        for _ in range(60):
            if battle.over:
                break
            actor = battle.active
            assert actor is not None
            planner = Planner(battle.attacks, battle.movement, OddsCache(ruleset))
            planner.reset()
            enemies = planner.enemies(actor)
            paths = battle.movement.paths_from(actor)
            taken = planner.scene.occupants
            every = []
            for enemy in enemies:
                free = [(d, h.q, h.r) for h in hex_neighbors(queries.hex_of(enemy))
                        if h not in taken for d in (paths.distance(h),)
                        if d is not None and d > 0]
                if free:
                    d, q, r = min(free)
                    every.append((d, enemy, Hex(q, r)))
            every.sort(key=lambda g: (g[0], g[1]))
            found = planner.nearest_goals(actor, paths, enemies, taken)
            assert found[:kept] == every[:kept]
            checked += 1
            pruned += len(found) < len(every)
            battle.apply(battle.decide())
    assert checked >= 20
    assert pruned or kept == APPROACHES  # the pruning was exercised
