"""The --more-- pause and the message history: important lines never scroll away unseen."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from arena.tui.battle.modes import Mode, UiState
from arena.tui.battle.panels import LogPane, lines
from arena.tui.battle.session import LogLine
from arena.tui.term import palette
from arena.tui.term.canvas import Canvas
from arena.tui.term.glyphs import wrap
from arena.tui.term.keymap import KEYMAP, first_key
from arena.tui.term.layout import Rect
from arena.tui.term.lines import Line


def pause(state: UiState, new: Sequence[LogLine], pane: LogPane, page: int) -> UiState:
    """Enter --more-- when the new lines hold an important one and overflow the log pane.

    The log is scrolled so the first new row is at the top; each key shows the next page.
    """
    if state.mode in (Mode.SUMMARY, Mode.HELP, Mode.CONFIRM_QUIT) or \
            not any(e.important for e in new):
        return state
    rows = sum(len(wrap(e.shown, max(10, pane.width or 79))) for e in new)
    if rows <= page:
        return state
    return replace(state, mode=Mode.MORE, log_offset=rows - page, cursor=None, targets=())


def key(state: UiState, key: str, page: int, limit: int, back: Mode) -> UiState:
    """A key in --more-- (the next page) or in the history (scroll; other keys leave).

    The history scrolls back at most `limit` rows.
    """
    action = KEYMAP.get(key)
    if state.mode == Mode.MORE:
        offset = state.log_offset - max(1, page - 1)
        if offset <= 0:
            return replace(state, mode=back, log_offset=0)
        return replace(state, log_offset=offset)
    if action in ("log_up", "log_down") or key in ("KEY_UP", "KEY_DOWN"):
        step = {"log_up": page - 1, "log_down": 1 - page}.get(action or "", 0) or \
            (1 if key == "KEY_UP" else -1)
        return replace(state, log_offset=max(0, min(limit, state.log_offset + step)))
    return replace(state, mode=back, log_offset=0, hint="")


def history_rows(log: Sequence[LogLine], width: int) -> list[Line]:
    """Every log line ever written, wrapped, important ones marked with '!'."""
    rows: list[Line] = []
    for entry in log:
        mark = "! " if entry.important else "  "
        rows += [(mark + part, palette.BRIGHT if entry.important else entry.colour)
                 for part in wrap(entry.shown, width - 2)]
    return rows


def draw_history(canvas: Canvas, log: Sequence[LogLine], offset: int) -> int:
    """The whole message history over the screen, scrolled back `offset` rows.

    Returns how far back it can scroll.
    """
    width, height = canvas.width, canvas.height
    rows = history_rows(log, width - 2)
    body = height - 2
    offset = max(0, min(offset, len(rows) - body))
    end = len(rows) - offset
    canvas.fill(0, 0, width, 1, " ", palette.TEXT, palette.STATUS_BG)
    canvas.text(0, 0, f" Message history: {len(log)} lines. {first_key('log_up')}/"
                f"{first_key('log_down')} or Up/Down scroll, any other key returns",
                palette.TITLE)
    lines(canvas, Rect(1, 1, width - 2, body), rows[max(0, end - body):end])
    if offset:
        canvas.text(1, height - 1, f"{offset} newer rows below", palette.DIM)
    return max(0, len(rows) - body)
