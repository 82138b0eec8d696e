"""Worn protection: a stat block's effective armour class from its base, armour and shield."""

from __future__ import annotations

from collections.abc import Iterable

from arena.model.stats import Armour, StatBlock
from arena.rules.base import Ruleset


def unarmoured(ruleset: Ruleset) -> int:
    """The armour class of a wearer with no armour: the ruleset's default `ac`."""
    return int(next(s.default for s in ruleset.fields if s.name == "ac"))


def armour_points(ruleset: Ruleset, armour: Armour | None) -> int:
    """Points of armour class body armour gives (its table's class against unarmoured, + magic)."""
    if armour is None:
        return 0
    given = armour.given(ruleset.name)
    worn = 0 if given is None else abs(given - unarmoured(ruleset))
    return worn + armour.magic


def bears_shield(ruleset: Ruleset, conditions: Iterable[str]) -> bool:
    """Whether a combatant with these (lasting) conditions goes into battle with a shield.

    A shield takes a hand of its own (the off hand): with a hand or an arm lost (`ap`), the
    one left holds the weapon, and a lost left hand or arm has nothing to carry it on.
    """
    return ruleset.hands(frozenset(conditions)) >= 2


def shield_points(ruleset: Ruleset, shield: Armour | None) -> int:
    """Points of armour class a shield gives (its bonus + magic); 0 without one."""
    if shield is None:
        return 0
    given = shield.given(ruleset.name)
    return (0 if given is None else given) + shield.magic


def worn_stats(
    ruleset: Ruleset, block: StatBlock, armour: Armour | None, shield: Armour | None
) -> StatBlock:
    """The stat block in battle: `ac` = unarmoured base + armour + shield (+ magic).

    In the ruleset's direction; `shield` (beyond the ruleset's fields, `StatBlock.extra`)
    holds the shield's points when it gives any, and a declared `helmet` field is set when
    the armour comes with a helmet.
    """
    points = armour_points(ruleset, armour) + shield_points(ruleset, shield)
    names = {s.name for s in ruleset.fields}
    if "ac" not in names or (not points and armour is None and shield is None):
        return block
    values = dict(block.values)
    base = block.number("ac")
    values["ac"] = base + points if ruleset.ac_rises else base - points
    if shield_points(ruleset, shield):
        values["shield"] = shield_points(ruleset, shield)
    if "helmet" in names and armour is not None and armour.helmet:
        values["helmet"] = True
    return StatBlock(block.ruleset, values)


def shield_changed(
    ruleset: Ruleset, block: StatBlock, shield: Armour, worn: bool
) -> StatBlock:
    """The stat block in battle once `shield` is taken off (`worn` False) or put back on.

    Its points leave (or rejoin) `ac` and the `shield` extra, as `worn_stats` put them in.
    """
    points = shield_points(ruleset, shield)
    if not points or "ac" not in {s.name for s in ruleset.fields}:
        return block
    values = dict(block.values)
    sign = 1 if worn == ruleset.ac_rises else -1
    values["ac"] = block.number("ac") + sign * points
    if worn:
        values["shield"] = points
    else:
        values.pop("shield", None)
    return StatBlock(block.ruleset, values)
