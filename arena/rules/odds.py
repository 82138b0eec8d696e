"""The exact-odds engine: each ruleset's odds function behind one entry point.

The attack calculator (`arena odds`), the targeting preview and the AI all call
`attack_odds`. A ruleset plugs in through `Ruleset.odds_function`, which returns the odds
function of its own package (`arena/rules/<name>/odds.py`, imported only when first asked
for); a ruleset without one makes `attack_odds` raise `NoOddsError`, which the calculator
reports in one line and the preview and AI fall back from. This package knows no ruleset.
"""

from __future__ import annotations

from fractions import Fraction

from arena.errors import ArenaError
from arena.rules.base import AttackContext, OddsFunction, Ruleset
from arena.rules.exact import TOLERANCE, Dist, Odds, dice, mix, point

__all__ = [
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


class NoOddsError(ArenaError):
    """The ruleset has no exact-odds function (yet)."""


def has_odds(ruleset: Ruleset) -> bool:
    """Whether `ruleset` brings an exact-odds function."""
    return ruleset.odds_function() is not None


def attack_odds(ruleset: Ruleset, ctx: AttackContext) -> Odds:
    """The exact odds of the attack `ctx` under `ruleset` (its refusal is not checked here)."""
    engine = ruleset.odds_function()
    if engine is None:
        raise NoOddsError(f"no exact odds for ruleset '{ruleset.name}' yet")
    return engine(ruleset, ctx)


def expected_damage(ruleset: Ruleset, ctx: AttackContext) -> Fraction | None:
    """The attack's exact mean damage (misses count 0), or None without an odds function."""
    try:
        return attack_odds(ruleset, ctx).expected_damage
    except ArenaError:
        return None
