"""Cover against missiles, read off the map along the two nudged lines of sight."""

from __future__ import annotations

from arena.hexgrid import Hex
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
    the target on either line gives that much. The larger applies. Lines are read off the
    map's `Sightlines` (grid offsets kept per direction); the front hex is read alone.
    """
    (left, front_left), (right, front_right) = hexmap.sightlines().read(shooter, target)
    if left and right:
        return FULL
    return min(max(2 if left or right else 0, front_left, front_right), 3)


def obstructed(hexmap: HexMap, shooter: Hex, target: Hex, nudge: int) -> bool:
    """Whether a hex strictly between the two blocks sight on the line nudged by `nudge`.

    `any(hexmap.blocks_sight(h) for h in hex_line(shooter, target, nudge, 1, n))`, read off
    the map's `Sightlines` (no float rounding per step).
    """
    return hexmap.sightlines().obstructed(shooter, target, nudge)
