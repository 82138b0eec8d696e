"""Rulesets, one package per rule document, behind the protocol in `base`."""

from __future__ import annotations

from collections.abc import Callable

from arena.errors import ArenaError
from arena.model.stats import StatBlock
from arena.rules.adnd import AdndRuleset
from arena.rules.adnd.stats import block_problem as adnd_block_problem
from arena.rules.ap import ApRuleset
from arena.rules.base import Ruleset
from arena.rules.becmi import BecmiRuleset
from arena.rules.becmi.stats import block_problem
from arena.rules.d40 import D40Ruleset
from arena.rules.d40.stats import block_problem as d40_block_problem

RULESETS: dict[str, Ruleset] = {
    "adnd": AdndRuleset(), "ap": ApRuleset(), "becmi": BecmiRuleset(), "d40": D40Ruleset(),
}

# Whole-block checks beyond each field's type and range ("field: message" or None); the asset
# loader runs them so a bad stat block is a load error naming its file and key.
STAT_CHECKS: dict[str, Callable[[StatBlock], str | None]] = {
    "adnd": adnd_block_problem, "becmi": block_problem, "d40": d40_block_problem,
}


def get_ruleset(name: str) -> Ruleset:
    """The ruleset called `name`, or a one-line error listing the available ones."""
    try:
        return RULESETS[name]
    except KeyError:
        names = ", ".join(sorted(RULESETS))
        raise ArenaError(f"unknown ruleset '{name}' (available: {names})") from None
