"""This checkout against another (the commit before a speed-up), side by side, stdlib timers.

Run: python benchmarks/bench_speed.py --base /tmp/base [--battles N] [--rounds R] [--json]

`--base` is a checkout of the other commit (`git worktree add /tmp/base c614661`). Each round
runs one worker process per checkout, alternating which goes first, so a busy shared machine
slows both alike; each worker imports `arena` from its own checkout (PYTHONPATH) and runs the
same measurements from this file:
- skirmish battles per second (AI on both sides, seeds 1..N, as benchmarks/bench.py), after
  one untimed battle of another seed: a checkout that imports tcod and numpy lazily pays for
  them in its first battle, which is start-up (bench_startup.py), not the cost of a battle;
- `arena sim --scenario skirmish --seed S` per second, in one process through `arena.cli.main`
  (assets, scenario, battle and output each time, as a loop of sims in a script does);
- one attack through `Battle.apply` and the pure rule function (bench.py's attack_overhead).
Times are CPU time (`time.process_time`, as bench.py). The report gives each checkout's median
over the rounds and this one's ratio to the base.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from contextlib import redirect_stdout
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
WARM_SEED = 10_000  # one untimed battle first, outside the timed seeds 1..N


def sims_per_second(n: int) -> float:
    """`arena sim` for seeds 1..n through the command line's entry point, per second."""
    from arena.cli import main  # noqa: PLC0415 - the worker imports its own checkout's arena

    start = time.process_time()
    for seed in range(1, n + 1):
        with redirect_stdout(io.StringIO()):
            if main(["sim", "--scenario", "skirmish", "--seed", str(seed)]) != 0:
                raise SystemExit(f"arena sim --seed {seed} failed")
    return n / (time.process_time() - start)


def worker(battles: int, attacks: int) -> dict[str, float]:
    """One checkout's numbers (run in a process whose `arena` is that checkout's)."""
    sys.path.insert(0, str(HERE))
    from bench import attack_overhead, battles_per_second, simulate  # noqa: PLC0415

    from arena.assets import load_scenario  # noqa: PLC0415

    scenario = load_scenario("skirmish")
    simulate(scenario, WARM_SEED)  # start-up (lazy imports) is bench_startup.py's, not a battle's
    bps, _ = battles_per_second(scenario, battles)
    apply_us, rule_us, ratio = attack_overhead(scenario, attacks, repeat=3)
    return {
        "battles_per_second": bps,
        "sims_per_second": sims_per_second(max(2, battles // 2)),
        "attack_apply_us": apply_us,
        "attack_rule_us": rule_us,
        "apply_over_rule": ratio,
    }


def run_worker(tree: Path, battles: int, attacks: int) -> dict[str, float]:
    """Run `worker` in a fresh interpreter importing `arena` from `tree`."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--worker", "--battles", str(battles),
         "--attacks", str(attacks)],
        capture_output=True, text=True, check=True, env=env, cwd=tree)
    numbers: dict[str, float] = json.loads(out.stdout.splitlines()[-1])
    return numbers


def main() -> None:
    """Print each checkout's medians and this checkout's ratio to the base."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", type=Path, help="checkout of the commit to compare with")
    parser.add_argument("--battles", type=int, default=20, help="seeds 1..N (default 20)")
    parser.add_argument("--attacks", type=int, default=5000, help="timed attacks (default 5000)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default 3)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(args.battles, args.attacks)))
        return
    trees = {"this": ROOT, **({"base": args.base.resolve()} if args.base else {})}
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    for i in range(args.rounds):
        order = list(trees) if i % 2 == 0 else list(reversed(trees))
        for name in order:
            runs[name].append(run_worker(trees[name], args.battles, args.attacks))
    results: dict[str, object] = {
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, "
                   f"{platform.python_implementation()} {platform.python_version()}",
        "battles": args.battles, "rounds": args.rounds,
    }
    keys = list(runs["this"][0])
    for name in trees:
        for key in keys:
            results[f"{name} {key}"] = round(statistics.median(r[key] for r in runs[name]), 2)
    if "base" in trees:
        for key in ("battles_per_second", "sims_per_second"):
            this = statistics.median(r[key] for r in runs["this"])
            base = statistics.median(r[key] for r in runs["base"])
            results[f"{key} this / base"] = round(this / base, 2)
    if args.json:
        print(json.dumps(results))
        return
    for key, value in results.items():
        print(f"{key:>34}: {value}")


if __name__ == "__main__":
    main()
