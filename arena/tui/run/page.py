"""A full-screen page of lines with lettered choices: the run's title, preview and end screens.

Keys: a choice's key picks it; up/down (or k/j) move the highlight and Enter picks it; Esc
picks the choice marked as the way back, if there is one. PgUp/PgDn scroll a long body.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import tcod.console

from arena.tui.term import palette
from arena.tui.term.canvas import Canvas
from arena.tui.term.glyphs import fit, sanitise, wrap
from arena.tui.term.layout import too_small
from arena.tui.term.lines import Line

UP, DOWN = ("KEY_UP", "k"), ("KEY_DOWN", "j")
ENTER = ("KEY_ENTER", "\n", "\r")


@dataclass(frozen=True, slots=True)
class Option:
    """One choice: the key that picks it, its label and what it answers."""

    key: str
    label: str
    value: str


@dataclass(slots=True)
class Page:
    """A title, body lines, choices; `answer` is set when one is picked."""

    title: str
    body: list[Line]
    options: list[Option]
    back: str | None = None  # the answer Esc gives (None: Esc does nothing)
    hint: str = ""
    answer: str | None = None
    index: int = 0
    offset: int = 0
    rows: int = field(default=10, repr=False)
    art: int = 0  # the body's first lines that are a drawing (the map), not read aloud

    @property
    def done(self) -> bool:
        """True once a choice is picked."""
        return self.answer is not None

    def feed(self, key: str) -> None:
        """Pick, move the highlight, or scroll."""
        picked = next((o for o in self.options if o.key == key), None)
        if picked is not None:
            self.answer = picked.value
        elif key in ENTER and self.options:
            self.answer = self.options[self.index].value
        elif key == "KEY_ESCAPE" and self.back is not None:
            self.answer = self.back
        elif key in UP and self.options:
            self.index = (self.index - 1) % len(self.options)
        elif key in DOWN and self.options:
            self.index = (self.index + 1) % len(self.options)
        elif key == "KEY_PGDOWN":
            self.offset = min(self.offset + self.rows, max(0, len(self.body) - self.rows))
        elif key == "KEY_PGUP":
            self.offset = max(0, self.offset - self.rows)

    def draw(self, console: tcod.console.Console) -> None:
        """Title, the body (wrapped, scrolled), the choices and the hint."""
        canvas = Canvas(console)
        canvas.clear()
        w, h = canvas.width, canvas.height
        if too_small(w, h):
            canvas.text(0, 0, fit(f"Terminal too small ({w}x{h}); arena needs 80x24.", w),
                        palette.HINT)
            return
        canvas.text(2, 0, fit(sanitise(self.title), w - 4), palette.TITLE)
        body = [(part, colour) for text, colour in self.body
                for part in (wrap(sanitise(text), w - 4, "    ") if text else [""])]
        self.rows = max(1, h - 4 - len(self.options))
        self.offset = min(self.offset, max(0, len(body) - self.rows))
        for i, (text, colour) in enumerate(body[self.offset : self.offset + self.rows]):
            canvas.text(2, 2 + i, fit(text, w - 4), colour)
        top = h - 1 - len(self.options)
        for i, o in enumerate(self.options):
            chosen = i == self.index
            label = f"{'>' if chosen else ' '} {self._key(o.key)}) {sanitise(o.label)}"
            canvas.text(2, top + i, fit(label, w - 4), palette.BRIGHT if chosen else palette.TEXT)
        more = "  PgUp/PgDn: scroll" if len(body) > self.rows else ""
        canvas.text(2, h - 1, fit(self.hint + more, w - 4), palette.HINT)

    def spoken(self) -> list[str]:
        """The page as lines for the accessible mode: no drawing, every choice on a line."""
        body = [sanitise(text) for text, _ in self.body[self.art :] if text.strip()]
        choices = [f"{self._key(o.key)}) {sanitise(o.label)}" for o in self.options]
        return [sanitise(self.title), *body, *choices, self.hint]

    @staticmethod
    def _key(key: str) -> str:
        """A key as the choice list shows it."""
        return {"KEY_ENTER": "Enter", "KEY_ESCAPE": "Esc"}.get(key, key)
