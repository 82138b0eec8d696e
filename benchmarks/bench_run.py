"""Balance of `arena run --auto`: N runs per ruleset; bouts won, victories, causes of death.

    python benchmarks/bench_run.py [--runs 100] [--rules d40,ap,adnd,becmi] [--bouts 10]

Seeds 1..N; every run is headless (AI on both sides, the documented camp policy). Prints one
Markdown table row per ruleset and the seconds per run (standard-library timers only).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from arena.assets import load_library
from arena.run.auto import play_auto
from arena.run.engine import RunConfig


def quartiles(values: list[int]) -> tuple[float, float, float]:
    """Lower quartile, median, upper quartile."""
    q = statistics.quantiles(values, n=4, method="inclusive")
    return q[0], q[1], q[2]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--rules", default="d40,ap,adnd,becmi")
    parser.add_argument("--bouts", type=int, default=10)
    args = parser.parse_args()
    library = load_library()
    print("| ruleset | runs | bouts won: Q1 / median / Q3 | victories | top causes of death "
          "| s per run |")
    print("|---|---|---|---|---|---|")
    for rules in args.rules.split(","):
        won: list[int] = []
        victories = 0
        causes: Counter[str] = Counter()
        start = time.perf_counter()
        for seed in range(1, args.runs + 1):
            run, _ = play_auto(RunConfig(rules, seed, args.bouts), library)
            won.append(sum(t.won for t in run.tallies))
            victories += run.result == "victory"
            for m in run.party:
                if not m.alive:
                    causes[m.cause.split(" in bout ")[0].rpartition(" by ")[2]] += 1
        per_run = (time.perf_counter() - start) / args.runs
        q1, median, q3 = quartiles(won)
        top = ", ".join(f"{name} {n}" for name, n in causes.most_common(3))
        print(f"| {rules} | {args.runs} | {q1:g} / {median:g} / {q3:g} | {victories} | {top} "
              f"| {per_run:.2f} |", flush=True)


if __name__ == "__main__":
    main()
