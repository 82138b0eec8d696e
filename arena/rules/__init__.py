"""Rulesets, one module per rule document, behind the protocol in `base`."""

from __future__ import annotations

from collections.abc import Callable

from arena.errors import ArenaError
from arena.model.stats import StatBlock
from arena.rules.ap import ApRuleset
from arena.rules.base import Ruleset
from arena.rules.becmi import BecmiRuleset
from arena.rules.becmi_stats import block_problem

RULESETS: dict[str, Ruleset] = {"ap": ApRuleset(), "becmi": BecmiRuleset()}

# Whole-block checks beyond each field's type and range ("field: message" or None); the asset
# loader runs them so a bad stat block is a load error naming its file and key.
STAT_CHECKS: dict[str, Callable[[StatBlock], str | None]] = {"becmi": block_problem}


def get_ruleset(name: str) -> Ruleset:
    """The ruleset called `name`, or a one-line error listing the available ones."""
    try:
        return RULESETS[name]
    except KeyError:
        names = ", ".join(sorted(RULESETS))
        raise ArenaError(f"unknown ruleset '{name}' (available: {names})") from None
