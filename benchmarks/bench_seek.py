"""Benchmark of the replay viewer's seek (issue 16): worst and median time to any command.

Records one long battle: the skirmish (eight combatants) with every combatant's hit points
multiplied (default x40, at most 500) and the round limit raised, fought by the basic AI,
so the replay holds over 2,000 commands (2,854 with the default seed 2). Then, as the
viewer does (`arena/tui/viewer/playback.py`), builds the keyframes once (timed: the wait before
the viewer opens) and puts the battle at random commands, each seek timed and its state
hash checked against the recorded one:
  - `Seeker.at(n)` alone with the engine's default keyframes (every 25 commands: one restore
    and at most 24 commands);
  - `Playback.goto(n)`, the viewer's whole seek (keyframes every 10 commands; also the
    panel's view and the log).
Goal: worst ≤ 50 ms to any point of a 2,000-command battle.

Run: python benchmarks/bench_seek.py [--scale N] [--seeks N] [--seed S]
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import platform
import random
import statistics
import tempfile
import time
from pathlib import Path

from arena.assets import load_library, load_scenario
from arena.battle.core import Battle
from arena.ecs.events import Refused
from arena.model.commands import EndTurn
from arena.model.scenario import Scenario
from arena.replay.file import Recorder, load, save
from arena.replay.seek import Seeker
from arena.rules import get_ruleset
from arena.tui.viewer.playback import open_playback

MAX_COMMANDS = 20_000
MAX_HP = 500  # the most a scenario file allows


def crowd(scale: int) -> Scenario:
    """The skirmish with `scale` times the hit points and room for the rounds it takes."""
    s = load_scenario("skirmish", load_library(), None)
    tough = tuple(dataclasses.replace(c, hp=min(MAX_HP, c.hp * scale)) for c in s.combatants)
    return dataclasses.replace(s, combatants=tough, max_rounds=1000)


def record(scenario: Scenario, seed: int, path: Path) -> float:
    """Fight the battle with the basic AI and write its replay; seconds taken."""
    start = time.perf_counter()
    library = load_library()
    with Battle(scenario, get_ruleset(scenario.ruleset), seed) as battle:
        battle.roster.configure("basic", "normal", len(scenario.sides))
        recorder = Recorder(battle, library.hash)
        while not battle.over:
            active = battle.active
            events = recorder.apply(battle.decide(), "ai")
            if len(events) == 1 and isinstance(events[0], Refused) and active is not None:
                recorder.apply(EndTurn(active), "ai")  # as the terminal game's AI loop does
            if len(recorder.steps) > MAX_COMMANDS:
                raise SystemExit(f"over {MAX_COMMANDS} commands: lower --scale")
        save(recorder, path)
    return time.perf_counter() - start


def timed(seek: object, targets: list[int], check: list[str]) -> list[tuple[float, float]]:
    """(wall, CPU) milliseconds of each seek to each target; each state hash checked."""
    took = []
    for n in targets:
        start, used = time.perf_counter(), time.process_time()
        battle = seek(n)  # type: ignore[operator]
        took.append(((time.perf_counter() - start) * 1000, (time.process_time() - used) * 1000))
        assert battle.state_hash() == check[n], f"wrong state at command {n}"
    return took


def summary(name: str, took: list[tuple[float, float]]) -> str:
    """One line: median and worst, wall time (the CPU time of this process beside it)."""
    wall, cpu = [w for w, _ in took], [c for _, c in took]
    return (f"{name}: median {statistics.median(wall):.1f} ms, worst {max(wall):.1f} ms "
            f"(CPU: median {statistics.median(cpu):.1f}, worst {max(cpu):.1f}) over "
            f"{len(took)} seeks; load average {os.getloadavg()[0]:.1f}")


def main() -> None:
    """Record, build keyframes, seek at random, print the numbers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=int, default=40, help="hit points multiplied by this")
    parser.add_argument("--seeks", type=int, default=300, help="random seeks timed")
    parser.add_argument("--seed", type=int, default=2, help="the battle's seed (2: 2,854 commands)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.json"
        fought = record(crowd(args.scale), args.seed, path)
        replay = load(path)
        count = len(replay.steps)
        print(f"python {platform.python_version()}, {platform.machine()}; skirmish x{args.scale}"
              f" HP, seed {args.seed}: {count} commands (recorded in {fought:.1f} s)")
        start = time.perf_counter()
        seeker = Seeker(replay)
        print(f"keyframes built (one checked re-simulation) in {time.perf_counter() - start:.2f}"
              f" s: {len(seeker.keyframes)} of them, every {seeker.every} commands")
        opening = seeker.at(0).state_hash()
        hashes = [opening, *(digest for _, _, digest in replay.steps)]
        rng = random.Random(args.seed)
        targets = [rng.randrange(count + 1) for _ in range(args.seeks)]
        try:
            print(summary("Seeker.at", timed(seeker.at, targets, hashes)))
        finally:
            seeker.close()
        start = time.perf_counter()
        playback = open_playback(path, Path(folder) / "saves")
        print(f"viewer opened (keyframes, log narrated) in {time.perf_counter() - start:.2f} s")

        def goto(n: int) -> Battle:
            playback.goto(n)
            assert playback.seeker is not None
            return playback.seeker.battle

        try:
            print(summary("viewer goto", timed(goto, targets, hashes)))
        finally:
            playback.close()
        if count < 2000:
            print(f"warning: only {count} commands; raise --scale for a 2,000-command battle")


if __name__ == "__main__":
    main()
