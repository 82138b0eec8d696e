"""Rulesets, one module per rule document, behind the protocol in `base`."""

from __future__ import annotations

from arena.errors import ArenaError
from arena.rules.ap import ApRuleset
from arena.rules.base import Ruleset
from arena.rules.becmi import BecmiRuleset

RULESETS: dict[str, Ruleset] = {"ap": ApRuleset(), "becmi": BecmiRuleset()}


def get_ruleset(name: str) -> Ruleset:
    """The ruleset called `name`, or a one-line error listing the available ones."""
    try:
        return RULESETS[name]
    except KeyError:
        names = ", ".join(sorted(RULESETS))
        raise ArenaError(f"unknown ruleset '{name}' (available: {names})") from None
