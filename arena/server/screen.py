"""The screen a terminal emulator (pyte) holds, written out again as one burst of ANSI text.

A spectator who joins late, or a player who comes back, gets the whole current screen at once
(never half a map), then the live stream.
"""

from __future__ import annotations

import pyte

_BASIC = {name: i for i, name in enumerate(
    ("black", "red", "green", "brown", "blue", "magenta", "cyan", "white"))}


def _colour(value: str, background: bool) -> str:
    """An SGR parameter for a pyte colour ('default', a name, or six hex digits)."""
    if value == "default":
        return "49" if background else "39"
    if value in _BASIC:
        return str((40 if background else 30) + _BASIC[value])
    if len(value) == 6:
        try:
            r, g, b = int(value[:2], 16), int(value[2:4], 16), int(value[4:], 16)
        except ValueError:
            return "49" if background else "39"
        return f"{48 if background else 38};2;{r};{g};{b}"
    return "49" if background else "39"


def _style(char: pyte.screens.Char) -> str:
    """The SGR sequence that draws `char`'s colours and attributes."""
    parts = ["0", _colour(char.fg, False), _colour(char.bg, True)]
    if char.bold:
        parts.append("1")
    if char.reverse:
        parts.append("7")
    if char.underscore:
        parts.append("4")
    return f"\x1b[{';'.join(parts)}m"


def render(screen: pyte.Screen) -> bytes:
    """The whole screen: clear, every row with its colours, then the cursor where it was."""
    out = ["\x1b[0m\x1b[H\x1b[2J"]
    for y in range(screen.lines):
        row = screen.buffer[y]
        out.append(f"\x1b[{y + 1};1H")
        style = ""
        for x in range(screen.columns):
            char = row[x]
            wanted = _style(char)
            if wanted != style:
                out.append(wanted)
                style = wanted
            out.append(char.data or " ")
    out.append(f"\x1b[0m\x1b[{screen.cursor.y + 1};{screen.cursor.x + 1}H")
    out.append("\x1b[?25l" if screen.cursor.hidden else "\x1b[?25h")
    return "".join(out).encode("utf-8", "replace")
