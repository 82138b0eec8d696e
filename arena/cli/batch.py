"""`arena batch`: sweep seeds with AI on every side; CSV rows, a summary, observed vs exact."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any, TextIO

from arena.cli.choices import (
    AI_LEVELS,
    AI_NAMES,
    DEFAULT_AI,
    DEFAULT_LEVEL,
    RULESET_NAMES,
    path_arg,
)
from arena.errors import ArenaError
from arena.text import say

if TYPE_CHECKING:
    from arena.model.scenario import Scenario
    from arena.tools.sweep import Job
    from arena.tools.sweep_summary import Drift

# The battles, the assets and the rules are imported by the functions that use them, so
# building the command line (`arena --help`) loads none of them (arena/cli/choices.py).

MAX_SEEDS = 1_000_000
MAX_JOBS = 256
MIN_ATTACKS = 30


def add_batch(sub: Any) -> None:
    """The `batch` subcommand (docs/testers.md)."""
    batch = sub.add_parser("batch", help="fight a range of seeds with AI sides; CSV and summary")
    where = batch.add_mutually_exclusive_group()
    where.add_argument("--scenario", help="scenario name or .toml path (default skirmish)")
    where.add_argument("--generated", action="store_true",
                       help="each seed fights on the arena `arena gen --seed SEED` draws")
    batch.add_argument("--rules", help=f"ruleset ({', '.join(RULESET_NAMES)}; overrides the "
                       "scenario's; d40 for --generated)")
    batch.add_argument("--seeds", required=True, metavar="A..B", help="seeds A to B inclusive")
    batch.add_argument("--ai", default=DEFAULT_AI,
                       help=f"NAME[,NAME...]: one AI for all sides or one per side "
                            f"({', '.join(AI_NAMES)}; default {DEFAULT_AI}, as `arena sim`)")
    batch.add_argument("--ai-level", default=DEFAULT_LEVEL, choices=AI_LEVELS,
                       help=f"how well the tactical AI plays (default {DEFAULT_LEVEL})")
    batch.add_argument("--swap-sides", action="store_true",
                       help="fight each seed twice, the second time with the AIs reversed")
    batch.add_argument("--jobs", type=int, default=1, metavar="N",
                       help="worker processes (default 1); the CSV is the same for any N")
    batch.add_argument("--scheduler", metavar="ADDRESS",
                       help="fight on the Dask cluster at ADDRESS (needs arena[cluster]); "
                            "the CSV is the same as --jobs 1")
    batch.add_argument("--csv", type=path_arg, metavar="PATH",
                       help="write the rows here (the summary then goes to stdout)")
    batch.add_argument("--json", action="store_true",
                       help="one JSON object on stdout: rows, win rates and drift")
    batch.add_argument("--min-attacks", type=int, default=MIN_ATTACKS, metavar="N",
                       help=f"attacks a group needs for observed vs exact (default {MIN_ATTACKS})")


def parse_seeds(text: str) -> range:
    """`A..B` as seeds A to B inclusive (0 ≤ A ≤ B); one-line errors."""
    first, dots, last = text.partition("..")
    if not dots or not first.strip().isdigit() or not last.strip().isdigit():
        raise ArenaError(f"--seeds wants A..B (two seeds from 0, e.g. 1..100), got '{text[:40]}'")
    a, b = int(first), int(last)
    if a > b:
        raise ArenaError(f"--seeds {a}..{b} is empty: the first seed must not exceed the last")
    if b - a + 1 > MAX_SEEDS:
        raise ArenaError(f"--seeds covers at most {MAX_SEEDS} seeds, got {b - a + 1}")
    return range(a, b + 1)


def job_from(args: argparse.Namespace) -> tuple[Job, Scenario | None]:
    """Check every option before any battle is fought; the job and its fixed scenario."""
    from arena.ai.sides import parse_ai  # noqa: PLC0415
    from arena.assets import load_library, load_scenario  # noqa: PLC0415
    from arena.rules import get_ruleset  # noqa: PLC0415
    from arena.tools.sweep import Job  # noqa: PLC0415

    seeds = parse_seeds(args.seeds)
    if not 1 <= args.jobs <= MAX_JOBS:
        raise ArenaError(f"--jobs must be 1..{MAX_JOBS}, got {args.jobs}")
    if args.scheduler is not None and args.jobs != 1:
        raise ArenaError("give --jobs or --scheduler, not both (the cluster has its workers)")
    if args.min_attacks < 1:
        raise ArenaError(f"--min-attacks must be 1 or more, got {args.min_attacks}")
    names = tuple(parse_ai(args.ai, args.ai_level))
    if args.rules is not None:
        get_ruleset(args.rules)
    scenario = None
    if not args.generated:
        scenario = load_scenario(args.scenario or "skirmish", load_library(), args.rules)
        if len(names) not in (1, len(scenario.sides)):
            raise ArenaError(f"--ai names {len(names)} AIs; this scenario has "
                             f"{len(scenario.sides)} sides (give one for all or one per side)")
    elif len(names) > 2:
        raise ArenaError(f"--ai names {len(names)} AIs; generated arenas have 2 sides")
    job = Job(None if args.generated else (args.scenario or "skirmish"), args.rules, seeds,
              names, args.ai_level, args.swap_sides)
    return job, scenario


def run_batch(args: argparse.Namespace, out: TextIO) -> int:
    """Fight the seeds, write the rows, then the summary."""
    import json  # noqa: PLC0415

    from arena.files import write_atomically  # noqa: PLC0415
    from arena.tools.battlerow import Observation  # noqa: PLC0415
    from arena.tools.cluster import sweep_on_cluster  # noqa: PLC0415
    from arena.tools.sweep import csv_text, progress, sweep  # noqa: PLC0415
    from arena.tools.sweep_summary import drifts, summary_lines  # noqa: PLC0415

    job, scenario = job_from(args)
    tick, close = progress(len(job.battles()))
    rows: list[dict[str, object]] = []
    seen: list[Observation] = []
    named: list[tuple[str, ...]] = []
    try:
        fights = (sweep(job, args.jobs, tick) if args.scheduler is None
                  else sweep_on_cluster(job, args.scheduler, tick))
        for fought in fights:
            rows.append(fought.row)
            seen.extend(fought.observations)
            named.append(fought.sides)
    finally:
        close()
    sides = _side_names(named, scenario)
    found = drifts(seen, args.min_attacks)
    text = csv_text(rows)
    if args.csv is not None:
        write_atomically(args.csv, text)
    if args.json:
        out.write(json.dumps({"rows": rows, "summary": _summary_json(rows, sides, found)},
                             separators=(",", ":")) + "\n")
        return 0
    lines = "\n".join(summary_lines(rows, sides, found)) + "\n"
    if args.csv is not None:
        out.write(lines)
    else:
        out.write(text)
        for line in lines.splitlines():  # each line sanitised: names come from files
            say(sys.stderr, line)
    return 0


def _side_names(named: list[tuple[str, ...]], scenario: Scenario | None) -> dict[int, str]:
    """Side index to name: the scenario's, or every name the side bore across generated arenas."""
    if scenario is not None:
        return {i: s.name for i, s in enumerate(scenario.sides)}
    seen: dict[int, dict[str, None]] = {0: {}, 1: {}}
    for sides in named:
        for i, name in enumerate(sides):
            seen.setdefault(i, {})[name] = None
    return {i: " / ".join(names) or f"side {i}" for i, names in sorted(seen.items())}


def _summary_json(rows: list[dict[str, object]], sides: dict[int, str],
                  found: list[Drift]) -> dict[str, object]:
    """The summary as JSON: wins per side with intervals, rounds counts, every drift line."""
    from arena.tools.sweep_summary import wilson  # noqa: PLC0415

    n = len(rows)
    wins = {side: sum(str(r["winner"]) == str(side) for r in rows) for side in sides}
    rounds: dict[str, int] = {}
    for r in rows:
        rounds[str(r["rounds"])] = rounds.get(str(r["rounds"]), 0) + 1
    return {
        "battles": n,
        "sides": [{"side": s, "name": name, "wins": wins[s], "interval95": list(wilson(wins[s], n))}
                  for s, name in sorted(sides.items())],
        "rounds": dict(sorted(rounds.items(), key=lambda kv: int(kv[0]) if kv[0] else -1)),
        "observed_vs_exact": [
            {"attacker": d.key[0], "defender": d.key[1], "situation": d.key[2], "rate": d.rate,
             "attacks": d.attacks, "observed": d.observed, "expected": d.expected,
             "z": d.z if abs(d.z) != float("inf") else str(d.z), "drift": d.flagged}
            for d in found
        ],
    }
