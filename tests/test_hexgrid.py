"""Tests for arena.hexgrid: axial hex math, lines, rotation, facing and terminal layout."""

from __future__ import annotations

import itertools
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arena.hexgrid import (
    DIRECTIONS,
    FACING_NAMES,
    ORIGIN,
    RELATIVE_POSITIONS,
    Hex,
    cell_to_hex,
    direction_to,
    facing_from_name,
    hex_add,
    hex_angle,
    hex_direction,
    hex_distance,
    hex_length,
    hex_lerp,
    hex_linedraw,
    hex_neighbor,
    hex_neighbors,
    hex_ring,
    hex_rotate,
    hex_rotate_left,
    hex_rotate_right,
    hex_round,
    hex_scale,
    hex_spiral,
    hex_subtract,
    hex_to_cell,
    hex_to_pixel,
    hexagon,
    line_of_sight,
    relative_position,
)

coords = st.integers(-50, 50)
hexes = st.builds(Hex, coords, coords)
small_hexes = st.builds(Hex, st.integers(-8, 8), st.integers(-8, 8))
facings = st.integers(0, 5)


# --- Hex value type -------------------------------------------------------------------


def test_hex_s_is_minus_q_minus_r() -> None:
    assert Hex(2, -5).s == 3


def test_hex_plus_and_minus_are_vector_arithmetic_not_tuple_ops() -> None:
    assert Hex(1, 2) + Hex(3, -4) == Hex(4, -2)
    assert Hex(1, 2) - Hex(3, -4) == Hex(-2, 6)
    assert isinstance(Hex(1, 2) + Hex(0, 0), Hex)


def test_hex_times_int_keeps_tuple_behaviour_use_hex_scale_instead() -> None:
    assert Hex(1, 2) * 2 == (1, 2, 1, 2)
    assert hex_scale(Hex(1, 2), 2) == Hex(2, 4)


def test_hex_is_hashable_ordered_by_q_then_r_and_json_friendly() -> None:
    assert len({Hex(1, 2), Hex(1, 2), Hex(2, 1)}) == 2
    assert sorted([Hex(1, 0), Hex(0, 5), Hex(0, -1)]) == [Hex(0, -1), Hex(0, 5), Hex(1, 0)]
    assert json.loads(json.dumps(Hex(3, -4))) == [3, -4]


def test_hex_is_immutable() -> None:
    h = Hex(1, 2)
    with pytest.raises(AttributeError):
        h.q = 5  # type: ignore[misc]


@given(hexes, hexes)
def test_function_arithmetic_matches_operators(a: Hex, b: Hex) -> None:
    assert hex_add(a, b) == a + b
    assert hex_subtract(a, b) == a - b
    assert hex_subtract(hex_add(a, b), b) == a


# --- distance -------------------------------------------------------------------------


@given(hexes, hexes)
def test_distance_is_zero_iff_equal_and_symmetric(a: Hex, b: Hex) -> None:
    assert (hex_distance(a, b) == 0) == (a == b)
    assert hex_distance(a, b) == hex_distance(b, a)


@given(hexes, hexes, hexes)
def test_distance_obeys_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert hex_distance(a, c) <= hex_distance(a, b) + hex_distance(b, c)


@given(hexes)
def test_length_is_distance_from_origin(h: Hex) -> None:
    assert hex_length(h) == hex_distance(h, ORIGIN)


# --- directions and neighbours --------------------------------------------------------


def test_directions_are_red_blob_order_with_pointy_top_names() -> None:
    assert [tuple(d) for d in DIRECTIONS] == [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    assert FACING_NAMES == ("E", "NE", "NW", "W", "SW", "SE")


@pytest.mark.parametrize(("name", "index"), [("E", 0), ("ne", 1), ("Nw", 2), ("w", 3), ("SW", 4)])
def test_facing_from_name_is_case_insensitive(name: str, index: int) -> None:
    assert facing_from_name(name) == index


def test_facing_from_name_rejects_unknown_names_listing_the_valid_ones() -> None:
    with pytest.raises(ValueError, match="E, NE, NW, W, SW, SE"):
        facing_from_name("N")


def test_hex_direction_wraps_modulo_six() -> None:
    assert hex_direction(6) == DIRECTIONS[0]
    assert hex_direction(-1) == DIRECTIONS[5]


@given(hexes)
def test_neighbors_are_in_direction_order_and_at_distance_one(h: Hex) -> None:
    ns = hex_neighbors(h)
    assert ns == tuple(hex_neighbor(h, i) for i in range(6))
    assert all(hex_distance(h, n) == 1 for n in ns)
    assert len(set(ns)) == 6


# --- rings and spirals ----------------------------------------------------------------


def test_ring_of_radius_zero_is_the_center() -> None:
    assert hex_ring(Hex(3, 4), 0) == [Hex(3, 4)]


def test_ring_starts_at_sw_corner_and_walks_consecutive_neighbours() -> None:
    ring = hex_ring(ORIGIN, 2)
    assert ring[0] == Hex(-2, 2)
    assert all(hex_distance(x, y) == 1 for x, y in zip(ring, ring[1:] + ring[:1], strict=True))


def test_ring_rejects_negative_radius() -> None:
    with pytest.raises(ValueError, match="radius"):
        hex_ring(ORIGIN, -1)


@given(hexes, st.integers(1, 10))
def test_ring_of_radius_n_has_6n_distinct_hexes_all_at_distance_n(c: Hex, n: int) -> None:
    ring = hex_ring(c, n)
    assert len(ring) == 6 * n
    assert len(set(ring)) == 6 * n
    assert all(hex_distance(c, h) == n for h in ring)


@given(hexes, st.integers(0, 10))
def test_spiral_of_radius_n_has_1_plus_3n_n_plus_1_hexes(c: Hex, n: int) -> None:
    spiral = hex_spiral(c, n)
    assert len(spiral) == len(set(spiral)) == 1 + 3 * n * (n + 1)
    assert spiral[0] == c
    assert [hex_distance(c, h) for h in spiral] == sorted(hex_distance(c, h) for h in spiral)
    assert hexagon(n, c) == spiral


def test_hexagon_defaults_to_the_origin() -> None:
    assert hexagon(1) == [ORIGIN, *hex_ring(ORIGIN, 1)]


# --- rounding and lines ---------------------------------------------------------------


@given(coords, coords)
def test_hex_round_of_integer_coordinates_is_identity(q: int, r: int) -> None:
    assert hex_round(float(q), float(r)) == Hex(q, r)


def test_hex_round_picks_the_nearest_hex() -> None:
    assert hex_round(0.3, 0.6) == Hex(0, 1)
    assert hex_round(2.2, -0.9) == Hex(2, -1)
    assert hex_round(0.1, -0.2) == ORIGIN
    assert hex_round(0.7, 0.2) == Hex(1, 0)


def test_hex_lerp_hits_both_ends_and_midpoint() -> None:
    assert hex_lerp(Hex(0, 0), Hex(4, -2), 0.0) == (0.0, 0.0)
    assert hex_lerp(Hex(0, 0), Hex(4, -2), 0.5) == (2.0, -1.0)
    assert hex_lerp(Hex(0, 0), Hex(4, -2), 1.0) == (4.0, -2.0)


def test_linedraw_rejects_nudge_other_than_plus_or_minus_one() -> None:
    with pytest.raises(ValueError, match="nudge"):
        hex_linedraw(ORIGIN, Hex(2, 0), 0)


def test_linedraw_of_a_single_hex_is_that_hex() -> None:
    assert hex_linedraw(Hex(2, 2), Hex(2, 2)) == [Hex(2, 2)]


@given(hexes, hexes, st.sampled_from([1, -1]))
def test_line_has_distance_plus_one_consecutive_neighbours_from_a_to_b(
    a: Hex, b: Hex, nudge: int
) -> None:
    line = hex_linedraw(a, b, nudge)
    assert len(line) == hex_distance(a, b) + 1
    assert line[0] == a
    assert line[-1] == b
    assert all(hex_distance(x, y) == 1 for x, y in itertools.pairwise(line))


# --- rotation -------------------------------------------------------------------------


def test_rotate_left_turns_each_direction_into_the_next() -> None:
    for i in range(6):
        assert hex_rotate_left(DIRECTIONS[i]) == DIRECTIONS[(i + 1) % 6]
        assert hex_rotate_right(DIRECTIONS[i]) == DIRECTIONS[(i - 1) % 6]


@given(hexes)
def test_rotating_six_times_is_identity_both_ways(h: Hex) -> None:
    left = right = h
    for _ in range(6):
        left, right = hex_rotate_left(left), hex_rotate_right(right)
    assert left == h
    assert right == h


@given(hexes)
def test_rotate_left_after_rotate_right_is_identity(h: Hex) -> None:
    assert hex_rotate_left(hex_rotate_right(h)) == h
    assert hex_rotate_right(hex_rotate_left(h)) == h


@given(hexes)
def test_rotation_preserves_distance_to_origin(h: Hex) -> None:
    assert hex_length(hex_rotate_left(h)) == hex_length(h)
    assert hex_length(hex_rotate_right(h)) == hex_length(h)


@given(hexes, hexes, st.integers(-20, 20))
def test_rotate_about_center_positive_is_left_and_any_int_works(h: Hex, c: Hex, k: int) -> None:
    expected = h - c
    for _ in range(k % 6):
        expected = hex_rotate_left(expected)
    assert hex_rotate(h, c, k) == c + expected
    assert hex_distance(hex_rotate(h, c, k), c) == hex_distance(h, c)
    assert hex_rotate(hex_rotate(h, c, k), c, -k) == h


# --- pixels, direction_to, relative position, angles ----------------------------------


def test_hex_to_pixel_is_pointy_top_size_one() -> None:
    x, y = hex_to_pixel(Hex(1, 2))
    assert x == pytest.approx(math.sqrt(3) * 2)
    assert y == pytest.approx(3.0)


@given(hexes, facings)
def test_direction_to_a_neighbour_is_its_direction(h: Hex, i: int) -> None:
    assert direction_to(h, hex_neighbor(h, i)) == i


@given(hexes, facings, st.integers(2, 20))
def test_direction_to_a_far_hex_along_a_direction_is_that_direction(h: Hex, i: int, k: int) -> None:
    assert direction_to(h, h + hex_scale(DIRECTIONS[i], k)) == i


def test_direction_to_exact_tie_goes_to_lower_index() -> None:
    assert direction_to(ORIGIN, Hex(2, -1)) == 0  # exactly between E and NE
    assert direction_to(ORIGIN, Hex(1, -2)) == 1  # exactly between NE and NW
    assert direction_to(ORIGIN, Hex(1, 1)) == 0  # exactly between E and SE


def test_direction_to_self_is_an_error() -> None:
    with pytest.raises(ValueError, match="itself"):
        direction_to(Hex(1, 1), Hex(1, 1))


@pytest.mark.parametrize("facing", range(6))
def test_relative_position_of_the_six_neighbours_follows_the_table(facing: int) -> None:
    for k, name in enumerate(RELATIVE_POSITIONS):
        assert relative_position(ORIGIN, facing, hex_neighbor(ORIGIN, facing + k)) == name


def test_facing_plus_one_is_on_the_left_of_an_east_facing_combatant() -> None:
    # Facing E on screen, NE (up-right, screen y down) is to the combatant's left.
    east = facing_from_name("E")
    assert relative_position(ORIGIN, east, hex_neighbor(ORIGIN, 1)) == "front-left"
    assert relative_position(ORIGIN, east, hex_neighbor(ORIGIN, 5)) == "front-right"


@given(hexes, facings, st.integers(1, 20))
def test_relative_position_far_ahead_is_front_and_far_behind_is_rear(
    h: Hex, facing: int, k: int
) -> None:
    ahead = h + hex_scale(DIRECTIONS[facing], k)
    behind = h + hex_scale(DIRECTIONS[(facing + 3) % 6], k)
    assert relative_position(h, facing, ahead) == "front"
    assert relative_position(h, facing, behind) == "rear"


@pytest.mark.parametrize("facing", range(6))
def test_relative_position_boundary_hexes_go_to_the_sector_nearer_the_front(facing: int) -> None:
    def between(i: int) -> Hex:  # exactly on the boundary between facing+i and facing+i+1
        return hex_neighbor(ORIGIN, facing + i) + hex_direction(facing + i + 1)

    assert relative_position(ORIGIN, facing, between(0)) == "front"
    assert relative_position(ORIGIN, facing, between(5)) == "front"
    assert relative_position(ORIGIN, facing, between(1)) == "front-left"
    assert relative_position(ORIGIN, facing, between(4)) == "front-right"
    assert relative_position(ORIGIN, facing, between(2)) == "rear-left"
    assert relative_position(ORIGIN, facing, between(3)) == "rear-right"


@given(small_hexes, facings, small_hexes)
def test_relative_position_is_rotation_invariant(h: Hex, facing: int, other: Hex) -> None:
    if other == h:
        return
    turned = hex_rotate(other, h, 1)
    assert relative_position(h, facing, other) == relative_position(h, facing + 1, turned)


def test_relative_position_of_self_is_an_error() -> None:
    with pytest.raises(ValueError, match="itself"):
        relative_position(ORIGIN, 0, ORIGIN)


@given(hexes, hexes)
def test_angle_between_a_ray_and_itself_is_zero(v: Hex, a: Hex) -> None:
    if a == v:
        return
    assert hex_angle(v, a, a) == 0.0


@given(hexes, facings)
def test_angle_between_opposite_neighbours_is_180(v: Hex, i: int) -> None:
    assert hex_angle(v, hex_neighbor(v, i), hex_neighbor(v, i + 3)) == 180.0


@given(hexes, facings, st.integers(1, 5))
def test_angle_between_neighbours_is_60_per_step(v: Hex, i: int, k: int) -> None:
    expected = 60.0 * min(k, 6 - k)
    assert hex_angle(v, hex_neighbor(v, i), hex_neighbor(v, i + k)) == pytest.approx(expected)


@given(small_hexes, small_hexes, small_hexes)
def test_angle_matches_pixel_geometry_and_is_symmetric(v: Hex, a: Hex, b: Hex) -> None:
    if v in (a, b):
        return
    (vx, vy), (ax, ay), (bx, by) = hex_to_pixel(v), hex_to_pixel(a), hex_to_pixel(b)
    ux, uy, wx, wy = ax - vx, ay - vy, bx - vx, by - vy
    expected = math.degrees(math.atan2(abs(ux * wy - uy * wx), ux * wx + uy * wy))
    assert hex_angle(v, a, b) == pytest.approx(expected, abs=1e-9)
    assert hex_angle(v, a, b) == hex_angle(v, b, a)


def test_angle_with_a_ray_of_length_zero_is_an_error() -> None:
    with pytest.raises(ValueError, match="vertex"):
        hex_angle(ORIGIN, ORIGIN, Hex(1, 0))


# --- terminal layout ------------------------------------------------------------------


def test_hex_to_cell_uses_doubled_width_columns() -> None:
    assert hex_to_cell(ORIGIN) == (0, 0)
    assert hex_to_cell(Hex(1, 0)) == (2, 0)
    assert hex_to_cell(Hex(0, 1)) == (1, 1)
    assert hex_to_cell(Hex(-1, 1), origin=(5, 3)) == (4, 4)


@given(hexes, coords, coords)
def test_cell_to_hex_inverts_hex_to_cell_including_the_column_right_of_the_glyph(
    h: Hex, ox: int, oy: int
) -> None:
    col, row = hex_to_cell(h, (ox, oy))
    assert cell_to_hex(col, row, (ox, oy)) == h
    assert cell_to_hex(col + 1, row, (ox, oy)) == h


# --- line of sight --------------------------------------------------------------------


@given(hexes, facings)
def test_adjacent_and_equal_hexes_always_see_each_other(h: Hex, i: int) -> None:
    def wall(_: Hex) -> bool:
        return True

    assert line_of_sight(h, h, wall)
    assert line_of_sight(h, hex_neighbor(h, i), wall)


def test_endpoints_never_block_but_a_wall_between_does() -> None:
    a, b = Hex(0, 0), Hex(3, 0)
    assert line_of_sight(a, b, lambda h: h in (a, b))
    assert not line_of_sight(a, b, lambda h: h == Hex(1, 0))


def test_sight_along_an_edge_needs_only_one_of_the_two_nudged_lines_clear() -> None:
    a, b = Hex(0, 0), Hex(1, 1)  # the line runs along the edge between (1, 0) and (0, 1)
    assert line_of_sight(a, b, lambda h: h == Hex(1, 0))
    assert line_of_sight(a, b, lambda h: h == Hex(0, 1))
    assert not line_of_sight(a, b, lambda h: h in (Hex(1, 0), Hex(0, 1)))


@settings(max_examples=200)
@given(small_hexes, small_hexes, st.frozensets(small_hexes, max_size=40))
def test_line_of_sight_is_symmetric_with_random_blockers(
    a: Hex, b: Hex, blockers: frozenset[Hex]
) -> None:
    def blocks(h: Hex) -> bool:
        return h in blockers

    assert line_of_sight(a, b, blocks) == line_of_sight(b, a, blocks)


@given(small_hexes, small_hexes)
def test_line_of_sight_without_blockers_is_always_true(a: Hex, b: Hex) -> None:
    assert line_of_sight(a, b, lambda _: False)
