"""The run's difficulty: the foes' threat budget step by step and the share of HP a rest gives.

Measured with `benchmarks/bench_run.py` (docs/run.md, "Balance"): the budget of a fight at
step k of the run's map is `start × (base + step × (k − 1)) / 100`, where `start` is the
party's threat at the start (full health, level 1); an elite's is 7/5 of it
(`engine.ELITE_BUDGET`). Each ruleset has its own base and step because the generator's threat
measure prices its combatants differently against the party the run gives it. A boss node
always fields one boss, alone when the budget cannot hold more. After a won fight the party
catches its breath (`BREATHER`); a camp node's rest gives back more (`REST_SHARE`).
"""

from __future__ import annotations

# ruleset -> (percent of the starting party's threat at step 1, percent more each step)
CURVES: dict[str, tuple[int, int]] = {
    "d40": (22, 4),
    "ap": (17, 3),  # gentler: its fights cost the most (a severed limb lasts the run)
    "adnd": (21, 5),
    "becmi": (22, 5),
}
DEFAULT_CURVE = (20, 3)
# The difficulty: the share of the curve the foes get, and the level of the tactical AI that
# commands them (arena/ai/tactical.py `LEVELS`); the party's own auto-fight stays at normal.
FOE_SHARE = {"easy": (4, 5), "normal": (1, 1), "hard": (6, 5)}
FOE_AI = {"easy": "easy", "normal": "normal", "hard": "hard"}
REST_SHARE = (2, 3)  # a rest gives back this share of each member's lost HP, rounded up
BREATHER = (1, 3)  # after a won fight, each member standing gets this share of it back


def foe_budget(ruleset: str, start_threat: int, step: int, difficulty: str = "normal") -> int:
    """The foes' threat budget at step `step` (1-based) of a run under `ruleset`."""
    base, rise = CURVES.get(ruleset, DEFAULT_CURVE)
    num, den = FOE_SHARE[difficulty]
    return start_threat * (base + rise * (step - 1)) * num // (100 * den)


def rest_gain(max_hp: int, hp: int, share: tuple[int, int] = REST_SHARE) -> int:
    """The HP a rest (or a breather) gives back: its share of what was lost, rounded up."""
    num, den = share
    return ((max_hp - hp) * num + den - 1) // den
