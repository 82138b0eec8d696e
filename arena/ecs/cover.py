"""Cover against missiles, read off the map along the two nudged lines of sight."""

from __future__ import annotations

from arena.hexgrid import EPSILON, Hex, hex_distance, hex_line
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
    the target on either line gives that much. The larger applies. Each line is walked only to
    its first sight-blocking hex (`hex_line`); the hex in front of the target is drawn alone.
    """
    n = hex_distance(shooter, target)
    blocked = [obstructed(hexmap, shooter, target, nudge) for nudge in (1, -1)]
    if all(blocked):
        return FULL
    quarters = 2 if any(blocked) else 0
    if n >= 2:
        for nudge in (1, -1):
            front = next(hex_line(shooter, target, nudge, n - 1, n))
            terrain = hexmap.terrain(front)
            if terrain is not None:
                quarters = max(quarters, terrain.cover)
    return min(quarters, 3)


def obstructed(hexmap: HexMap, shooter: Hex, target: Hex, nudge: int) -> bool:
    """Whether a hex strictly between the two blocks sight on the line nudged by `nudge`.

    `any(hexmap.blocks_sight(h) for h in hex_line(shooter, target, nudge, 1, n))` with the
    line's arithmetic inlined and no `Hex` made per step (a `Hex` is the tuple `(q, r)`):
    the AI asks this for every archer and every hex it rates.
    """
    n = hex_distance(shooter, target)
    cells = hexmap.cells
    eps = EPSILON * nudge
    aq, ar, bq, br = shooter.q + eps, shooter.r + eps, target.q + eps, target.r + eps
    for i in range(1, n):
        t = i / n
        q, r = aq * (1.0 - t) + bq * t, ar * (1.0 - t) + br * t
        s = -q - r
        rq, rr, rs = round(q), round(r), round(s)
        dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        terrain = cells.get((rq, rr))  # type: ignore[call-overload]
        if terrain is None or terrain.blocks_sight:
            return True
    return False
