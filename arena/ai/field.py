"""`Field` and `Scene`: the AI's distance field to many goal hexes, and who stands where."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from arena.ecs import occupancy
from arena.ecs.pathing import UNREACHABLE, Box, distance_field
from arena.hexgrid import Hex, hex_distance, hex_neighbors

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray


class Field:
    """Walking steps to the nearest goal (walls and `blocked` hexes avoided), by tcod Dijkstra.

    One `dijkstra2d` over the map with every goal a root (`pathing.distance_field`, which
    keeps the last few): the same distances as a `Pathfinder` on the same graph. With `box`
    (rows i0:i1, columns j0:j1 of the map's [r][q] array) only that window is searched:
    a distance there is the map's whenever `exact` says so.
    """

    def __init__(self, base: NDArray[np.int8], radius: int, goals: Iterable[tuple[int, int]],
                 blocked: Iterable[tuple[int, int]], box: Box | None = None) -> None:
        self.radius = radius
        size = 2 * radius + 1
        self.box = box if box is not None else (0, size, 0, size)
        self.whole = self.box == (0, size, 0, size)
        self.distance = distance_field(base, radius, goals, blocked, None if self.whole else box)

    def get(self, h: Hex) -> int | None:
        """Steps from `h` to the nearest goal in the window, or None when none can be reached."""
        i0, i1, j0, j1 = self.box
        i, j = h.r + self.radius, h.q + self.radius
        if self.distance is None or not (i0 <= i < i1 and j0 <= j < j1):
            return None
        d = self.distance[i - i0][j - j0]
        return None if d >= UNREACHABLE else d

    def exact(self, h: Hex, found: int | None) -> bool:
        """Whether `found` (`get(h)`) is the whole map's distance too.

        A path that leaves the window takes at least the steps to its edge (each costs 1+).
        """
        if self.whole:
            return True
        if found is None:
            return False
        i0, i1, j0, j1 = self.box
        size = 2 * self.radius + 1
        i, j = h.r + self.radius, h.q + self.radius
        edges = [n for n, clipped in ((i - i0 + 1, i0 == 0), (i1 - i, i1 == size),
                                      (j - j0 + 1, j0 == 0), (j1 - j, j1 == size)) if not clipped]
        return found <= min(edges, default=found)


BUCKET = 4  # hexes a side of one spatial bucket


class Scene:
    """Who stands where, read once per decision: sides, hexes, and spatial buckets.

    The AI's per-candidate questions (allies near a hex, foes around a target, enemies that
    could reach a hex) look up a few buckets or neighbour hexes instead of scanning every
    combatant, so a decision's cost grows with the candidates, not with the crowd.
    """

    def __init__(self, living: list[int], hexes: dict[int, Hex], sides: dict[int, int]) -> None:
        self.living = living
        self.hexes = hexes
        self.sides = sides
        self.source: object = None  # the occupancy index read, and its version then
        self.version = -1
        self.occupants = {hexes[e]: e for e in living}
        self.buckets: dict[tuple[int, int], list[int]] = {}
        for e in living:  # living is sorted: every bucket lists entity ids in order
            h = hexes[e]
            self.buckets.setdefault((h.q // BUCKET, h.r // BUCKET), []).append(e)

    def side_members(self, side: int) -> list[int]:
        """The living combatants of `side`, by entity id."""
        return [e for e in self.living if self.sides[e] == side]

    def near(self, center: Hex, radius: int) -> list[int]:
        """Living combatants within `radius` hexes of `center`, by entity id."""
        if radius < 0:
            return []
        found: list[int] = []
        q0, q1 = (center.q - radius) // BUCKET, (center.q + radius) // BUCKET
        r0, r1 = (center.r - radius) // BUCKET, (center.r + radius) // BUCKET
        for bq in range(q0, q1 + 1):
            for br in range(r0, r1 + 1):
                for e in self.buckets.get((bq, br), ()):
                    if hex_distance(self.hexes[e], center) <= radius:
                        found.append(e)
        found.sort()
        return found

    def within(self, q0: int, q1: int, r0: int, r1: int) -> list[int]:
        """Living combatants with q0 <= q < q1 and r0 <= r < r1, in no set order."""
        found: list[int] = []
        for bq in range(q0 // BUCKET, (q1 - 1) // BUCKET + 1):
            for br in range(r0 // BUCKET, (r1 - 1) // BUCKET + 1):
                for e in self.buckets.get((bq, br), ()):
                    h = self.hexes[e]
                    if q0 <= h.q < q1 and r0 <= h.r < r1:
                        found.append(e)
        return found

    def adjacent(self, center: Hex) -> list[int]:
        """Living combatants on the six hexes around `center`, in direction order."""
        return [e for h in hex_neighbors(center) for e in (self.occupants.get(h),)
                if e is not None]


def read_scene(last: Scene | None = None) -> Scene:
    """The scene as the world stands now: `last` again when no one has moved or fallen since.

    Read off the engine's occupancy index (kept by every move and death; its `version`
    counts them), so an unchanged field costs no scan at all.
    """
    index = occupancy.index()
    if last is not None and last.source is index and last.version == index.version:
        return last
    # `where` holds the living alone; `side` the fallen too, never asked about here
    scene = Scene(list(index.living), dict(index.where), dict(index.side))
    scene.source, scene.version = index, index.version
    return scene
