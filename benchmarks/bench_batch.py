"""Benchmark of the testers' tools with the standard library's timers (issue 16).

  - `arena batch` throughput: battles per second (wall time) for each job count 1..cores, and
    the speed-up over one job, on one scenario and seed range (same CSV bytes checked);
  - snapshots: take and restore (median ms) at the end of a long battle, with and without the
    event log;
  - seek (`arena.replay.seek`, keyframes every 25 commands): median and worst time to put a
    recorded battle at 200 random commands (goal ≤ 50 ms). The cost is one restore plus at most
    24 commands, whatever the battle's length;
  - the same sweep on a local Dask cluster of one worker process per core (`--scheduler`);
  - keyframes stored in the file (`--keyframes 25`): opening on them against re-simulating,
    seeks that check each stored keyframe on first use, and the file sizes.
Goal: speed-up ≥ 0.8 × N for N jobs on this machine's cores.

Run: python benchmarks/bench_batch.py [--scenario S] [--seeds N]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import time

from arena.assets import load_library, load_scenario
from arena.battle.core import Battle
from arena.replay.file import Recorder, load, save
from arena.replay.seek import Seeker
from arena.replay.snapshot import restore, take
from arena.rules import get_ruleset
from arena.tools.sweep import Job, csv_text, sweep


def cpu() -> float:
    """CPU seconds used so far by this process and its finished children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def throughput(scenario: str, seeds: int, jobs: int) -> tuple[float, float, str]:
    """(battles per wall second, CPU seconds per battle, CSV) of a sweep with `jobs` processes."""
    job = Job(scenario, None, range(1, seeds + 1), ("tactical",), "normal")
    start, used = time.perf_counter(), cpu()
    rows = [f.row for f in sweep(job, jobs)]
    wall = time.perf_counter() - start
    return seeds / wall, (cpu() - used) / seeds, csv_text(rows)


def on_dask(scenario: str, seeds: int, workers: int) -> tuple[float, str] | None:
    """(battles per wall second, CSV) on a local Dask cluster of `workers` processes."""
    try:
        import distributed  # noqa: PLC0415
    except ImportError:
        return None
    from arena.tools.cluster import sweep_on_cluster  # noqa: PLC0415

    job = Job(scenario, None, range(1, seeds + 1), ("tactical",), "normal")
    with distributed.LocalCluster(n_workers=workers, threads_per_worker=1,
                                  dashboard_address=None, silence_logs=40) as cluster:
        start = time.perf_counter()
        rows = [f.row for f in sweep_on_cluster(job, cluster.scheduler_address)]
        return seeds / (time.perf_counter() - start), csv_text(rows)


def snapshots(scenario: str, repeats: int = 20) -> dict[str, float]:
    """Median ms to take and restore a snapshot at the end of a battle (log in and out)."""
    s = load_scenario(scenario, load_library(), None)
    found: dict[str, float] = {}
    with Battle(s, get_ruleset(s.ruleset), 1) as b:
        while not b.over:
            b.apply(b.decide())
        found["commands"] = len(b.log)
        for log in (True, False):
            took, back = [], []
            for _ in range(repeats):
                t = time.perf_counter()
                data = json.loads(json.dumps(take(b, log)))
                took.append(time.perf_counter() - t)
                with Battle(s, get_ruleset(s.ruleset), 1) as c:
                    t = time.perf_counter()
                    restore(c, data)
                    back.append(time.perf_counter() - t)
            tag = "with log" if log else "no log"
            found[f"take {tag}"] = 1000 * statistics.median(took)
            found[f"restore {tag}"] = 1000 * statistics.median(back)
    return found


def seeking(scenario: str, path: str = "/tmp/arena-bench-seek.json") -> tuple[int, float, float]:
    """(commands, median ms, worst ms) of seeking to 200 random commands of a recorded battle."""
    import random  # noqa: PLC0415
    from pathlib import Path  # noqa: PLC0415

    library = load_library()
    s = load_scenario(scenario, library, None)
    with Battle(s, get_ruleset(s.ruleset), 1) as b:
        recorder = Recorder(b, library.hash)
        while not b.over:
            recorder.apply(b.decide(), "ai")
        save(recorder, Path(path))
    seeker = Seeker(load(Path(path)))
    times = []
    for n in random.Random(1).choices(range(len(seeker.commands) + 1), k=200):
        t = time.perf_counter()
        seeker.at(n)
        times.append(1000 * (time.perf_counter() - t))
    seeker.close()
    return len(seeker.commands), statistics.median(times), max(times)


def stored_seeking(scenario: str, path: str = "/tmp/arena-bench-keyed.json") -> dict[str, float]:
    """Opening a replay with stored keyframes against re-simulating it; seeks; file sizes."""
    import random  # noqa: PLC0415
    from pathlib import Path  # noqa: PLC0415

    library = load_library()
    s = load_scenario(scenario, library, None)
    sizes = {}
    for every in (0, 25):
        with Battle(s, get_ruleset(s.ruleset), 1) as b:
            recorder = Recorder(b, library.hash, keyframe_every=every)
            while not b.over:
                recorder.apply(b.decide(), "ai")
            save(recorder, Path(path))
        sizes[every] = Path(path).stat().st_size
    replay = load(Path(path))
    t = time.perf_counter()
    Seeker(replay).close()
    full = time.perf_counter() - t
    t = time.perf_counter()
    seeker = Seeker(replay, stored=True)
    opened = time.perf_counter() - t
    times = []
    for n in random.Random(1).choices(range(len(seeker.commands) + 1), k=200):
        t = time.perf_counter()
        seeker.at(n)
        times.append(1000 * (time.perf_counter() - t))
    seeker.close()
    return {"commands": len(replay.steps), "open re-simulating ms": 1000 * full,
            "open on stored keyframes ms": 1000 * opened,
            "stored seek median ms": statistics.median(times), "stored seek worst ms": max(times),
            "file kB": sizes[0] / 1000, "file with keyframes every 25 kB": sizes[25] / 1000}


def main() -> None:
    """Print the measures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--scenario", default="skirmish")
    parser.add_argument("--seeds", type=int, default=40)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    print(f"{platform.processor() or platform.machine()}, {cores} cores, "
          f"Python {platform.python_version()}, load average {os.getloadavg()[0]:.1f}")
    base, per, first = throughput(args.scenario, args.seeds, 1)
    print(f"batch {args.scenario} {args.seeds} seeds: 1 job {base:.2f} battles/s, "
          f"{per * 1000:.0f} ms CPU per battle")
    for jobs in range(2, cores + 1):
        rate, cost, text = throughput(args.scenario, args.seeds, jobs)
        same = "same CSV" if text == first else "CSV DIFFERS"
        # On idle cores the speed-up is N x (CPU per battle alone / CPU per battle in N workers).
        print(f"  {jobs} jobs {rate:.2f} battles/s, speed-up {rate / base:.2f} "
              f"({rate / base / jobs:.2f} x N); {cost * 1000:.0f} ms CPU per battle, "
              f"idle-core speed-up {jobs * per / cost:.2f}; {same}")
    dask = on_dask(args.scenario, args.seeds, cores)
    if dask is not None:
        same = "same CSV" if dask[1] == first else "CSV DIFFERS"
        print(f"  Dask LocalCluster, {cores} worker processes: {dask[0]:.2f} battles/s, "
              f"speed-up {dask[0] / base:.2f} (cluster start not counted); {same}")
    commands, median, worst = seeking("adnd-archers")
    print(f"seek in a {commands}-command adnd-archers replay: median {median:.1f} ms, "
          f"worst {worst:.1f} ms")
    for name, value in stored_seeking("adnd-archers").items():
        print(f"stored keyframes (adnd-archers): {name} {value:.1f}")
    for name, value in snapshots(args.scenario).items():
        print(f"snapshot {name}: {value:.1f}" + ("" if name == "commands" else " ms"))


if __name__ == "__main__":
    main()
