"""`arena replay`: the viewer on a terminal, else the log, verification, what if and branches."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, TextIO

import arena
from arena.cli.choices import saves_of
from arena.cli.emit import emit_text
from arena.cli.replay_args import wants_tools
from arena.errors import ArenaError
from arena.text import say

if TYPE_CHECKING:
    from arena.replay.file import Mismatch


UNCOVERED = ("who gave each command is not covered by a step hash (a command the AI gave may "
             "be marked as a player's); re-record it to cover it")


def describe(m: Mismatch) -> str:
    """One line naming the first command whose result differs."""
    import json  # noqa: PLC0415

    where = "the opening" if m.index == 0 else f"command {m.index}"
    if m.command is not None:
        where += f" ({m.command.type} by #{m.command.actor})"
    exp = json.dumps(m.expected, separators=(",", ":"))
    act = json.dumps(m.actual, separators=(",", ":"))
    return f"replay differs at {where}: {m.what}: expected {exp}; actual {act}"


def run_replay(args: argparse.Namespace, out: TextIO) -> int:
    """Re-run a replay; with --verify report the first mismatch and exit 1 on any.

    On a terminal, without --verify, --log or a tool, watch it in the viewer (docs/testers.md).
    """
    from arena.battle.core import Battle  # noqa: PLC0415
    from arena.cli.replay_tools import run_replay_tools  # noqa: PLC0415
    from arena.cli.run import replay_run, run_bout  # noqa: PLC0415
    from arena.replay.file import load_document, rerun  # noqa: PLC0415
    from arena.run.record import is_run_record  # noqa: PLC0415
    from arena.tools.branchfiles import verify_branches  # noqa: PLC0415

    if args.partial and not args.verify:
        raise ArenaError("--partial goes with --verify")
    if args.export is not None or args.bout is not None:
        return run_bout(args, out)
    if wants_tools(args):  # what if and branches: battle replays only
        if is_run_record(args.path):
            raise ArenaError("what if and branches work on one bout of a run: arena replay RUN "
                             "--bout N --export PATH, then on PATH (or in the viewer)")
        return run_replay_tools(args, out, saves_of(args))
    if not (args.verify or args.log) and sys.stdout.isatty() and sys.stdin.isatty():
        from arena.tui.viewer.continued import view  # noqa: PLC0415

        return view(args.path, saves_of(args))
    recorded_run = replay_run(args.path, out)  # a run record (arena/run/record.py)
    if recorded_run is not None:
        return recorded_run
    replay, doc = load_document(args.path)
    if replay.game_version != arena.__version__:
        say(sys.stderr, f"warning: {args.path} was recorded by arena {replay.game_version}; "
                        f"this is {arena.__version__}")
    if replay.version < 3:
        say(sys.stderr, f"warning: {args.path} is replay format {replay.version}: {UNCOVERED}")
    ended: list[bool] = []
    mismatch = next(rerun(replay, ended), None)
    if mismatch is not None:
        say(sys.stderr, describe(mismatch))
        return 1
    if args.verify:
        stops = "" if all(ended) else "; the battle had not ended (a save, or cut short)"
        out.write(f"replay verified: {len(replay.steps)} commands, final state hash "
                  f"{replay.final_state_hash}{stops}\n")
        if not all(ended) and not args.partial:
            say(sys.stderr, f"{args.path}: the re-run battle had not ended after its "
                            f"{len(replay.steps)} commands: not a whole battle (--partial "
                            "accepts a part)")
            return 1
        problem = verify_branches(replay, doc, out)
        if problem is not None:
            say(sys.stderr, problem)
            return 1
        return 0
    with Battle(replay.scenario, replay.ruleset, replay.seed, replay.dice) as battle:
        emit_text(out, battle, battle.opening)
        for command, _, _ in replay.steps:
            emit_text(out, battle, battle.apply(command))
    return 0
