"""A replay's branches written and read back for people: promote, delete, save, verify, list.

What `arena replay PATH --branches/--promote/--delete-branch/--at` and the viewer's branch and
what-if pages share: a file is written in place under saves/, else as a copy there; the tree
and a what-if are put in lines (or JSON) the same way for both.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any, TextIO

from arena.errors import ArenaError
from arena.files import MAX_JSON_BYTES, write_atomically
from arena.model.commands import command_to_json
from arena.paths import saves_file
from arena.replay.file import Replay
from arena.text import one_line, say
from arena.tools import branches as tree
from arena.tools.whatif import Outcome, Played, Result, line_outcome

TreeRow = tuple[tree.Branch | None, str, str | None, int, Outcome]  # branch, name, parent,
# depth, outcome (the main line: no branch, no parent, depth 0)


def promote_branch(path: Path, replay: Replay, doc: dict[str, Any], branches: list[tree.Branch],
                   name: str, saves: Path, out: TextIO) -> Path:
    """Make a branch the main line and write the file (see `write_branches`)."""
    steps, moved = tree.promote(tree.line_of(replay, branches, None), branches, name)
    _set_main(replay, doc, steps)
    message = f"branch {name!r} is the main line; the old main line is branch " \
              f"{name!r}" + ("; its stored keyframes were dropped"
                             if doc.pop("keyframes", None) else "")
    return write_branches(path, doc, moved, saves, out, message)


def delete_branch(path: Path, doc: dict[str, Any], branches: list[tree.Branch], name: str,
                  saves: Path, out: TextIO) -> Path:
    """Delete a branch and its descendants and write the file (see `write_branches`)."""
    kept, gone = tree.delete(branches, name)
    return write_branches(path, doc, kept, saves, out, f"deleted branch {', '.join(gone)}")


def as_branch(name: str, parent: str | None, line: Played, result: Result) -> tree.Branch:
    """A what-if's new line as a branch of `parent` (the dice a splice there carried too)."""
    change = result.change
    dice = change.dice if change.dice is not None else dict(line.splices).get(change.at)
    command = None if change.command is None else command_to_json(change.command)
    return tree.Branch(name, parent, change.at, dice, command, tuple(result.steps),
                       tuple(result.notes))


def _set_main(replay: Replay, doc: dict[str, Any], steps: tuple[dict[str, Any], ...]) -> None:
    """Make `steps` the document's main line, with its count and end state."""
    doc["commands"] = list(steps)
    doc["command_count"] = len(steps)
    end = line_outcome(replay, Played(steps))
    doc["over"] = end.over
    doc["final_state_hash"] = end.state_hash


def write_branches(path: Path, doc: dict[str, Any], branches: list[tree.Branch], saves: Path,
                   out: TextIO | None, message: str) -> Path:
    """Write the replay with its branches: in place under saves/, else a copy there (returned)."""
    if len(branches) > tree.MAX_BRANCHES:
        raise ArenaError(f"a replay holds at most {tree.MAX_BRANCHES} branches")
    doc["branches"] = [b.to_json() for b in branches]
    text = json.dumps(doc, separators=(",", ":")) + "\n"
    if len(text.encode()) > MAX_JSON_BYTES:
        raise ArenaError(f"the replay would be over {MAX_JSON_BYTES} bytes and not load again")
    target = path
    if path.resolve().parent != saves.resolve():
        stem = re.sub(r"[^A-Za-z0-9_.-]", "-", path.stem).lstrip(".-")[:100] or "replay"
        target = saves_file(saves, f"{stem}.branches.json")
        if target.exists():
            raise ArenaError(f"{target} exists (an earlier copy of {one_line(str(path))} with "
                             "branches): give that file")
        message += f"; {one_line(str(path))} is outside {saves}/ and left as it was: " \
                   f"wrote {target}"
    try:
        saves.mkdir(parents=True, exist_ok=True)
        write_atomically(target, text)
    except OSError as e:
        raise ArenaError(f"{target}: cannot write: {e.strerror or e}") from None
    if out is not None:
        out.write(message + "\n")
    else:
        say(sys.stderr, message)
    return target


def verify_branches(replay: Replay, doc: dict[str, Any], out: TextIO) -> str | None:
    """Verify every branch; the first failure as one line, or None (prints one line each)."""
    where = one_line(str(replay.path))
    branches = tree.read_branches(doc, where, len(replay.steps))
    for branch in branches:
        problem = tree.verify_line(replay, tree.line_of(replay, branches, branch.name))
        if problem is not None:
            return f"branch {branch.name!r} differs at {problem}"
        out.write(f"branch {branch.name} verified: {len(branch.steps)} commands from command "
                  f"{branch.at}\n")
    return None


def tree_rows(replay: Replay, branches: list[tree.Branch]) -> list[TreeRow]:
    """The main line, then each branch under its parent, each with how it ends."""
    main = line_outcome(replay, tree.line_of(replay, branches, None))
    rows: list[TreeRow] = [(None, tree.MAIN, None, 0, main)]
    depth: dict[str | None, int] = {None: 0}
    for branch in branches:
        depth[branch.name] = depth[branch.parent] + 1
        rows.append((branch, branch.name, branch.parent, depth[branch.name],
                     line_outcome(replay, tree.line_of(replay, branches, branch.name))))
    return rows


def row_text(row: TreeRow) -> str:
    """One line of the tree: indented name, where it leaves its parent, how it ends."""
    b, name, _, level, end = row
    origin = ""
    if b is not None:
        origin = f" from {b.parent or tree.MAIN} at command {b.at}"
        origin += f" (dice {','.join(map(str, b.dice))})" if b.dice is not None else ""
        origin += f" (command {b.command.get('type')})" if b.command else ""
    return f"{'  ' * level}{name}{origin}: {_summary(end)}"


def tree_json(rows: list[TreeRow]) -> list[dict[str, Any]]:
    """The tree as JSON: one object per line, the main line first."""
    return [{"name": name, "parent": parent, "at": b.at if b else None,
             "dice": list(b.dice) if b and b.dice is not None else None,
             "command": b.command if b else None, "notes": list(b.notes) if b else [],
             "outcome": end.to_json()} for b, name, parent, _, end in rows]


def _summary(end: Outcome) -> str:
    """Commands, winner and rounds in a few words."""
    won = f"{end.winner_name} won" if end.winner is not None else (
        "no winner" if end.over else "not ended")
    return f"{end.commands} commands, {won}, round {end.rounds}"


def result_json(result: Result, branch: str | None) -> dict[str, Any]:
    """A what-if as one JSON object."""
    d = result.divergence
    change = result.change
    return {
        "line": branch or tree.MAIN, "at": change.at,
        "dice": None if change.dice is None else list(change.dice),
        "command": None if change.command is None else command_to_json(change.command),
        "divergence": None if d is None else {
            "command": d.command, "event": d.event, "old": d.old, "new": d.new,
            "die": None if d.die is None else {"roll": d.die[0], "old": d.die[1],
                                               "new": d.die[2]}},
        "old": result.old.to_json(), "new": result.new.to_json(), "notes": result.notes,
    }


def result_text(result: Result, line: str) -> list[str]:
    """A what-if for people: the change, the first divergence, both outcomes side by side."""
    change = result.change
    what = []
    if change.dice is not None:
        what.append(f"dice {','.join(map(str, change.dice))} first")
    if change.command is not None:
        what.append(f"command {json.dumps(command_to_json(change.command))}")
    lines = [f"what if at command {change.at} of {line}: {' and '.join(what)}"]
    d = result.divergence
    if d is None:
        lines.append("no divergence: the new line is the old one")
    else:
        at = f"command {d.command}" + (f", event {d.event}" if d.event else " (the command)")
        lines += [f"first divergence: {at}", f"  old: {_short(d.old)}", f"  new: {_short(d.new)}"]
        if d.die is not None:
            n, a, b = d.die
            lines.append(f"  die {n} ({_roll(a or b)}): old {_faces(a)}, new {_faces(b)}")
    old, new = result.old, result.new
    lines.append(f"{'':24}{'old line':>20}{'new line':>20}")
    for label, a, b in (("winner", old.winner_name or "-", new.winner_name or "-"),
                        ("rounds", old.rounds, new.rounds), ("commands", old.commands,
                                                             new.commands)):
        lines.append(f"{label:24}{a!s:>20}{b!s:>20}")
    for (e, name, side, hp, top), (_, _, _, hp2, _) in zip(old.hp, new.hp, strict=True):
        lines.append(f"{f'HP {name} #{e} (side {side})'[:24]:24}{f'{hp}/{top}':>20}"
                     f"{f'{hp2}/{top}':>20}")
    lines += [f"note: {n}" for n in result.notes]
    return lines


def _roll(roll: Any) -> str:
    """A roll's expression and purpose."""
    return f"{roll.get('expr')}, {roll.get('purpose')}" if isinstance(roll, dict) else "?"


def _faces(roll: Any) -> str:
    """A roll's faces, or `none`."""
    return ",".join(map(str, roll.get("faces", []))) if isinstance(roll, dict) else "none"


def _short(value: Any) -> str:
    """A JSON value on one line, cut to 160 characters."""
    return one_line(json.dumps(value, separators=(",", ":")), 160)
