"""Item values: what a weapon, armour, shield or supply is worth, from exact odds.

The unit is hit points over a reference bout of `REFERENCE_ATTACKS` attacks, so the kinds
compare (assets/README.md, "Item values"; `scripts/item_values.py` writes the table):

- a weapon: the exact expected damage of one attack by the reference attacker (every stat
  field at the ruleset's default) against the reference defender (likewise), from the front,
  at 1 hex (melee) or 4 (missiles), times `REFERENCE_ATTACKS`;
- body armour or a shield: the expected damage it takes off one attack of the reference
  attacker with the reference weapon (`longsword`) against the reference defender wearing it,
  from the front, times `REFERENCE_ATTACKS`;
- a supply: the mean of its healing dice, plus `STAUNCH_VALUE` if it stops bleeding (heavy
  bleeding's 1d4 a round, 2.5 over 4 rounds), plus the reference weapon's value if it repairs.

Values are rounded to whole numbers; 0 means the item is no use under that ruleset.
"""

from __future__ import annotations

from fractions import Fraction

from arena.dice import parse_dice
from arena.model.stats import Armour, Supply, Weapon
from arena.procgen.threat import MISSILE_DISTANCE, reference_defender, usable
from arena.rules import RULESETS
from arena.rules.base import AttackContext
from arena.rules.odds import expected_damage, has_odds
from arena.rules.protection import worn_stats

REFERENCE_ATTACKS = 10
REFERENCE_WEAPON = "longsword"
STAUNCH_VALUE = Fraction(10)


def _damage(ruleset: str, weapon: Weapon, armour: Armour | None = None) -> Fraction:
    """Expected damage of one reference attack with `weapon` (0 when not possible)."""
    rules = RULESETS[ruleset]
    if not usable(ruleset, weapon) or not has_odds(rules):
        return Fraction(0)
    defender = reference_defender(ruleset)
    if armour is not None:
        defender = worn_stats(rules, defender, None if armour.shield else armour,
                              armour if armour.shield else None)
    distance = MISSILE_DISTANCE if weapon.is_ranged else 1
    ctx = AttackContext(reference_defender(ruleset), defender, weapon, distance, "front",
                        wielded=(weapon,))
    if rules.attack_refusal(ctx) is not None:
        return Fraction(0)
    return expected_damage(rules, ctx) or Fraction(0)


def weapon_value(ruleset: str, weapon: Weapon) -> int:
    """A weapon's value under `ruleset`."""
    return round(_damage(ruleset, weapon) * REFERENCE_ATTACKS)


def armour_value(ruleset: str, armour: Armour, reference: Weapon) -> int:
    """Body armour's or a shield's value under `ruleset` (0 without a table for it)."""
    if armour.given(ruleset) is None:
        return 0
    saved = _damage(ruleset, reference) - _damage(ruleset, reference, armour)
    return round(saved * REFERENCE_ATTACKS)


def supply_value(ruleset: str, supply: Supply, reference: Weapon) -> int:
    """A supply's value under `ruleset`."""
    value = Fraction(0)
    if supply.heal:
        dice = parse_dice(supply.heal)
        value += Fraction(dice.count * (dice.sides + 1), 2) + dice.modifier
    if supply.staunch:
        value += STAUNCH_VALUE
    if supply.repair:
        value += _damage(ruleset, reference) * REFERENCE_ATTACKS
    return round(value)


def item_value(ruleset: str, item: Weapon | Armour | Supply, reference: Weapon) -> int:
    """The value of any item under `ruleset` (`reference`: the library's reference weapon)."""
    if isinstance(item, Weapon):
        return weapon_value(ruleset, item)
    if isinstance(item, Armour):
        return armour_value(ruleset, item, reference)
    return supply_value(ruleset, item, reference)
