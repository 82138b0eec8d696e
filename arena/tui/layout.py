"""Where each part of the screen goes for a terminal size, and where the map's origin hex lands."""

from __future__ import annotations

from dataclasses import dataclass

from arena.hexgrid import Hex

MIN_WIDTH = 80
MIN_HEIGHT = 24
LOG_MIN = 6


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


def too_small(width: int, height: int) -> bool:
    """True when the terminal is below 80x24."""
    return width < MIN_WIDTH or height < MIN_HEIGHT


def layout(width: int, height: int) -> Layout:
    """Split the screen: panel on the right of the map, the log under both, full width.

    >>> layout(80, 24).map, layout(80, 24).log
    (Rect(x=0, y=1, width=49, height=15), Rect(x=0, y=16, width=80, height=7))
    """
    panel_w = 30 if width < 120 else min(48, width // 4)
    log_h = max(LOG_MIN, (height - 2) // 3)
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


def map_origin(area: Rect, radius: int, focus: Hex) -> tuple[int, int]:
    """The cell of hex (0, 0): the map centred when it fits, else centred on `focus`.

    A hex's glyph sits at (2q + r, r) from the origin and its facing mark one column right,
    so a map of radius R needs 4R + 2 columns and 2R + 1 rows.
    """
    cx, cy = area.x + (area.width - 1) // 2, area.y + area.height // 2
    if 4 * radius + 2 <= area.width and 2 * radius + 1 <= area.height:
        return (cx, cy)
    return (cx - (2 * focus.q + focus.r), cy - focus.r)
