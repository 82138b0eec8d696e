"""Benchmark of opening aiming and of the accessible mode's speech, per ruleset.

A skirmish (seed 1, 80x24) with every side played: `a` opens aiming on every enemy, each with
its refusal or odds, the first one's walk-and-strike plan and bonus hexes worked out afresh
(issue 30), then the frame is drawn; Esc closes it (not timed). Separately, the
accessible mode's full situation (everyone's bearing and health) is spoken. Both are what a
key costs the player before anything shows; the goal is at most 50 ms each.
"Python time" is the thread's CPU time (`time.thread_time`).

Run: python benchmarks/bench_aim.py [--repeat N]
"""

from __future__ import annotations

import argparse
import io
import platform
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import tcod.console

from arena.assets import load_scenario
from arena.battle.core import Battle
from arena.replay.file import Recorder
from arena.rules import RULESETS, get_ruleset
from arena.tui.accessible.play import Reader
from arena.tui.battle.app import App
from arena.tui.battle.modes import Mode
from arena.tui.battle.session import Session

GOAL_SECONDS = 0.050


def timed(repeat: int, action: Callable[[], object]) -> float:
    """The median thread time of `action()` over `repeat` runs, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.thread_time()
        action()
        times.append(time.thread_time() - start)
    return statistics.median(times)


def main() -> int:
    """Time opening aiming and speaking the situation in each ruleset; print the medians."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    print(f"{platform.machine()}, CPython {platform.python_version()}, {platform.system()}; "
          f"skirmish seed 1, 80x24, median of {args.repeat}")
    worst = 0.0
    for rules in RULESETS:
        battle = Battle(load_scenario("skirmish"), get_ruleset(rules), 1)
        sides = frozenset(range(len(battle.scenario.sides)))
        session = Session(Recorder(battle, "bench"), sides, Path(tempfile.mkdtemp()),
                          journal=False)
        app = App(session)
        console = tcod.console.Console(80, 24, order="C")

        def aim(app: App = app, console: tcod.console.Console = console,
                session: Session = session) -> None:
            session.memo.clear()  # the walk-and-strike plan and bonus hexes afresh
            app.feed("a")
            assert app.state.mode == Mode.TARGET
            app.draw(console)
            app.feed("KEY_ESCAPE")

        reader = Reader(app, io.StringIO(), io.StringIO())
        aiming = timed(args.repeat, aim)
        speech = timed(args.repeat, lambda r=reader: r.now(full=True))
        worst = max(worst, aiming, speech)
        print(f"{rules:>6}: open aiming + draw {aiming * 1000:.2f} ms; "
              f"accessible situation {speech * 1000:.2f} ms")
        battle.__exit__(None, None, None)
    print(f"goal (at most {GOAL_SECONDS * 1000:.0f} ms): "
          f"{'met' if worst <= GOAL_SECONDS else 'MISSED'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
