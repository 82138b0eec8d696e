"""The occupancy index and the memoised sight/cover agree with the components and the map."""

from __future__ import annotations

import json
import subprocess
import sys

import esper
import pytest

from arena.assets import load_library, load_scenario
from arena.battle.core import Battle
from arena.ecs import occupancy, pathing, queries
from arena.ecs.attacks import surroundings
from arena.ecs.components import Dead, Health, Position, Side
from arena.ecs.cover import _quarters, cover_quarters
from arena.hexgrid import (
    DIRECTIONS,
    Hex,
    hex_distance,
    hex_linedraw,
    hex_round,
    hexagon,
    line_of_sight,
)
from arena.model.terrain import HexMap
from arena.replay.snapshot import restore, take
from arena.rules import get_ruleset

FLOOR = load_library().terrain["floor"]
SCENARIOS = ("skirmish", "adnd-archers", "d40-brawl", "becmi-raid", "ap-ambush")


def from_components() -> tuple[list[int], dict[Hex, int], dict[int, int]]:
    """Living combatants, their hexes and sides, read straight off the components."""
    living = sorted(e for e, _ in esper.get_component(Health) if not esper.has_component(e, Dead))
    at = {esper.component_for_entity(e, Position).hex: e for e in living}
    sides = {e: esper.component_for_entity(e, Side).index for e in living}
    return living, at, sides


def flanking_by_scan(defender: int) -> tuple[bool, int]:
    """`surroundings` as it was first written: every combatant checked for adjacency."""
    side = esper.component_for_entity(defender, Side).index
    there = esper.component_for_entity(defender, Position).hex
    foes = {DIRECTIONS.index(pos.hex - there)
            for e, (pos, s) in esper.get_components(Position, Side)
            if s.index != side and hex_distance(pos.hex, there) == 1
            and not esper.has_component(e, Dead)}
    return any((d + 3) % 6 in foes for d in foes), len(foes)


def assert_index_matches() -> None:
    """The index is what the components say, and flanking read from it is the scan's."""
    index = occupancy.index()
    living, at, sides = from_components()
    assert index.living == living
    assert index.at == at
    assert {e: index.side[e] for e in index.living} == sides
    for e in living:
        assert surroundings(e) == flanking_by_scan(e)
        assert queries.enemies_of(e) == [x for x in living if sides[x] != sides[e]]
        assert queries.occupant(queries.hex_of(e)) == e


@pytest.mark.slow
@pytest.mark.parametrize("name", SCENARIOS)
def test_occupancy_index_follows_every_move_and_death_of_an_ai_battle(name: str) -> None:
    scenario = load_scenario(name, load_library(), None)
    deaths = 0
    with Battle(scenario, get_ruleset(scenario.ruleset), 3) as battle:
        for _ in range(300):
            if battle.over:
                break
            battle.apply(battle.decide())
            assert_index_matches()
        deaths = sum(1 for _ in esper.get_component(Dead))
    assert deaths > 0  # the battles tried do kill: the index saw deaths, not only moves


def test_occupancy_index_is_rebuilt_from_positions_after_a_snapshot_restore() -> None:
    scenario = load_scenario("skirmish", load_library(), None)
    ruleset = get_ruleset(scenario.ruleset)
    with Battle(scenario, ruleset, 5) as battle:
        early = json.loads(json.dumps(take(battle)))
        for _ in range(60):
            battle.apply(battle.decide())
        moved = dict(occupancy.index().at)
        restore(battle, early)
        assert_index_matches()
        assert occupancy.index().at != moved  # the restore put combatants back
        battle.apply(battle.decide())
        assert_index_matches()


def test_a_deleted_battle_world_drops_its_index() -> None:
    scenario = load_scenario("duel", load_library(), None)
    with Battle(scenario, get_ruleset(scenario.ruleset), 1) as battle:
        occupancy.index()
        name = battle.world.name
        assert name in occupancy._INDEX
    assert name not in occupancy._INDEX


def test_memoised_sight_and_cover_equal_drawing_the_lines_every_time() -> None:
    hexmap = load_scenario("skirmish", load_library(), None).map
    hexes = sorted(hexmap.cells)[::7]
    for a in hexes:
        for b in hexes:
            for _ in range(2):  # the second ask is answered from the memo
                assert hexmap.sees(a, b) == line_of_sight(a, b, hexmap.blocks_sight)
                assert cover_quarters(hexmap, a, b) == _quarters(hexmap, a, b)
    assert hexmap.cover_memo and hexmap.sight_memo


def test_importing_the_pathfinder_does_not_load_tcod_or_numpy() -> None:
    code = ("import sys, arena.ecs.pathing, arena.ecs.movement; "
            "print(sorted(m for m in ('tcod', 'numpy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def whole_map_paths(hexmap_radius: int, base: object, start: Hex, blocked: list[Hex]
                    ) -> pathing.Paths:
    """Paths searched over the whole map from the start (the search as it was first written)."""
    saved = pathing.NEAR
    pathing.NEAR = 10**6
    try:
        return pathing.Paths(base, hexmap_radius, start, blocked)  # type: ignore[arg-type]
    finally:
        pathing.NEAR = saved


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_a_near_search_gives_the_whole_maps_distances_and_paths_tie_for_tie(seed: int) -> None:
    hexmap = load_scenario("skirmish", load_library(), None).map
    big = HexMap("big", "Big", 20, {h: hexmap.cells.get(Hex(h.q % 7, h.r % 7), FLOOR)
                                    for h in hexagon(20)})
    base = pathing.terrain_costs(big)
    ground = sorted(h for h in big.cells if big.passable(h))
    start = ground[(seed * 131 + 17) % len(ground)]  # a fixed scatter of starts and bodies
    blocked = [h for i, h in enumerate(ground) if (i * 7919 + seed * 104729) % 8 == 0]
    near = pathing.Paths(base, 20, start, blocked)
    assert not near._whole  # the first search covered only the square around the start
    whole = whole_map_paths(20, base, start, blocked)
    close = [h for h in ground if hex_distance(h, start) <= pathing.NEAR + 1]
    for h in close:  # near hexes first: answered by the small search
        assert near.distance(h) == whole.distance(h)
        assert near.path_to(h) == whole.path_to(h)
    for h in ground:  # then every hex: the far ones search the whole map
        assert near.distance(h) == whole.distance(h)
        assert near.path_to(h) == whole.path_to(h)


def test_hex_linedraw_rounds_the_nudged_lerp_at_each_step() -> None:
    for a in hexagon(6)[::5]:
        for b in hexagon(6):
            for nudge in (1, -1):
                n = hex_distance(a, b)
                eps = 1e-6 * nudge
                ts = [i / n for i in range(n + 1)] if n else [0.0]
                aq, ar, bq, br = a.q + eps, a.r + eps, b.q + eps, b.r + eps
                expected = [hex_round(aq * (1.0 - t) + bq * t, ar * (1.0 - t) + br * t)
                            for t in ts]
                assert hex_linedraw(a, b, nudge) == expected


def cover_by_whole_lines(hexmap: HexMap, shooter: Hex, target: Hex) -> int:
    """Cover as first written: both lines drawn whole, then read."""
    lines = (hex_linedraw(shooter, target, 1), hex_linedraw(shooter, target, -1))
    blocked = [any(hexmap.blocks_sight(h) for h in line[1:-1]) for line in lines]
    if all(blocked):
        return 4
    quarters = 2 if any(blocked) else 0
    for line in lines:
        if len(line) > 2:
            terrain = hexmap.terrain(line[-2])
            if terrain is not None:
                quarters = max(quarters, terrain.cover)
    return min(quarters, 3)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["skirmish", "adnd-archers", "ap-ambush"])
def test_cover_walking_the_lines_to_the_first_wall_equals_drawing_them_whole(name: str) -> None:
    hexmap = load_scenario(name, load_library(), None).map
    hexes = sorted(hexmap.cells)
    for a in hexes[::3]:
        for b in hexes:
            assert _quarters(hexmap, a, b) == cover_by_whole_lines(hexmap, a, b)
