"""Start-up cost: `arena --help` and `arena rules` against `python -c pass`, stdlib timers.

Run: python benchmarks/bench_startup.py [--runs N] [--json]

Each command runs N times in fresh interpreters, interleaved (pass, --help, rules, pass, ...)
so a busy shared machine slows all three alike; the report gives each command's median wall
time and its ratio to the median of `python -c pass`. The commands run as `python -m arena`
with this interpreter, which is what the `arena` script does (it imports `arena.cli.main`).
Bytecode is cached as an installed package has it (`pip install` compiles it): the runs write
and read it under a temporary PYTHONPYCACHEPREFIX, even where PYTHONDONTWRITEBYTECODE is set,
so the numbers time importing, not compiling, and the source tree stays clean.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

COMMANDS: dict[str, list[str]] = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "arena --help": [sys.executable, "-m", "arena", "--help"],
    "arena rules": [sys.executable, "-m", "arena", "rules"],
}


def wall_time(argv: list[str], env: dict[str, str]) -> float:
    """Seconds of wall time to run `argv` to its end, its output discarded."""
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                   env=env)
    return time.perf_counter() - start


def measure(runs: int) -> dict[str, float]:
    """Median seconds of each command over `runs` interleaved runs (after one warm-up each)."""
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        for argv in COMMANDS.values():
            wall_time(argv, env)  # warm the page cache and write the bytecode cache
        for _ in range(runs):
            for name, argv in COMMANDS.items():
                times[name].append(wall_time(argv, env))
    return {name: statistics.median(t) for name, t in times.items()}


def main() -> None:
    """Print each command's median and its ratio to `python -c pass`."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=30, help="runs of each command (default 30)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    medians = measure(args.runs)
    base = medians["python -c pass"]
    results: dict[str, object] = {
        "machine": f"{platform.machine()}, {platform.python_implementation()} "
                   f"{platform.python_version()}, {platform.system()}",
        "runs": args.runs,
    }
    for name, seconds in medians.items():
        results[f"{name} ms"] = round(seconds * 1000, 1)
        if name != "python -c pass":
            results[f"{name} / pass"] = round(seconds / base, 2)
    if args.json:
        print(json.dumps(results))
        return
    for key, value in results.items():
        print(f"{key:>24}: {value}")


if __name__ == "__main__":
    main()
