"""Deployment: two zones at opposite ends of the open ground, and combatants placed in them."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from arena.hexgrid import Hex, direction_to, hex_direction
from arena.procgen.shapes import near

Zone = tuple[Hex, ...]


def _along(h: Hex, d: Hex) -> int:
    """4/3 × the pixel-space dot product of `h` and `d` (pointy-top), a whole number."""
    return 3 * (2 * h.q + h.r) * (2 * d.q + d.r) + 9 * h.r * d.r


def anchors(ground: set[Hex], direction: int, symmetric: bool) -> tuple[Hex, Hex]:
    """The open hexes farthest back and farthest forward along `direction` (ties: lowest hex)."""
    d = hex_direction(direction)
    back = min(sorted(ground), key=lambda h: _along(h, d))
    if symmetric:
        return back, Hex(-back.q, -back.r)
    return back, min(sorted(ground), key=lambda h: -_along(h, d))


def zone(ground: set[Hex], anchor: Hex, size: int) -> Zone:
    """The `size` open hexes nearest `anchor` by walking (breadth first, neighbour order)."""
    found, queue = [anchor], deque([anchor])
    seen = {anchor}
    while queue and len(found) < size:
        for n in near(queue.popleft()):
            if n in ground and n not in seen:
                seen.add(n)
                found.append(n)
                queue.append(n)
    return tuple(found[:size])


def facings(a: Hex, b: Hex, symmetric: bool) -> tuple[int, int]:
    """Each side faces the other's anchor; mirrored sides face exactly opposite ways."""
    first = direction_to(a, b)
    return first, (first + 3) % 6 if symmetric else direction_to(b, a)


def mirror_zone(z: Sequence[Hex]) -> Zone:
    """The zone's mirror image through the centre, hex by hex."""
    return tuple(Hex(-h.q, -h.r) for h in z)
