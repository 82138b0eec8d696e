"""The map's odds words against the fights they named: how often an "easy" fight is won whole.

    python benchmarks/foresight.py [--runs 200] [--rules d40,ap,adnd,becmi] [--jobs 2]

Plays auto runs 1..RUNS of each ruleset at `normal` (the documented policies) and, for every
fight entered, keeps the word the map showed for it (`Foresight.odds`: easy, even, hard,
deadly; the foes' strength over the party's as it stood) and how the bout went. Per ruleset
and word: the fights, the share won, the share that cost a member or more, the share lost
outright. The words should read in order: an easy fight won nearly always and seldom costing
a member, a deadly one the likeliest to kill. Standard-library timers only; the current
numbers live in docs/performance.md.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

from arena.assets import load_library
from arena.run.auto import Policies, fight_here, start
from arena.run.config import RunConfig
from arena.run.engine import Run

WORDS = ("easy", "even", "hard", "deadly")


def one_run(job: tuple[str, int]) -> list[tuple[str, bool, int]]:
    """One auto run: for each fight entered, the map's word, whether it was won, members lost."""
    rules, seed = job
    run = Run(RunConfig(rules, seed, 12), load_library())
    start(run)
    policies = Policies()
    fights: list[tuple[str, bool, int]] = []
    while not run.over:
        node = policies.road(run)
        word = run.foresee(node).odds
        run.go(node.id)
        before = len(run.tallies)
        fight_here(run)
        if len(run.tallies) > before:
            tally = run.tallies[-1]
            fights.append((word, tally.won, len(tally.fallen)))
        if not run.over:
            camp = run.camp()
            run.make_camp(camp, policies.camp(camp))
    return fights


def row(rules: str, fights: list[tuple[str, bool, int]]) -> str:
    """One ruleset's table row: per word, fights / won / cost a member / lost."""
    by: dict[str, list[tuple[str, bool, int]]] = defaultdict(list)
    for fight in fights:
        by[fight[0]].append(fight)
    cells = []
    for word in WORDS:
        got = by[word]
        if not got:
            cells.append("-")
            continue
        n = len(got)
        won = sum(f[1] for f in got)
        hurt = sum(f[2] > 0 for f in got)
        cells.append(f"{n}: {100 * won // n} % / {100 * hurt // n} % / {100 * (n - won) // n} %")
    return f"| {rules} | " + " | ".join(cells) + " |"


def main() -> None:
    """Play the runs and print the table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--rules", default="d40,ap,adnd,becmi")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print("| ruleset | " + " | ".join(WORDS) + " |")
    print("|---|" + "---|" * len(WORDS))
    start_time = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for rules in args.rules.split(","):
            jobs = [(rules, s) for s in range(1, args.runs + 1)]
            print(row(rules, [f for run in pool.map(one_run, jobs) for f in run]), flush=True)
    print("\neach cell: fights entered: won / cost a member or more / lost")
    print(f"{time.perf_counter() - start_time:.0f} s with {args.jobs} workers")


if __name__ == "__main__":
    main()
