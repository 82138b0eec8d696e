"""Start-up cost: `arena --help` and `arena rules` against `python -c pass`, stdlib timers.

Run: python benchmarks/bench_startup.py [--runs N] [--json]

Each command runs N times in fresh interpreters, interleaved (pass, --help, rules, pass, ...)
so a busy shared machine slows all three alike; the report gives each command's median CPU
time (user + system, from `resource.getrusage` of the child: a shared machine's other processes
do not count) and median wall time, and each one's ratio to `python -c pass`'s. The commands
run as `python -m arena` with this interpreter, which is what the `arena` script does (it
imports `arena.cli.main.main`).
Bytecode is cached as an installed package has it (`pip install` compiles it): the runs write
and read it under a temporary PYTHONPYCACHEPREFIX, even where PYTHONDONTWRITEBYTECODE is set,
so the numbers time importing, not compiling, and the source tree stays clean.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
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


def cpu_seconds() -> float:
    """User + system CPU seconds of this process's ended children so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) to run `argv` to its end, its output discarded."""
    cpu, start = cpu_seconds(), time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                   env=env)
    return cpu_seconds() - cpu, time.perf_counter() - start


def measure(runs: int) -> dict[str, tuple[float, float]]:
    """Median (CPU, wall) seconds of each command over `runs` interleaved runs (after a warm-up)."""
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in COMMANDS}
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        for argv in COMMANDS.values():
            run_once(argv, env)  # warm the page cache and write the bytecode cache
        for _ in range(runs):
            for name, argv in COMMANDS.items():
                times[name].append(run_once(argv, env))
    return {name: (statistics.median(c for c, _ in t), statistics.median(w for _, w in t))
            for name, t in times.items()}


def main() -> None:
    """Print each command's median and its ratio to `python -c pass`."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=30, help="runs of each command (default 30)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    medians = measure(args.runs)
    base_cpu, base_wall = medians["python -c pass"]
    results: dict[str, object] = {
        "machine": f"{platform.machine()}, {platform.python_implementation()} "
                   f"{platform.python_version()}, {platform.system()}",
        "runs": args.runs,
    }
    for name, (cpu, wall) in medians.items():
        results[f"{name} CPU ms"] = round(cpu * 1000, 1)
        results[f"{name} wall ms"] = round(wall * 1000, 1)
        if name != "python -c pass":
            results[f"{name} / pass, CPU"] = round(cpu / base_cpu, 2)
            results[f"{name} / pass, wall"] = round(wall / base_wall, 2)
    if args.json:
        print(json.dumps(results))
        return
    for key, value in results.items():
        print(f"{key:>30}: {value}")


if __name__ == "__main__":
    main()
