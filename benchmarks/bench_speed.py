"""This checkout against another (the commit before a speed-up), side by side, stdlib timers.

Run: python benchmarks/bench_speed.py --base /tmp/base [--battles N] [--rounds R] [--json]
     python benchmarks/bench_speed.py --base /tmp/base --attacks-only --rounds 7
     python benchmarks/bench_speed.py --profile 12   (cProfile of the attack row's apply loop)

`--base` is a checkout of the other commit (`git worktree add /tmp/base c614661`). Each round
runs one worker process per checkout, alternating which goes first, so a busy shared machine
slows both alike; each worker imports `arena` from its own checkout (PYTHONPATH) and runs the
same measurements from this file:
- skirmish battles per second (AI on both sides, seeds 1..N, as benchmarks/bench.py), after
  one untimed battle of another seed: a checkout that imports tcod and numpy lazily pays for
  them in its first battle, which is start-up (bench_startup.py), not the cost of a battle;
- `arena sim --scenario skirmish --seed S` per second, in one process through `arena.cli.main.main`
  (assets, scenario, battle and output each time, as a loop of sims in a script does);
- one attack through `Battle.apply` and the pure rule function (bench.py's attack_overhead),
  then both loops once more with user and kernel time apart and the page faults per attack.
Times are CPU time (`time.process_time`, as bench.py). The report gives each checkout's median
over the rounds and this one's ratio to the base. `--attacks-only` skips the battles and sims
(more rounds of the attack row in the same time); `--profile N` prints the N functions with
the most own time in this checkout's apply loop (the attack row's duel, under cProfile).
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
    from arena.cli.main import main  # noqa: PLC0415 - the worker imports its own checkout's arena

    start = time.process_time()
    for seed in range(1, n + 1):
        with redirect_stdout(io.StringIO()):
            if main(["sim", "--scenario", "skirmish", "--seed", str(seed)]) != 0:
                raise SystemExit(f"arena sim --seed {seed} failed")
    return n / (time.process_time() - start)


def worker(battles: int, attacks: int) -> dict[str, float]:
    """One checkout's numbers (run in a process whose `arena` is that checkout's).

    `battles` 0 measures the attack row only.
    """
    sys.path.insert(0, str(HERE))
    from bench import attack_overhead, battles_per_second, simulate  # noqa: PLC0415

    from arena.assets import load_scenario  # noqa: PLC0415

    scenario = load_scenario("skirmish")
    numbers: dict[str, float] = {}
    if battles:
        simulate(scenario, WARM_SEED)  # start-up is bench_startup.py's
        numbers["battles_per_second"] = battles_per_second(scenario, battles)[0]
        numbers["sims_per_second"] = sims_per_second(max(2, battles // 2))
    apply_us, rule_us, ratio = attack_overhead(scenario, attacks, repeat=3)
    return {**numbers, "attack_apply_us": apply_us, "attack_rule_us": rule_us,
            "apply_over_rule": ratio, **attack_split(scenario, attacks)}


def attack_split(scenario: object, n: int) -> dict[str, float]:
    """The attack row's two loops once more, user and kernel time apart, with page faults.

    The battle keeps every event in its log, so its loop grows the heap (new pages, faulted in
    by the kernel); the rule's loop drops its results and reuses their memory.
    """
    import gc  # noqa: PLC0415
    import resource  # noqa: PLC0415

    import esper  # noqa: PLC0415
    from bench import attack_duel, forget  # noqa: PLC0415

    from arena.battle.core import Battle  # noqa: PLC0415
    from arena.dice import Dice  # noqa: PLC0415
    from arena.ecs.components import TurnMemory  # noqa: PLC0415
    from arena.model.commands import Attack, EndTurn  # noqa: PLC0415
    from arena.rules import get_ruleset  # noqa: PLC0415

    duel = attack_duel(scenario, n)  # type: ignore[arg-type]
    ruleset = get_ruleset(duel.ruleset)
    usage = {}
    with Battle(duel, ruleset, seed=1) as battle:
        if battle.active == 2:
            battle.apply(EndTurn(2))
        command = Attack(1, 2)
        plan = battle.attacks.plan(command)
        assert not isinstance(plan, str)
        memory = esper.component_for_entity(1, TurnMemory)
        dice = Dice(1)
        gc.disable()
        for side in ("apply", "rule"):
            before = resource.getrusage(resource.RUSAGE_SELF)
            if side == "apply":
                for _ in range(n):
                    battle.apply(command)
                    forget(memory)
            else:
                for _ in range(n):
                    ruleset.resolve_attack(plan[0], dice)
            after = resource.getrusage(resource.RUSAGE_SELF)
            usage[f"attack_{side}_user_us"] = (after.ru_utime - before.ru_utime) / n * 1e6
            usage[f"attack_{side}_kernel_us"] = (after.ru_stime - before.ru_stime) / n * 1e6
            usage[f"attack_{side}_faults"] = (after.ru_minflt - before.ru_minflt) / n
        gc.enable()
    usage["apply_over_rule_user"] = usage["attack_apply_user_us"] / usage["attack_rule_user_us"]
    return usage


def profile_attacks(n: int, top: int) -> None:
    """Print the `top` functions by own time over n attacks through `Battle.apply`."""
    import cProfile  # noqa: PLC0415
    import gc  # noqa: PLC0415
    import pstats  # noqa: PLC0415

    import esper  # noqa: PLC0415

    sys.path.insert(0, str(HERE))
    from bench import attack_duel, forget  # noqa: PLC0415

    from arena.assets import load_scenario  # noqa: PLC0415
    from arena.battle.core import Battle  # noqa: PLC0415
    from arena.ecs.components import TurnMemory  # noqa: PLC0415
    from arena.model.commands import Attack, EndTurn  # noqa: PLC0415
    from arena.rules import get_ruleset  # noqa: PLC0415

    scenario = load_scenario("skirmish")
    duel = attack_duel(scenario, n)
    with Battle(duel, get_ruleset(duel.ruleset), seed=1) as battle:
        if battle.active == 2:
            battle.apply(EndTurn(2))
        command = Attack(1, 2)
        memory = esper.component_for_entity(1, TurnMemory)
        gc.disable()
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(n):
            battle.apply(command)
            forget(memory)
        profiler.disable()
        gc.enable()
    stats = pstats.Stats(profiler)
    rows = sorted(stats.stats.items(), key=lambda item: -item[1][2])  # type: ignore[attr-defined]
    # Shares of the time inside `Battle.apply` (the loop's own bookkeeping left out).
    total = next(row[3] for (path, _, name), row in rows
                 if name == "apply" and path.endswith(("battle/core.py", "battle.py")))
    print(f"{'function':<58} {'calls/attack':>12} {'own':>6} {'with callees':>12}")
    for (path, line, name), (_, calls, own, cumulative, _) in rows[:top]:
        where = f"{'/'.join(Path(path).parts[-2:])}:{line}({name})" if line else name
        print(f"{where:<58} {calls / n:>12.1f} {own / total:>6.1%} {cumulative / total:>12.1%}")


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
    parser.add_argument("--attacks-only", action="store_true",
                        help="measure the attack row only (no battles or sims)")
    parser.add_argument("--profile", type=int, metavar="N",
                        help="print the N functions with most own time in the apply loop")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(args.battles, args.attacks)))
        return
    if args.profile:
        profile_attacks(args.attacks, args.profile)
        return
    if args.attacks_only:
        args.battles = 0
    trees = {"this": ROOT, **({"base": args.base.resolve()} if args.base else {})}
    load_before = os.getloadavg()[0]  # others' work on a shared machine: it slows the memory
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    for i in range(args.rounds):
        order = list(trees) if i % 2 == 0 else list(reversed(trees))
        for name in order:
            runs[name].append(run_worker(trees[name], args.battles, args.attacks))
    results: dict[str, object] = {
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, "
                   f"{platform.python_implementation()} {platform.python_version()}",
        "battles": args.battles, "rounds": args.rounds,
        "load average (1 min) before / after": f"{load_before:.1f} / {os.getloadavg()[0]:.1f}",
    }
    keys = list(runs["this"][0])
    for name in trees:
        for key in keys:
            results[f"{name} {key}"] = round(statistics.median(r[key] for r in runs[name]), 2)
        for key in ("apply_over_rule", "apply_over_rule_user"):
            spread = sorted(r[key] for r in runs[name])
            results[f"{name} {key} range"] = f"{spread[0]:.2f}..{spread[-1]:.2f}"
    if "base" in trees:
        for key in ("battles_per_second", "sims_per_second") if args.battles else ():
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
