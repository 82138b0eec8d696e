"""The `ap` attack roll as pure steps: range increments, roll and AC modifiers, overflow.

The ruleset (`ApRuleset.resolve_attack`) and its exact odds (`odds`) both read them from here.
Sources and interpretations: docs/rules/ap.md.
"""

from __future__ import annotations

from arena.model.stats import Weapon
from arena.rules.ap.hands import UNARMED, feats, two_weapon_penalty
from arena.rules.base import AttackContext, Modifier

FEET_PER_HEX = 5
OVERFLOW_RANGE = 6
# Where an attacker stands (seen from the defender) that its shield, on the left arm, covers
# not: the rear and the rear-right (DECISIONS.md, `ap` facing; docs/rules/ap.md, shields).
UNSHIELDED = ("rear", "rear-right")


def range_increment(weapon: Weapon, distance: int) -> int:
    """Which range increment (1 = the first) a target `distance` hexes away lies in."""
    feet = distance * FEET_PER_HEX
    return max(1, -(-feet // weapon.range_ft))


def attack_modifiers(ctx: AttackContext) -> tuple[Modifier, ...]:
    """The labelled modifiers of the attack roll: Strength, BAB, then the situation's.

    Ranged attacks "follow the same rules as melee attacks" (document 003), so Strength
    counts for them too.
    """
    mods = [
        Modifier("STR", ctx.attacker.number("str")),
        Modifier("BAB", ctx.attacker.number("bab")),
    ]
    if ctx.adjacent_foes >= 3:
        mods.append(Modifier("surrounded", 2))
    if ctx.weapon.is_ranged:
        increment = range_increment(ctx.weapon, ctx.distance)
        if increment > 1:
            mods.append(Modifier(f"range {increment}", -2 * (increment - 1)))
        if ctx.distance == 1:
            mods.append(Modifier("adjacent", -4))
    if ctx.weapon.id == UNARMED.id and "unarmed_strike" not in feats(ctx.attacker):
        mods.append(Modifier("unarmed", -2))
    if "sublethal" in ctx.options:
        mods.append(Modifier("sublethal", -4))
    twf = two_weapon_penalty(ctx)
    if twf is not None:
        mods.append(twf)
    if ctx.weapon.magic:
        mods.append(Modifier("magic", ctx.weapon.magic))
    return tuple(mods)


def defence_modifiers(ctx: AttackContext) -> tuple[Modifier, ...]:
    """Changes to the defender's AC: rear −10, shield not facing the attacker, flanked −4."""
    mods = []
    if ctx.position == "rear":
        mods.append(Modifier("rear", -10))
    shield = ctx.defender.extra("shield")
    if shield and ctx.position in UNSHIELDED:
        mods.append(Modifier("shield on the other arm", -shield))
    if ctx.flanked:
        mods.append(Modifier("flanked", -4))
    return tuple(mods)


def overflow(ctx: AttackContext, total: int, ac: int) -> int:
    """Overflow damage: floor((total − AC) / 4), melee or within 6 hexes; not sublethal/immune."""
    if "sublethal" in ctx.options or ctx.defender.flag("crit_immune"):
        return 0
    if ctx.weapon.is_ranged and ctx.distance > OVERFLOW_RANGE:
        return 0
    return max(0, (total - ac) // 4)
