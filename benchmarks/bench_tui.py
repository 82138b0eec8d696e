"""Benchmark of the terminal front end: bytes written and Python time of a redraw after a move.

A hot-seat skirmish at 80x24 (one glyph per hex) and at 140x40 (the larger map scale, hexes
four columns by two rows): the active combatant steps one hex (the command and any AI are
not timed), then the app draws into the console and the diff writer turns the changes into
ANSI text; that redraw is timed and its output measured. Goal: at most 2 KB and 1 ms at
80x24; at most 4 KB and 1 ms at 140x40 (a step repaints two blocks of eight cells).
With --mouse the pointer rests over a hex two steps from the active combatant (so the panel
describes it and the map shades the walk there, as hovering does), and each move is followed
by a pointer move to the next such hex: both frames are timed and measured, with the same goals.
"Python time" is the thread's CPU time (`time.thread_time`), so a busy shared machine that
preempts the process does not count against it; the wall-clock median is printed beside it.

Run: python benchmarks/bench_tui.py [--moves N] [--seed N] [--size 80x24 --size 140x40] [--mouse]
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
from arena.battle.core import Battle
from arena.hexgrid import hex_neighbor, hex_to_cell
from arena.replay.file import Recorder
from arena.rules import get_ruleset
from arena.tui.battle.app import App
from arena.tui.battle.session import Session
from arena.tui.term.diffwriter import ColourMode, DiffWriter
from arena.tui.term.keymap import BINDINGS, STEPS

GOAL_BYTES = {(80, 24): 2048, (140, 40): 4096}
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


def hover_key(app: App, turn: int) -> str:
    """A pointer move over a hex two steps from the active combatant (rotating by `turn`)."""
    view = app.session.view
    actor = view.combatant(view.active)
    if actor is None:
        return ""
    h = hex_neighbor(hex_neighbor(actor.hex, turn % 6), turn % 6)
    x, y = hex_to_cell(h, app.origin, app.hex_size)
    return f"MOUSE_MOVE {x} {y}"


def timed(app: App, console: tcod.console.Console, writer: DiffWriter,
          into: tuple[list[int], list[float], list[float]]) -> None:
    """Draw a frame and write it, its bytes, CPU and wall seconds appended to `into`."""
    gc.disable()
    wall, start = time.perf_counter(), time.thread_time()
    app.draw(console)
    out = writer.frame(console)
    into[1].append(time.thread_time() - start)
    into[2].append(time.perf_counter() - wall)
    gc.enable()
    into[0].append(len(out.encode()))


def measure(
    moves: int, seed: int, mode: ColourMode, saves: Path, size: tuple[int, int] = (80, 24),
    mouse: bool = False,
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
        console = tcod.console.Console(*size, order="C")
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
            timed(app, console, writer, (sizes, times, walls))
            if mouse:
                app.feed(hover_key(app, len(sizes)))
                timed(app, console, writer, (sizes, times, walls))
    return sizes, times, walls


def terminal_size(text: str) -> tuple[int, int]:
    """'140x40' as (140, 40)."""
    width, _, height = text.partition("x")
    return int(width), int(height)


def main() -> int:
    """Print the redraw cost per size and colour mode; exit 1 if a goal is missed."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--mouse", action="store_true", help="the pointer hovers the map")
    parser.add_argument("--size", type=terminal_size, action="append",
                        help="a terminal size such as 140x40 (default: 80x24 and 140x40)")
    args = parser.parse_args()
    print(f"{platform.machine()}, CPython {platform.python_version()}, {platform.system()}; "
          f"skirmish seed {args.seed}, redraw after each of {args.moves} moves"
          + (" and each pointer move (mouse on)" if args.mouse else ""))
    ok = True
    with tempfile.TemporaryDirectory() as saves:
        for size in args.size or list(GOAL_BYTES):
            goal = GOAL_BYTES.get(size, 4096)
            for mode in (ColourMode.TRUECOLOR, ColourMode.XTERM256):
                sizes, times, walls = measure(args.moves, args.seed, mode, Path(saves), size,
                                              args.mouse)
                median_ms = statistics.median(times) * 1000
                p95_ms = sorted(times)[int(0.95 * (len(times) - 1))] * 1000
                print(f"{size[0]}x{size[1]} {mode.value:>9}: bytes median "
                      f"{statistics.median(sizes):.0f}, max {max(sizes)} (goal {goal}); "
                      f"Python time median {median_ms:.3f} ms, 95th percentile {p95_ms:.3f} ms; "
                      f"wall median {statistics.median(walls) * 1000:.3f} ms ({len(sizes)} frames)")
                ok &= max(sizes) <= goal and median_ms <= GOAL_SECONDS * 1000
    print("goals (bytes as above, 1 ms):", "met" if ok else "MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
