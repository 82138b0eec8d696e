"""Text safe to draw: no control characters, no double-width or combining characters."""

from __future__ import annotations

import textwrap
import unicodedata
from functools import lru_cache

_REPLACEMENT = "?"


def _safe(c: str) -> str:
    """One character as drawn: controls dropped, wide or combining ones replaced."""
    category = unicodedata.category(c)
    if category.startswith("C"):
        return " " if c in "\t\n\r" else ""
    if category in ("Mn", "Me") or unicodedata.east_asian_width(c) in ("W", "F"):
        return _REPLACEMENT
    return c


@lru_cache(maxsize=4096)
def sanitise(text: str) -> str:
    r"""`text` with control characters removed and each wide or combining character as '?'.

    >>> sanitise("Ko\x1b[2Jrg\u200b the \u6771 e\u0301")
    'Ko[2Jrg the ? e?'
    """
    if text.isascii() and text.isprintable():
        return text
    return "".join(_safe(c) for c in text)


def wrap(text: str, width: int, indent: str = "  ") -> list[str]:
    """Wrap a log line to `width` columns, continuation lines indented.

    >>> wrap("one two three four", 9)
    ['one two', '  three', '  four']
    """
    if len(text) <= width:
        return [text]
    return textwrap.wrap(
        text, width, subsequent_indent=indent, break_on_hyphens=False
    ) or [""]


def fit(text: str, width: int) -> str:
    """`text` cut to `width` columns, an ellipsis marking the cut.

    >>> fit("longsword", 6), fit("axe", 6)
    ('longs…', 'axe')
    """
    if width <= 0:
        return ""
    return text if len(text) <= width else text[: width - 1] + "…"


def fit_left(text: str, width: int) -> str:
    """`text` cut to `width` columns from the left, so a path keeps its file name.

    >>> fit_left("saves/duel-1.replay.json", 12)
    '…replay.json'
    """
    if width <= 0:
        return ""
    return text if len(text) <= width else "…" + text[len(text) - width + 1 :]
