"""Policies compared: the `--auto` policy against a plain one, run for run on the same seeds.

    python benchmarks/policies.py [--seeds 200] [--rules d40,ap,adnd,becmi] [--jobs 2]

The plain policy always takes the first road (the lowest lane), rests at every camp and does
nothing else: no loot, no goods, no hires, no purchases, no answer to an event. Both play runs
1..SEEDS of each ruleset at `normal`; per ruleset the table gives each policy's median bouts
won and victories, the median and quartiles of the difference in bouts, seed by seed (the
goal, issue 29: the auto policy a bout or more ahead at the median), the same for the steps
cleared (what the score counts: a camp or an event road is a step but not a bout), and the
share of seeds on which the auto policy is ahead or behind in bouts. Standard-library timers only;
the current numbers live in docs/performance.md.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

from arena.assets import load_library
from arena.run.auto import Policies, outcome, play_on
from arena.run.camp import Camp, refusal
from arena.run.config import RunConfig
from arena.run.decisions import CampChoice, Rest
from arena.run.engine import Run
from arena.run.route import Node


def first_road(run: Run) -> Node:
    """The node of the lowest lane open."""
    return min(run.options(), key=lambda n: n.lane)


def rest_only(camp: Camp) -> Iterator[CampChoice]:
    """Rest where the camp allows it; nothing else."""
    if refusal(camp, Rest()) is None:
        yield Rest()


PLAIN = Policies(first_road, rest_only)


Result = tuple[int, int, bool]  # bouts won, steps cleared, a victory


def one_run(job: tuple[str, int, bool]) -> Result:
    """One run under the auto policy or the plain one: bouts won, steps cleared, victory."""
    rules, seed, plain = job
    run = Run(RunConfig(rules, seed, 12), load_library())
    play_on(run, PLAIN if plain else Policies())
    return sum(t.won for t in run.tallies), outcome(run).steps_cleared, run.result == "victory"


def spread(gains: list[int]) -> str:
    """Quartiles of a seed-by-seed difference: 'Q1 / median / Q3'."""
    q1, median, q3 = statistics.quantiles(gains, n=4, method="inclusive")
    return f"{q1:g} / {median:g} / {q3:g}"


def row(rules: str, auto: list[Result], plain: list[Result]) -> str:
    """One ruleset's table row."""
    gains = [a[0] - p[0] for a, p in zip(auto, plain, strict=True)]
    steps = [a[1] - p[1] for a, p in zip(auto, plain, strict=True)]
    ahead, behind = sum(g > 0 for g in gains), sum(g < 0 for g in gains)
    return (f"| {rules} | {len(gains)} | {statistics.median(a[0] for a in auto):g} "
            f"({sum(a[2] for a in auto)} won) | {statistics.median(p[0] for p in plain):g} "
            f"({sum(p[2] for p in plain)} won) | {spread(gains)} | {spread(steps)} | "
            f"{100 * ahead // len(gains)} % / {100 * behind // len(gains)} % |")


def main() -> None:
    """Play both policies over the seeds and print the table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--rules", default="d40,ap,adnd,becmi")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print("| ruleset | seeds | auto: median bouts won | plain: median bouts won "
          "| auto − plain in bouts, seed by seed: Q1 / median / Q3 | the same in steps cleared "
          "| seeds auto is ahead / behind in bouts |")
    print("|---|---|---|---|---|---|---|")
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for rules in args.rules.split(","):
            seeds = range(1, args.seeds + 1)
            auto = list(pool.map(one_run, [(rules, s, False) for s in seeds]))
            plain = list(pool.map(one_run, [(rules, s, True) for s in seeds]))
            print(row(rules, auto, plain), flush=True)
    print(f"\n{time.perf_counter() - start:.0f} s with {args.jobs} workers")


if __name__ == "__main__":
    main()
