"""The command line: `play`, `sim`, `replay`, and the calculator (`rules`, `attack`, `odds`)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, NoReturn, TextIO, cast

from arena.cli.batch import add_batch
from arena.cli.calculator import add_calculator, run_calculator
from arena.cli.choices import (
    AI_LEVELS,
    AI_NAMES,
    DEFAULT_AI,
    DEFAULT_LEVEL,
    RULESET_NAMES,
    add_saves,
    path_arg,
    refuse_existing,
    saves_epilog,
    saves_of,
)
from arena.cli.diff import add_diff
from arena.cli.emit import emit_json, emit_text
from arena.cli.gen import add_gen, add_generated
from arena.cli.replay import run_replay
from arena.cli.replay_args import add_replay_tools
from arena.cli.run import add_run
from arena.cli.serve import add_serve
from arena.errors import ArenaError
from arena.replay import KEYFRAME_EVERY
from arena.text import OutputError, SafeStream, one_line, say

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

    from arena.battle.core import Battle
    from arena.model.commands import Command

# Everything else is imported by the command that needs it, so `arena --help` and `arena rules`
# never load the engine, the rules, the assets, tcod or numpy (tests/cli/test_startup.py).
MAX_COMMANDS = 200_000


class Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line and exit code 2."""

    def error(self, message: str) -> NoReturn:
        """Print one line naming the problem, then exit 2."""
        self.exit(2, one_line(f"{self.prog}: {message} (try --help)") + "\n")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        """Print as argparse does, but let a failed write be seen (argparse drops it)."""
        if message:
            (file or sys.stderr).write(message)


def build_parser() -> Parser:
    """The command-line grammar."""
    parser = Parser(prog="arena", description=__doc__,
                    epilog=saves_epilog("Saves, replays, scores and morgues"))
    add_saves(parser, top=True)
    sub = parser.add_subparsers(dest="command", parser_class=Parser)
    play = sub.add_parser("play", help="play a skirmish in the terminal (the default command)")
    play.add_argument("--scenario", help="scenario name or .toml path (default skirmish)")
    play.add_argument("--seed", type=int, help="battle seed (default: a random one)")
    play.add_argument("--rules",
                     help=f"ruleset, overriding the scenario's ({', '.join(RULESET_NAMES)})")
    play.add_argument("--side", type=int, help="the side you command, 0-based (default 0)")
    play.add_argument("--hotseat", action="store_true", help="command every side yourself")
    play.add_argument("--load", type=path_arg, metavar="PATH",
                      help="resume a save, replay or journal")
    play.add_argument("--palette", help="default, colourblind or high-contrast (saved)")
    play.add_argument("--accessible", action="store_true",
                      help="no map: the battle as plain lines for a screen reader")
    add_ai(play, "the AI commanding the other sides")
    add_saves(play)
    conf = sub.add_parser("config", help="print the config file's path and settings")
    conf.add_argument("--write", action="store_true", help="write the file with these settings")
    add_generated(play)
    sim = sub.add_parser("sim", help="run a battle between AI sides to the end")
    sim.add_argument("--scenario", default="skirmish", help="scenario name or .toml path")
    sim.add_argument("--seed", type=int, default=1, help="battle seed (default 1)")
    sim.add_argument("--rules",
                     help=f"ruleset, overriding the scenario's ({', '.join(RULESET_NAMES)})")
    sim.add_argument("--dice", default="", help="scripted faces used first, e.g. 20,19,4")
    sim.add_argument("--json", action="store_true", help="JSON Lines, one event per line")
    sim.add_argument(
        "--record",
        nargs="?",
        const="",
        metavar="PATH",
        help="write a replay (default <saves folder>/<scenario>-<seed>.json)",
    )
    add_saves(sim)
    sim.add_argument("--force", action="store_true",
                     help="let --record overwrite an existing file")
    sim.add_argument("--keyframes", type=int, nargs="?", const=KEYFRAME_EVERY,
                     metavar="K", help="with --record: store a snapshot every K commands "
                     f"(K default {KEYFRAME_EVERY}; default none) for instant seeking")
    add_generated(sim)
    add_ai(sim, "NAME[,NAME...]: one AI for every side or one per side")
    sim.add_argument("--explain-ai", action="store_true",
                     help="print the top three candidates and ratings of each AI command")
    rep = sub.add_parser("replay", help="re-run a recorded battle")
    rep.add_argument("path", type=path_arg, help="replay file")
    rep.add_argument(
        "--verify", action="store_true",
        help="exit 0 if every event and state hash match and the battle ended, else 1"
    )
    rep.add_argument("--partial", action="store_true",
                     help="with --verify: accept a replay that stops before the battle ended "
                          "(a save, a battle in play)")
    rep.add_argument("--log", action="store_true",
                     help="print the log (the default when stdout is not a terminal); "
                          "on a terminal, without it, the replay opens in the viewer")
    add_replay_tools(rep)  # what if and branches (docs/testers.md)
    add_saves(rep)
    add_calculator(sub)
    add_gen(sub)
    add_run(sub)
    add_serve(sub)
    add_batch(sub)  # tools for testers (docs/testers.md)
    add_diff(sub)
    return parser


def add_ai(command: Parser, what: str) -> None:
    """`--ai` and `--ai-level` (docs/ai.md)."""
    command.add_argument("--ai", default=DEFAULT_AI,
                         help=f"{what} ({', '.join(AI_NAMES)}; default {DEFAULT_AI})")
    command.add_argument("--ai-level", default=DEFAULT_LEVEL, choices=AI_LEVELS,
                         help=f"how well the tactical AI plays (default {DEFAULT_LEVEL})")


def run_sim(args: argparse.Namespace, out: TextIO) -> int:
    """Load, fight to the end with AI on every side, print, and record if asked."""
    from pathlib import Path  # noqa: PLC0415

    from arena.assets import load_library  # noqa: PLC0415
    from arena.battle.core import Battle  # noqa: PLC0415
    from arena.cli.gen import scenario_for  # noqa: PLC0415
    from arena.dice import parse_script  # noqa: PLC0415
    from arena.ecs.events import Refused  # noqa: PLC0415
    from arena.paths import saves_file  # noqa: PLC0415
    from arena.replay.file import Recorder, save  # noqa: PLC0415
    from arena.rules import get_ruleset  # noqa: PLC0415

    library = load_library()
    scenario = scenario_for(args, library)
    ruleset = get_ruleset(args.rules or scenario.ruleset)
    script = parse_script(args.dice)
    if args.seed < 0:
        raise ArenaError(f"--seed must be 0 or more, got {args.seed}")
    emit = emit_json if args.json else emit_text
    default = f"{scenario.id}-{args.seed}.json"
    record = None if args.record is None else (
        Path(args.record) if args.record else saves_file(saves_of(args), default))
    if args.keyframes is not None and (record is None or args.keyframes < 1):
        raise ArenaError(f"--keyframes {args.keyframes}: needs --record and K of 1 or more")
    if record is not None:
        refuse_existing(record, args.force)
    with Battle(scenario, ruleset, args.seed, script) as battle:
        battle.roster.configure(args.ai, args.ai_level, len(scenario.sides))
        # Only a recorded battle pays for a state hash and JSON events after every command.
        recorder = (Recorder(battle, library.hash, script, keyframe_every=args.keyframes or 0)
                    if record is not None else None)
        if not args.json:
            out.write(f"{scenario.name} ({ruleset.name} {ruleset.version}), seed {args.seed}\n")
        emit(out, battle, battle.opening)
        for _ in range(MAX_COMMANDS):
            if battle.over:
                break
            command = explain_ai(out, battle) if args.explain_ai else battle.decide()
            events = battle.apply(command) if recorder is None else recorder.apply(command, "ai")
            if len(events) == 1 and isinstance(events[0], Refused):
                raise RuntimeError(f"AI chose a refused command {command}: {events[0].reason}")
            emit(out, battle, events)
        if not args.json:
            out.write(f"State hash {battle.state_hash()}\n")
        if recorder is not None and record is not None:
            save(recorder, record)
            say(sys.stderr, f"replay written to {record}")
    return 0


def explain_ai(out: TextIO, battle: Battle) -> Command:
    """The AI's command, after printing its top three candidates with their ratings."""
    command, ranked = battle.explain()
    if ranked:
        actor = command.actor
        out.write(f"  AI {battle.ai_label(actor)} for {battle.names()[actor]}:\n")
        for i, c in enumerate(ranked[:3], 1):
            out.write(f"    {i}. {c.label}: {c.rating.total:+.2f} = {c.rating.text()}\n")
    return command


def run_play(args: argparse.Namespace) -> int:
    """Play in the terminal (imported here so `sim` and `replay` never load the front end)."""
    from arena.ai.sides import parse_ai  # noqa: PLC0415
    from arena.cli.gen import generated_request  # noqa: PLC0415
    from arena.tui.launch import PlayOptions, play  # noqa: PLC0415

    saves = saves_of(args)

    if args.command is None:  # the title screen (arena/tui/run/flow.py); a skirmish from it
        from arena.tui.run.flow import opens_title, title  # noqa: PLC0415

        if opens_title(saves) and title(saves) != "skirmish":
            return 0
        return play(PlayOptions(saves=saves))
    fresh = args.scenario is not None or args.seed is not None  # that battle, not the journal's
    parse_ai(args.ai, args.ai_level)
    return play(PlayOptions(args.scenario or "skirmish", args.seed, args.rules, args.side,
                            args.hotseat, args.load, saves, generated=generated_request(args),
                            palette=args.palette, fresh=fresh, ai=args.ai,
                            ai_level=args.ai_level, accessible=args.accessible))


def run_config(args: argparse.Namespace, out: TextIO) -> int:
    """`arena config`: where the config lives and what it holds (`--write` writes it)."""
    from arena.tui.term import config  # noqa: PLC0415

    settings = config.load()
    path = config.save(settings) if args.write else config.config_path()
    out.write("\n".join(config.describe(settings, path)) + "\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: one line on stderr and exit 2 for any input problem."""
    parser = build_parser()
    try:
        args = parse(parser, argv)
    except BrokenPipeError:
        return _silenced(0)
    except OSError as e:  # --help and usage write to stdout and stderr, nothing else
        return _output_failed(e)
    out = cast(TextIO, SafeStream(sys.stdout))  # every line printed passes the sanitiser
    try:
        code = dispatch(parser, args, out)
        out.flush()  # here, not at exit: a full device is one line, not "Exception ignored"
        return code
    except ArenaError as e:
        say(sys.stderr, f"arena: {e}")
        return 2
    except BrokenPipeError:
        return _silenced(0)
    except OutputError as e:
        return _output_failed(e)
    except KeyboardInterrupt:
        return 130


def parse(parser: Parser, argv: Sequence[str] | None) -> argparse.Namespace:
    """The parsed arguments; after `--help` (SystemExit 0), stdout flushed here, not at exit."""
    try:
        return parser.parse_args(argv)
    except SystemExit as stop:
        if stop.code == 0:
            sys.stdout.flush()
        raise


def dispatch(parser: Parser, args: argparse.Namespace, out: TextIO) -> int:
    """Run the command `args` names; its exit code."""
    if args.command in (None, "play"):
        return run_play(args)
    if args.command == "sim":
        return run_sim(args, out)
    if args.command == "replay":
        return run_replay(args, out)
    if args.command in ("rules", "attack", "odds"):
        return run_calculator(args, out)
    if args.command == "run" and not args.auto:  # the terminal run
        from arena.cli.run import run_terminal  # noqa: PLC0415

        return run_terminal(args)
    result = run_other(args, out)
    if result is None:
        parser.print_help(sys.stderr)
        return 2
    return result


def _silenced(code: int) -> int:
    """Point stdout at the null device (what is still buffered is dropped at exit); `code`."""
    try:
        fd = sys.stdout.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
    except (OSError, ValueError, AttributeError):
        return code  # not a real file: nothing is flushed at exit
    os.dup2(null, fd)
    os.close(null)
    return code


def _output_failed(error: OSError) -> int:
    """The output cannot be written (a full device): one line on stderr, exit 2."""
    say(sys.stderr, f"arena: cannot write the output: {error.strerror or error}")
    return _silenced(2)


def run_other(args: argparse.Namespace, out: TextIO) -> int | None:
    """`run --auto`, `scores`, `gen`, `config`, `batch` and `diff` (each imports its own)."""
    if args.command == "run":
        from arena.cli.run import run_run  # noqa: PLC0415

        return run_run(args, out)
    if args.command == "scores":
        from arena.cli.run import run_scores  # noqa: PLC0415

        return run_scores(args, out)
    if args.command == "gen":
        from arena.cli.gen import run_gen  # noqa: PLC0415

        return run_gen(args, out)
    if args.command == "config":
        return run_config(args, out)
    if args.command == "batch":
        from arena.cli.batch import run_batch  # noqa: PLC0415

        return run_batch(args, out)
    if args.command == "diff":
        from arena.cli.diff import run_diff  # noqa: PLC0415

        return run_diff(args, out)
    if args.command == "serve":
        from arena.cli.serve import run_serve  # noqa: PLC0415

        return run_serve(args, out)
    return None
