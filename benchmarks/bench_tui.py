"""Benchmark of the terminal front end: bytes written and Python time of a redraw after a move.

A hot-seat skirmish at 80x24: the active combatant steps one hex (the command and any AI are
not timed), then the app draws into the console and the diff writer turns the changes into
ANSI text; that redraw is timed and its output measured. Goal: at most 2 KB and 1 ms.
"Python time" is the thread's CPU time (`time.thread_time`), so a busy shared machine that
preempts the process does not count against it; the wall-clock median is printed beside it.

Run: python benchmarks/bench_tui.py [--moves N] [--seed N]
"""

from __future__ import annotations

import argparse
import gc
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

import tcod.console

from arena.assets import load_library, load_scenario
from arena.battle import Battle
from arena.hexgrid import hex_neighbor
from arena.replay import Recorder
from arena.rules import get_ruleset
from arena.tui.app import App
from arena.tui.keymap import BINDINGS, STEPS
from arena.tui.screen import ColourMode, DiffWriter
from arena.tui.session import Session

GOAL_BYTES = 2048
GOAL_SECONDS = 0.001
STEP_KEYS = {STEPS[b.action]: b.keys[0] for b in BINDINGS if b.action in STEPS}


def step_key(app: App) -> str | None:
    """A direction key that walks the active combatant onto a free hex, if it has the AP."""
    view = app.session.view
    actor = view.combatant(view.active)
    if actor is None or actor.ap < 1 or view.reaction is not None:
        return None
    for direction, key in sorted(STEP_KEYS.items()):
        there = hex_neighbor(actor.hex, direction)
        if view.map.passable(there) and view.standing_at(there) is None:
            return key
    return None


def measure(
    moves: int, seed: int, mode: ColourMode, saves: Path
) -> tuple[list[int], list[float], list[float]]:
    """Bytes, CPU seconds and wall seconds of each redraw after a move, over `moves` moves."""
    library = load_library()
    scenario = load_scenario("skirmish", library)
    sizes: list[int] = []
    times: list[float] = []
    walls: list[float] = []
    with Battle(scenario, get_ruleset(scenario.ruleset), seed) as battle:
        session = Session(Recorder(battle, library.hash), frozenset({0, 1}), saves, journal=False)
        app = App(session)
        console = tcod.console.Console(80, 24, order="C")
        writer = DiffWriter(mode)
        app.draw(console)
        writer.frame(console)
        while len(sizes) < moves and not session.view.over:
            key = step_key(app)
            app.feed(key or ("n" if session.view.reaction is not None else "."))
            if key is None:
                app.draw(console)
                writer.frame(console)
                continue
            gc.disable()
            wall, start = time.perf_counter(), time.thread_time()
            app.draw(console)
            out = writer.frame(console)
            times.append(time.thread_time() - start)
            walls.append(time.perf_counter() - wall)
            gc.enable()
            sizes.append(len(out.encode()))
    return sizes, times, walls


def main() -> int:
    """Print the redraw cost in both colour modes; exit 1 if the goal is missed."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(f"{platform.machine()}, CPython {platform.python_version()}, {platform.system()}; "
          f"skirmish seed {args.seed}, 80x24, redraw after each of {args.moves} moves")
    ok = True
    with tempfile.TemporaryDirectory() as saves:
        for mode in ("truecolor", "256"):
            sizes, times, walls = measure(args.moves, args.seed, mode, Path(saves))
            median_ms = statistics.median(times) * 1000
            p95_ms = sorted(times)[int(0.95 * (len(times) - 1))] * 1000
            print(f"{mode:>9}: bytes median {statistics.median(sizes):.0f}, max {max(sizes)}; "
                  f"Python time median {median_ms:.3f} ms, 95th percentile {p95_ms:.3f} ms; "
                  f"wall median {statistics.median(walls) * 1000:.3f} ms ({len(sizes)} moves)")
            ok &= max(sizes) <= GOAL_BYTES and median_ms <= GOAL_SECONDS * 1000
    print("goal (at most 2 KB and 1 ms):", "met" if ok else "MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
