"""Hex pathfinding with tcod.path over an axial [r, q] array (six-neighbour edge map).

tcod and numpy are imported by the functions that need them, so a command that never looks
for a path (`arena --help`, `arena rules`) does not load them.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import TYPE_CHECKING, cast

from arena.hexgrid import Hex, hex_distance
from arena.model.terrain import HexMap

if TYPE_CHECKING:
    import numpy as np
    import tcod.path
    from numpy.typing import NDArray

# Axial neighbours in [r, q] order: (dr, dq) in {(0,±1), (±1,0), (-1,+1), (+1,-1)}.
AXIAL_EDGES = [[0, 1, 1], [1, 0, 1], [1, 1, 0]]
UNREACHABLE = 2**31 - 1  # tcod's distance of a hex no root reaches (int32 maximum)
NEAR = 8  # walking cost a first search from a hex answers (a turn's walk and then some)
FIELDS_KEPT = 8  # distance fields kept for reuse (`distance_field`)
_FIELDS: dict[tuple[object, ...], list[list[int]] | None] = {}
# The six edges `add_edges(edge_map=AXIAL_EDGES)` adds, in the order it adds them ([r, q]).
HEX_EDGES = ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0))


def terrain_costs(hexmap: HexMap) -> NDArray[np.int8]:
    """Cost of entering each hex: its terrain's `move_cost`, 0 (blocked) on walls and off map."""
    import numpy as np  # noqa: PLC0415 - lazy: only a battle that looks for a path pays for it

    size = 2 * hexmap.radius + 1
    costs = np.zeros((size, size), dtype=np.int8)
    for h, terrain in hexmap.cells.items():
        if not terrain.blocks_move:
            costs[h.r + hexmap.radius, h.q + hexmap.radius] = terrain.move_cost
    return costs


Box = tuple[int, int, int, int]  # rows i0:i1 and columns j0:j1 of the [r][q] array


def distance_field(base: NDArray[np.int8], radius: int, goals: Iterable[tuple[int, int]],
                   blocked: Iterable[tuple[int, int]],
                   box: Box | None = None) -> list[list[int]] | None:
    """Walking cost from every hex to the nearest goal as rows [r][q] (UNREACHABLE: none).

    One tcod `dijkstra2d` over the six hex edges: a distance does not depend on the order
    the search takes ties in, so this is the Dijkstra of `Paths` without its steps back (a
    third of its cost). None when no goal lies on the map. The field is a function of the
    map, the goals and the blocked hexes alone, so the last few are kept and shared (a mover
    walking on in its turn leaves both unchanged): read it, never change it. With `box` the
    search stays inside that window of the array (paths leave it nowhere; goals and blocked
    hexes outside it are left out) and the rows are the window's, from (i0, j0).
    """
    size = 2 * radius + 1
    i0, i1, j0, j1 = box if box is not None else (0, size, 0, size)

    r0, r1, q0, q1 = i0 - radius, i1 - radius, j0 - radius, j1 - radius
    on_map = [(q, r) for q, r in goals
              if max(abs(q), abs(r), abs(q + r)) <= radius and r0 <= r < r1 and q0 <= q < q1]
    walls = [(q, r) for q, r in blocked
             if max(abs(q), abs(r), abs(q + r)) <= radius and r0 <= r < r1 and q0 <= q < q1]
    window = base[i0:i1, j0:j1]
    key = (radius, i0, j0, window.shape, window.tobytes(), frozenset(on_map), frozenset(walls))
    if key in _FIELDS:
        return _FIELDS[key]
    field = _distance_field(window, radius - i0, radius - j0, on_map, walls) if on_map else None
    if len(_FIELDS) >= FIELDS_KEPT:
        del _FIELDS[next(iter(_FIELDS))]  # the oldest
    _FIELDS[key] = field
    return field


def _distance_field(base: NDArray[np.int8], di: int, dj: int, goals: list[tuple[int, int]],
                    blocked: list[tuple[int, int]]) -> list[list[int]]:
    """`distance_field` searched (goals and blocked hexes all inside; (q, r) at [r+di, q+dj])."""
    import numpy as np  # noqa: PLC0415 - lazy, as in terrain_costs
    import tcod.path  # noqa: PLC0415

    costs = base.copy()
    for q, r in blocked:
        costs[r + di, q + dj] = 0
    dist = np.full(costs.shape, UNREACHABLE, dtype=np.int32)
    for q, r in goals:
        dist[r + di, q + dj] = 0
    tcod.path.dijkstra2d(dist, costs, edge_map=AXIAL_EDGES, out=dist)
    return cast("list[list[int]]", dist.tolist())


class _Search:
    """A tcod search over one window size, reused: its cost array, graph and pathfinder.

    The graph reads the cost array where it lies, so each search writes its costs into it.
    `start` gives the pathfinder back as new with one root, through its public arrays: every
    distance at its maximum but the root's 0, every step back to the hex itself (as a new
    pathfinder's), and the frontier rebuilt from the distances, which holds the root alone
    with priority 0 (what `add_root` pushes on a new pathfinder).
    """

    def __init__(self, shape: tuple[int, int]) -> None:
        import numpy as np  # noqa: PLC0415 - lazy, as in terrain_costs
        import tcod.path  # noqa: PLC0415

        self.costs = np.zeros(shape, dtype=np.int8)
        graph = tcod.path.CustomGraph(shape)
        for edge in HEX_EDGES:  # what add_edges(edge_map=AXIAL_EDGES) adds, in its order
            graph.add_edge(edge, 1, cost=self.costs)
        self.finder = tcod.path.Pathfinder(graph)
        self.steps_back = self.finder.traversal.copy()  # a new pathfinder's: each to itself

    def start(self, root: tuple[int, int]) -> tcod.path.Pathfinder:
        """The pathfinder with nothing searched yet and `root` its one root."""
        finder = self.finder
        finder.distance[...] = UNREACHABLE
        finder.distance[root] = 0
        finder.traversal[...] = self.steps_back
        finder.rebuild_frontier()
        return finder


_SEARCHES = threading.local()  # each thread its own (`arena batch` threads take turns anyway)


def _search(shape: tuple[int, int]) -> _Search:
    """The reusable search for windows of `shape` (one per thread)."""
    kept: dict[tuple[int, int], _Search] | None = getattr(_SEARCHES, "kept", None)
    if kept is None:
        kept = _SEARCHES.kept = {}
    found = kept.get(shape)
    if found is None:
        found = kept[shape] = _Search(shape)
    return found


class Paths:
    """Cheapest walking paths from one hex, avoiding blocked hexes, weighing difficult ground.

    The search first covers only the square of hexes within `NEAR` + 1 steps of the start: a
    walk costing at most `NEAR` never leaves it, and tcod's Dijkstra takes exactly the steps
    there that it takes on the whole map up to that cost (the same pops, pushes and ties),
    so every distance and path up to `NEAR` is the whole map's, bit for bit. A question about a
    farther hex searches a square twice its hex distance wide (doubling until it answers),
    by the same argument. When a square would cover half the map or more, the whole map is
    searched at once (the same answers, one search instead of two).

    Each search's distances are read out of tcod's array once, as rows, and its steps back
    copied: a distance is then one lookup and a path a walk back along the steps (what
    tcod's own `path_to` walks, without its per-call array work), kept for the next ask.
    """

    def __init__(self, base: NDArray[np.int8], radius: int, start: Hex, blocked: Iterable[Hex]):
        self.radius = radius
        self.start = start
        self._base = base
        size = 2 * radius + 1
        # The blocked hexes as (q, r) (a Hex equals its tuple); the start never blocks itself.
        self._blocked = blocked if isinstance(blocked, frozenset) else frozenset(blocked)
        self._rows: list[list[int]] = []  # the searched window's distances
        self._window = (0, 0, 0, 0)
        self._walks: dict[Hex, list[Hex]] = {}  # the paths asked for, by their end
        self._found: dict[Hex, int] = {}  # the distances answered, by hex
        self._travel: NDArray[np.intp] | None = None  # cell (i, j) steps back to [i, j]
        self._steps: list[int] | None = None  # the same, flat, read out for the first path
        si, sj = start.r + radius, start.q + radius
        self._start = (si, sj) if 0 <= si < size and 0 <= sj < size else None
        # Only the start can have a distance without a cost to enter (a search's root).
        self._start_closed = self._start is not None and int(base[self._start]) <= 0
        self._solve(self._fitting(NEAR))

    def _fitting(self, near: int) -> int:
        """`near`, or UNREACHABLE (the whole map) when its square would cover half the map."""
        size, radius = 2 * self.radius + 1, self.radius
        si, sj = self.start.r + radius, self.start.q + radius
        side_i = min(size, si + near + 2) - max(0, si - near - 1)
        side_j = min(size, sj + near + 2) - max(0, sj - near - 1)
        return near if 2 * side_i * side_j < size * size else UNREACHABLE

    def _solve(self, near: int) -> None:
        """Search the square within `near` + 1 steps of the start (clipped to the map's array)."""
        size, radius = 2 * self.radius + 1, self.radius
        si, sj = self.start.r + radius, self.start.q + radius
        i0, i1 = max(0, si - near - 1), min(size, si + near + 2)
        j0, j1 = max(0, sj - near - 1), min(size, sj + near + 2)
        search = _search((i1 - i0, j1 - j0))
        costs = search.costs
        costs[...] = self._base[i0:i1, j0:j1]
        start = self.start
        for q, r in self._blocked:  # off the map: a wall of the array anyway
            if i0 <= r + radius < i1 and j0 <= q + radius < j1 and (q, r) != start:
                costs[r + radius - i0, q + radius - j0] = 0
        finder = search.start((si - i0, sj - j0))
        finder.resolve()
        self._travel = finder.traversal.copy()  # (the search is reused: copied, read lazily)
        self._steps = None
        self._window = (i0, i1, j0, j1)
        self._whole = (i0, j0, i1, j1) == (0, 0, size, size)
        self._near = UNREACHABLE - 1 if self._whole else near
        # every hex of the window with its distance (UNREACHABLE where none walks), as rows
        self._rows = cast("list[list[int]]", finder.distance.tolist())
        if self._start_closed:  # a root has distance 0 even where no walk may enter
            self._rows[si - i0][sj - j0] = UNREACHABLE
        self._walks = {}

    def _known(self, h: Hex) -> int | None:
        """The searched window's distance of `h` (UNREACHABLE: none walks), None outside it."""
        i0, i1, j0, j1 = self._window
        i, j = h[1] + self.radius, h[0] + self.radius
        if i0 <= i < i1 and j0 <= j < j1:
            return self._rows[i - i0][j - j0]
        return None

    def _index(self, h: Hex) -> tuple[int, int] | None:
        """Array index of `h` on the whole map's array, or None when it lies outside it."""
        i, j = h[1] + self.radius, h[0] + self.radius
        size = 2 * self.radius + 1
        return (i, j) if 0 <= i < size and 0 <= j < size else None

    def distance(self, h: Hex) -> int | None:
        """Cost of the cheapest walk to `h` (steps, difficult ground counting its cost), or None."""
        d = self._found.get(h)
        if d is not None:
            return d
        d = self._known(h)
        if d is not None and d <= self._near:
            self._found[h] = d  # final: a wider search finds the same
            return d
        if self._whole:
            return None
        # Walls, blocked hexes and hexes the search never reached read as unreachable;
        # beyond a near search, an open hex is looked for on the whole map.
        index = self._index(h)
        if index is None or int(self._base[index]) <= 0 or (h in self._blocked and h != self.start):
            return None
        near = max(2 * self._near, 2 * hex_distance(self.start, h))  # a wider square first
        while True:
            self._solve(self._fitting(near))
            d = self._known(h)
            if d is not None and d <= self._near:
                self._found[h] = d
                return d
            if self._whole:
                return None
            near *= 2

    def path_to(self, h: Hex) -> list[Hex] | None:
        """The hexes from the start to `h` inclusive, or None when unreachable."""
        found = self._walks.get(h)
        if found is None:
            if self.distance(h) is None:
                return None
            found = self._walks[h] = self._walk_back(h)
        return list(found)

    def _walk_back(self, h: Hex) -> list[Hex]:
        """The path to `h` (searched), read back along the search's steps to the start."""
        i0, _, j0, j1 = self._window
        if self._steps is None:  # read out once, when a first path is asked for
            assert self._travel is not None
            self._steps = self._travel.ravel().tolist()
        radius, travel, width = self.radius, self._steps, j1 - j0
        i, j = h[1] + radius - i0, h[0] + radius - j0
        steps = [(i, j)]
        for _ in range(len(travel) // 2):  # at most every hex once, as tcod bounds it
            k = 2 * (i * width + j)
            i2, j2 = travel[k], travel[k + 1]  # back along the search's steps to the start
            if i2 == i and j2 == j:
                break
            i, j = i2, j2
            steps.append((i, j))
        else:
            raise RuntimeError(f"the path search's steps back from {h} run in a loop")
        dq, dr = j0 - radius, i0 - radius
        return [Hex(j + dq, i + dr) for i, j in reversed(steps)]

    def affordable(self, path: list[Hex], budget: int) -> list[Hex]:
        """The longest start of `path` (one of these paths) whose cost is at most `budget`."""
        end = 1
        while end < len(path) and (self.distance(path[end]) or 0) <= budget:
            end += 1
        return path[:end]
