"""Balance of `arena run --auto`: N runs per ruleset; steps reached, victories, where deaths fall.

    python benchmarks/bench_run.py [--runs 40] [--rules d40,ap,adnd,becmi] [--steps 12]
                                   [--jobs 2]

Seeds 1..N; every run is headless (AI on both sides, the documented road and camp policies).
Prints one Markdown table row per ruleset: the steps reached (quartiles), the victories, the
step with the most of the runs' deaths and its share (the goal: no step above 35 %), the top
causes of death, and the seconds per run (standard-library timers only).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from arena.assets import load_library
from arena.run.auto import play_auto
from arena.run.config import RunConfig


def quartiles(values: list[int]) -> tuple[float, float, float]:
    """Lower quartile, median, upper quartile."""
    q = statistics.quantiles(values, n=4, method="inclusive")
    return q[0], q[1], q[2]


def one_run(job: tuple[str, int, int]) -> tuple[int, str, list[str]]:
    """One auto run: the steps reached, its result, the killers of the fallen."""
    rules, seed, steps = job
    run, _ = play_auto(RunConfig(rules, seed, steps), load_library())
    killers = [m.cause.split(" in bout ")[0].rpartition(" by ")[2]
               for m in run.party if not m.alive]
    return run.step, str(run.result), killers


def row(rules: str, runs: int, results: list[tuple[int, str, list[str]]], seconds: float) -> str:
    """The table row of one ruleset."""
    reached = [r[0] for r in results]
    victories = sum(r[1] == "victory" for r in results)
    deaths = Counter(r[0] for r in results if r[1] == "death")
    worst, share = (deaths.most_common(1)[0] if deaths else (0, 0))
    causes = Counter(k for r in results for k in r[2])
    top = ", ".join(f"{name} {n}" for name, n in causes.most_common(3))
    q1, median, q3 = quartiles(reached)
    dead = sum(deaths.values())
    worst_text = f"step {worst}: {100 * share // max(1, dead)} %" if dead else "-"
    return (f"| {rules} | {runs} | {q1:g} / {median:g} / {q3:g} | {victories} "
            f"({100 * victories // runs} %) | {worst_text} | {top} | {seconds / runs:.2f} |")


def main() -> None:
    """Play the runs and print the table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--rules", default="d40,ap,adnd,becmi")
    parser.add_argument("--steps", type=int, default=12)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    print("| ruleset | runs | steps reached: Q1 / median / Q3 | victories | most deaths at "
          "| top causes of death | s per run, one core |")
    print("|---|---|---|---|---|---|---|")
    with ProcessPoolExecutor(args.jobs) as pool:
        for rules in args.rules.split(","):
            start = time.perf_counter()
            jobs = [(rules, seed, args.steps) for seed in range(1, args.runs + 1)]
            results = list(pool.map(one_run, jobs))
            seconds = (time.perf_counter() - start) * args.jobs
            print(row(rules, args.runs, results, seconds), flush=True)


if __name__ == "__main__":
    main()
