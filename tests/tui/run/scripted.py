"""A screen for `play_run` in tests: it plays each page by a script and keeps what it showed."""

from __future__ import annotations

from collections.abc import Callable

from arena.tui.run.bout import BoutScreen
from arena.tui.run.camp import CampScreen
from arena.tui.run.page import Page
from arena.tui.term.terminal import Frontend

AUTO_LIMIT = 400


class Stop(Exception):  # noqa: N818  (it ends the test's run, not an error)
    """The script has seen what it came for."""


class Scripted:
    """Pages answered by `keys(page)` (None: stop), bouts auto-fought, a camp stops the run."""

    def __init__(self, keys: Callable[[Page], str | None]) -> None:
        self.keys = keys
        self.pages: list[Page] = []
        self.shown: list[str] = []  # each screen's title in turn ('bout' for the battle)

    def run(self, frontend: Frontend) -> None:
        """Play the screen to its end."""
        if isinstance(frontend, BoutScreen):
            self.shown.append("bout")
            for _ in range(AUTO_LIMIT):
                if frontend.done:
                    return
                frontend.feed("KEY_ENTER" if frontend.session.view.over else "A")
            raise AssertionError("the bout never ended")
        if isinstance(frontend, CampScreen):
            self.shown.append("camp")
            raise Stop
        assert isinstance(frontend, Page), frontend
        self.pages.append(frontend)
        self.shown.append(frontend.title)
        while not frontend.done:
            key = self.keys(frontend)
            if key is None:
                raise Stop
            frontend.feed(key)
