"""The diff writer: compares a console with the last frame and emits ANSI for changed cells only.

Colour modes: `truecolor` (24-bit SGR), `256` (nearest xterm-256 colour) and `none` (no colour;
a cell with a non-black background is shown in reverse video so highlights stay visible).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from enum import Enum
from functools import lru_cache
from itertools import pairwise

import numpy as np
import tcod.console
from numpy.typing import NDArray

RGB = tuple[int, int, int]


class ColourMode(Enum):
    """How colours reach the terminal."""

    TRUECOLOR = "truecolor"  # 24-bit SGR
    XTERM256 = "256"  # the nearest of the xterm-256 palette
    NONE = "none"  # no colour: highlights in reverse video

_CUBE = (0, 95, 135, 175, 215, 255)


def colour_mode(env: Mapping[str, str] = os.environ) -> ColourMode:
    """The colour mode the environment asks for: NO_COLOR wins, then COLORTERM.

    >>> [colour_mode(env).value for env in ({"COLORTERM": "truecolor"}, {}, {"NO_COLOR": "1"})]
    ['truecolor', '256', 'none']
    """
    if env.get("NO_COLOR"):
        return ColourMode.NONE
    if env.get("COLORTERM", "").lower() in ("truecolor", "24bit"):
        return ColourMode.TRUECOLOR
    return ColourMode.XTERM256


def _nearest_cube(v: int) -> int:
    """Index (0..5) of the xterm cube level nearest to `v`."""
    return min(range(6), key=lambda i: abs(_CUBE[i] - v))


@lru_cache(maxsize=4096)
def xterm256(rgb: RGB) -> int:
    """The xterm-256 palette index nearest to `rgb` (colour cube or grey ramp).

    >>> xterm256((255, 0, 0)), xterm256((0, 0, 0)), xterm256((128, 128, 128))
    (196, 16, 244)
    """
    r, g, b = rgb
    ri, gi, bi = _nearest_cube(r), _nearest_cube(g), _nearest_cube(b)
    cube = (_CUBE[ri], _CUBE[gi], _CUBE[bi])
    grey_level = max(0, min(23, round((sum(rgb) / 3 - 8) / 10)))
    grey = 8 + 10 * grey_level

    def err(c: RGB) -> int:
        return sum((x - y) ** 2 for x, y in zip(c, rgb, strict=True))

    if err((grey, grey, grey)) < err(cube):
        return 232 + grey_level
    return 16 + 36 * ri + 6 * gi + bi


@lru_cache(maxsize=8192)
def sgr(fg: RGB, bg: RGB, mode: ColourMode) -> str:
    """The SGR sequence selecting `fg` on `bg` in `mode`."""
    if mode == ColourMode.NONE:
        return "\x1b[7m" if bg != (0, 0, 0) else "\x1b[27m"
    if mode == ColourMode.TRUECOLOR:
        return "\x1b[38;2;{};{};{};48;2;{};{};{}m".format(*fg, *bg)
    return f"\x1b[38;5;{xterm256(fg)};48;5;{xterm256(bg)}m"


class DiffWriter:
    """Turns successive frames into short ANSI text: changed cells only, in colour runs.

    Tiles are compared as three int32 words each (glyph, RGBA fg, RGBA bg); changed cells are
    grouped into runs of adjacent cells of one colour pair, each written with one cursor move
    (when needed), one SGR (when the colours change) and its characters.
    """

    def __init__(self, mode: ColourMode) -> None:
        self.mode = mode
        self._previous: NDArray[np.int32] | None = None
        self._codes: dict[int, str] = {}

    def invalidate(self) -> None:
        """Forget the last frame: the next one is drawn in full (after a resize or a clear)."""
        self._previous = None

    def frame(self, console: tcod.console.Console) -> str:
        """ANSI text that turns the last frame into `console`'s cells."""
        height, width = console.rgba.shape
        words = console.rgba.view("<i4").reshape(height, width, 3)
        previous = self._previous
        if previous is None or previous.shape != words.shape:
            head = "\x1b[0m\x1b[2J"
            rows, cols = np.nonzero(np.ones((height, width), dtype=bool))
        else:
            head = ""
            differs = words != previous
            rows, cols = np.nonzero(differs[:, :, 0] | differs[:, :, 1] | differs[:, :, 2])
        self._previous = words.copy()
        if not len(rows):
            return ""
        return head + self._runs(words[rows, cols], rows, cols) + "\x1b[0m"

    def _code(self, key: int) -> str:
        """The SGR of a colour pair packed as fg << 24 | bg, each 0xBBGGRR; cached."""
        code = self._codes.get(key)
        if code is None:
            fg, bg = key >> 24, key & 0xFFFFFF
            code = sgr((fg & 255, (fg >> 8) & 255, fg >> 16),
                       (bg & 255, (bg >> 8) & 255, bg >> 16), self.mode)
            self._codes[key] = code
        return code

    def _runs(self, tiles: NDArray[np.int32], rows: NDArray[np.intp], cols: NDArray[np.intp]
              ) -> str:
        """Cursor moves, colour changes and characters for the changed tiles, in row order."""
        chars = tiles[:, 0].astype("<u4")
        chars[chars == 0] = 32
        text = chars.tobytes().decode("utf-32-le")
        colours = tiles[:, 1:].astype(np.int64) & 0xFFFFFF  # RGBA words without alpha
        keys = colours[:, 0] << 24 | colours[:, 1]
        breaks = (rows[1:] != rows[:-1]) | (cols[1:] != cols[:-1] + 1) | (keys[1:] != keys[:-1])
        starts = [0, *(np.flatnonzero(breaks) + 1).tolist(), len(rows)]
        run_rows, run_cols = rows.tolist(), cols.tolist()
        run_keys = keys.tolist()
        out: list[str] = []
        at_row, at_col, colour = -1, -1, ""
        for start, end in pairwise(starts):
            row, col = run_rows[start], run_cols[start]
            if row != at_row:
                out.append(f"\x1b[{row + 1};{col + 1}H")
            elif col != at_col:
                out.append(f"\x1b[{col - at_col}C")
            code = self._code(run_keys[start])
            if code != colour:
                out.append(code)
                colour = code
            out.append(text[start:end])
            at_row, at_col = row, col + end - start
        return "".join(out)
