"""The text parts of the screen: status line, side panel, message log and prompt line."""

from __future__ import annotations

from collections.abc import Sequence

from arena.tui import palette
from arena.tui.canvas import Canvas
from arena.tui.keymap import first_key
from arena.tui.layout import Rect
from arena.tui.session import LogLine, Session
from arena.tui.text import wrap

Line = tuple[str, palette.RGB]


def lines(canvas: Canvas, area: Rect, rows: Sequence[Line], top: int = 0) -> int:
    """Write lines into `area` from row `top`; return the next free row."""
    shown = list(rows[: max(0, area.height - top)])
    canvas.block(area.x, area.y + top, area.width, shown)
    return top + len(shown)


def status(canvas: Canvas, area: Rect, session: Session) -> None:
    """The top line: scenario, ruleset, seed, round and whose turn it is."""
    view = session.view
    canvas.fill(area.x, area.y, area.width, 1, " ", palette.TEXT, palette.STATUS_BG)
    active = view.combatant(view.turn)
    turn = f"{active.name}'s turn" if active else "battle over"
    side = f" ({view.sides[active.side].name})" if active else ""
    right = f"{first_key('help')} help "
    room = area.width - len(right) - 1
    left = f" {view.title} · {view.ruleset} · seed {view.seed} · round {view.round} · {turn}{side}"
    if len(left) > room:
        left = f" {view.title} · round {view.round} · {turn}{side}"
    canvas.text(area.x, area.y, left, palette.TITLE, room)
    canvas.text(area.x + area.width - len(right), area.y, right, palette.DIM)


def order(session: Session) -> list[Line]:
    """The round's initiative order, the active combatant marked."""
    view = session.view
    rows: list[Line] = [(f"Round {view.round}: initiative", palette.TITLE)]
    for entity in view.order:
        c = view.combatant(entity)
        if c is None:
            continue
        mark = ">" if entity == view.turn else " "
        colour = palette.parse_colour(view.sides[c.side].colour) if c.alive else palette.DIM
        state = f"{c.hp}/{c.max_hp}" if c.alive else "fallen"
        rows.append((f"{mark}{c.glyph} {c.name:<12} {state}", colour))
    return rows


def panel(canvas: Canvas, area: Rect, top: Sequence[Line], bottom: Sequence[Line]) -> None:
    """The side panel: a card on top, a blank row, then the mode's lines."""
    canvas.fill(area.x - 1, area.y, 1, area.height, "│", palette.FRAME)
    y = lines(canvas, area, top)
    lines(canvas, area, bottom, y + 1)


class LogPane:
    """The message log, wrapped to the pane's width; wrapping is cached and extended."""

    def __init__(self) -> None:
        self.width = 0
        self.done = 0
        self.rows: list[Line] = []

    def update(self, log: Sequence[LogLine], width: int) -> None:
        """Wrap any log lines not wrapped yet (all of them again after a width change)."""
        if width != self.width or len(log) < self.done:
            self.width, self.done, self.rows = width, 0, []
        for entry in log[self.done:]:
            self.rows += [(part, entry.colour) for part in wrap(entry.text, width)]
        self.done = len(log)

    def max_offset(self, height: int) -> int:
        """How far back the log can scroll."""
        return max(0, len(self.rows) - height)

    def draw(self, canvas: Canvas, area: Rect, log: Sequence[LogLine], offset: int) -> None:
        """The rows that end `offset` rows before the newest; a marker when scrolled back."""
        self.update(log, area.width - 1)
        offset = min(offset, self.max_offset(area.height))
        end = len(self.rows) - offset
        shown = self.rows[max(0, end - area.height):end]
        lines(canvas, Rect(area.x + 1, area.y, area.width - 1, area.height), shown)
        if offset:
            note = f" {offset} newer rows: PgDn "
            canvas.text(area.x + area.width - len(note), area.y + area.height - 1, note,
                        palette.BRIGHT, bg=palette.STATUS_BG)


def prompt(canvas: Canvas, area: Rect, message: str, hint: bool) -> None:
    """The bottom line: a hint in its colour, else what the keys of the mode do."""
    canvas.text(area.x, area.y, " " + message, palette.HINT if hint else palette.DIM, area.width)
