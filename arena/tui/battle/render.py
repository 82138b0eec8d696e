"""The hex map on a console: terrain, path, items, the fallen, combatants with their facing.

Pointy-top hexes drawn as blocks (`hexgrid.hex_to_cell` with a size). At size 1 a block is two
columns: the glyph, then a combatant's facing arrow. At size 2 it is four columns by two rows:
the glyph and arrow in the middle of the top row with a mark on either side (`»«` the target,
`[]` the look cursor), a health bar under them (`HEALTH_BARS`); walls and other hexes that
block movement fill their whole block. Terrain is painted with numpy from arrays built once
per map and scale, so a redraw costs little Python time.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from arena.battle.view import BattleView, CombatantView
from arena.hexgrid import Hex, hex_neighbor, hex_to_cell
from arena.model.terrain import HexMap, Terrain
from arena.tui.battle.describe import health
from arena.tui.term import palette
from arena.tui.term.canvas import Canvas
from arena.tui.term.layout import Rect

FACING_ARROWS = "→↗↖←↙↘"
ITEM_GLYPH = ")"
CORPSE_GLYPH = "%"
BONUS_MARK = "◆"  # target mode: a hex from which a ruleset bonus applies (the panel names it)
EDGE_MARKS = "◀▶▲▼"  # the map goes on past the left, right, top, bottom edge
TARGET_MARK = "»"
TARGET_MARK_RIGHT = "«"
CURSOR_MARKS = "[]"
# The bar under a combatant at size 2, by how hurt it looks (`describe.health`).
HEALTH_BARS = {"unhurt": "██", "wounded": "█▌", "badly wounded": "█ ", "near death": "▌ "}


@dataclass(frozen=True, slots=True)
class Marks:
    """What the map highlights besides the active combatant."""

    cursor: Hex | None = None
    target: Hex | None = None
    path: tuple[Hex, ...] = ()
    bonus: tuple[Hex, ...] = ()  # target mode: hexes from which a ruleset bonus applies


def terrain_cells(h: Hex, t: Terrain, size: int) -> Iterator[tuple[int, int]]:
    """The cells of `h`'s block, from the origin, that show its terrain glyph.

    >>> list(terrain_cells(Hex(1, 0), Terrain("floor", "floor", "."), 2))
    [(5, 0)]
    >>> len(list(terrain_cells(Hex(1, 0), Terrain("wall", "wall", "#", blocks_move=True), 2)))
    8
    """
    x, y = hex_to_cell(h, size=size)
    if size == 1:
        yield x, y
    elif t.blocks_move:  # walls read as solid shapes
        yield from ((x + dx, y + dy) for dy in range(size) for dx in range(2 * size))
    else:
        yield x + size - 1, y


class TerrainLayer:
    """A map's terrain glyphs and colours as arrays of offsets from the origin hex's cell."""

    def __init__(self, hexmap: HexMap, size: int = 1) -> None:
        cells = [(xy, t) for h, t in sorted(hexmap.cells.items())
                 for xy in terrain_cells(h, t, size)]
        self.map, self.size = hexmap, size
        self.dx: NDArray[np.int32] = np.array([xy[0] for xy, _ in cells], dtype=np.int32)
        self.dy: NDArray[np.int32] = np.array([xy[1] for xy, _ in cells], dtype=np.int32)
        self.ch: NDArray[np.int32] = np.array([ord(t.glyph[0]) for _, t in cells],
                                              dtype=np.int32)
        self.fg: NDArray[np.uint8] = np.array(
            [palette.terrain_colour(t) for _, t in cells], dtype=np.uint8
        ).reshape(-1, 3)
        self._clip: tuple[object, NDArray[np.int32], NDArray[np.int32], NDArray[np.int32],
                          NDArray[np.uint8]] | None = None

    def cut(self, area: Rect, origin: tuple[int, int]) -> tuple[bool, bool, bool, bool]:
        """Whether the map goes on past `area`'s left, right, top and bottom edges."""
        cols, rows = self.dx + origin[0], self.dy + origin[1]
        return (bool((cols < area.x).any()), bool((cols >= area.x + area.width).any()),
                bool((rows < area.y).any()), bool((rows >= area.y + area.height).any()))

    def paint(self, canvas: Canvas, area: Rect, origin: tuple[int, int]) -> None:
        """Draw every terrain glyph that falls inside `area`."""
        if self._clip is None or self._clip[0] != (area, origin):
            cols, rows = self.dx + origin[0], self.dy + origin[1]
            inside = (cols >= area.x) & (cols < area.x + area.width)
            inside &= (rows >= area.y) & (rows < area.y + area.height)
            self._clip = ((area, origin), rows[inside], cols[inside], self.ch[inside],
                          self.fg[inside])
        _, rows, cols, ch, fg = self._clip
        canvas.ch[rows, cols] = ch
        canvas.fg[rows, cols] = fg


class Pen:
    """Writes into one hex's block at a scale, clipped to the map area."""

    def __init__(self, canvas: Canvas, area: Rect, origin: tuple[int, int], size: int) -> None:
        self.canvas, self.area, self.origin, self.size = canvas, area, origin, size

    def put(self, h: Hex, ch: str | None, fg: palette.RGB | None, bg: palette.RGB | None,
            dx: int = 0, dy: int = 0) -> None:
        """Change the cell (dx, dy) of `h`'s block where given."""
        col, row = hex_to_cell(h, self.origin, self.size)
        if self.area.contains(col + dx, row + dy):
            self.canvas.cell(col + dx, row + dy, ch, fg, bg)

    def shade(self, h: Hex, bg: palette.RGB, inner: bool = False) -> None:
        """Shade `h`'s whole block, or (`inner`) its glyph's cell, the middle at size 2."""
        cols = range(2 * self.size)
        if inner:
            cols = range(1, 2 * self.size - 1) if self.size > 1 else range(1)
        for dy in range(self.size):
            for dx in cols:
                self.put(h, None, None, bg, dx, dy)


class MapPainter:
    """Draws a battle's map; keeps the terrain layer of the last map and scale it saw."""

    def __init__(self) -> None:
        self._layer: TerrainLayer | None = None

    def layer(self, hexmap: HexMap, size: int = 1) -> TerrainLayer:
        """The terrain layer of `hexmap` at `size`, built on first use."""
        if self._layer is None or self._layer.map is not hexmap or self._layer.size != size:
            self._layer = TerrainLayer(hexmap, size)
        return self._layer

    def paint(
        self, canvas: Canvas, area: Rect, origin: tuple[int, int], view: BattleView,
        marks: Marks, size: int = 1,
    ) -> None:
        """Draw terrain, path, items, the fallen, combatants, then the highlights."""
        self.layer(view.map, size).paint(canvas, area, origin)
        pen = Pen(canvas, area, origin, size)
        mid = size - 1  # the glyph's column in a block; the arrow is right of it
        for h in marks.bonus:  # a colour-free mark too, in the terrain glyph's cell
            pen.shade(h, palette.BONUS_BG, inner=True)
            pen.put(h, BONUS_MARK, palette.HINT, None, size - 1)
        for h in marks.path[1:]:
            pen.shade(h, palette.PATH_BG, inner=True)
        standing = {c.hex for c in view.combatants if c.alive}
        ground = [(c.hex, CORPSE_GLYPH, palette.CORPSE) for c in view.combatants if not c.alive]
        ground += [(item.hex, ITEM_GLYPH, palette.ITEM) for item in view.items]
        for h, glyph, colour in ground:
            if size > 1 and h in standing:  # still seen under whoever stands on it
                pen.put(h, glyph, colour, None, 2 * size - 1, size - 1)
            else:
                pen.put(h, glyph, colour, None, mid + (size > 1 and glyph == ITEM_GLYPH))
        colours = [palette.side_colour(s.colour, i) for i, s in enumerate(view.sides)]
        for c in view.combatants:
            if c.alive:
                self._combatant(pen, c, colours[c.side % len(colours)])
        self._highlights(pen, view, marks)
        self._edges(canvas, area, self.layer(view.map, size).cut(area, origin))

    @staticmethod
    def _edges(canvas: Canvas, area: Rect, cut: tuple[bool, bool, bool, bool]) -> None:
        """A marker halfway along each edge past which the map goes on (it follows the focus)."""
        left, right, top, bottom = cut
        mx, my = area.x + area.width // 2, area.y + area.height // 2
        for shown, x, y, mark in ((left, area.x, my, EDGE_MARKS[0]),
                                  (right, area.x + area.width - 1, my, EDGE_MARKS[1]),
                                  (top, mx, area.y, EDGE_MARKS[2]),
                                  (bottom, mx, area.y + area.height - 1, EDGE_MARKS[3])):
            if shown:
                canvas.cell(x, y, mark, palette.HINT, None)

    def _combatant(self, pen: Pen, c: CombatantView, colour: palette.RGB) -> None:
        """A combatant's letter (its case tells the side) and facing; at size 2 its health."""
        mid = pen.size - 1
        pen.put(c.hex, c.glyph.upper() if c.side == 0 else c.glyph.lower(), colour, None, mid)
        pen.put(c.hex, FACING_ARROWS[c.facing % 6], colour, None, mid + 1)
        if pen.size > 1:
            for i, ch in enumerate(HEALTH_BARS.get(health(c), "  ")):
                pen.put(c.hex, ch, colour, None, mid + i, 1)

    def _highlights(self, pen: Pen, view: BattleView, marks: Marks) -> None:
        """The acting combatant, the target and the cursor: a background and colour-free marks."""
        active = view.combatant(view.active)
        spots: tuple[tuple[Hex | None, palette.RGB], ...] = (
            (active.hex if active else None, palette.ACTIVE_BG),
            (marks.target, palette.TARGET_BG),
            (marks.cursor, palette.CURSOR_BG),
        )
        for spot, bg in spots:
            if spot is not None:
                pen.shade(spot, bg)
        right = 2 * pen.size - 1
        if marks.cursor is not None and pen.size > 1:
            pen.put(marks.cursor, CURSOR_MARKS[0], palette.BRIGHT, None)
            pen.put(marks.cursor, CURSOR_MARKS[1], palette.BRIGHT, None, right)
        if marks.target is not None:  # a mark beside the target, readable without colour
            if pen.size == 1:  # in the west neighbour's arrow column: never over an arrow
                west = hex_neighbor(marks.target, 3)
                if view.standing_at(west) is None:
                    pen.put(marks.target, TARGET_MARK, palette.BRIGHT, palette.TARGET_BG, dx=-1)
            else:
                pen.put(marks.target, TARGET_MARK, palette.BRIGHT, None)
                pen.put(marks.target, TARGET_MARK_RIGHT, palette.BRIGHT, None, right)
