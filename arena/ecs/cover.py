"""Cover against missiles, read off the map along the two nudged lines of sight."""

from __future__ import annotations

from arena.hexgrid import Hex, hex_linedraw
from arena.model.terrain import MEMO_LIMIT, HexMap

FULL = 4


def cover_quarters(hexmap: HexMap, shooter: Hex, target: Hex) -> int:
    """Quarters of the target covered against a missile from `shooter` (memoised per map)."""
    memo = hexmap.cover_memo
    key = (shooter, target)
    found = memo.get(key)
    if found is None:
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        found = memo[key] = _quarters(hexmap, shooter, target)
    return found


def _quarters(hexmap: HexMap, shooter: Hex, target: Hex) -> int:
    """Quarters of the target covered (0..3, 4 = fully hidden) against a missile from `shooter`.

    An edge of the target hidden by a sight-blocking hex on one of the two nudged lines (but not
    both) is half cover; a hex with its own `cover` (a low wall, a barricade) right in front of
    the target on either line gives that much. The larger applies.
    """
    lines = (hex_linedraw(shooter, target, 1), hex_linedraw(shooter, target, -1))
    blocked = [any(hexmap.blocks_sight(h) for h in line[1:-1]) for line in lines]
    if all(blocked):
        return FULL
    quarters = 2 if any(blocked) else 0
    for line in lines:
        if len(line) > 2:
            terrain = hexmap.terrain(line[-2])
            if terrain is not None:
                quarters = max(quarters, terrain.cover)
    return min(quarters, 3)
