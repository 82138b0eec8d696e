"""Threat: how dangerous a combatant is under a ruleset, from exact odds (docs/procgen.md).

threat = round(best exact expected damage of one attack × hit points), where the attack is
each usable weapon's, from the front, against the ruleset's reference defender (every stat
field at its default: the plain soldier of the document), at 1 hex for melee and 4 hexes for
missiles. Damage dealt times damage soaked is the usual Lanchester-style strength, so two
combatants of threat 50 weigh about as much as one of threat 100. It is computed, not stored,
so it follows every change to the rules or the templates; the values are printed by
`arena gen --threats` and pinned for a few templates in tests/test_procgen_encounters.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache

from arena.model.stats import StatBlock, StatValue, Weapon
from arena.rules import RULESETS
from arena.rules.base import AttackContext
from arena.rules.odds import expected_damage

MISSILE_DISTANCE = 4


def stat_block(ruleset: str, given: Mapping[str, StatValue]) -> StatBlock:
    """A full stat block of `ruleset`: the given fields, every other one at its default."""
    values = {s.name: given.get(s.name, s.default) for s in RULESETS[ruleset].fields}
    return StatBlock(ruleset, values)


def reference_defender(ruleset: str) -> StatBlock:
    """The defender every threat is measured against: all fields at their defaults."""
    return stat_block(ruleset, {})


def usable(ruleset: str, weapon: Weapon) -> bool:
    """Whether `ruleset` accepts `weapon` (what the scenario loader checks)."""
    return RULESETS[ruleset].weapon_problem(weapon) is None


def best_damage(ruleset: str, stats: StatBlock, weapons: Sequence[Weapon]) -> Fraction:
    """The best exact expected damage of one attack with any usable weapon, 0 if none."""
    key = tuple(sorted(stats.values.items()))
    return _best_damage(ruleset, key, tuple(weapons))


@lru_cache(maxsize=4096)
def _best_damage(
    ruleset: str, stats: tuple[tuple[str, StatValue], ...], weapons: tuple[Weapon, ...]
) -> Fraction:
    """`best_damage` on hashable arguments, cached (odds are exact, so caching is safe)."""
    rules = RULESETS[ruleset]
    attacker, defender = StatBlock(ruleset, dict(stats)), reference_defender(ruleset)
    best = Fraction(0)
    for weapon in weapons:
        if not usable(ruleset, weapon):
            continue
        distance = MISSILE_DISTANCE if weapon.is_ranged else 1
        ctx = AttackContext(attacker, defender, weapon, distance, "front", wielded=(weapon,))
        if rules.attack_refusal(ctx) is not None:
            continue
        mean = expected_damage(rules, ctx)
        if mean is not None and mean > best:
            best = mean
    return best


def threat(ruleset: str, stats: StatBlock, weapons: Sequence[Weapon], hp: int) -> int:
    """The threat of one combatant (see the module docstring); at least 1."""
    return max(1, round(best_damage(ruleset, stats, weapons) * hp))
