"""`arena replay PATH` headless tools: what if (`--at N`) and the branches (docs/testers.md).

The options are read and checked here; listing, saving, promoting, deleting and verifying
branches is arena/tools/branchfiles.py (the viewer's pages use it too), writing under saves/
only.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, TextIO

from arena.cli.replay_args import TOOLS, given
from arena.dice import parse_script
from arena.errors import ArenaError
from arena.model.commands import command_from_json
from arena.replay.document import parse
from arena.replay.file import Replay, load_document
from arena.text import one_line
from arena.tools import branches as tree
from arena.tools.branchfiles import (
    as_branch,
    delete_branch,
    promote_branch,
    result_json,
    result_text,
    row_text,
    tree_json,
    tree_rows,
    write_branches,
)
from arena.tools.whatif import Change, what_if


def run_replay_tools(args: argparse.Namespace, out: TextIO, saves: Path) -> int:
    """Run the one tool asked for."""
    asked = [name for name in TOOLS if given(getattr(args, name))]
    if len(asked) > 1 or (args.verify and asked):
        raise ArenaError("give one of --at, --branches, --promote, --delete-branch, --verify")
    loose = [o for o, v in (("--dice", args.dice), ("--command", args.new_command),
                            ("--branch", args.branch), ("--save-branch", args.save_branch))
             if v is not None]
    if loose and args.at is None:
        raise ArenaError(f"{loose[0]} needs --at N")
    if args.json and args.at is None and not args.branches:
        raise ArenaError("--json goes with --at or --branches")
    replay, doc = load_document(args.path)
    where = one_line(str(args.path))
    branches = tree.read_branches(doc, where, len(replay.steps))
    if args.branches:
        return _list(replay, branches, out, args.json)
    if args.at is not None:
        return _what_if(args, replay, doc, branches, out, saves)
    if args.promote is not None:
        promote_branch(args.path, replay, doc, branches, args.promote, saves, out)
    else:
        delete_branch(args.path, doc, branches, args.delete_branch, saves, out)
    return 0


def _change(args: argparse.Namespace) -> Change:
    """The --at/--dice/--command change, each checked."""
    if args.dice is None and args.new_command is None:
        raise ArenaError("--at needs --dice FACES or --command JSON (or both)")
    dice = parse_script(args.dice) if args.dice is not None else None
    command = None
    if args.new_command is not None:
        try:
            command = command_from_json(parse(args.new_command, "--command"))
        except ValueError as e:
            raise ArenaError(f"--command: {e}") from None
    return Change(args.at, dice, command)


def _what_if(args: argparse.Namespace, replay: Replay, doc: dict[str, Any],
             branches: list[tree.Branch], out: TextIO, saves: Path) -> int:
    """Fight the line again from --at with the change; print it; store it if asked."""
    name = tree.check_name(args.save_branch) if args.save_branch is not None else None
    if name is not None and any(b.name == name for b in branches):
        raise ArenaError(f"a branch {name!r} exists (--delete-branch it first)")
    line = tree.line_of(replay, branches, args.branch)
    change = _change(args)
    result = what_if(replay, line, change)
    if args.json:
        out.write(json.dumps(result_json(result, args.branch), separators=(",", ":")) + "\n")
    else:
        out.write("\n".join(result_text(result, args.branch or tree.MAIN)) + "\n")
    if name is None:
        return 0
    branch = as_branch(name, args.branch, line, result)
    write_branches(args.path, doc, [*branches, branch], saves, out if not args.json else None,
                   f"saved branch {name!r}")
    return 0


def _list(replay: Replay, branches: list[tree.Branch], out: TextIO, as_json: bool) -> int:
    """Print the tree: the main line, then each branch under its parent."""
    rows = tree_rows(replay, branches)
    if as_json:
        out.write(json.dumps(tree_json(rows), separators=(",", ":")) + "\n")
        return 0
    for row in rows:
        out.write(row_text(row) + "\n")
    return 0
