"""The `d40` Critical Hit Table (d20): each row's damage and its effects on the map.

"MWD" is the weapon's maximum damage: its dice at their maximum plus the attacker's damage
modifiers (DECISIONS.md `d40`). Sources and interpretations: docs/rules/d40.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arena.dice import Dice, Roll
from arena.rules.base import AttackContext, Effect
from arena.rules.d40.attack import (
    FREE,
    NO_DEX,
    OWN_TURN,
    attacker_active,
    defender_active,
    turns,
)
from arena.rules.d40.saves import crushing_save, shield_crushing_save


@dataclass(frozen=True, slots=True)
class CriticalRow:
    """One row of the Critical Hit Table: its d20 range, the document's words, what it does."""

    low: int
    high: int
    text: str
    multiplier: int = 1
    bonus: int = 0
    knockback: bool = False
    blind: bool = False
    bleeding: bool = False
    stun: bool = False
    drop: bool = False
    shatter: bool = False
    mortal: bool = False


CRITICAL_HITS: tuple[CriticalRow, ...] = (
    CriticalRow(1, 2, "Maximum Weapon Damage+2", bonus=2),
    CriticalRow(3, 4, "Maximum Weapon Damage x 2", multiplier=2),
    CriticalRow(5, 6, "Maximum Weapon Damage x 3", multiplier=3),
    CriticalRow(7, 8, "MWD + Knocked Back", knockback=True),
    CriticalRow(9, 10, "MWD x2 + Knocked Back", multiplier=2, knockback=True),
    CriticalRow(11, 12, "MWD x3 + Knocked Back", multiplier=3, knockback=True),
    CriticalRow(13, 13, "MWD + 10 and Blinded for 1d4 rounds", bonus=10, blind=True),
    CriticalRow(14, 15, "MWD + 10 and Heavy Bleeding 1d4 pts /round", bonus=10, bleeding=True),
    CriticalRow(16, 16, "MWD x2 + Stunned for 1d4 rounds", multiplier=2, stun=True),
    CriticalRow(17, 18, "MWD x2 + Weapon Dropped, Loss of Initiative", multiplier=2, drop=True),
    CriticalRow(19, 19, "MWD x3 + Weapon Shattered, Loss of Initiative", multiplier=3,
                shatter=True),
    CriticalRow(20, 20, "Mortally Wounded (save vs. Poison or die)", multiplier=3, stun=True,
                bleeding=True, mortal=True),
)
# Where an attacker stands (seen from the defender) for a drop or shatter to take the shield,
# carried on the left arm: its front and its shield side (docs/rules/d40.md).
SHIELD_SIDE = ("front", "front-left", "rear-left")
BLEEDING_DIE = 4  # "an additional 1d4 points of damage effected at the beginning of each round"


@dataclass(slots=True)
class Critical:
    """What a critical hit adds to the attack: its multiplier, bonus, dice, notes and effects."""

    row: CriticalRow
    rolls: list[Roll] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)


def critical_row(face: int) -> CriticalRow:
    """The row of the Critical Hit Table for a d20 face."""
    return next(row for row in CRITICAL_HITS if row.low <= face <= row.high)


def knocked_back(ctx: AttackContext, crit: Critical) -> None:
    """One hex away from the attacker, then the attacker's free attack on the off-guard target.

    A thrown weapon has left the attacker's hand, so there is no free attack with it.
    """
    crit.effects.append(Effect("knockback", "defender", amount=1))
    if ctx.weapon.kind == "thrown":
        crit.notes.append("no free attack: the thrown weapon is gone")
        return
    options = (FREE, NO_DEX, OWN_TURN) if attacker_active(ctx) else (FREE, NO_DEX)
    crit.effects.append(Effect("strike", "attacker", options=options))


def condition_for(ctx: AttackContext, dice: Dice, crit: Critical, name: str) -> None:
    """The defender is `name` (blind or stunned) for 1d4 rounds."""
    roll = dice.roll("d4", f"{name} d4 rounds")
    crit.rolls.append(roll)
    rounds = turns(roll.total, defender_active(ctx))
    crit.effects.append(Effect("condition", "defender", name, rounds=rounds))


def weapon_lost(ctx: AttackContext, dice: Dice, crit: Critical) -> None:
    """Drop (at its feet) or shatter the defender's main weapon or its shield, then lose initiative.

    The blow takes the shield when the defender wears one and the attacker stands on its
    front or shield side (`SHIELD_SIDE`), or when its weapon cannot be taken (attached or no
    weapon in hand); otherwise the main weapon (docs/rules/d40.md, shields in the tables).
    A drop leaves attached weapons and empty hands alone ("Enemies with attached or no
    weapons/shields are unaffected"). A shatter is rolled against the save vs crushing blow
    (+1 per quality level, +5 magic) and happens only when it fails; an attached weapon that
    fails is severed with its limb or shatters ("For enemies with attached weapons, this may
    cause a limb to get severed").
    """
    attached = defender_attached(ctx)
    if struck_shield(ctx, attached):
        shield_lost(ctx, dice, crit)
    elif crit.row.drop:
        if attached:
            crit.notes.append("attached weapons: unaffected")
        elif not ctx.defender_wielded:
            crit.notes.append("nothing in hand to drop")
        else:
            crit.effects.append(Effect("drop_weapon", "defender", slot=0))
    elif ctx.defender_wielded:
        shatter(ctx, dice, crit, attached)
    else:
        crit.notes.append("nothing in hand to shatter")
    crit.effects.append(Effect("condition", "defender", "lose_initiative"))


def struck_shield(ctx: AttackContext, attached: bool) -> bool:
    """Whether a drop or shatter takes the defender's shield rather than its weapon."""
    if ctx.defender_shield is None:
        return False
    return ctx.position in SHIELD_SIDE or attached or not ctx.defender_wielded


def shield_lost(ctx: AttackContext, dice: Dice, crit: Critical) -> None:
    """Rows 17–19 on the shield: it falls at the defender's feet, or saves or shatters."""
    shield = ctx.defender_shield
    assert shield is not None
    if crit.row.drop:
        crit.notes.append(f"the blow lands on the {shield.name}: it is dropped")
        crit.effects.append(Effect("drop_shield", "defender"))
        return
    crit.notes.append(f"the blow lands on the {shield.name}")
    saved, rolls, note = shield_crushing_save(shield, ctx.defender, dice)
    crit.rolls.extend(rolls)
    crit.notes.append(note)
    if not saved:
        crit.effects.append(Effect("break_shield", "defender"))


def defender_attached(ctx: AttackContext) -> bool:
    """Whether the defender's main weapon is part of its body: `attached`, or a natural weapon."""
    natural = bool(ctx.defender_wielded) and ctx.defender_wielded[0].natural
    return natural or ctx.defender.flag("attached")


def shatter(ctx: AttackContext, dice: Dice, crit: Critical, attached: bool) -> None:
    """Row 19: the defender's main weapon saves vs crushing blow or is destroyed."""
    weapon = ctx.defender_wielded[0]
    saved, rolls, note = crushing_save(weapon, ctx.defender, dice)
    crit.rolls.extend(rolls)
    crit.notes.append(note)
    if saved:
        return
    if attached:
        crit.notes.append(f"the attached {weapon.name} is severed with its limb")
    crit.effects.append(Effect("break_weapon", "defender", slot=0))


def mortal_wound(ctx: AttackContext, dice: Dice, crit: Critical) -> bool:
    """Save vs Poison (d20 ≥ `save_poison`): False means the wound kills."""
    roll = dice.roll("d20", "save vs poison d20")
    crit.rolls.append(roll)
    need = ctx.defender.number("save_poison")
    saved = roll.total >= need
    crit.notes.append(f"save vs poison d20 {roll.total} vs {need}: "
                      f"{'saved' if saved else 'failed: dies'}")
    return saved


def critical_hit(ctx: AttackContext, dice: Dice) -> Critical:
    """Roll d20 on the Critical Hit Table and turn the row into dice, notes and effects."""
    table = dice.roll("d20", "critical hit d20")
    crit = Critical(critical_row(table.total), [table])
    crit.notes.append(f"critical hit d20 {table.total}: {crit.row.text}")
    saved = mortal_wound(ctx, dice, crit) if crit.row.mortal else True
    if crit.row.knockback:
        knocked_back(ctx, crit)
    if crit.row.blind:
        condition_for(ctx, dice, crit, "blind")
    if crit.row.stun:
        condition_for(ctx, dice, crit, "stunned")
    if crit.row.bleeding:
        crit.effects.append(Effect("condition", "defender", "bleeding", amount=BLEEDING_DIE))
    if crit.row.drop or crit.row.shatter:
        weapon_lost(ctx, dice, crit)
    if not saved:
        crit.effects.append(Effect("kill", "defender", "mortally wounded"))
    return crit
