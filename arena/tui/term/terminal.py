"""The real terminal: blessed reads keys and sets the modes, the diff writer draws frames.

Every exit path restores the terminal: blessed's context managers undo the alternate screen,
cbreak, the hidden cursor and keypad mode on return, Ctrl-C and exceptions alike, and SIGTERM
or SIGHUP become SystemExit so those context managers run for them too.
"""

from __future__ import annotations

import io
import os
import signal
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from types import FrameType
from typing import Protocol

import blessed
import tcod.console

from arena.tui.term.diffwriter import ColourMode, DiffWriter, colour_mode

POLL_SECONDS = 0.1
_CONTROL_NAMES = {
    "\t": "KEY_TAB", "\r": "KEY_ENTER", "\n": "KEY_ENTER", "\x1b": "KEY_ESCAPE",
    "\x7f": "KEY_BACKSPACE", "\b": "KEY_BACKSPACE",
}

_WHEEL = {"MOUSE_SCROLL_UP": "KEY_PGUP", "MOUSE_SCROLL_DOWN": "KEY_PGDOWN",
          "MOUSE_RIGHT": "KEY_ESCAPE"}  # the wheel scrolls the log; a right click backs out
# Mouse reports that carry a cell, as the key the front end reads ('MOUSE_CLICK col row').
_AT = {"MOUSE_LEFT": "MOUSE_CLICK", "MOUSE_MOTION": "MOUSE_MOVE"}


class Frontend(Protocol):
    """What the loop drives: something that takes keys and draws itself."""

    @property
    def done(self) -> bool:
        """True when the loop should stop."""
        ...

    def feed(self, key: str) -> None:
        """Handle one key."""
        ...

    def draw(self, console: tcod.console.Console) -> None:
        """Draw into the console."""
        ...


def key_names(text: str, name: str | None) -> list[str]:
    r"""A keystroke as keymap keys; Alt+key (Escape then a key, typed fast) is both keys.

    >>> key_names("\x1by", "KEY_ALT_Y"), key_names("\t", None), key_names("y", None)
    (['KEY_ESCAPE', 'y'], ['KEY_TAB'], ['y'])
    """
    if name and name.startswith("MOUSE_"):  # the wheel and right click; cells: `mouse_keys`
        return [_WHEEL[name]] if name in _WHEEL else []
    if name and name.startswith("KEY_ALT_") and len(text) == 2 and text[0] == "\x1b":
        return ["KEY_ESCAPE", *key_names(text[1], None)]
    if name:
        return [name]
    if text in _CONTROL_NAMES:
        return [_CONTROL_NAMES[text]]
    return [text] if text else []


def click_key(col: int, row: int, kind: str = "MOUSE_CLICK") -> str:
    """A left click (or a move) as a key the front end understands: 'MOUSE_CLICK col row'.

    >>> click_key(3, 7), click_key(0, 1, "MOUSE_MOVE")
    ('MOUSE_CLICK 3 7', 'MOUSE_MOVE 0 1')
    """
    return f"{kind} {col} {row}"


def mouse_keys(name: str | None, col: int, row: int, hover: bool) -> list[str] | None:
    """A click or a move at (col, row) as its key; None when it is no such report.

    A move is passed on only to a front end that follows the pointer (`hover`).

    >>> mouse_keys("MOUSE_LEFT", 2, 5, False), mouse_keys("MOUSE_MOTION", 2, 5, False)
    (['MOUSE_CLICK 2 5'], [])
    >>> mouse_keys("MOUSE_MOTION", 2, 5, True), mouse_keys("y", 0, 0, True)
    (['MOUSE_MOVE 2 5'], None)
    """
    kind = _AT.get(name or "")
    if kind is None:
        return None
    return [click_key(col, row, kind)] if hover or kind != "MOUSE_MOVE" else []


def keys_of(keystroke: blessed.keyboard.Keystroke, hover: bool) -> list[str]:
    """The keys a keystroke read by blessed stands for (a mouse report's with its cell)."""
    if not keystroke:
        return []
    y, x = keystroke.mouse_yx
    found = mouse_keys(keystroke.name, x, y, hover)
    return key_names(str(keystroke), keystroke.name) if found is None else found


def _raise_exit(signum: int, _frame: FrameType | None) -> None:
    """Turn a termination signal into SystemExit so the terminal is restored."""
    raise SystemExit(128 + signum)


class Terminal:
    """A full-screen session: run one front end after another until each is done."""

    def __init__(self, term: blessed.Terminal, mode: ColourMode) -> None:
        self.term = term
        self.writer = DiffWriter(mode)
        self.console = tcod.console.Console(1, 1, order="C")
        self.stale = False

    def resumed(self, _signum: int, _frame: FrameType | None) -> None:
        """After a suspend (Ctrl-Z, then fg) the screen may hold anything: redraw it all."""
        self.stale = True

    def _size(self) -> bool:
        """Match the console to the terminal; True when the size changed or after a resume."""
        w, h = max(1, self.term.width), max(1, self.term.height)
        if (w, h) == (self.console.width, self.console.height):
            if self.stale:
                self.stale = False
                self.writer.invalidate()
                return True
            return False
        self.console = tcod.console.Console(w, h, order="C")
        self.writer.invalidate()
        return True

    def show(self, frontend: Frontend) -> None:
        """Draw a frame and send only what changed."""
        frontend.draw(self.console)
        out = self.writer.frame(self.console)
        if out:
            self.term.stream.write(out)
            self.term.stream.flush()

    def _latest(self, keystroke: blessed.keyboard.Keystroke) -> blessed.keyboard.Keystroke:
        """A pointer move, or the last of the moves already waiting (a fast sweep is one)."""
        while keystroke and keystroke.name == "MOUSE_MOTION":
            following = self.term.inkey(timeout=0)
            if not following:
                break
            if following.name != "MOUSE_MOTION":
                self.term.ungetch(str(following))
                break
            keystroke = following
        return keystroke

    def run(self, frontend: Frontend) -> None:
        """Draw, read keys and feed them until the front end is done; redraw on resize."""
        self._size()
        self.show(frontend)
        while not frontend.done:
            keystroke = self._latest(self.term.inkey(timeout=POLL_SECONDS))
            changed = self._size()
            keys = keys_of(keystroke, getattr(frontend, "hover", False))
            for key in keys:
                frontend.feed(key)
                if frontend.done:
                    return
                if getattr(frontend, "flush_input", False):  # e.g. the battle just ended
                    frontend.flush_input = False  # type: ignore[attr-defined]
                    self.term.flushinp()
                    break
            ticked = getattr(frontend, "tick", None)  # a replay playing on by itself
            if keys or changed or (ticked is not None and ticked()):
                self.show(frontend)


# Written when the terminal's description lacks them (TERM=vt100 or linux has no alternate
# screen or no cursor hiding): every xterm-like emulator honours these, others ignore them.
SHOW_CURSOR, HIDE_CURSOR = "\x1b[?25h", "\x1b[?25l"
ENTER_ALT, LEAVE_ALT = "\x1b[?1049h", "\x1b[?1049l"
CLEAR = "\x1b[0m\x1b[H\x1b[2J"
MOUSE_MODES = (1000, 1003, 1006)  # report buttons and every move, in SGR coordinates


def styled_terminal() -> blessed.Terminal:
    """A blessed terminal that handles the screen even under NO_COLOR.

    NO_COLOR governs colour (our diff writer reads it), not the alternate screen, the cursor,
    keypad mode or key names, which blessed would otherwise all drop.
    """
    hidden = os.environ.pop("NO_COLOR", None)
    try:
        return blessed.Terminal()
    finally:
        if hidden is not None:
            os.environ["NO_COLOR"] = hidden


def _write(term: blessed.Terminal, text: str) -> None:
    """Send raw text to the terminal now."""
    term.stream.write(text)
    term.stream.flush()


def screen_modes(term: blessed.Terminal, stack: ExitStack, mouse: bool) -> None:
    """Alternate screen, cbreak, hidden cursor, keypad and SGR mouse reports, undone on exit.

    What the terminal's description lacks (vt100, linux) is written directly.
    """
    alternate = bool(term.enter_fullscreen)
    _write(term, ENTER_ALT if not alternate else "")
    stack.callback(_write, term, LEAVE_ALT if not alternate else "")
    stack.enter_context(term.fullscreen())
    stack.callback(_write, term, CLEAR)  # nothing of the last frame stays behind
    stack.enter_context(term.cbreak())
    stack.callback(_write, term, SHOW_CURSOR)
    stack.enter_context(term.hidden_cursor())
    _write(term, HIDE_CURSOR)
    stack.enter_context(term.keypad())
    if mouse:  # blessed parses SGR reports only for modes it believes are on
        term._dec_mode_set_enabled(*MOUSE_MODES)
        stack.callback(term._dec_mode_set_disabled, *MOUSE_MODES)


@contextmanager
def fullscreen(mouse: bool = True) -> Iterator[Terminal]:
    """Enter the alternate screen with cbreak input, hidden cursor and keypad mode."""
    mode = colour_mode()
    term = styled_terminal()
    if isinstance(term.stream, io.TextIOWrapper):
        term.stream.reconfigure(errors="replace")  # a non-UTF-8 locale gets '?', not a crash
    screen = Terminal(term, mode)
    with ExitStack() as stack:
        handlers: dict[int, Callable[[int, FrameType | None], None]] = {
            signal.SIGTERM: _raise_exit, signal.SIGHUP: _raise_exit, signal.SIGCONT: screen.resumed,
        }
        for signum, handler in handlers.items():
            previous = signal.signal(signum, handler)
            stack.callback(signal.signal, signum, previous)
        screen_modes(term, stack, mouse)
        stack.callback(_write, term, "\x1b[0m")
        yield screen
