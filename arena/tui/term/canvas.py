"""Fast drawing into a console's tiles with numpy: text runs, filled boxes, single cells.

`tcod.console.Console.print` costs ~14 µs a call through cffi; writing the code points and
colours of a line as numpy slices costs ~4 µs, which keeps a redraw well under 1 ms.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import tcod.console

from arena.tui.term import palette
from arena.tui.term.glyphs import fit, sanitise
from arena.tui.term.lines import Line

# A blank tile as three little-endian words: space, opaque white, opaque black.
_BLANK = np.array([32, -1, -16777216], dtype="<i4")


class Canvas:
    """One frame's drawing surface over a console."""

    def __init__(self, console: tcod.console.Console) -> None:
        self.console = console
        self.width, self.height = console.width, console.height
        rgb = console.rgb
        self.ch, self.fg, self.bg = rgb["ch"], rgb["fg"], rgb["bg"]

    def clear(self) -> None:
        """Blank every tile."""
        self.console.rgba.view("<i4").reshape(self.height, self.width, 3)[...] = _BLANK

    def text(self, x: int, y: int, s: str, fg: palette.RGB, width: int | None = None,
             bg: palette.RGB | None = None) -> None:
        """Write one line of sanitised text from (x, y), cut to `width` and the screen edge."""
        if not 0 <= y < self.height or x >= self.width or x < 0:
            return
        room = self.width - x if width is None else min(width, self.width - x)
        s = fit(sanitise(s), room)
        if not s:
            return
        codes = np.frombuffer(s.encode("utf-32-le"), dtype="<u4")
        end = x + len(codes)
        self.ch[y, x:end] = codes
        self.fg[y, x:end] = fg
        if bg is not None:
            self.bg[y, x:end] = bg

    def block(self, x: int, y: int, width: int, rows: Sequence[Line]) -> None:
        """Write lines, one per row from (x, y), each padded or cut to `width`, in one go."""
        width = min(width, self.width - x)
        rows = rows[: max(0, self.height - y)]
        if width <= 0 or not rows or x < 0 or y < 0:
            return
        text = "".join(fit(sanitise(s), width).ljust(width) for s, _ in rows)
        codes = np.frombuffer(text.encode("utf-32-le"), dtype="<u4").reshape(len(rows), width)
        self.ch[y : y + len(rows), x : x + width] = codes
        colours = np.array([fg for _, fg in rows], dtype=np.uint8)
        self.fg[y : y + len(rows), x : x + width] = colours[:, None, :]

    def fill(self, x: int, y: int, w: int, h: int, ch: str, fg: palette.RGB,
             bg: palette.RGB | None = None) -> None:
        """Fill a box with one character and colour (clipped to the screen)."""
        x0, y0 = max(0, x), max(0, y)
        x1, y1 = min(self.width, x + w), min(self.height, y + h)
        if x0 >= x1 or y0 >= y1:
            return
        self.ch[y0:y1, x0:x1] = ord(ch)
        self.fg[y0:y1, x0:x1] = fg
        if bg is not None:
            self.bg[y0:y1, x0:x1] = bg

    def cell(self, x: int, y: int, ch: str | None, fg: palette.RGB | None,
             bg: palette.RGB | None) -> None:
        """Change one tile's character and colours where given (off-screen is ignored)."""
        if 0 <= x < self.width and 0 <= y < self.height:
            if ch is not None:
                self.ch[y, x] = ord(ch)
            if fg is not None:
                self.fg[y, x] = fg
            if bg is not None:
                self.bg[y, x] = bg
