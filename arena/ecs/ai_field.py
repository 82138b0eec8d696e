"""A distance field for the AI: steps from any hex to the nearest of many goal hexes."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import tcod.path
from numpy.typing import NDArray

from arena.ecs.pathing import AXIAL_EDGES, UNREACHABLE
from arena.hexgrid import Hex


class Field:
    """Walking steps to the nearest goal (walls and `blocked` hexes avoided), by tcod Dijkstra."""

    def __init__(self, base: NDArray[np.int8], radius: int, goals: Iterable[Hex],
                 blocked: Iterable[Hex]) -> None:
        self.radius = radius
        costs = base.copy()
        for h in blocked:
            if max(abs(h.q), abs(h.r), abs(h.s)) <= radius:
                costs[h.r + radius, h.q + radius] = 0
        graph = tcod.path.CustomGraph(costs.shape)
        graph.add_edges(edge_map=AXIAL_EDGES, cost=costs)
        finder = tcod.path.Pathfinder(graph)
        rooted = False
        for g in sorted(goals, key=lambda h: (h.q, h.r)):
            if max(abs(g.q), abs(g.r), abs(g.s)) <= radius:
                finder.add_root((g.r + radius, g.q + radius))
                rooted = True
        if rooted:
            finder.resolve()
        self.distance = finder.distance if rooted else None

    def get(self, h: Hex) -> int | None:
        """Steps from `h` to the nearest goal, or None when none can be reached."""
        i, j = h.r + self.radius, h.q + self.radius
        size = 2 * self.radius + 1
        if self.distance is None or not (0 <= i < size and 0 <= j < size):
            return None
        d = int(self.distance[i, j])
        return None if d >= UNREACHABLE else d
