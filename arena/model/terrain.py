"""Terrain kinds and the hex map of a battle."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from arena.hexgrid import Hex, hex_line
from arena.hexlines import line_steps

MEMO_LIMIT = 1 << 18  # pairs remembered per map before the memo starts over

Surface = Literal["hard", "soft"]


@dataclass(frozen=True, slots=True)
class Terrain:
    """One kind of hex (`assets/terrain.toml`): how it looks and what it blocks.

    `cover` (quarters, 0..3) is what the hex gives a combatant right behind it against
    missiles that cross it: a low wall that does not block sight gives 2 (half cover).
    `move_cost` multiplies the AP of a step into the hex: 2 on difficult ground (rubble, mud).
    """

    id: str
    name: str
    glyph: str
    surface: Surface = "soft"
    blocks_move: bool = False
    blocks_sight: bool = False
    obstacle: bool = False
    hazard: bool = False
    cover: int = 0
    move_cost: int = 1


@dataclass(frozen=True, slots=True)
class HexMap:
    """A hexagonal battlefield: every hex within `radius` of the origin has a terrain."""

    id: str
    name: str
    radius: int
    cells: Mapping[Hex, Terrain]
    # What sight and cover between two hexes come to: they read only the cells, which never
    # change, so a battle keeps them (arena/ecs/cover.py); not part of the map's value.
    cover_memo: dict[tuple[Hex, Hex], int] = field(
        default_factory=dict, init=False, repr=False, compare=False)
    sight_memo: dict[tuple[Hex, Hex], bool] = field(
        default_factory=dict, init=False, repr=False, compare=False)
    lines_memo: list[Sightlines] = field(
        default_factory=list, init=False, repr=False, compare=False)

    def terrain(self, h: Hex) -> Terrain | None:
        """The terrain at `h`, or None outside the map."""
        return self.cells.get(h)

    def passable(self, h: Hex) -> bool:
        """True when a combatant may stand on `h` (on the map and not a wall)."""
        t = self.cells.get(h)
        return t is not None and not t.blocks_move

    def difficult(self) -> dict[Hex, str]:
        """The hexes whose step costs more (rubble, mud), with their terrain's name."""
        return {h: t.name for h, t in sorted(self.cells.items()) if t.move_cost > 1}

    def sees(self, a: Hex, b: Hex) -> bool:
        """Line of sight between `a` and `b` on this map (`hexgrid.line_of_sight`), memoised."""
        key = (a, b) if a <= b else (b, a)
        seen = self.sight_memo.get(key)
        if seen is None:
            if len(self.sight_memo) >= MEMO_LIMIT:
                self.sight_memo.clear()
            lines = self.sightlines()
            seen = self.sight_memo[key] = not (lines.obstructed(key[0], key[1], 1)
                                               and lines.obstructed(key[0], key[1], -1))
        return seen

    def sightlines(self) -> Sightlines:
        """The map's lines of sight as grid offsets (built on first use, then kept)."""
        if not self.lines_memo:
            self.lines_memo.append(Sightlines(self.radius, self.cells))
        return self.lines_memo[0]

    def blocks_sight(self, h: Hex) -> bool:
        """True when `h` blocks line of sight (off-map hexes block too)."""
        t = self.cells.get(h)
        return t is None or t.blocks_sight


Table = tuple[tuple[int, ...], tuple[int, ...], int | None]


class Sightlines:
    """A map's lines of sight read as grid offsets: no float rounding per step.

    The map lies on a padded square grid, one index a hex, with what blocks sight and the
    cover each hex gives. A line is translation-invariant (`hexgrid.line_steps`): from `a`
    to `b` it is `a`'s index plus the offsets of the line from the origin to `b - a`, kept
    per offset and nudge. The few steps whose rounding ties exactly, and lines with an end
    off the map, are drawn by `hexgrid.hex_line` as before, so every answer is the same.
    """

    def __init__(self, radius: int, cells: Mapping[Hex, Terrain]) -> None:
        self.radius = radius
        self.cells = cells
        self.pad = pad = 2 * radius + 2  # lines between on-map hexes stay well inside
        self.width = width = 2 * pad + 1
        self.opaque = bytearray(b"\x01" * (width * width))  # off the map blocks sight
        self.cover = bytearray(width * width)
        for h, t in cells.items():
            if abs(h.q) <= pad and abs(h.r) <= pad:
                i = (h.r + pad) * width + h.q + pad
                self.opaque[i] = t.blocks_sight
                self.cover[i] = t.cover
        self.tables: tuple[dict[tuple[int, int], Table], dict[tuple[int, int], Table]] = ({}, {})

    def table(self, dq: int, dr: int, nudge: int) -> Table:
        """The grid offsets of the line to `(dq, dr)`, its tied steps, the last step's offset."""
        tables = self.tables[nudge > 0]
        found = tables.get((dq, dr))
        if found is None:
            back = self.tables[nudge < 0].get((-dq, -dr))
            if back is not None:  # the line back, nudged the other way, is this one negated
                found = tables[(dq, dr)] = (tuple(-o for o in back[0]), back[1],
                                            None if back[2] is None else -back[2])
                return found
            steps, ties = line_steps(dq, dr, nudge)
            n = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
            offsets = {i: r * self.width + q for i, q, r in steps}
            found = tables[(dq, dr)] = (tuple(offsets.values()), ties, offsets.get(n - 1))
        return found

    def obstructed(self, a: Hex, b: Hex, nudge: int) -> bool:
        """Whether a hex strictly between `a` and `b` blocks sight on the line nudged by `nudge`.

        `any(blocks_sight(h) for h in hex_line(a, b, nudge, 1, n))`, off-map hexes blocking.
        """
        return self.read(a, b)[nudge < 0][0]

    def read(self, a: Hex, b: Hex) -> tuple[tuple[bool, int], tuple[bool, int]]:
        """Both nudged lines from `a` to `b` (+1, then -1): blocked, and the front hex's cover.

        The front hex is the one right before `b` (cover 0 off the map or when `b` is
        within 1 of `a`).
        """
        aq, ar = a
        bq, br = b
        dq, dr = bq - aq, br - ar
        radius = self.radius
        if (max(abs(aq), abs(ar), abs(aq + ar)) > radius
                or max(abs(bq), abs(br), abs(bq + br)) > radius):
            return self._drawn(a, b, 1), self._drawn(a, b, -1)
        base = (ar + self.pad) * self.width + aq + self.pad
        opaque, cover = self.opaque, self.cover
        out: list[tuple[bool, int]] = []
        for nudge, tables in ((1, self.tables[1]), (-1, self.tables[0])):
            table = tables.get((dq, dr))
            if table is None:
                table = self.table(dq, dr, nudge)
            offsets, ties, front = table
            blocked = False
            for o in offsets:
                if opaque[base + o]:
                    blocked = True
                    break
            if ties and not blocked:
                blocked = any(self.blocks(next(hex_line(a, b, nudge, i, i + 1))) for i in ties)
            if front is not None:
                out.append((blocked, cover[base + front]))
            else:
                out.append((blocked, self._front(a, b, nudge)))
        return out[0], out[1]

    def _drawn(self, a: Hex, b: Hex, nudge: int) -> tuple[bool, int]:
        """`read`'s answer for one nudge, drawn with `hex_line` (an end off the map)."""
        n = (abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[0] + a[1] - b[0] - b[1])) // 2
        return any(self.blocks(h) for h in hex_line(a, b, nudge, 1, n)), self._front(a, b, nudge)

    def _front(self, a: Hex, b: Hex, nudge: int) -> int:
        """The cover of the hex before `b` on the nudged line, drawn (0 off-map or near)."""
        n = (abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[0] + a[1] - b[0] - b[1])) // 2
        if n < 2:
            return 0
        terrain = self.cells.get(next(hex_line(a, b, nudge, n - 1, n)))
        return 0 if terrain is None else terrain.cover

    def blocks(self, h: Hex) -> bool:
        """True when `h` blocks sight (off the map too)."""
        t = self.cells.get(h)
        return t is None or t.blocks_sight
