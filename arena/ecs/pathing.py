"""Hex pathfinding with tcod.path over an axial [r, q] array (six-neighbour edge map).

tcod and numpy are imported by the functions that need them, so a command that never looks
for a path (`arena --help`, `arena rules`) does not load them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from arena.hexgrid import Hex
from arena.model.terrain import HexMap

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

# Axial neighbours in [r, q] order: (dr, dq) in {(0,±1), (±1,0), (-1,+1), (+1,-1)}.
AXIAL_EDGES = [[0, 1, 1], [1, 0, 1], [1, 1, 0]]
UNREACHABLE = 2**31 - 1  # tcod's distance of a hex no root reaches (int32 maximum)


def terrain_costs(hexmap: HexMap) -> NDArray[np.int8]:
    """Cost of entering each hex: its terrain's `move_cost`, 0 (blocked) on walls and off map."""
    import numpy as np  # noqa: PLC0415 - lazy: only a battle that looks for a path pays for it

    size = 2 * hexmap.radius + 1
    costs = np.zeros((size, size), dtype=np.int8)
    for h, terrain in hexmap.cells.items():
        if not terrain.blocks_move:
            costs[h.r + hexmap.radius, h.q + hexmap.radius] = terrain.move_cost
    return costs


class Paths:
    """Cheapest walking paths from one hex, avoiding blocked hexes, weighing difficult ground."""

    def __init__(self, base: NDArray[np.int8], radius: int, start: Hex, blocked: Iterable[Hex]):
        import tcod.path  # noqa: PLC0415 - lazy, as in terrain_costs

        self.radius = radius
        costs = base.copy()
        for h in blocked:
            if h != start and max(abs(h.q), abs(h.r), abs(h.s)) <= radius:
                costs[h.r + radius, h.q + radius] = 0
        graph = tcod.path.CustomGraph(costs.shape)
        graph.add_edges(edge_map=AXIAL_EDGES, cost=costs)
        self._finder = tcod.path.Pathfinder(graph)
        self._finder.add_root((start.r + radius, start.q + radius))
        self._finder.resolve()
        self._costs = costs

    def _index(self, h: Hex) -> tuple[int, int] | None:
        """Array index of `h`, or None when it lies outside the array."""
        i, j = h.r + self.radius, h.q + self.radius
        size = 2 * self.radius + 1
        return (i, j) if 0 <= i < size and 0 <= j < size else None

    def distance(self, h: Hex) -> int | None:
        """Cost of the cheapest walk to `h` (steps, difficult ground counting its cost), or None."""
        index = self._index(h)
        if index is None or self._costs[index] <= 0:
            return None
        d = int(self._finder.distance[index])
        return None if d >= UNREACHABLE else d

    def path_to(self, h: Hex) -> list[Hex] | None:
        """The hexes from the start to `h` inclusive, or None when unreachable."""
        if self.distance(h) is None:
            return None
        index = self._index(h)
        assert index is not None
        steps = self._finder.path_to(index)
        return [Hex(int(q) - self.radius, int(r) - self.radius) for r, q in steps.tolist()]

    def affordable(self, path: list[Hex], budget: int) -> list[Hex]:
        """The longest start of `path` (one of these paths) whose cost is at most `budget`."""
        end = 1
        while end < len(path) and (self.distance(path[end]) or 0) <= budget:
            end += 1
        return path[:end]
