"""`arena run --accessible`: the run's screens as plain lines for a screen reader.

The same run as the full screen, as `arena play --accessible` is the same battle: every page
(the title, the ruleset, the party, the run's map, a bout's preview and outcome, a camp, an
event, the end) prints what it shows as lines (`spoken()`: the map's drawing left out, one
line per road), and each line typed is keys (`accessible.play.keys_of`: `1`, `enter`, `esc`);
an empty line repeats the screen. A bout is the accessible battle, with the run's `A`
(auto-fight). End of input keeps the run's journal and ends the program.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol, runtime_checkable

from arena.tui.accessible.play import LineScreen, Reader, keys_of
from arena.tui.run.bout import BoutScreen
from arena.tui.term.glyphs import sanitise
from arena.tui.term.terminal import Frontend


class InputEnded(Exception):  # noqa: N818  (it is not an error: the player stopped typing)
    """The input ended at a run's page: the run is saved where it stands."""


@runtime_checkable
class Spoken(Protocol):
    """A run's screen that can say itself."""

    @property
    def done(self) -> bool:
        """True once the screen has its answer."""
        ...

    def feed(self, key: str) -> None:
        """One key."""
        ...

    def spoken(self) -> list[str]:
        """What the screen shows, as lines."""
        ...


class RunLines(LineScreen):
    """`Screen` for `arena run --accessible`: pages and camps as lines, bouts as the battle."""

    def run(self, frontend: Frontend) -> None:
        """Say the screen and read keys until it is done."""
        if isinstance(frontend, BoutScreen):
            Reader(frontend.app, self.out, self.inp, feed=frontend.feed).play()
        elif isinstance(frontend, Spoken):
            self.lines(frontend)
        else:
            super().run(frontend)

    def say(self, lines: list[str]) -> None:
        """Print the lines that hold something, made safe for the terminal."""
        for line in lines:
            if line.strip():
                self.out.write(sanitise(line) + "\n")
        self.out.flush()

    def lines(self, screen: Spoken) -> None:
        """The screen said, then a line of keys at a time; it is said again when it changes."""
        said = screen.spoken()
        self.say(said)
        while not screen.done:
            self.out.write("> ")
            self.out.flush()
            line = self.inp.readline()
            if not line:
                raise InputEnded
            keys = keys_of(line)
            if not keys:  # an empty line repeats the screen
                self.say(said)
                continue
            for key in keys:
                screen.feed(key)
                if screen.done:
                    return
            now = screen.spoken()
            self.say(now if now != said else now[-1:])
            said = now


@contextmanager
def run_lines() -> Iterator[RunLines]:
    """The accessible run on the process's stdin and stdout."""
    yield RunLines(sys.stdout, sys.stdin)
