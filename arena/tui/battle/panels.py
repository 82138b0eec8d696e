"""The text parts of the screen: status line, side panel, message log and prompt line."""

from __future__ import annotations

from collections.abc import Sequence

from arena.tui.battle.session import LogLine, Session
from arena.tui.term import palette
from arena.tui.term.canvas import Canvas
from arena.tui.term.glyphs import wrap
from arena.tui.term.keymap import first_key
from arena.tui.term.layout import Rect
from arena.tui.term.lines import Line


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


class Filler(list[Line]):
    """Panel lines that give way to the card above them (the initiative order), not it to them."""


def order(session: Session) -> Filler:
    """The round's initiative order, the active combatant marked."""
    view = session.view
    rows = Filler([(f"Round {view.round}: initiative", palette.TITLE)])
    for entity in view.order:
        c = view.combatant(entity)
        if c is None:
            continue
        mark = ">" if entity == view.turn else " "
        colour = palette.side_colour(view.sides[c.side].colour, c.side) if c.alive else palette.DIM
        state = f"{c.hp}/{c.max_hp}" if c.alive else "fallen"
        side = side_label(session, c.side)
        rows.append((f"{mark}{side_glyph(c.glyph, c.side)} {c.name[:11]:<11} {side:<6} {state}",
                     colour))
    return rows


def side_glyph(glyph: str, side: int) -> str:
    """A combatant's map letter: upper case for side 0, lower case for the others.

    So the sides part without colour.

    >>> side_glyph("a", 0), side_glyph("A", 1)
    ('A', 'a')
    """
    return glyph.upper() if side == 0 else glyph.lower()


def side_label(session: Session, side: int) -> str:
    """A short side name for lists: 'you' for the player's only side, else the name's start."""
    if session.players == frozenset({side}):
        return "you"
    return session.view.sides[side].name.split()[0][:6] if session.view.sides[side].name \
        else f"side{side}"


def panel(canvas: Canvas, area: Rect, top: Sequence[Line], bottom: Sequence[Line]) -> None:
    """The side panel: a card on top, a blank row, then the mode's lines; a cut is marked.

    A mode's lines (look, aim, a menu) come first: when they do not fit under the whole card,
    the card is cut to its first rows, or left out (the status line names who acts); only then
    are they cut. `Filler` lines (the initiative order) are cut, never the card.
    """
    canvas.fill(area.x - 1, area.y, 1, area.height, "│", palette.FRAME)
    keep = len(top) if isinstance(bottom, Filler) else max(0, area.height - 1 - len(bottom))
    y = lines(canvas, area, top[:keep]) if keep or not top else -1  # left out: no blank row
    room = area.height - y - 1
    if 0 < room < len(bottom):
        bottom = [*bottom[:room - 1], (f"… {len(bottom) - room + 1} more not shown", palette.DIM)]
    lines(canvas, area, bottom, y + 1)


class LogPane:
    """The message log, wrapped to the pane's width; wrapping is cached and extended."""

    def __init__(self) -> None:
        self.width = 0
        self.done = 0
        self.rows: list[Line] = []
        self.marked: list[bool] = []  # rows of important lines, drawn highlighted
        self._last: LogLine | None = None
        self._last_rows = 0

    def update(self, log: Sequence[LogLine], width: int) -> None:
        """Wrap any log lines not wrapped yet (all again after a width change).

        The last line is wrapped again when it was stacked ('(x3)') since.
        """
        if width != self.width or len(log) < self.done:
            self.width, self.done, self.rows, self.marked = width, 0, [], []
        elif self.done and log[self.done - 1] is not self._last:
            self.done -= 1
            del self.rows[len(self.rows) - self._last_rows:]
            del self.marked[len(self.marked) - self._last_rows:]
        for entry in log[self.done:]:
            parts = wrap(entry.shown, width)
            self.rows += [(part, entry.colour) for part in parts]
            self.marked += [entry.important] * len(parts)
            self._last, self._last_rows = entry, len(parts)
        self.done = len(log)

    def max_offset(self, height: int) -> int:
        """How far back the log can scroll."""
        return max(0, len(self.rows) - height)

    def draw(self, canvas: Canvas, area: Rect, log: Sequence[LogLine], offset: int) -> None:
        """The rows that end `offset` rows before the newest; a marker when scrolled back."""
        self.update(log, area.width - 1)
        offset = min(offset, self.max_offset(area.height))
        end = len(self.rows) - offset
        start = max(0, end - area.height)
        shown = self.rows[start:end]
        lines(canvas, Rect(area.x + 1, area.y, area.width - 1, area.height), shown)
        for i, marked in enumerate(self.marked[start:end]):
            if marked:  # sticky: an important line keeps a mark and a background while shown
                canvas.cell(area.x, area.y + i, "!", palette.BRIGHT, palette.ALERT_BG)
                canvas.fill(area.x + 1, area.y + i, area.width - 1, 1, " ", palette.BRIGHT,
                            palette.ALERT_BG)
                canvas.text(area.x + 1, area.y + i, shown[i][0], palette.BRIGHT,
                            area.width - 1)
        if offset:
            note = f" {offset} newer rows: PgDn "
            canvas.text(area.x + area.width - len(note), area.y + area.height - 1, note,
                        palette.BRIGHT, bg=palette.STATUS_BG)


def prompt(canvas: Canvas, area: Rect, message: str, hint: bool) -> None:
    """The bottom line: a hint in its colour, else what the keys of the mode do."""
    canvas.text(area.x, area.y, " " + message, palette.HINT if hint else palette.DIM, area.width)
