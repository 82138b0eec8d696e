"""AI sweep: the tournament's battles under changed weights, each setting on the same battles.

Every setting changes module constants of the tactical AI (`arena/ai/*.py`: `EXPOSE`,
`FOCUS`, `HOLD_LINE`, ...) for its battles only; the baseline (no change) is always played
first. Each line gives the wins per scenario, split by seat (tactical on side 0 for
even seeds, side 1 for odd), and the rate per ruleset. A sweep is only as good as its seeds:
check a setting on a second range before believing it (CHANGELOG.md lists what was tried
and dropped).

Run: python benchmarks/ai_sweep.py [--try 'EXPOSE=0.5,FOCUS=2'] ... [--scenarios a,b]
     [--seeds 0:200] [--jobs 2] [--level normal]
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).parent))  # ai_tournament: a sibling script
import ai_tournament

import arena.ai
from arena.ai.tactical import LEVELS
from arena.assets import load_scenario
from arena.errors import ArenaError
from arena.rules import get_ruleset

DEFAULT = "adnd-melee,adnd-archers,gen-adnd,becmi-duel,becmi-raid,gen-becmi"
Setting = tuple[tuple[str, float], ...]


def ai_modules() -> list[ModuleType]:
    """The tactical AI's modules, by name."""
    names = sorted(m.name for m in pkgutil.iter_modules(arena.ai.__path__))
    return [importlib.import_module(f"arena.ai.{n}") for n in names]


def parse_setting(text: str) -> Setting:
    """'EXPOSE=0.5,FOCUS=2' as ((name, value), ...); every name must be an AI constant."""
    known = {name: type(value) for module in ai_modules() for name, value in vars(module).items()
             if name.isupper() and type(value) in (int, float, bool)}
    found = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, sep, value = part.partition("=")
        if not sep or name not in known:
            raise ValueError(f"{part!r}: want NAME=NUMBER, NAME one of the AI's constants")
        try:
            number = float(value)
        except ValueError:
            raise ValueError(f"{part!r}: {value!r} is not a number") from None
        if known[name] is not float and not number.is_integer():
            raise ValueError(f"{part!r}: {name} is a whole number")
        found.append((name, number))
    return tuple(found)


def parse_seeds(text: str) -> range:
    """'A:B' as the seeds A, A+1, ..., B-1."""
    first, sep, last = text.partition(":")
    if not (sep and first.isdigit() and last.isdigit() and int(first) < int(last)):
        raise ValueError(f"--seeds {text!r}: want A:B, whole numbers with A < B")
    return range(int(first), int(last))


def check_scenarios(names: list[str]) -> None:
    """Fail with one line on a scenario no battle could be played on."""
    for name in names:
        try:
            if name.startswith("gen-"):
                get_ruleset(name.removeprefix("gen-"))
            else:
                load_scenario(name)
        except ArenaError as error:
            raise ValueError(f"--scenarios {name!r}: {error}") from None


@contextmanager
def changed(setting: Setting) -> Iterator[None]:
    """The AI's constants set as `setting` says, and put back afterwards."""
    saved = []
    for name, value in setting:
        for module in ai_modules():
            if hasattr(module, name):
                saved.append((module, name, getattr(module, name)))
                setattr(module, name, type(getattr(module, name))(value))
    try:
        yield
    finally:
        for module, name, value in reversed(saved):
            setattr(module, name, value)


def job(args: tuple[Setting, str, int, str]) -> tuple[str, str, int, bool]:
    """One tournament battle under `setting` (run in a worker process): its ruleset, won."""
    setting, name, seed, level = args
    with changed(setting):
        _, _, ruleset, result = ai_tournament._job((name, seed, level, "tactical"))
    return ruleset, name, seed, result.won


def report(setting: Setting, wins: dict[str, list[int]], rulesets: dict[str, str]) -> str:
    """One line: the setting, wins per scenario (even + odd seeds), the rate per ruleset."""
    label = ",".join(f"{n}={v:g}" for n, v in setting) or "baseline"
    parts = [f"{n}:{w[0] + w[1]}({w[0]}+{w[1]})" for n, w in wins.items()]
    totals: dict[str, list[int]] = {}
    for name, w in wins.items():
        counted = totals.setdefault(rulesets[name], [0, 0])
        counted[0] += w[0] + w[1]
        counted[1] += w[2]
    rates = [f"{r}:{100 * won / played:.1f}%" for r, (won, played) in sorted(totals.items())]
    return f"{label}  {' '.join(parts)}  |  {' '.join(rates)}"


def main() -> None:
    """Play every setting on the same battles and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--try", dest="tries", action="append", default=[],
                        metavar="NAME=V,...", help="a setting to play (repeatable)")
    parser.add_argument("--scenarios", default=DEFAULT)
    parser.add_argument("--seeds", default="0:200", help="a range A:B of seeds")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--level", default="normal", choices=LEVELS)
    args = parser.parse_args()
    names = [n for n in args.scenarios.split(",") if n]
    try:
        settings = [(), *(parse_setting(t) for t in args.tries)]
        seeds = parse_seeds(args.seeds)
        check_scenarios(names)
    except ValueError as error:
        parser.exit(2, f"ai_sweep: {error}\n")
    if args.jobs < 1:
        parser.exit(2, f"ai_sweep: --jobs {args.jobs}: want 1 or more\n")
    rulesets: dict[str, str] = {}
    for setting in settings:
        started = time.perf_counter()
        jobs = [(setting, n, s, args.level) for n in names for s in seeds]
        wins = {n: [0, 0, 0] for n in names}  # even seeds, odd seeds, played
        with ProcessPoolExecutor(args.jobs) as pool:
            for ruleset, name, seed, won in pool.map(job, jobs, chunksize=4):
                rulesets[name] = ruleset
                wins[name][seed % 2] += won
                wins[name][2] += 1
        line = report(setting, wins, rulesets)
        print(f"{line}  ({time.perf_counter() - started:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
