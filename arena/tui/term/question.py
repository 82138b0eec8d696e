"""A full-screen yes/no question (or a notice that any key dismisses), before the game starts."""

from __future__ import annotations

import tcod.console

from arena.tui.term import palette
from arena.tui.term.canvas import Canvas
from arena.tui.term.glyphs import fit, sanitise


class Question:
    """Centred lines and an answer: 'y', 'n' (n or Esc), or any key for a notice."""

    def __init__(self, lines: list[str], notice: bool = False) -> None:
        self.lines = [sanitise(line) for line in lines]
        self.notice = notice
        self.answer: str | None = None

    @property
    def done(self) -> bool:
        """True once answered."""
        return self.answer is not None

    def feed(self, key: str) -> None:
        """Take y/Y, n/N/Esc, or any key for a notice; ignore the rest."""
        if self.notice or key in ("y", "Y"):
            self.answer = "y"
        elif key in ("n", "N", "KEY_ESCAPE"):
            self.answer = "n"

    def draw(self, console: tcod.console.Console) -> None:
        """The lines centred on the console, the last one as the prompt."""
        canvas = Canvas(console)
        canvas.clear()
        w, h = canvas.width, canvas.height
        top = max(0, (h - len(self.lines)) // 2)
        for i, line in enumerate(self.lines):
            text = fit(line, w)
            colour = palette.HINT if i == len(self.lines) - 1 else palette.TEXT
            canvas.text(max(0, (w - len(text)) // 2), top + i, text, colour)
