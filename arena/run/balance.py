"""The run's difficulty: the foes' threat budget bout by bout and the share of HP a rest gives.

Measured with `benchmarks/bench_run.py` (docs/run.md, "Balance"): the budget of bout k is
`start × (base + step × (k − 1)) / 100`, where `start` is the party's threat at the start
(full health, level 1). Each ruleset has its own base and step because the generator's threat
measure prices its combatants differently against the party the run gives it. On boss bouts
(5, 10, ...) the generator always fields one boss, alone when the budget cannot hold more.
"""

from __future__ import annotations

# ruleset -> (percent of the starting party's threat at bout 1, percent more each bout)
CURVES: dict[str, tuple[int, int]] = {
    "d40": (30, 6),
    "ap": (30, 6),
    "adnd": (30, 6),
    "becmi": (25, 5),  # gentler: its bosses (a fighter-9 Captain) outclass their threat most
}
DEFAULT_CURVE = (30, 6)
REST_SHARE = (2, 3)  # a rest gives back this share of each member's lost HP, rounded up


def foe_budget(ruleset: str, start_threat: int, bout: int) -> int:
    """The foes' threat budget for bout `bout` (1-based) of a run under `ruleset`."""
    base, step = CURVES.get(ruleset, DEFAULT_CURVE)
    return start_threat * (base + step * (bout - 1)) // 100


def rest_gain(max_hp: int, hp: int) -> int:
    """The HP a rest gives back: the documented share of what was lost, rounded up."""
    num, den = REST_SHARE
    return ((max_hp - hp) * num + den - 1) // den
