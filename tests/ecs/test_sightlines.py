"""Lines of sight read off grid offsets answer exactly as the drawn float lines."""

from __future__ import annotations

import pytest

from arena.assets import load_library
from arena.ecs.cover import _quarters, cover_quarters
from arena.hexgrid import Hex, hex_distance, hex_line, hexagon, line_of_sight
from arena.hexlines import line_steps
from arena.model.terrain import HexMap


def walled_map(radius: int) -> HexMap:
    """Floor with pillars (block sight) and low walls (cover 2) in a fixed pattern."""
    terrain = load_library().terrain
    cells = {}
    for h in sorted(hexagon(radius)):
        key = (h.q * 3 + h.r * 5) % 11
        cells[h] = terrain["pillar"] if key == 0 else (
            terrain["low_wall"] if key == 4 else terrain["floor"])
    return HexMap("walls", "Walls", radius, cells)


def drawn(hexmap: HexMap, a: Hex, b: Hex, nudge: int) -> tuple[bool, int]:
    """Blocked and the front hex's cover, by drawing the float line hex by hex."""
    n = hex_distance(a, b)
    blocked = any(hexmap.blocks_sight(h) for h in hex_line(a, b, nudge, 1, n))
    front = 0
    if n >= 2:
        terrain = hexmap.terrain(next(hex_line(a, b, nudge, n - 1, n)))
        front = 0 if terrain is None else terrain.cover
    return blocked, front


def test_line_steps_are_the_drawn_line_moved_to_the_origin_from_far_ends() -> None:
    origins = [Hex(0, 0), Hex(7, -3), Hex(-41, 12), Hex(40, -40), Hex(-13, -27)]
    ties = 0
    for d in hexagon(14):
        for nudge in (1, -1):
            steps, tied = line_steps(d.q, d.r, nudge)
            n = hex_distance(Hex(0, 0), d)
            assert sorted([i for i, _, _ in steps] + list(tied)) == list(range(1, n))
            ties += len(tied)
            for a in origins:
                line = list(hex_line(a, Hex(a.q + d.q, a.r + d.r), nudge, 1, n))
                for i, q, r in steps:
                    assert line[i - 1] == Hex(a.q + q, a.r + r), (a, d, nudge, i)
    assert ties  # diagonal lines tie: those steps are left to the float line


@pytest.mark.slow
def test_sightlines_read_every_pair_of_a_map_as_the_drawn_lines() -> None:
    hexmap = walled_map(7)
    lines = hexmap.sightlines()
    hexes = sorted(hexmap.cells)
    outside = [Hex(10, 0), Hex(-5, 9)]  # an end off the map: drawn, off-map hexes block
    for a in [*hexes, *outside]:
        for b in hexes:
            assert lines.read(a, b) == (drawn(hexmap, a, b, 1), drawn(hexmap, a, b, -1)), (a, b)
    assert len(lines.tables[0]) == len(lines.tables[1]) > 100  # kept per offset and nudge


@pytest.mark.slow
def test_cover_and_sight_of_the_grid_equal_the_drawn_rule() -> None:
    hexmap = walled_map(6)
    other = walled_map(6)  # a fresh map: nothing memoised
    hexes = sorted(hexmap.cells)
    quarters = set()
    for a in hexes[::2]:
        for b in hexes:
            left, right = drawn(other, a, b, 1), drawn(other, a, b, -1)
            expected = 4 if left[0] and right[0] else min(
                max(2 if left[0] or right[0] else 0, left[1], right[1]), 3)
            assert cover_quarters(hexmap, a, b) == _quarters(other, a, b) == expected
            assert hexmap.sees(a, b) == line_of_sight(a, b, other.blocks_sight)
            quarters.add(expected)
    assert quarters == {0, 2, 4}  # open, half cover (a wall or an edge) and hidden all occur
