"""`nearest_seen`: the missile users nearest a hex that see it, without sorting them per hex."""

from __future__ import annotations

import heapq

from arena.ecs.cover import cover_quarters
from arena.hexgrid import Hex, hex_distance
from arena.model.terrain import HexMap


def by_distance(origin: Hex, shooters: list[int],
                hexes: dict[int, Hex]) -> list[tuple[int, int, Hex]]:
    """The shooters as (hexes from `origin`, entity id, hex), nearest first, ties by id."""
    return sorted((hex_distance(origin, hexes[s]), s, hexes[s]) for s in shooters)


def nearest_seen(order: list[tuple[int, int, Hex]], origin: Hex, spot: Hex, hexmap: HexMap,
                 limit: int) -> list[tuple[int, int]]:
    """The `limit` shooters nearest `spot` (ties by id) that see it, with their cover quarters.

    `order` is `by_distance(origin, ...)`. A shooter `d` hexes from `origin` stands at least
    `d - k` from `spot` (`k` from `origin` to `spot`), so one is settled only when no shooter
    not yet looked at could come before it; cover is read in the same order as a full sort.
    """
    k = hex_distance(origin, spot)
    memo = hexmap.cover_memo  # `cover_quarters`' own memo, read without the call
    heap: list[tuple[int, int, Hex]] = []
    found: list[tuple[int, int]] = []
    i, n = 0, len(order)
    while len(found) < limit:
        if heap and (i == n or heap[0][0] < order[i][0] - k):
            _, e, there = heapq.heappop(heap)
            quarters = memo.get((there, spot))
            if quarters is None:
                quarters = cover_quarters(hexmap, there, spot)
            if quarters < 4:
                found.append((e, quarters))
        elif i < n:
            _, e, there = order[i]
            i += 1
            heapq.heappush(heap, (hex_distance(there, spot), e, there))
        else:
            break
    return found
