"""Hands in document 003: unarmed strikes, two-weapon fighting, and what a severed hand drops."""

from __future__ import annotations

import dataclasses

from arena.model.stats import StatBlock, Weapon
from arena.rules.ap.tables import LOST_HAND, SHIELD_HAND, TWO_WEAPON_FEATS, TWO_WEAPON_PENALTIES
from arena.rules.base import AttackContext, Effect, Modifier

UNARMED = Weapon("unarmed", "unarmed strike", "d3", light=True, tags=("unarmed",))
# The maneuver that declares unarmed strikes in addition to a weapon this turn.
TWO_WEAPONS = "two_weapons"


def feats(stats: StatBlock) -> frozenset[str]:
    """The feats of a stat block."""
    text = stats.text("feats")
    return frozenset(text.split(",")) if text else frozenset()


def real_weapons(ctx: AttackContext) -> list[Weapon]:
    """The weapons the attacker holds in hand (its unarmed strike and natural weapons left out).

    A creature's claws and bite are its attack routine, not two-weapon fighting.
    """
    return [w for w in ctx.wielded if w.id != UNARMED.id and not w.natural]


def declared(ctx: AttackContext) -> bool:
    """Whether the attacker fights with a weapon and unarmed strikes this turn (declared first)."""
    return TWO_WEAPONS in ctx.turn_options or (
        not ctx.turn_weapons and TWO_WEAPONS in ctx.options)


def mixing_refusal(ctx: AttackContext) -> str | None:
    """Why this attack may not mix a weapon and unarmed strikes this turn, or None.

    "uses unarmed attacks in addition to normal weapons" takes the table's penalties on both
    attacks, so it must be declared (`two_weapons`) on the turn's first attack.
    """
    if not ctx.turn_weapons and TWO_WEAPONS not in ctx.options:
        return None  # the turn's first attack, undeclared: nothing to mix (every attack asks)
    weapons = real_weapons(ctx)
    if TWO_WEAPONS in ctx.options and not weapons:
        return "two_weapons: no weapon in hand to add unarmed strikes to"
    if len(weapons) != 1 or declared(ctx):
        return None
    unarmed = ctx.weapon.id == UNARMED.id
    earlier = {w == UNARMED.id for w in ctx.turn_weapons}
    if (unarmed and False in earlier) or (not unarmed and True in earlier):
        return ("unarmed strikes in addition to a weapon are two-weapon fighting: "
                f"choose {TWO_WEAPONS} on the turn's first attack")
    return None


def two_weapon_penalty(ctx: AttackContext) -> Modifier | None:
    """The two-weapon fighting penalty of this attack, reduced 2 per feat, or None.

    Two weapons in hand, or one weapon and declared unarmed strikes, make every attack pay:
    the main weapon the first number, the off hand (an unarmed strike always) the second.
    """
    weapons = real_weapons(ctx)
    if not weapons or (len(weapons) < 2 and not declared(ctx)):
        return None
    off_hand = ctx.slot > 0 or ctx.weapon.id == UNARMED.id
    primary = weapons[0]
    off = ctx.weapon if off_hand else (weapons[1] if len(weapons) > 1 else UNARMED)
    light = "off_light" if off.light else "neither"
    if light == "off_light" and primary.light:
        light = "both_light"
    main_penalty, off_penalty = TWO_WEAPON_PENALTIES[light]
    penalty = off_penalty if off_hand else main_penalty
    reduction = 2 * len(feats(ctx.attacker) & set(TWO_WEAPON_FEATS))
    penalty = min(0, penalty + reduction)
    if off_hand and (off.kind == "melee") != (primary.kind == "melee"):
        penalty -= 2
    if not penalty:
        return None
    return Modifier("off hand" if off_hand else "two weapons", penalty)


def holding(wielded: tuple[Weapon, ...], conditions: frozenset[str]) -> dict[int, int]:
    """Which wielded slot each hand (0 right = main, 1 left = off) holds; two-handers fill both."""
    free = [hand for hand in (0, 1) if hand not in {LOST_HAND[c] for c in conditions
                                                   if c in LOST_HAND}]
    held: dict[int, int] = {}
    for slot, weapon in enumerate(wielded):
        taken, free = free[:weapon.hands], free[weapon.hands:]
        held.update((hand, slot) for hand in taken)
    return held


def severed_drops(effects: tuple[Effect, ...], ctx: AttackContext) -> tuple[Effect, ...]:
    """A severing row's effects with its drop aimed at what that hand really holds.

    The table's `slot` names the hand; a two-handed weapon is in both hands and falls when
    either goes. A hand that holds nothing drops nothing (a slot past the last weapon). The
    shield is carried on the left (off) arm: losing that hand or arm drops it too, at the feet
    as the weapon falls.
    """
    held = holding(ctx.defender_wielded, ctx.defender_conditions)
    past = len(ctx.defender_wielded)
    aimed = tuple(
        dataclasses.replace(e, slot=held.get(e.slot, max(e.slot, past)))
        if e.kind == "drop_weapon" else e
        for e in effects
    )
    if ctx.defender_shield is not None and takes_shield_arm(effects):
        aimed += (Effect("drop_shield", "defender"),)
    return aimed


def takes_shield_arm(effects: tuple[Effect, ...]) -> bool:
    """Whether a row's effects sever the hand or arm that carries the shield (the left)."""
    return any(e.kind == "condition" and LOST_HAND.get(e.name) == SHIELD_HAND for e in effects)
