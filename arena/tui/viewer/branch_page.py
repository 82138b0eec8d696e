"""The viewer's branches page: the replay's tree of lines, opening, promoting and deleting.

The rows are the headless `--branches` listing (arena/tools/branchfiles.py). Enter opens a
line in the viewer (a branch is its parent's start, then its own commands, its dice spliced
in where it left); promoting and deleting write the file with the headless tools' rules
(in place under saves/, else a copy there, which the viewer then reads).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path
from typing import Any

from arena.errors import ArenaError
from arena.model.commands import command_from_json
from arena.replay.file import Replay, load_document
from arena.text import one_line
from arena.tools import branches as tree
from arena.tools.branchfiles import TreeRow, delete_branch, promote_branch, row_text, tree_rows
from arena.tui.term import palette
from arena.tui.term.canvas import Canvas
from arena.tui.viewer.playback import Film, Playback, load_films


def _tree(playback: Playback) -> tuple[Replay, dict[str, Any], list[tree.Branch]]:
    """The file holding the branches: its main line, document and branches."""
    path, replay, doc = playback.branch_source()
    return replay, doc, tree.read_branches(doc, one_line(str(path)), len(replay.steps))


def rows(playback: Playback) -> tuple[list[TreeRow], list[str]]:
    """The tree's rows and their text (a run's bout: those of its replay under saves/)."""
    replay, _, branches = _tree(playback)
    found = tree_rows(replay, branches)
    return found, [one_line(row_text(row), 200) for row in found]


def open_line(playback: Playback, name: str | None) -> None:
    """Watch a line of the tree (None: the main line) from its opening."""
    replay, _, branches = _tree(playback)
    line = tree.line_of(replay, branches, name)
    steps = [(command_from_json(s["command"]), list(s["events"]), str(s["state_hash"]))
             for s in line.steps]
    watched = playback.film
    film = Film(replace(replay, steps=steps, by=tuple(str(s["by"]) for s in line.steps),
                        ais=tuple(str(s.get("ai", "")) for s in line.steps), step_hashes=(),
                        keyframes=() if name is not None else replay.keyframes,
                        final_state_hash=steps[-1][2] if steps else replay.final_state_hash),
                watched.bout, line=name, splices=line.splices, document=watched.document)
    _watch(playback, film)


def _watch(playback: Playback, film: Film) -> None:
    """Watch `film` in place of the one shown (a run's other bouts stay)."""
    previous = list(playback.films)
    playback.films[playback.index] = film
    try:
        playback.open(playback.index)
    except ArenaError:
        playback.films = previous
        raise


def change(playback: Playback, name: str, promote: bool) -> str:
    """Promote or delete a branch, write the file, and watch its (new) main line; the message."""
    replay, doc, branches = _tree(playback)
    said = io.StringIO()
    path = playback.branch_file()
    if promote:
        written = promote_branch(path, replay, doc, branches, name, playback.saves, said)
    else:
        written = delete_branch(path, doc, branches, name, playback.saves, said)
    reload(playback, written)
    return one_line(said.getvalue().strip(), 300)


def reload(playback: Playback, path: Path) -> None:
    """Watch the main line of the file at `path` (the branches' file from now on).

    A run's bout: that bout's new main line, the run's other bouts as they were.
    """
    watched = playback.film
    if watched.document is not None:
        replay, doc = load_document(path)
        _watch(playback, Film(replay, watched.bout, document=doc))
        return
    films, digest = load_films(path)
    playback.films, playback.path, playback.digest, playback.branches_path = (
        films, path, digest, path)
    playback.open(0)


class Action(Enum):
    """What a key on the branches page asks the viewer to do."""

    OPEN = "open"  # watch the picked line
    PROMOTE = "promote"  # make the picked branch the main line (asked first)
    DELETE = "delete"  # delete the picked branch and those under it (asked first)
    BACK = "back"  # leave the page


@dataclass
class Page:
    """The branches page while it shows: its rows, the one picked, an open confirmation."""

    rows: list[TreeRow]
    texts: list[str]
    at: int = 0
    confirm: Action | None = None  # promote or delete while asking y/n
    said: str = ""  # what the last change said, or why it failed

    @property
    def name(self) -> str | None:
        """The picked line's branch name (None: the main line)."""
        return self.rows[self.at][1] if self.at else None

    def key(self, key: str) -> Action | None:
        """Move, ask or answer; an action for the viewer (open, promote, delete, back) or None."""
        if self.confirm is not None:
            action, self.confirm = self.confirm, None
            return action if key in ("y", "Y") else None
        if key in ("j", "KEY_DOWN"):
            self.at = min(len(self.rows) - 1, self.at + 1)
        elif key in ("k", "KEY_UP"):
            self.at = max(0, self.at - 1)
        elif key == "KEY_ENTER":
            return Action.OPEN
        elif key in ("p", "d"):
            if self.name is None:
                self.said = "the main line is not a branch: pick a branch (j/k) to promote or " \
                            "delete"
            else:
                self.confirm = Action.PROMOTE if key == "p" else Action.DELETE
        elif key in ("KEY_ESCAPE", "q", "B"):
            return Action.BACK
        return None

    def prompt(self) -> str:
        """The page's bottom line."""
        if self.confirm == Action.PROMOTE:
            return f"make branch {self.name!r} the main line? (y/n)"
        if self.confirm == Action.DELETE:
            return f"delete branch {self.name!r} and the branches under it? (y/n)"
        return "j/k pick  Enter watch this line  p promote  d delete  Esc back"

    def draw(self, canvas: Canvas, title: str) -> None:
        """The tree over the whole screen, the picked line marked."""
        canvas.clear()
        canvas.fill(0, 0, canvas.width, 1, " ", palette.TEXT, palette.STATUS_BG)
        canvas.text(0, 0, f" Branches · {title}", palette.TITLE)
        room = canvas.height - 5
        first = max(0, min(self.at - room // 2, len(self.texts) - room))
        for row, text in enumerate(self.texts[first:first + room]):
            picked = first + row == self.at
            canvas.text(1, 2 + row, ("> " if picked else "  ") + text,
                        palette.TITLE if picked else palette.TEXT, canvas.width - 2)
        if self.said:
            canvas.text(1, canvas.height - 2, self.said, palette.DIM, canvas.width - 2)
        canvas.text(0, canvas.height - 1, self.prompt(), palette.TITLE, canvas.width)
