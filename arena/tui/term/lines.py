"""A line of text in its colour: what panels, pages and the log are made of."""

from __future__ import annotations

from arena.tui.term import palette
from arena.tui.term.glyphs import wrap

Line = tuple[str, palette.RGB]


def wrapped(text: str, colour: palette.RGB, width: int, indent: str = "  ") -> list[Line]:
    """`text` wrapped to `width` columns (continuations indented), each row in `colour`.

    >>> wrapped("one two three", (1, 2, 3), 9)
    [('one two', (1, 2, 3)), ('  three', (1, 2, 3))]
    """
    return [(part, colour) for part in wrap(text, width, indent)]
