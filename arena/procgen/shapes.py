"""Arena shapes: which hexes of the radius-R hexagon are open ground, and which are a gap.

Every shape returns `Outline(open, gap)`; the rest of the hexagon is the theme's wall. A gap
(the water or chasm between two rooms) blocks movement but not sight, and swallows weapons.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from arena.hexgrid import Hex, hex_direction, hex_length, hex_neighbors, hexagon
from arena.procgen.rng import Stream

ORIGIN = Hex(0, 0)


@dataclass(frozen=True, slots=True)
class Outline:
    """The open hexes, the gap hexes, and the open hexes no feature may block (bridges)."""

    open: frozenset[Hex]
    gap: frozenset[Hex] = frozenset()
    keep: frozenset[Hex] = frozenset()


@lru_cache(maxsize=64)
def disc(radius: int) -> tuple[Hex, ...]:
    """Every hex within `radius` of the centre, in `hexgrid.hexagon` order (remembered)."""
    return tuple(hexagon(radius))


def _hexagon(radius: int, rng: Stream) -> Outline:
    """The whole hexagon with a few rim hexes crumbled into wall."""
    rim = [h for h in disc(radius) if hex_length(h) == radius]
    lost = {h for h in rim if rng.chance(0.25)}
    return Outline(frozenset(h for h in disc(radius) if h not in lost))


def _hall(radius: int, rng: Stream) -> Outline:
    """A long east-west hall a third of the map wide, with alcoves off both long walls."""
    half = max(2, radius // 3)
    cells = {h for h in disc(radius) if abs(h.r) <= half}
    for _ in range(radius // 2 + 1):
        q, r = rng.between(-radius + half, radius - half), rng.pick((half + 1, -half - 1))
        alcove = {Hex(q, r), Hex(q + 1, r)} | ({Hex(q, r + (1 if r > 0 else -1))}
                                               if radius > 6 else set())
        cells |= {h for h in alcove if hex_length(h) <= radius}
    return Outline(frozenset(cells))


def _ring(radius: int, rng: Stream) -> Outline:
    """A broken ring: an open band round a solid core, breached by spokes to a central room."""
    core = max(1, radius // 2)
    cells = {h for h in disc(radius) if hex_length(h) > core}
    if core >= 3:
        cells |= set(disc(core - 2))
        spokes = 1 + rng.below(3)
        for d in rng.shuffled(range(6))[:spokes]:
            step = hex_direction(d)
            cells |= {Hex(step.q * k, step.r * k) for k in range(core - 1, core + 1)}
    return Outline(frozenset(cells))


def _cave(radius: int, rng: Stream) -> Outline:
    """An irregular cave: cellular automaton on hex neighbours, the largest chamber kept."""
    cells = disc(radius)
    rock = {h for h in cells if hex_length(h) == radius or rng.chance(0.42)}
    inside = set(cells)
    for _ in range(4):
        nxt = set()
        for h in cells:
            walls = sum(1 for n in near(h) if n in rock or n not in inside)
            if walls >= 4 or (h in rock and walls >= 3):
                nxt.add(h)
        rock = nxt
    return Outline(frozenset(largest_region({h for h in cells if h not in rock})))


def _rooms(radius: int, rng: Stream) -> Outline:
    """Two rooms, west and east, split by a gap running north-south, joined by bridges.

    Two one-hex bridges at least three rows apart when the map is tall enough (a loop), else
    one bridge two hexes wide.
    """
    half = max(2, radius // 2 + 1)  # the gap is the hexes whose column is within `half`
    cells = set(disc(radius))
    gap = {h for h in cells if abs(2 * h.q + h.r) < half}
    rows = list(range(-radius + 2, radius - 1))
    first = rng.pick(rows)
    others = [r for r in rows if abs(r - first) >= 3]
    chosen = {first, rng.pick(others)} if radius >= 6 and others else {first, first + 1}
    bridge = {h for h in gap if h.r in chosen}
    rim = {h for h in cells - gap if hex_length(h) == radius and rng.chance(0.3)}
    return Outline(frozenset(cells - gap - rim | bridge), frozenset(gap - bridge),
                   frozenset(bridge))


SHAPE_BUILDERS: dict[str, Callable[[int, Stream], Outline]] = {
    "cave": _cave, "hall": _hall, "hexagon": _hexagon, "ring": _ring, "rooms": _rooms,
}


def largest_region(cells: set[Hex]) -> set[Hex]:
    """The largest connected set of `cells` (ties: the one holding the smallest hex)."""
    best: set[Hex] = set()
    seen: set[Hex] = set()
    for start in sorted(cells):
        if start in seen:
            continue
        region = flood(start, cells)
        seen |= region
        if len(region) > len(best):
            best = region
    return best


_NEAR: dict[Hex, tuple[Hex, ...]] = {}


def near(h: Hex) -> tuple[Hex, ...]:
    """The six neighbours of `h`, remembered (pure hex math: the cache cannot change a result)."""
    found = _NEAR.get(h)
    if found is None:
        found = _NEAR[h] = hex_neighbors(h)
    return found


def flood(start: Hex, cells: set[Hex] | frozenset[Hex]) -> set[Hex]:
    """Every hex of `cells` connected to `start` through neighbours in `cells`."""
    found, stack = {start}, [start]
    while stack:
        for n in near(stack.pop()):
            if n in cells and n not in found:
                found.add(n)
                stack.append(n)
    return found


def build_outline(shape: str, radius: int, rng: Stream, symmetric: bool) -> Outline:
    """The outline of `shape`; symmetric mode adds the mirror image (−q, −r) of every hex."""
    outline = SHAPE_BUILDERS[shape](radius, rng)
    if not symmetric:
        return outline
    opened = _with_mirror(outline.open)
    return Outline(opened, _with_mirror(outline.gap) - opened, _with_mirror(outline.keep))


def _with_mirror(hexes: frozenset[Hex]) -> frozenset[Hex]:
    """`hexes` together with their mirror images through the centre."""
    return hexes | frozenset(Hex(-h.q, -h.r) for h in hexes)
