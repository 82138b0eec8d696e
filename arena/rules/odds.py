"""The exact-odds engine: one odds function per ruleset, behind one entry point.

The attack calculator (`arena odds`), the targeting preview and the AI all call
`attack_odds`. A ruleset plugs in by adding its function to `ENGINES` (the signature is
`OddsFunction`); a ruleset without one makes `attack_odds` raise `NoOddsError`, which
the calculator reports in one line and the preview and AI fall back from.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from arena.errors import ArenaError
from arena.rules.base import AttackContext, Ruleset
from arena.rules.odds_adnd import adnd_odds
from arena.rules.odds_ap import ap_odds
from arena.rules.odds_becmi import becmi_odds
from arena.rules.odds_core import TOLERANCE, Dist, Odds, dice, mix, point
from arena.rules.odds_d40 import d40_odds

__all__ = [
    "ENGINES",
    "TOLERANCE",
    "Dist",
    "NoOddsError",
    "Odds",
    "OddsFunction",
    "attack_odds",
    "dice",
    "expected_damage",
    "has_odds",
    "mix",
    "point",
]

OddsFunction = Callable[[Ruleset, AttackContext], Odds]

ENGINES: dict[str, OddsFunction] = {"ap": ap_odds, "becmi": becmi_odds}
ENGINES["adnd"] = adnd_odds
ENGINES["d40"] = d40_odds


class NoOddsError(ArenaError):
    """The ruleset has no exact-odds function (yet)."""


def has_odds(ruleset: Ruleset) -> bool:
    """Whether the odds engine knows `ruleset`."""
    return ruleset.name in ENGINES


def attack_odds(ruleset: Ruleset, ctx: AttackContext) -> Odds:
    """The exact odds of the attack `ctx` under `ruleset` (its refusal is not checked here)."""
    engine = ENGINES.get(ruleset.name)
    if engine is None:
        known = ", ".join(sorted(ENGINES))
        raise NoOddsError(f"no exact odds for ruleset '{ruleset.name}' yet "
                              f"(odds exist for: {known})")
    return engine(ruleset, ctx)


def expected_damage(ruleset: Ruleset, ctx: AttackContext) -> Fraction | None:
    """The attack's exact mean damage (misses count 0), or None without an odds function."""
    try:
        return attack_odds(ruleset, ctx).expected_damage
    except ArenaError:
        return None
