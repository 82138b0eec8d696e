"""Hex lines as exact integer steps: a line drawn once from the origin serves every start.

`hexgrid.hex_line` rounds float points nudged by EPSILON; the same rounding done in integers
shows which steps the floats' last bits decide (and so may change with where the line
starts). Every other step is translation-invariant, which lets a map keep one table of steps
per direction instead of drawing every pair of hexes (`model.terrain.Sightlines`).
"""

from __future__ import annotations


def line_steps(dq: int, dr: int, nudge: int) -> tuple[tuple[tuple[int, int, int], ...],
                                                      tuple[int, ...]]:
    """The hexes strictly between the origin and ``(dq, dr)`` on the nudged line, exactly.

    Returns ``(steps, ties)``: ``(i, q, r)`` for each step ``i`` (1 .. n - 1) whose hex
    integer arithmetic decides; ``ties`` lists the steps where two coordinates' rounding
    errors are exactly equal and the cube rounding's choice falls to the last bits of the
    floats (it can move with the ends: draw those from the real ends with `hex_line`).
    Elsewhere every rounding decision clears its boundary by EPSILON or ``1 / (2n)``, far
    above float error, so ``hex_line(a, a + (dq, dr), nudge, 1, n)`` is ``a`` plus the steps.

    >>> line_steps(3, 0, 1)
    (((1, 1, 0), (2, 2, 0)), ())
    >>> line_steps(2, 2, 1)[0][0], line_steps(2, 2, 1)[1]
    ((2, 1, 1), (1, 3))
    """
    if nudge not in (1, -1):
        raise ValueError(f"nudge must be +1 or -1, got {nudge}")
    n = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
    steps: list[tuple[int, int, int]] = []
    ties: list[int] = []
    up_q = nudge > 0  # an exact half rounds the way the nudge pushes it (s moves by -2 nudge)
    for i in range(1, n):
        # Each coordinate is x / n + c * EPSILON with x an integer (c = nudge for q and r,
        # -2 * nudge for s). Round it, and size its error as (|x - n * rounded|, c'), c' the
        # nudge's sign-adjusted part: such pairs order as the real errors do (EPSILON << 1/n).
        xq, xr = dq * i, dr * i
        xs = -xq - xr
        rq, mq = divmod(xq, n)
        if 2 * mq > n or (2 * mq == n and up_q):
            rq += 1
        rr, mr = divmod(xr, n)
        if 2 * mr > n or (2 * mr == n and up_q):
            rr += 1
        rs, ms = divmod(xs, n)
        if 2 * ms > n or (2 * ms == n and not up_q):
            rs += 1
        if rq + rr + rs != 0:  # the coordinate with the largest error is set from the others
            eq, er, es = xq - rq * n, xr - rr * n, xs - rs * n
            sq = (eq, nudge) if eq > 0 else (-eq, -nudge) if eq < 0 else (0, 1)
            sr = (er, nudge) if er > 0 else (-er, -nudge) if er < 0 else (0, 1)
            ss = (es, -2 * nudge) if es > 0 else (-es, 2 * nudge) if es < 0 else (0, 2)
            if sq in (sr, ss) or sr == ss:
                ties.append(i)  # the floats' last bits decide: draw it from the real ends
                continue
            if sq > sr and sq > ss:
                rq = -rr - rs
            elif sr > ss:
                rr = -rq - rs
        steps.append((i, rq, rr))
    return tuple(steps), tuple(ties)
