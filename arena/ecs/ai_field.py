"""The AI's view of the field: a distance field to many goal hexes, and who stands where."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from arena.ecs import occupancy
from arena.ecs.pathing import UNREACHABLE, distance_field
from arena.hexgrid import Hex, hex_distance, hex_neighbors

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray


class Field:
    """Walking steps to the nearest goal (walls and `blocked` hexes avoided), by tcod Dijkstra.

    One `dijkstra2d` over the map with every goal a root (`pathing.distance_field`, which
    keeps the last few): the same distances as a `Pathfinder` on the same graph.
    """

    def __init__(self, base: NDArray[np.int8], radius: int, goals: Iterable[tuple[int, int]],
                 blocked: Iterable[tuple[int, int]]) -> None:
        self.radius = radius
        self.distance = distance_field(base, radius, goals, blocked)

    def get(self, h: Hex) -> int | None:
        """Steps from `h` to the nearest goal, or None when none can be reached."""
        i, j = h.r + self.radius, h.q + self.radius
        size = 2 * self.radius + 1
        if self.distance is None or not (0 <= i < size and 0 <= j < size):
            return None
        d = self.distance[i][j]
        return None if d >= UNREACHABLE else d


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
    living = list(index.living)
    where, side = index.where, index.side
    scene = Scene(living, {e: where[e] for e in living}, {e: side[e] for e in living})
    scene.source, scene.version = index, index.version
    return scene
