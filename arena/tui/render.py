"""The hex map on a console: terrain, path, items, the fallen, combatants with their facing.

Pointy-top hexes, two columns per hex (`hexgrid.hex_to_cell`): a hex's glyph is in its first
column; the second holds a combatant's facing arrow. Terrain is painted with numpy from arrays
built once per map, so a redraw costs little Python time.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from arena.hexgrid import Hex, hex_to_cell
from arena.model.terrain import HexMap
from arena.tui import palette
from arena.tui.canvas import Canvas
from arena.tui.layout import Rect
from arena.view import BattleView

FACING_ARROWS = "→↗↖←↙↘"
ITEM_GLYPH = ")"
CORPSE_GLYPH = "%"


@dataclass(frozen=True, slots=True)
class Marks:
    """What the map highlights besides the active combatant."""

    cursor: Hex | None = None
    target: Hex | None = None
    path: tuple[Hex, ...] = ()


class TerrainLayer:
    """A map's terrain glyphs and colours as arrays of offsets from the origin hex's cell."""

    def __init__(self, hexmap: HexMap) -> None:
        hexes = sorted(hexmap.cells)
        self.map = hexmap
        self.dx: NDArray[np.int32] = np.array([2 * h.q + h.r for h in hexes], dtype=np.int32)
        self.dy: NDArray[np.int32] = np.array([h.r for h in hexes], dtype=np.int32)
        self.ch: NDArray[np.int32] = np.array(
            [ord(hexmap.cells[h].glyph[0]) for h in hexes], dtype=np.int32
        )
        self.fg: NDArray[np.uint8] = np.array(
            [palette.terrain_colour(hexmap.cells[h]) for h in hexes], dtype=np.uint8
        ).reshape(-1, 3)
        self._clip: tuple[object, NDArray[np.int32], NDArray[np.int32], NDArray[np.int32],
                          NDArray[np.uint8]] | None = None

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


class MapPainter:
    """Draws a battle's map; keeps the terrain layer of the last map it saw."""

    def __init__(self) -> None:
        self._layer: TerrainLayer | None = None

    def layer(self, hexmap: HexMap) -> TerrainLayer:
        """The terrain layer of `hexmap`, built on first use."""
        if self._layer is None or self._layer.map is not hexmap:
            self._layer = TerrainLayer(hexmap)
        return self._layer

    def paint(
        self, canvas: Canvas, area: Rect, origin: tuple[int, int], view: BattleView,
        marks: Marks,
    ) -> None:
        """Draw terrain, path, items, the fallen, combatants, then the highlights."""
        self.layer(view.map).paint(canvas, area, origin)

        def put(h: Hex, ch: str | None, fg: palette.RGB | None, bg: palette.RGB | None,
                dx: int = 0) -> None:
            col, row = hex_to_cell(h, origin)
            if area.contains(col + dx, row):
                canvas.cell(col + dx, row, ch, fg, bg)

        for h in marks.path[1:]:
            put(h, None, None, palette.PATH_BG)
        for c in view.combatants:
            if not c.alive:
                put(c.hex, CORPSE_GLYPH, palette.CORPSE, None)
        for item in view.items:
            put(item.hex, ITEM_GLYPH, palette.ITEM, None)
        colours = [palette.parse_colour(s.colour) for s in view.sides]
        for c in view.combatants:
            if c.alive:
                colour = colours[c.side % len(colours)]
                put(c.hex, c.glyph, colour, None)
                put(c.hex, FACING_ARROWS[c.facing % 6], colour, None, dx=1)
        active = view.combatant(view.active)
        spots: tuple[tuple[Hex | None, palette.RGB], ...] = (
            (active.hex if active else None, palette.ACTIVE_BG),
            (marks.target, palette.TARGET_BG),
            (marks.cursor, palette.CURSOR_BG),
        )
        for spot, bg in spots:
            if spot is not None:
                put(spot, None, None, bg)
                put(spot, None, None, bg, dx=1)
