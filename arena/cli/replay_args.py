"""The replay command's what-if and branch options: light, so the parser loads no engine."""

from __future__ import annotations

import argparse

from arena.cli.choices import path_arg

TOOLS = ("at", "branches", "promote", "delete_branch")


def add_replay_tools(rep: argparse.ArgumentParser) -> None:
    """The replay subcommand's what-if and branch options."""
    rep.add_argument("--at", type=int, metavar="N",
                     help="what if: change things before command N and fight on to the end")
    rep.add_argument("--dice", metavar="FACES",
                     help="with --at: faces rolled first from command N, e.g. 1,20")
    rep.add_argument("--command", dest="new_command", metavar="JSON",
                     help='with --at: command N replaced, e.g. \'{"type":"end_turn","actor":3}\'')
    rep.add_argument("--branch", metavar="NAME",
                     help="with --at: start from this branch's line (default the main line)")
    rep.add_argument("--save-branch", metavar="NAME", help="with --at: store the new line")
    rep.add_argument("--branches", action="store_true", help="list the replay's branches")
    rep.add_argument("--promote", metavar="NAME", help="make a branch the main line")
    rep.add_argument("--delete-branch", metavar="NAME", help="delete a branch and its children")
    rep.add_argument("--json", action="store_true", help="with --at or --branches: JSON")
    rep.add_argument("--bout", type=int, metavar="N",
                     help="a run record's bout N: with --export, or opened first in the viewer")
    rep.add_argument("--export", type=path_arg, metavar="PATH",
                     help="with --bout N: write that bout as a battle replay that verifies on "
                          "its own (its carried wounds in its scenario)")


def wants_tools(args: argparse.Namespace) -> bool:
    """Whether the replay command asks for one of these tools."""
    extra = ("dice", "new_command", "branch", "save_branch", "json")
    return any(given(getattr(args, name)) for name in (*TOOLS, *extra))


def given(value: object) -> bool:
    """Whether an option was given (`--at 0` was: 0 is not False here)."""
    return value is not None and value is not False
