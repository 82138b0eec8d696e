"""Hex-grid math on axial coordinates (pointy-top), after Red Blob Games' conventions.

Screen conventions used throughout: pointy-top hexes, pixel centre
``x = sqrt(3) * (q + r / 2)``, ``y = 1.5 * r`` with screen ``y`` pointing down.
Direction ``i`` points at ``60 * i`` degrees counter-clockwise *as seen on screen*
(0 = E, 1 = NE, ..., 5 = SE), so ``i + 1`` is a 60° turn to the left.
Angle comparisons are done with exact integer dot/cross products, which are
proportional to the pixel-space ones, so ties are exact and deterministic.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import NamedTuple

__all__ = [
    "DIRECTIONS",
    "FACING_NAMES",
    "ORIGIN",
    "RELATIVE_POSITIONS",
    "Hex",
    "cell_to_hex",
    "direction_to",
    "facing_from_name",
    "hex_add",
    "hex_angle",
    "hex_direction",
    "hex_distance",
    "hex_length",
    "hex_lerp",
    "hex_line",
    "hex_linedraw",
    "hex_neighbor",
    "hex_neighbors",
    "hex_ring",
    "hex_rotate",
    "hex_rotate_left",
    "hex_rotate_right",
    "hex_round",
    "hex_scale",
    "hex_spiral",
    "hex_subtract",
    "hex_to_cell",
    "hex_to_pixel",
    "hexagon",
    "line_of_sight",
    "relative_position",
]

_SQRT3 = math.sqrt(3.0)
EPSILON = 1e-6


class Hex(NamedTuple):
    """An immutable axial hex coordinate ``(q, r)``, ordered by ``(q, r)``; ``s = -q - r``.

    >>> h = Hex(1, -3)
    >>> h.s
    2
    >>> h + Hex(1, 1), h - Hex(1, 1)
    (Hex(q=2, r=-2), Hex(q=0, r=-4))
    >>> sorted([Hex(1, 0), Hex(0, 5)])
    [Hex(q=0, r=5), Hex(q=1, r=0)]
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        """The derived third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:  # type: ignore[override]
        """Hex vector addition (not tuple concatenation)."""
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        """Hex vector subtraction."""
        return Hex(self.q - other.q, self.r - other.r)


ORIGIN = Hex(0, 0)

DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))
FACING_NAMES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")
RELATIVE_POSITIONS: tuple[str, ...] = (
    "front",
    "front-left",
    "rear-left",
    "rear",
    "rear-right",
    "front-right",
)


def hex_add(a: Hex, b: Hex) -> Hex:
    """Return ``a + b``."""
    return Hex(a.q + b.q, a.r + b.r)


def hex_subtract(a: Hex, b: Hex) -> Hex:
    """Return ``a - b``."""
    return Hex(a.q - b.q, a.r - b.r)


def hex_scale(a: Hex, k: int) -> Hex:
    """Return ``a`` scaled by the integer ``k``."""
    return Hex(a.q * k, a.r * k)


def hex_length(h: Hex) -> int:
    """Return the number of steps from the origin to ``h``."""
    q, r = h
    return (abs(q) + abs(r) + abs(q + r)) // 2


def hex_distance(a: Hex, b: Hex) -> int:
    """Return the number of steps between ``a`` and ``b``.

    >>> hex_distance(Hex(0, 0), Hex(3, -1))
    3
    """
    dq, dr = a[0] - b[0], a[1] - b[1]  # hex_length(hex_subtract(a, b)) without the Hex
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def facing_from_name(name: str) -> int:
    """Return the direction index of a facing name such as ``"ne"`` (case-insensitive)."""
    key = name.strip().upper()
    if key not in FACING_NAMES:
        raise ValueError(f"unknown facing {name!r}; expected one of {', '.join(FACING_NAMES)}")
    return FACING_NAMES.index(key)


def hex_direction(i: int) -> Hex:
    """Return the unit vector of direction ``i`` (taken modulo 6)."""
    return DIRECTIONS[i % 6]


def hex_neighbor(h: Hex, i: int) -> Hex:
    """Return the neighbour of ``h`` in direction ``i`` (taken modulo 6).

    >>> hex_neighbor(Hex(2, 3), 1)
    Hex(q=3, r=2)
    """
    return hex_add(h, hex_direction(i))


def hex_neighbors(h: Hex) -> tuple[Hex, ...]:
    """Return the six neighbours of ``h`` in direction order."""
    return tuple(hex_add(h, d) for d in DIRECTIONS)


def hex_ring(center: Hex, radius: int) -> list[Hex]:
    """Return the hexes at exactly ``radius`` steps, starting SW and walking E, NE, ...

    >>> hex_ring(Hex(0, 0), 1)
    [Hex(q=-1, r=1), Hex(q=0, r=1), Hex(q=1, r=0), Hex(q=1, r=-1), Hex(q=0, r=-1), Hex(q=-1, r=0)]
    >>> len(hex_ring(Hex(5, 5), 3))
    18
    """
    if radius < 0:
        raise ValueError(f"radius must be >= 0, got {radius}")
    if radius == 0:
        return [center]
    results: list[Hex] = []
    h = hex_add(center, hex_scale(DIRECTIONS[4], radius))
    for i in range(6):
        for _ in range(radius):
            results.append(h)
            h = hex_neighbor(h, i)
    return results


def hex_spiral(center: Hex, radius: int) -> list[Hex]:
    """Return ``center`` followed by the rings of radius 1..``radius``."""
    results = [center]
    for k in range(1, radius + 1):
        results.extend(hex_ring(center, k))
    return results


def hexagon(radius: int, center: Hex = ORIGIN) -> list[Hex]:
    """Return all hexes within ``radius`` of ``center`` (same order as ``hex_spiral``)."""
    return hex_spiral(center, radius)


def hex_round(q: float, r: float) -> Hex:
    """Round fractional axial coordinates to the nearest hex (cube rounding, s = -q - r)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(rq, rr)


def hex_lerp(a: Hex, b: Hex, t: float) -> tuple[float, float]:
    """Return the fractional axial point a fraction ``t`` of the way from ``a`` to ``b``."""
    return (a.q * (1.0 - t) + b.q * t, a.r * (1.0 - t) + b.r * t)


def hex_linedraw(a: Hex, b: Hex, nudge: int = 1) -> list[Hex]:
    """Return the ``distance + 1`` hexes on the line from ``a`` to ``b`` inclusive.

    Both ends are nudged by ``nudge * 1e-6`` on q and r (so s moves by
    ``-2e-6 * nudge``) to break ties on hex edges; ``nudge=-1`` picks the other side.

    >>> hex_linedraw(Hex(0, 0), Hex(3, 0))
    [Hex(q=0, r=0), Hex(q=1, r=0), Hex(q=2, r=0), Hex(q=3, r=0)]
    >>> hex_linedraw(Hex(0, 0), Hex(1, 1), +1)[1], hex_linedraw(Hex(0, 0), Hex(1, 1), -1)[1]
    (Hex(q=1, r=0), Hex(q=0, r=1))
    """
    n = hex_distance(a, b)
    return list(hex_line(a, b, nudge, 0, n + 1))


def hex_line(a: Hex, b: Hex, nudge: int, start: int, stop: int) -> Iterator[Hex]:
    """Yield ``hex_linedraw(a, b, nudge)[start:stop]`` one hex at a time (stop early freely).

    >>> list(hex_line(Hex(0, 0), Hex(3, 0), 1, 1, 3))
    [Hex(q=1, r=0), Hex(q=2, r=0)]
    """
    if nudge not in (1, -1):
        raise ValueError(f"nudge must be +1 or -1, got {nudge}")
    n = hex_distance(a, b)
    eps = EPSILON * nudge
    aq, ar, bq, br = a.q + eps, a.r + eps, b.q + eps, b.r + eps
    for i in range(max(start, 0), min(stop, n + 1)):
        t = i / n if n else 0.0
        # hex_round(*hex_lerp(a, b, t)) of the nudged ends; cover and sight read the exact
        # tables of `arena/hexlines.py`, so this is off the hot paths
        yield hex_round(aq * (1.0 - t) + bq * t, ar * (1.0 - t) + br * t)


def hex_rotate_left(h: Hex) -> Hex:
    """Rotate ``h`` 60° counter-clockwise (on screen) about the origin."""
    return Hex(-h.s, -h.q)


def hex_rotate_right(h: Hex) -> Hex:
    """Rotate ``h`` 60° clockwise (on screen) about the origin."""
    return Hex(-h.r, -h.s)


def hex_rotate(h: Hex, center: Hex, steps: int) -> Hex:
    """Rotate ``h`` about ``center`` by ``steps`` × 60°; positive steps turn left."""
    v = hex_subtract(h, center)
    for _ in range(steps % 6):
        v = hex_rotate_left(v)
    return hex_add(center, v)


def hex_to_pixel(h: Hex) -> tuple[float, float]:
    """Return the pixel centre of ``h`` (pointy-top, size 1, screen y down)."""
    return (_SQRT3 * (h.q + h.r / 2.0), 1.5 * h.r)


_DIRECTION_INDEX: dict[tuple[int, int], int] = {(d.q, d.r): i for i, d in enumerate(DIRECTIONS)}


def _dot(u: Hex, v: Hex) -> int:
    """Return an integer proportional (factor 3/2) to the pixel-space dot product."""
    return 2 * (u.q * v.q + u.r * v.r) + u.q * v.r + u.r * v.q


def _direction_scores(a: Hex, b: Hex) -> list[int]:
    """Return, per direction, how well it points from ``a`` to ``b`` (higher is closer)."""
    if a == b:
        raise ValueError(f"no direction from a hex to itself ({a})")
    v = hex_subtract(b, a)
    return [_dot(v, d) for d in DIRECTIONS]


def _neighbour_direction(a: Hex, b: Hex) -> int | None:
    """Return the direction index when ``b`` is adjacent to ``a`` (the common, fast case)."""
    return _DIRECTION_INDEX.get((b[0] - a[0], b[1] - a[1]))


def direction_to(a: Hex, b: Hex) -> int:
    """Return the direction index with the smallest angle to ``b - a``; ties go to the lower index.

    All directions have equal length, so the smallest angle is the largest dot
    product, which is compared exactly in integers.
    """
    near = _neighbour_direction(a, b)
    if near is not None:
        return near
    scores = _direction_scores(a, b)
    return max(range(6), key=lambda i: (scores[i], -i))


def relative_position(origin: Hex, facing: int, other: Hex) -> str:
    """Return where ``other`` lies for a combatant at ``origin`` facing direction ``facing``.

    Six 60° sectors are centred on the six directions; relative to the facing,
    ``facing + k`` gives ``RELATIVE_POSITIONS[k]``. Since directions increase
    counter-clockwise on screen, ``facing + 1`` is the combatant's front-left and
    ``facing + 5`` its front-right. A hex exactly on a sector boundary goes to the
    sector nearer the front (front > front-left/right > rear-left/right > rear).
    """
    near = _neighbour_direction(origin, other)
    if near is not None:
        return RELATIVE_POSITIONS[(near - facing) % 6]
    scores = _direction_scores(origin, other)

    def rank(i: int) -> tuple[int, int]:
        k = (i - facing) % 6
        return (scores[i], -min(k, 6 - k))

    best = max(range(6), key=rank)
    return RELATIVE_POSITIONS[(best - facing) % 6]


def hex_angle(vertex: Hex, a: Hex, b: Hex) -> float:
    """Return the angle in degrees (0..180) at ``vertex`` between the rays to ``a`` and ``b``."""
    if vertex in (a, b):
        raise ValueError("hex_angle needs a and b distinct from vertex")
    u, v = hex_subtract(a, vertex), hex_subtract(b, vertex)
    # Pixel-space dot and |cross| share the factor 3/4 with these integer forms.
    dot = (2 * u.q + u.r) * (2 * v.q + v.r) + 3 * u.r * v.r
    cross = 2.0 * _SQRT3 * abs(u.q * v.r - u.r * v.q)
    return math.degrees(math.atan2(cross, dot))


def hex_to_cell(h: Hex, origin: tuple[int, int] = (0, 0), size: int = 1) -> tuple[int, int]:
    """Return the terminal ``(column, row)`` of the top-left cell of ``h``'s block.

    Pointy-top ``layout_pointy`` on a character grid: a hex is a block ``2 * size`` columns
    wide and ``size`` rows tall, each row of hexes offset by half a block. At size 1 the
    block is the glyph and the column right of it (doubled-width layout).

    >>> hex_to_cell(Hex(1, 2))
    (4, 2)
    >>> hex_to_cell(Hex(1, 2), origin=(10, 5))
    (14, 7)
    >>> cell_to_hex(15, 7, origin=(10, 5))
    Hex(q=1, r=2)
    >>> hex_to_cell(Hex(1, 2), origin=(10, 5), size=2), cell_to_hex(21, 10, (10, 5), size=2)
    ((18, 9), Hex(q=1, r=2))
    """
    return (origin[0] + size * (2 * h.q + h.r), origin[1] + size * h.r)


def cell_to_hex(col: int, row: int, origin: tuple[int, int] = (0, 0), size: int = 1) -> Hex:
    """Return the hex whose block (see `hex_to_cell`) covers the cell ``(col, row)``."""
    r = (row - origin[1]) // size
    return Hex(((col - origin[0]) // size - r) // 2, r)


def line_of_sight(a: Hex, b: Hex, blocks: Callable[[Hex], bool]) -> bool:
    """Return True if either nudged line from ``a`` to ``b`` is clear strictly between the ends.

    The endpoints never block, so equal or adjacent hexes always see each other.
    The endpoints are put in a canonical order first, making the result exactly
    symmetric in ``a`` and ``b``.
    """
    if b < a:
        a, b = b, a
    n = hex_distance(a, b)
    return any(not any(blocks(h) for h in hex_line(a, b, nudge, 1, n)) for nudge in (1, -1))
