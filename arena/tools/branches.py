"""Branches of a replay, a tree like PGN variations: read, check, verify, add, promote, delete.

A branch leaves its parent line (the main line, or an earlier branch) before command `at`
of that line: the line's first `at - 1` commands, then the branch's own steps, with `dice`
(if any) rolled first from there. `at` always counts in the full line, so a branch keeps its
number when its parent is promoted. Parents come before their children in the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from arena.battle.core import Battle
from arena.dice import MAX_SIDES
from arena.ecs.events import event_to_json
from arena.errors import ArenaError, ReplayError
from arena.model.commands import command_from_json
from arena.replay.document import MAX_COMMANDS, MAX_SCRIPT, need, step
from arena.replay.file import Replay, canonical
from arena.text import one_line
from arena.tools.whatif import Played, main_line

MAX_BRANCHES = 200
MAX_NOTES = 20
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,39}")
MAIN = "main"  # the main line's name in listings; no branch may take it


@dataclass(frozen=True)
class Branch:
    """One variation: where it leaves its parent, what changed there and its own steps."""

    name: str
    parent: str | None  # None: the main line
    at: int
    dice: tuple[int, ...] | None
    command: dict[str, Any] | None
    steps: tuple[dict[str, Any], ...]
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The branch as the replay stores it."""
        return {"name": self.name, "parent": self.parent, "at": self.at,
                "dice": None if self.dice is None else list(self.dice),
                "command": self.command, "notes": list(self.notes),
                "commands": list(self.steps)}


def check_name(name: str) -> str:
    """A branch name: letters, digits, `_ . -`, at most 40, not `main`."""
    if not NAME.fullmatch(name) or name == MAIN:
        raise ArenaError(f"branch name {one_line(name, 40)!r}: use 1-40 letters, digits, _ . - "
                         f"(not {MAIN!r})")
    return name


def read_branches(doc: dict[str, Any], where: str, main: int) -> list[Branch]:
    """The `branches` of a replay document, each field checked (`main`: main-line length)."""
    data = doc.get("branches", [])
    if not isinstance(data, list) or len(data) > MAX_BRANCHES:
        raise ReplayError(f"{where}: 'branches' must be a list of at most {MAX_BRANCHES}")
    found: list[Branch] = []
    lengths: dict[str | None, int] = {None: main}
    total = main
    for i, entry in enumerate(data, 1):
        at = f"{where}: branch {i}"
        branch = _branch(entry, at, lengths)
        total += len(branch.steps)
        if total > MAX_COMMANDS:
            raise ReplayError(f"{at}: over {MAX_COMMANDS} commands in all lines")
        lengths[branch.name] = branch.at - 1 + len(branch.steps)
        found.append(branch)
    return found


def _branch(entry: object, where: str, lengths: dict[str | None, int]) -> Branch:
    """One branch entry, its parent one of `lengths` (earlier lines and their lengths)."""
    if not isinstance(entry, dict):
        raise ReplayError(f"{where}: not an object")
    name = need(entry, "name", str, where)
    if not NAME.fullmatch(name) or name == MAIN or name in lengths:
        raise ReplayError(f"{where}: a bad or repeated branch name")
    parent = entry.get("parent")
    if parent not in lengths:
        raise ReplayError(f"{where}: its parent is not the main line or an earlier branch")
    at = need(entry, "at", int, where)
    if not 1 <= at <= lengths[parent]:
        raise ReplayError(f"{where}: 'at' must be 1..{lengths[parent]}")
    dice = entry.get("dice")
    if dice is not None and not (isinstance(dice, list) and len(dice) <= MAX_SCRIPT and all(
            type(f) is int and 1 <= f <= MAX_SIDES for f in dice)):
        raise ReplayError(f"{where}: 'dice' must be null or faces of 1..{MAX_SIDES}")
    command = entry.get("command")
    if command is not None:
        try:
            command_from_json(command)
        except ValueError as e:
            raise ReplayError(f"{where}: command: {e}") from None
    notes = need(entry, "notes", list, where)
    if len(notes) > MAX_NOTES or not all(isinstance(n, str) and len(n) <= 300 for n in notes):
        raise ReplayError(f"{where}: 'notes' must be at most {MAX_NOTES} short strings")
    steps = need(entry, "commands", list, where)
    if len(steps) > MAX_COMMANDS:
        raise ReplayError(f"{where}: too many commands")
    for k, data in enumerate(steps, 1):
        step(data, f"{where}: command {k}")
        need(data, "events", list, f"{where}: command {k}")
        if "ai" in data:
            need(data, "ai", str, f"{where}: command {k}")
    return Branch(name, parent, at, None if dice is None else tuple(dice), command,
                  tuple(steps), tuple(one_line(n) for n in notes))


def line_of(replay: Replay, branches: list[Branch], name: str | None) -> Played:
    """The full line of a branch (None: the main line): its parent's start, then its own."""
    if name is None:
        return main_line(replay)
    branch = find(branches, name)
    parent = line_of(replay, branches, branch.parent)
    splices = [(n, f) for n, f in parent.splices if n < branch.at]
    if branch.dice is not None:
        splices.append((branch.at, branch.dice))
    return Played(parent.steps[:branch.at - 1] + branch.steps, tuple(splices))


def find(branches: list[Branch], name: str) -> Branch:
    """The branch called `name`."""
    for branch in branches:
        if branch.name == name:
            return branch
    known = ", ".join(b.name for b in branches) or "none"
    raise ArenaError(f"no branch {one_line(name, 40)!r} (branches: {known})")


def verify_line(replay: Replay, line: Played) -> str | None:
    """Re-run a line; the first command whose events or state hash differ, or None."""
    splices = dict(line.splices)
    with Battle(replay.scenario, replay.ruleset, replay.seed, replay.dice) as battle:
        for i, data in enumerate(line.steps, 1):
            if i in splices:
                battle.dice.splice(splices[i])
            events = [event_to_json(e) for e in battle.apply(command_from_json(data["command"]))]
            if canonical(events) != canonical(data["events"]):
                return f"command {i}: events differ"
            if battle.state_hash() != data["state_hash"]:
                return f"command {i}: state hash differs"
    return None


def delete(branches: list[Branch], name: str) -> tuple[list[Branch], list[str]]:
    """The branches without `name` and its descendants; the names removed."""
    find(branches, name)
    gone = {name}
    for branch in branches:  # parents come first, so one pass finds every descendant
        if branch.parent in gone:
            gone.add(branch.name)
    return [b for b in branches if b.name not in gone], [b.name for b in branches
                                                         if b.name in gone]


def promote(main: Played, branches: list[Branch],
            name: str) -> tuple[tuple[dict[str, Any], ...], list[Branch]]:
    """Make a branch of the main line the main line; the old main line takes its name.

    Returns the new main line's steps and the new branch list. A branch that changed the
    dice cannot be the main line (a replay's main line rolls only its seed and script).
    """
    branch = find(branches, name)
    if branch.parent is not None:
        raise ArenaError(f"branch {name!r} leaves branch {branch.parent!r}, not the main line: "
                         f"promote {branch.parent!r} first")
    if branch.dice is not None:
        raise ArenaError(f"branch {name!r} changed the dice: a replay's main line rolls only "
                         "its seed and script, so it cannot become the main line")
    old = Branch(name, None, branch.at, None, None, main.steps[branch.at - 1:],
                 (f"the main line until branch {name!r} was promoted",))
    moved: list[Branch] = [old]
    for b in branches:
        if b.name == name:
            continue
        parent = b.parent
        if parent is None and b.at > branch.at:
            parent = name  # it left the old main line after the two parted
        elif parent == name:
            parent = None  # it left the promoted line, now the main line
        moved.append(Branch(b.name, parent, b.at, b.dice, b.command, b.steps, b.notes))
    return main.steps[:branch.at - 1] + branch.steps, moved
