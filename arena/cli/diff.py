"""`arena diff A B`: where two replays of one battle part (exit 0 same, 1 not, 2 bad input)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, TextIO

from arena.cli.choices import path_arg
from arena.errors import ArenaError
from arena.text import one_line

if TYPE_CHECKING:
    from pathlib import Path

    from arena.replay.file import Replay
    from arena.replay.journal import Resumable
    from arena.tools.diff import Line

# Replays and the engine are imported by the functions that use them, so building the command
# line (`arena --help`) loads neither (arena/cli/choices.py).


def add_diff(sub: Any) -> None:
    """The `diff` subcommand (docs/testers.md)."""
    diff = sub.add_parser("diff", help="the first command where two replays differ")
    diff.add_argument("a", type=path_arg, help="a replay or journal file")
    diff.add_argument("b", type=path_arg, nargs="?",
                      help="another replay or journal of the same scenario (omit with --rerun)")
    diff.add_argument("--rerun", action="store_true",
                      help="compare A with this version's re-simulation of its commands")
    diff.add_argument("--json", action="store_true", help="one JSON object")


def run_diff(args: argparse.Namespace, out: TextIO) -> int:
    """Compare the two lines; print where they part (or that they agree)."""
    import json  # noqa: PLC0415

    from arena.tools.diff import describe as describe_divergence  # noqa: PLC0415
    from arena.tools.diff import first_divergence, resimulated  # noqa: PLC0415

    if args.rerun == (args.b is not None):
        raise ArenaError("diff needs two replays A B, or one replay with --rerun")
    a = _load(args.a)
    if args.rerun:
        names = one_line(str(args.a)), "re-simulated"
        lines = _line(a), resimulated(a)
    else:
        b = _load(args.b)
        _same_battle(a, b)
        names = one_line(str(args.a)), one_line(str(args.b))
        lines = _line(a), _line(b)
    found = first_divergence(*lines)
    if args.json:
        body: dict[str, object] = {"identical": found is None}
        if found is not None:
            body.update(index=found.index, what=found.what, a=found.a, b=found.b,
                        die=None if found.die is None else list(found.die),
                        state_hash_before=list(found.hash_before),
                        state_hash_after=list(found.hash_after))
        out.write(json.dumps(body, separators=(",", ":")) + "\n")
    elif found is None:
        last = lines[0].steps[-1].state_hash if lines[0].steps else "(no command)"
        out.write(f"identical: {len(lines[0].steps)} commands, last state hash {last}\n")
    else:
        out.write("\n".join(describe_divergence(found, names)) + "\n")
    return 0 if found is None else 1


def _load(path: Path) -> Replay | Resumable:
    """A replay, or a journal (JSON Lines: a battle in play, or a run's bout) as a Resumable."""
    from arena.replay.document import read_document  # noqa: PLC0415
    from arena.replay.file import load  # noqa: PLC0415
    from arena.replay.journal import JOURNAL_FORMAT, load_journal  # noqa: PLC0415

    start = read_document(path, "replay or journal")[:64]
    return load_journal(path) if JOURNAL_FORMAT in start else load(path)


def _line(source: Replay | Resumable) -> Line:
    """What the file records: a replay's events and hashes; a journal's hashes, events re-run."""
    from arena.replay.file import Replay  # noqa: PLC0415
    from arena.tools.diff import recorded, resimulated  # noqa: PLC0415

    return recorded(source) if isinstance(source, Replay) else resimulated(source, hashes=True)


def _same_battle(a: Replay | Resumable, b: Replay | Resumable) -> None:
    """Refuse two replays of different scenarios or rulesets (nothing to compare)."""
    from arena.assets import scenario_to_dict  # noqa: PLC0415
    from arena.replay.file import canonical  # noqa: PLC0415

    if a.ruleset.name != b.ruleset.name:
        raise ArenaError(f"{one_line(str(b.path))} is a {b.ruleset.name} battle, "
                         f"{one_line(str(a.path))} a {a.ruleset.name} one: nothing to compare")
    if canonical(scenario_to_dict(a.scenario)) != canonical(scenario_to_dict(b.scenario)):
        raise ArenaError(f"{one_line(str(b.path))} is a replay of another scenario "
                         f"({b.scenario.id}, not {a.scenario.id}): nothing to compare")
