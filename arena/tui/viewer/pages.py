"""The replay viewer's what-if and branches pages: asking, fighting on, saving, the tree.

`Pages` is a part of `ViewerApp` (arena/tui/viewer/viewer.py): the keys and drawing of the what-if
page (arena/tui/viewer/whatif_page.py) and the branches page (arena/tui/viewer/branch_page.py).
"""

from __future__ import annotations

from dataclasses import replace
from enum import Enum

from arena.errors import ArenaError
from arena.text import one_line
from arena.tui.battle.modes import UiState
from arena.tui.battle.panels import lines
from arena.tui.battle.session import Session
from arena.tui.term import palette
from arena.tui.term.canvas import Canvas
from arena.tui.term.layout import Rect
from arena.tui.viewer import branch_page
from arena.tui.viewer.playback import Playback
from arena.tui.viewer.whatif_page import Asked, fight, save


class Asking(Enum):
    """The question the viewer's prompt line asks, while it asks one."""

    GO = "go"  # where to go: r12, c340 or 340
    SIDE = "side"  # which side to play on from here
    CHANGE = "change"  # what if: the change to the next command
    NAME = "name"  # the what-if line's branch name


class Pages:
    """The viewer's what-if and branches pages (a mixin of `ViewerApp`)."""

    playback: Playback
    session: Session
    state: UiState
    asking: Asking | None
    typed: str
    whatif: Asked | None
    branches: branch_page.Page | None

    def _offer_whatif(self) -> None:
        """Ask for the change to the next command, unless a what-if cannot work here."""
        pb = self.playback
        pb.playing = False
        if pb.position >= pb.count:
            self.state = replace(self.state, hint="the battle ends here: step back (h, H, [) "
                                 "to change a command")
        else:
            self.asking, self.typed = Asking.CHANGE, ""

    def _whatif(self, text: str) -> None:
        """Fight on from the next command with the typed change; the page shows both lines."""
        try:
            self.whatif = fight(self.playback, text)
        except ArenaError as e:
            self.state = replace(self.state, hint=one_line(str(e), 200))

    def _on_page(self, key: str) -> None:
        """The what-if page: `s` asks a branch name; any other key goes back."""
        assert self.whatif is not None
        if key == "s" and not self.whatif.saved:
            self.asking, self.typed = Asking.NAME, ""
        else:
            self.whatif = None
            self.state = UiState()

    def _save(self, name: str) -> None:
        """Save the what-if as a branch; the page says where (or why not)."""
        assert self.whatif is not None
        try:
            said = save(self.playback, self.whatif, name)
        except ArenaError as e:
            self.state = replace(self.state, hint=one_line(str(e), 200))
            return
        self.state = replace(self.state, hint=one_line(said, 300))

    def _list_branches(self, at: str | None = None, said: str = "") -> None:
        """Show the branches page, `at` that line picked (else the one watched)."""
        pb = self.playback
        pb.playing = False
        try:
            found, texts = branch_page.rows(pb)
        except ArenaError as e:
            self.state = replace(self.state, hint=one_line(str(e), 200))
            return
        at = at if at is not None else pb.film.line
        index = next((i for i, row in enumerate(found) if i and row[1] == at), 0)
        self.branches = branch_page.Page(found, texts, index, said=said)

    def _on_branches(self, key: str) -> None:
        """A key on the branches page: pick, watch, promote or delete (asked first), back."""
        page = self.branches
        assert page is not None
        action = page.key(key)
        name = page.name
        try:
            if action == branch_page.Action.OPEN:
                branch_page.open_line(self.playback, name)
                self._watch(f"watching {'branch ' + repr(name) if name else 'the main line'}")
            elif action == branch_page.Action.BACK:
                self.branches = None
            elif action is not None and name is not None:
                promote = action == branch_page.Action.PROMOTE
                said = branch_page.change(self.playback, name, promote)
                self._watch("")
                self._list_branches(name if promote else None, said)
        except ArenaError as e:
            page.said = one_line(str(e), 200)

    def _watch(self, hint: str) -> None:
        """Leave the branches page for the line the playback now shows."""
        assert self.playback.session is not None
        self.session = self.playback.session
        self.branches = None
        self.state = UiState(hint=hint)

    def _draw_whatif(self, canvas: Canvas, asked: Asked, prompt: str) -> None:
        """The what-if page: the change, the first divergence, old and new lines side by side.

        `prompt` is the viewer's prompt line (an open question or a hint), else the page's keys.
        """
        canvas.clear()
        canvas.fill(0, 0, canvas.width, 1, " ", palette.TEXT, palette.STATUS_BG)
        canvas.text(0, 0, f" What if · {self.session.view.title}", palette.TITLE)
        rows = [(text, palette.TEXT) for text in asked.lines]
        lines(canvas, Rect(2, 2, canvas.width - 4, canvas.height - 4), rows)
        if self.asking is None and not self.state.hint:
            prompt = ("saved as branch " + repr(asked.saved) + ": " if asked.saved else
                      "s: save the new line as a branch  ") + "any other key: back"
        canvas.text(0, canvas.height - 1, prompt, palette.TITLE, canvas.width)

