"""The `run` and `scores` subcommands and the run-record branch of `replay` (arena/cli/main.py)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any, TextIO

from arena.cli.choices import (
    DEFAULT_STEPS,
    RULESET_NAMES,
    add_saves,
    path_arg,
    refuse_existing,
    saves_epilog,
    saves_of,
)
from arena.errors import ArenaError
from arena.replay import KEYFRAME_EVERY
from arena.text import counted, one_line, say

if TYPE_CHECKING:
    from pathlib import Path

    from arena.run.config import RunConfig

# The run's engine, the assets and the rules are imported by the functions that use them, so
# building the command line (`arena --help`) loads none of them (arena/cli/choices.py).

DEFAULT_RULES = "d40"


def add_run(sub: Any) -> None:
    """The `run` and `scores` subcommands."""
    run = sub.add_parser("run", help="a roguelike run in the terminal: a party along a seeded "
                                     "map of fights and camps (--auto: headless)",
                         epilog=saves_epilog("Scores, morgues and the run's journal"))
    run.add_argument("--auto", action="store_true",
                     help="headless: the AI fights, the documented road and camp policies "
                          "choose")
    run.add_argument("--accessible", action="store_true",
                     help="no map drawing: the run's screens and its battles as plain lines "
                          "for a screen reader")
    run.add_argument("--seed", type=int, help="the run seed (default: a random one)")
    run.add_argument("--rules",
                     help=f"ruleset ({', '.join(RULESET_NAMES)}; default {DEFAULT_RULES} "
                          "with --auto, else asked)")
    run.add_argument("--steps", type=int, default=DEFAULT_STEPS,
                     help=f"steps of the run's map to its last boss (default {DEFAULT_STEPS})")
    run.add_argument("--endless", action="store_true", help="go on until the party falls")
    run.add_argument("--party", help="one to three template ids, comma-separated, within the "
                                     "party's threat budget (default: suggested)")
    run.add_argument("--difficulty", choices=("easy", "normal", "hard"),
                     help="the foes' curve and AI level (default normal; easy is unranked; "
                          "a terminal run asks)")
    run.add_argument("--json", action="store_true",
                     help="JSON Lines: events, bouts, camps, and a decision line at every "
                          "decision point listing its legal choices as --plan takes them")
    run.add_argument("--plan", type=path_arg, metavar="PLAN.jsonl",
                     help="with --auto: take the choices this file gives at the decision points "
                          "it names (JSON Lines: {\"step\": 3, \"road\": \"a1s3n1\"} or "
                          "{\"step\": 3, \"camp\": [choices]}); the policies elsewhere")
    run.add_argument("--record", type=path_arg, metavar="PATH", help="write the run record here")
    run.add_argument("--force", action="store_true",
                     help="with --auto: let --record overwrite an existing file")
    run.add_argument("--keyframes", type=int, nargs="?", const=KEYFRAME_EVERY, metavar="K",
                     help="with --auto --record: store a snapshot every K commands of each bout "
                          f"(default K {KEYFRAME_EVERY}), for the replay viewer's seeking")
    add_saves(run)
    scores = sub.add_parser("scores", help="the high-score table (scores.jsonl in the saves "
                                           "folder)", epilog=saves_epilog("Scores"))
    scores.add_argument("--rules", help="only runs under this ruleset")
    add_saves(scores)


def config_from(args: argparse.Namespace) -> RunConfig:
    """The run's configuration from the options."""
    from arena.run.config import RunConfig, check_config  # noqa: PLC0415

    if getattr(args, "keyframes", None) is not None and not getattr(args, "auto", False):
        raise ArenaError("--keyframes goes with --auto --record (a terminal run's record has "
                         "none)")
    if getattr(args, "accessible", False) and getattr(args, "auto", False):
        raise ArenaError("--accessible is for a run played by hand, not with --auto")
    if getattr(args, "plan", None) is not None and not getattr(args, "auto", False):
        raise ArenaError("--plan goes with --auto (a terminal run is chosen by hand)")
    seeded = args.seed is not None
    seed = args.seed if seeded else int.from_bytes(os.urandom(4), "big")
    party = tuple(t.strip() for t in args.party.split(",")) if args.party else ()
    if party and not 1 <= len(party) <= 3:
        raise ArenaError(f"--party wants one to three template ids, got {len(party)}")
    config = RunConfig(args.rules or DEFAULT_RULES, seed, args.steps, args.endless, seeded, party,
                       getattr(args, "difficulty", None) or "normal")
    check_config(config)
    return config


def run_terminal(args: argparse.Namespace) -> int:
    """`arena run` without --auto: the run in the terminal, what the options fix not asked."""
    from arena.tui.run.flow import Preset, terminal_run  # noqa: PLC0415

    config = config_from(args)
    saves = saves_of(args)
    preset = Preset(config.seed if config.seeded else None, args.rules, config.steps,
                    config.endless, config.party, args.difficulty)
    if terminal_run(saves, preset, args.accessible) != "skirmish":
        return 0
    from arena.tui.launch import PlayOptions, play  # noqa: PLC0415  (the title asked for one)

    return play(PlayOptions(saves=saves, accessible=args.accessible))


def run_run(args: argparse.Namespace, out: TextIO) -> int:
    """`arena run --auto`: play a whole run headless, print it, score it, record it."""
    import json  # noqa: PLC0415

    from arena.assets import load_library  # noqa: PLC0415
    from arena.run.auto import play_auto  # noqa: PLC0415
    from arena.run.finish import conclude  # noqa: PLC0415
    from arena.run.plan import load_plan  # noqa: PLC0415

    config = config_from(args)
    saves = saves_of(args)  # a bad folder is refused before the run, as --record
    if args.keyframes is not None and (args.record is None or args.keyframes < 1):
        raise ArenaError(f"--keyframes {args.keyframes}: needs --record and K of 1 or more")
    if args.record is not None:
        refuse_existing(args.record, args.force)
    plan = load_plan(args.plan) if args.plan is not None else None  # before the run, as --record
    library = load_library()

    def emit(line: dict[str, object]) -> None:
        if args.json:
            out.write(json.dumps(line, separators=(",", ":")) + "\n")
        elif line["type"] in ("run_start", "route", "bout_end", "level_up", "camp", "run_end"):
            out.write(_text(line) + "\n")

    # A planned choice the run refuses raises here, before `conclude`: no score line, no morgue.
    run, points = play_auto(config, library, emit, args.keyframes or 0, plan, args.json)
    written = conclude(run, points, saves, args.record)
    say(sys.stderr, f"morgue written to {written.morgue}")
    if args.record is not None:
        say(sys.stderr, f"run record written to {args.record}")
    warning = plan.warning() if plan is not None else None
    if warning is not None:  # a point never reached is no error: the run went elsewhere
        say(sys.stderr, f"warning: {warning}")
    return 0


def _text(line: dict[str, object]) -> str:
    """A readable line for the non-JSON output."""
    import json  # noqa: PLC0415

    kind = line["type"]
    if kind == "bout_end":
        party = line["party"]
        assert isinstance(party, list)
        standing = ", ".join(f"{m['name']} {m['hp']}/{m['max_hp']}" for m in party if m["alive"])
        return (f"bout {line['bout']}: {'won' if line['won'] else 'lost'} in "
                f"{counted(_int(line['rounds']), 'round')}, "
                f"{counted(_int(line['kills']), 'foe')} down; standing: {standing or 'nobody'}")
    if kind == "run_end":
        return (f"run over: {line['result']}, {counted(_int(line['bouts_won']), 'bout')} won, "
                f"score {line['score']} (seed {line['seed']}, {line['ruleset']})")
    if kind == "run_start":
        return f"run seed {line['seed']} under {line['ruleset']}"
    if kind == "route":
        return f"step {line['step']}: {line['kind']} ({line['theme']}, node {line['node']})"
    rest = {k: v for k, v in line.items() if k != "type"}
    return f"  {kind}: {json.dumps(rest, separators=(',', ':'))}"


def _int(value: object) -> int:
    """A count from a run event's JSON (written by the run itself: always an int)."""
    return value if isinstance(value, int) else 0


def run_scores(args: argparse.Namespace, out: TextIO) -> int:
    """`arena scores [--rules R]`."""
    from arena.run.score import load_scores, table  # noqa: PLC0415

    if args.rules is not None and args.rules not in RULESET_NAMES:
        raise ArenaError(f"unknown ruleset '{args.rules}' (available: "
                         f"{', '.join(RULESET_NAMES)})")
    saves = saves_of(args)  # read only: a folder not there yet is not made
    scores = load_scores(saves)
    if scores.problem is not None:
        raise ArenaError(scores.problem)
    warning = scores.warning()
    if warning is not None:  # damaged lines are skipped, never fatal
        say(sys.stderr, f"warning: {warning}")
    text = table(scores.rows, args.rules)
    if text == table((), None):  # say where it looked: the folder may not be the one expected
        text = f"{text.rstrip()} in {one_line(str(scores.path))}\n"
    out.write(text)
    return 0


def replay_run(path: Path, out: TextIO) -> int | None:
    """Verify a run record (None: `path` is not one, the battle replay reader takes it)."""
    from arena.assets import load_library  # noqa: PLC0415
    from arena.run.record import is_run_record, load_record, verify  # noqa: PLC0415

    if not is_run_record(path):
        return None
    doc = load_record(path)
    mismatch = verify(doc, load_library())
    if mismatch is not None:
        say(sys.stderr, str(mismatch))
        return 1
    out.write(f"run verified: {len(doc['fights'])} bouts, result {doc.get('result')}, "
              f"score {doc.get('score')}\n")
    return 0


def run_bout(args: argparse.Namespace, out: TextIO) -> int:
    """`arena replay RUN --bout N [--export PATH]`: one bout of a run record as a battle replay.

    On a terminal, without --export, the viewer opens on bout N.
    """
    from arena.assets import load_library  # noqa: PLC0415
    from arena.cli.replay_args import wants_tools  # noqa: PLC0415
    from arena.run.boutreplay import UnverifiedError, export_bout  # noqa: PLC0415
    from arena.run.record import is_run_record  # noqa: PLC0415

    if args.bout is None:
        raise ArenaError("--export needs --bout N: the bout of a run record to write")
    if not is_run_record(args.path):
        raise ArenaError(f"--bout {args.bout}: {args.path} is not a run record")
    if wants_tools(args) or args.verify or args.log:
        raise ArenaError("--bout goes with --export PATH (or alone, for the viewer); what if "
                         "and branches work on the exported replay")
    if args.export is None:
        if not (sys.stdout.isatty() and sys.stdin.isatty()):
            raise ArenaError("--bout without --export opens the viewer: give --export PATH")
        from arena.tui.viewer.continued import view  # noqa: PLC0415

        return view(args.path, saves_of(args), args.bout)
    try:
        commands = export_bout(args.path, args.bout, args.export, load_library())
    except UnverifiedError as e:
        say(sys.stderr, str(e))
        return 1
    target = one_line(str(args.export))
    out.write(f"bout {args.bout} written to {target}: {commands} commands; check it with "
              f"arena replay {target} --verify\n")
    return 0
