"""Benchmark of the arena generator with the standard library's timers (issue 12).

Three measures, garbage collector paused while timing (as `timeit` does), in CPU time of the
thread (`time.thread_time`: a shared machine's other processes do not count), wall time too
for the catalog:
  - one arena per seed at radius 6, 10 and 16 (`procgen.build`: map, encounter, guarantees,
    retries included; the threat pool is warmed first): median and 95th percentile;
  - the catalog of 1,000 seeds as `arena gen --catalog 1..1000` makes it (each scenario also
    written as TOML and read back by the strict loader), one process, one core;
  - the sweep: N seeds per ruleset (default 10,000; `--sweep 0` skips it), each checked against
    every guarantee; prints failures (must be 0) and the retry counts.
Goals: ≤ 10 ms median per arena at radius 10; the 1,000-seed catalog in ≤ 15 s on one core.

Run: python benchmarks/bench_procgen.py [--seeds N] [--sweep N]
"""

from __future__ import annotations

import argparse
import collections
import gc
import os
import platform
import statistics
import sys
import time

from arena.assets import load_library
from arena.assets.generated import generate_checked, materials
from arena.procgen import GenError, GenSpec, build
from arena.procgen.catalog import catalog_row
from arena.procgen.checks import problems
from arena.rules import RULESETS

RADII = (6, 10, 16)


def per_arena(mat, radius: int, seeds: int) -> list[float]:
    """Seconds per `build` at `radius`, one per seed, rulesets in turn."""
    times = []
    names = sorted(RULESETS)
    for seed in range(seeds):
        spec = GenSpec(names[seed % len(names)], radius=radius)
        start = time.thread_time()
        build(seed, spec, mat)
        times.append(time.thread_time() - start)
    return times


def catalog(library, count: int) -> tuple[float, float]:
    """CPU and wall seconds to make the catalog lines of seeds 1..count, as the CLI does."""
    cpu, wall = time.thread_time(), time.perf_counter()
    for seed in range(1, count + 1):
        catalog_row(seed, generate_checked(seed, GenSpec("d40"), library))
    return time.thread_time() - cpu, time.perf_counter() - wall


def sweep(mat, count: int) -> None:
    """Generate `count` seeds per ruleset (bouts 1..10, every fourth symmetric); check them."""
    for rules in sorted(RULESETS):
        failures, retries = 0, collections.Counter()
        start = time.perf_counter()
        for seed in range(count):
            spec = GenSpec(rules, bout=1 + seed % 10, symmetric=seed % 4 == 3)
            try:
                made = build(seed, spec, mat)
            except GenError as e:
                failures += 1
                print(f"  {rules} seed {seed}: {e}")
                continue
            if problems(made.scenario.map, made.zones, made.scenario.combatants,
                        spec.symmetric):
                failures += 1
            retries[made.retries] += 1
        spent = time.perf_counter() - start
        shown = ", ".join(f"{k}: {v}" for k, v in sorted(retries.items()))
        total = sum(k * v for k, v in retries.items())
        print(f"sweep {rules}: {count} seeds, {failures} guarantee failures, {total} retries "
              f"in all (seeds by retries: {shown}), {spent:.1f} s")


def main() -> int:
    """Run every measure and print the numbers with the machine they ran on."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=400, help="seeds per radius (default 400)")
    parser.add_argument("--sweep", type=int, default=10_000, help="seeds per ruleset to sweep")
    args = parser.parse_args()
    print(f"{platform.machine()}, {os.cpu_count()} cores, {platform.python_implementation()} "
          f"{platform.python_version()}, {platform.system()}")
    library = load_library()
    mat = materials(library)
    for rules in sorted(RULESETS):
        build(0, GenSpec(rules), mat)  # warm the threat pools
    gc.disable()
    try:
        for radius in RADII:
            times = sorted(per_arena(mat, radius, args.seeds))
            median = statistics.median(times) * 1000
            p95 = times[int(0.95 * (len(times) - 1))] * 1000
            print(f"radius {radius:2}: median {median:.2f} ms, 95th percentile {p95:.2f} ms "
                  f"({args.seeds} seeds)")
        cpu, wall = catalog(library, 1000)
        print(f"catalog of 1000 seeds (validated, as arena gen --catalog): {cpu:.2f} s CPU, "
              f"{wall:.2f} s wall")
    finally:
        gc.enable()
    if args.sweep:
        sweep(mat, args.sweep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
