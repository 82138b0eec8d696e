"""The viewer's what-if: change the next command's dice or the command, fight on, compare, save.

The change is typed on the prompt line: dice faces (`1,20`: rolled first from there), `e` (the
acting combatant ends its turn instead), or a command as JSON (`{"type": ...}`). The page shows
the headless tool's text (arena/tools/branchfiles.py): the first divergence, then the old and
new lines side by side (winner, rounds, commands, HP left). `s` saves the new line as a branch
(of the line shown: the main line or a branch opened from the branches page) with the headless
tool's write rules: in place under saves/, else a copy there, which later saves extend.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from arena.dice import parse_script
from arena.errors import ArenaError
from arena.model.commands import Command, EndTurn, command_from_json
from arena.replay.document import parse
from arena.text import one_line
from arena.tools import branches as tree
from arena.tools.branchfiles import as_branch, result_text, write_branches
from arena.tools.whatif import Change, Played, Result, main_line, what_if
from arena.tui.viewer.playback import Playback

MAX_CHANGE = 400  # characters typed for a change (a command's JSON fits)
CHANGE_HELP = "dice faces as 1,20 · e: end the turn instead · or a command as JSON"


@dataclass
class Asked:
    """A what-if fought from the viewer: the result, and the file its branch would go to."""

    result: Result
    lines: list[str]
    saved: str = ""  # the branch name once saved


def change_at(playback: Playback, text: str) -> Change:
    """The change typed for the command after the shown point (an ArenaError if it is bad)."""
    replay = playback.film.replay
    at = playback.position + 1
    if at > playback.count:
        raise ArenaError("the battle ends here: step back (h, H, [) to change a command")
    text = text.strip()
    if not text:
        raise ArenaError(CHANGE_HELP)
    recorded = replay.steps[at - 1][0]
    if text.lower() == "e":
        return Change(at, command=EndTurn(recorded.actor))
    if text.startswith("{"):
        return Change(at, command=_command(text))
    return Change(at, dice=parse_script(text))


def _command(text: str) -> Command:
    """A command typed as JSON, checked as a replay's would be."""
    try:
        return command_from_json(parse(text, "the command"))
    except ValueError as e:
        raise ArenaError(f"the command: {e}") from None


def fight(playback: Playback, text: str) -> Asked:
    """Fight the shown line (main or a branch) again from the next command with the change."""
    film = playback.film
    change = change_at(playback, text)
    line = Played(main_line(film.replay).steps, film.splices)
    result = what_if(film.replay, line, change)
    return Asked(result, result_text(result, film.line or tree.MAIN))


def save(playback: Playback, asked: Asked, name: str) -> str:
    """Store the what-if as a branch of the line shown; what was said.

    The branches go to the file, or to the copy under saves/ an earlier save wrote; a run's
    bout's to its own replay under saves/ (`Playback.branch_file`).
    """
    name = tree.check_name(name)
    path, replay, doc = playback.branch_source()
    branches = tree.read_branches(doc, one_line(str(path)), len(replay.steps))
    if any(b.name == name for b in branches):
        raise ArenaError(f"a branch {name!r} exists: give another name")
    parent = playback.film.line
    line = tree.line_of(replay, branches, parent)
    said = io.StringIO()
    written = write_branches(path, doc, [*branches, as_branch(name, parent, line, asked.result)],
                             playback.saves, said, f"saved branch {name!r}")
    playback.kept_at(written)
    asked.saved = name
    return said.getvalue().strip()
