"""Where each part of the screen goes for a terminal size, and where the map's origin hex lands.

Two map scales: hexes one glyph wide (two columns, one row: `hex_size` 1) and, on a terminal
of at least 120x36 where the whole map fits, blocks of four columns by two rows (`hex_size` 2)
with the panel and the log side by side in a column on the right. The cell maths of both is
`hexgrid.hex_to_cell` / `cell_to_hex` with the size.
"""

from __future__ import annotations

from dataclasses import dataclass

from arena.hexgrid import Hex, hex_to_cell

MIN_WIDTH = 80
MIN_HEIGHT = 24
LOG_MIN = 6
LARGE_WIDTH = 120  # the smallest terminal that gets the larger map scale
LARGE_HEIGHT = 36
SIDE_MIN = 56  # the right column (panel over log) at the larger scale: log lines stay readable
SIDE_MAX = 80


@dataclass(frozen=True, slots=True)
class Rect:
    """A rectangle of cells."""

    x: int
    y: int
    width: int
    height: int

    def contains(self, col: int, row: int) -> bool:
        """True when the cell lies inside."""
        return self.x <= col < self.x + self.width and self.y <= row < self.y + self.height


@dataclass(frozen=True, slots=True)
class Layout:
    """The screen's parts: status line, map, side panel, message log and prompt line."""

    width: int
    height: int
    status: Rect
    map: Rect
    panel: Rect
    log: Rect
    prompt: Rect
    hex_size: int = 1


def too_small(width: int, height: int) -> bool:
    """True when the terminal is below 80x24."""
    return width < MIN_WIDTH or height < MIN_HEIGHT


def map_extent(radius: int, size: int) -> tuple[int, int]:
    """The columns and rows a whole map of `radius` covers at hex size `size`.

    >>> map_extent(7, 1), map_extent(7, 2)
    ((30, 15), (60, 30))
    """
    return 2 * size * (2 * radius + 1), size * (2 * radius + 1)


def hex_size(width: int, height: int, radius: int) -> int:
    """2 when the terminal is at least 120x36 and the whole map fits at that scale, else 1.

    Fitting means all its rows between the status and prompt lines, and a right column of
    at least `SIDE_MIN` beside it for the panel and the log.

    >>> hex_size(140, 40, 7), hex_size(120, 36, 7), hex_size(120, 36, 8), hex_size(100, 32, 5)
    (2, 2, 1, 1)
    """
    cols, rows = map_extent(radius, 2)
    if width < LARGE_WIDTH or height < LARGE_HEIGHT:
        return 1
    return 2 if rows <= height - 2 and width - cols - 1 >= SIDE_MIN else 1


def layout(width: int, height: int, radius: int | None = None) -> Layout:
    """Split the screen: panel on the right of the map, the log under both, full width.

    Given the map's `radius`, a terminal with room for the larger scale (`hex_size`) gets
    it: the map takes the full height on the left, the panel and the log share the right.

    >>> layout(80, 24).map, layout(80, 24).log
    (Rect(x=0, y=1, width=49, height=15), Rect(x=0, y=16, width=80, height=7))
    >>> layout(140, 40).panel.width, layout(140, 40).log.height
    (44, 15)
    >>> big = layout(140, 40, radius=7)
    >>> big.hex_size, big.map
    (2, Rect(x=0, y=1, width=60, height=38))
    >>> big.panel, big.log
    (Rect(x=61, y=1, width=79, height=23), Rect(x=61, y=24, width=79, height=15))
    """
    if radius is not None and hex_size(width, height, radius) == 2:
        return _large(width, height, radius)
    panel_w = 30 if width < 100 else min(56, width // 3 - 2)  # a wider card on a wide screen
    log_h = max(LOG_MIN, (height - 2) // 3 if height < 30 else (height - 2) * 2 // 5)
    top = height - 2 - log_h
    return Layout(
        width,
        height,
        status=Rect(0, 0, width, 1),
        map=Rect(0, 1, width - panel_w - 1, top),
        panel=Rect(width - panel_w, 1, panel_w, top),
        log=Rect(0, 1 + top, width, log_h),
        prompt=Rect(0, height - 1, width, 1),
    )


def _large(width: int, height: int, radius: int) -> Layout:
    """The larger scale's split: the map on the left, full height; panel over log on the right."""
    side = min(SIDE_MAX, width - map_extent(radius, 2)[0] - 1)
    map_w = width - side - 1
    log_h = max(LOG_MIN, (height - 2) * 2 // 5)
    top = height - 2 - log_h
    return Layout(
        width,
        height,
        status=Rect(0, 0, width, 1),
        map=Rect(0, 1, map_w, height - 2),
        panel=Rect(map_w + 1, 1, side, top),
        log=Rect(map_w + 1, 1 + top, side, log_h),
        prompt=Rect(0, height - 1, width, 1),
        hex_size=2,
    )


def map_origin(area: Rect, radius: int, focus: Hex, size: int = 1) -> tuple[int, int]:
    """The top-left cell of hex (0, 0): the map centred when it fits, else centred on `focus`.

    A hex's block starts at size * (2q + r, r) from the origin (`hexgrid.hex_to_cell`), so a
    map of radius R covers `map_extent(R, size)`: 4R + 2 columns and 2R + 1 rows at size 1.

    >>> map_origin(Rect(0, 1, 60, 38), 7, Hex(0, 0), size=2)
    (28, 19)
    """
    cols, rows = map_extent(radius, size)
    cx = area.x + (area.width - 2 * size + 1) // 2
    cy = area.y + (area.height - size + 1) // 2
    if cols <= area.width and rows <= area.height:
        return (cx, cy)
    fx, fy = hex_to_cell(focus, size=size)
    return (cx - fx, cy - fy)
