"""Benchmark of the exact odds engine with the standard library's timers.

One query is `attack_odds(ruleset, ctx)` for an attack built from SPECs (the cases of
`tests/rules/test_odds_sampling.py`). Three modes: "first" clears every cache of the odds modules
before each query (the first query of a process, as `arena odds` makes it: the dice and the
double-critical table are convolved again); "new" keeps those and clears the per-situation
spreads (a situation never weighed before); "warm" repeats a query whose spreads are cached
(the AI and the preview asking again). The garbage collector is paused while timing, as
`timeit` does. Goals (issue 8): at most 1 ms per query for `ap`, `becmi` and `d40`, 5 ms for
`adnd`.

Run: python benchmarks/bench_odds.py [--repeat N]
"""

from __future__ import annotations

import argparse
import gc
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from arena.assets import load_library
from arena.calculator import build_query
from arena.rules import RULESETS
from arena.rules import exact as odds_core
from arena.rules.adnd import odds as odds_adnd
from arena.rules.ap import odds as odds_ap
from arena.rules.base import AttackContext, Ruleset
from arena.rules.becmi import odds as odds_becmi
from arena.rules.d40 import odds as odds_d40
from arena.rules.odds import attack_odds, has_odds

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the situations of the tests
from tests.rules.test_odds_sampling import ADND_CASES, AP_CASES, BECMI_CASES, D40_CASES

CASES = {"ap": AP_CASES, "becmi": BECMI_CASES}
CASES["adnd"] = ADND_CASES
CASES["d40"] = D40_CASES
GOAL_US = {"ap": 1000.0, "becmi": 1000.0, "d40": 1000.0, "adnd": 5000.0}


STATIC = ("dice", "double_critical_extra")  # kept in the "new" mode
STATIC += ("multipliers",)  # adnd: the chain's multiplier ways
MODES = ("first", "new", "warm")


def clear_caches(everything: bool = True) -> None:
    """Forget the cached distributions of the odds modules (all, or the per-situation ones)."""
    for module in (odds_core, odds_ap, odds_becmi, odds_adnd, odds_d40):
        for name, value in vars(module).items():
            clear: Callable[[], None] | None = getattr(value, "cache_clear", None)
            if clear is not None and (everything or name not in STATIC):
                clear()


def time_query(ruleset: Ruleset, ctx: AttackContext, mode: str, repeat: int) -> list[float]:
    """Microseconds per query, `repeat` times."""
    times = []
    attack_odds(ruleset, ctx)
    gc.disable()
    try:
        for _ in range(repeat):
            if mode != "warm":
                clear_caches(mode == "first")
            start = time.perf_counter_ns()
            attack_odds(ruleset, ctx)
            times.append((time.perf_counter_ns() - start) / 1000)
    finally:
        gc.enable()
    return times


def main() -> None:
    """Print median, 95th percentile and worst query times per ruleset and mode."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=200, help="queries per case and mode")
    args = parser.parse_args()
    library = load_library()
    print(f"{platform.machine()}, CPython {platform.python_version()}, {platform.system()}")
    print(f"{'ruleset':<8} {'mode':<5} {'median us':>10} {'p95 us':>8} {'worst us':>9} "
          f"{'goal us':>8}")
    for name in sorted(RULESETS):
        ruleset = RULESETS[name]
        if not has_odds(ruleset) or name not in CASES:
            continue
        contexts = [build_query(ruleset, library, *case).ctx for case in CASES[name]]
        for mode in MODES:
            times = [t for ctx in contexts for t in time_query(ruleset, ctx, mode, args.repeat)]
            p95 = statistics.quantiles(times, n=20)[-1]
            print(f"{name:<8} {mode:<5} {statistics.median(times):>10.0f} {p95:>8.0f} "
                  f"{max(times):>9.0f} {GOAL_US[name]:>8.0f}")


if __name__ == "__main__":
    main()
