"""The `d40` attack roll as pure steps: the table number, the modifiers, the chance rolls.

2d20 + modifiers must reach the Attack Table's number for (target AC, attacker's column);
unmodified 40 / 2 are automatic critical hits / misses; 37-39 and 3-4 may be, by a d100.
Sources and interpretations: docs/rules/d40.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arena.dice import Dice, Roll, parse_dice
from arena.model.stats import Weapon
from arena.rules.base import AttackContext, Modifier
from arena.rules.d40.stats import (
    column,
    dexterity_ac_bonus,
    dexterity_adjustment,
    is_unarmed,
    reaction_adjustment,
    strength_adjustment,
)
from arena.rules.d40.tables import ACS, Tables

FEET_PER_HEX = 5
# Missile range bands by multiples of `range_ft` (interpretation: AD&D short/medium/long).
RANGE_BANDS: tuple[tuple[int, int, str], ...] = ((1, 0, ""), (2, -2, "medium range"),
                                                 (3, -5, "long range"))
COVER = {1: -2, 2: -4, 3: -7}  # missiles against quarters of cover (interpretation, AD&D 2e)
NATURAL_CRITICAL, NATURAL_FUMBLE = 40, 2
CRITICAL_CHANCE_ROLLS, FUMBLE_CHANCE_ROLLS = (37, 38, 39), (3, 4)
# Options the ruleset's own effects pass to the free attacks they cause (see criticals.py).
FREE, NO_DEX, AUTO_HIT = "free", "no_dex", "auto_hit"
OWN_TURN, TARGET_TURN = "own_turn", "target_turn"
LOSES_DEX = ("stunned", "blind", "flat_footed")
# Blind: "everything has full concealment to it. Blind victims suffer a -4 to attacks": the
# document's one number for it (interpretation, docs/rules/d40.md "Blindness").
BLIND_ATTACK, BLIND_LABEL = -4, "blind: full concealment"
# Conditions under which a combatant "can take no actions", reactions and free blows included:
# the ruleset's stun and the engine's end of actions after a critical miss (docs/engine.md).
HELPLESS = {"stunned": "stunned", "actions_ended": "out of actions this round",
            "turn_lost": "out of actions this round"}


@dataclass(frozen=True, slots=True)
class Plan:
    """An attack before the dice: modifiers, the AC looked up, the number needed, the label."""

    modifiers: tuple[Modifier, ...]
    ac: int
    column: str
    needed: int
    label: str


def feet_to_hexes(feet: int) -> int:
    """Feet to hexes: divide by 5, round up (DECISIONS.md common section)."""
    return -(-feet // FEET_PER_HEX)


def range_band(weapon: Weapon, distance: int) -> tuple[int, str] | None:
    """The missile range penalty and its label at `distance`, or None beyond long range."""
    feet = distance * FEET_PER_HEX
    for times, penalty, label in RANGE_BANDS:
        if feet <= times * weapon.range_ft:
            return penalty, label
    return None


def longest_range(weapon: Weapon) -> int:
    """The farthest a missile weapon reaches, in hexes (long range)."""
    return RANGE_BANDS[-1][0] * weapon.range_ft // FEET_PER_HEX


def missile_modifiers(tables: Tables, ctx: AttackContext) -> list[Modifier]:
    """Dexterity, range band and cover for a missile or thrown attack."""
    mods = [Modifier("DEX", dexterity_adjustment(tables, ctx.attacker))]
    band = range_band(ctx.weapon, ctx.distance)
    if band is not None and band[0]:
        mods.append(Modifier(band[1], band[0]))
    if ctx.cover in COVER:
        mods.append(Modifier(f"cover {ctx.cover}/4", COVER[ctx.cover]))
    return mods


def attack_modifiers(tables: Tables, ctx: AttackContext) -> tuple[Modifier, ...]:
    """The labelled modifiers of the 2d20 roll: ability, magic, then the situation's."""
    if ctx.weapon.is_ranged:
        mods = missile_modifiers(tables, ctx)
    else:
        mods = [Modifier("STR", strength_adjustment(tables, ctx.attacker))]
    if ctx.weapon.magic:
        mods.append(Modifier("magic", ctx.weapon.magic))
    if "blind" in ctx.attacker_conditions:  # "everything has full concealment to it"
        mods.append(Modifier(BLIND_LABEL, BLIND_ATTACK))
    if ctx.position == "rear":
        mods.append(Modifier("rear", 2))
    if "stunned" in ctx.defender_conditions:
        mods.append(Modifier("target stunned", 2))
    if "blind" in ctx.defender_conditions:
        mods.append(Modifier("target blind", 2))
    return tuple(mods)


def dex_lost(ctx: AttackContext) -> str | None:
    """Why the defender loses its positive Dexterity bonus to AC now, or None."""
    if NO_DEX in ctx.options:
        return "off guard"
    return next((c.replace("_", "-") for c in LOSES_DEX if c in ctx.defender_conditions), None)


def armour_class(tables: Tables, ctx: AttackContext) -> tuple[int, str]:
    """The AC the attack is looked up against, and how the log shows it."""
    ac = ctx.defender.number("ac")
    text = f"AC {ac}"
    why = dex_lost(ctx)
    bonus = dexterity_ac_bonus(tables, ctx.defender) if why else 0
    if bonus:
        ac += bonus
        text += f" +{bonus} no DEX ({why}) = {ac}"
    shield = ctx.defender.extra("shield")
    if shield and "flat_footed" in ctx.defender_conditions:  # "loses all ... shield benefits"
        ac += shield
        text += f" +{shield} no shield (flat-footed) = {ac}"
    if not ACS[0] <= ac <= ACS[-1]:
        text += f" (as {min(max(ac, ACS[0]), ACS[-1])})"
    return ac, text


def plan_attack(tables: Tables, ctx: AttackContext) -> Plan:
    """Everything about the attack that needs no dice."""
    ac, text = armour_class(tables, ctx)
    col = column(tables, ctx.attacker)
    needed = tables.roll_needed(ac, col)
    label = f"{text} (column {col}) needs"
    return Plan(attack_modifiers(tables, ctx), ac, col, needed, label)


def critical_chance(needed: int) -> int:
    """Percent chance that an unmodified 37-39 which hits is critical: (40 − needed) × 2."""
    return max(0, NATURAL_CRITICAL - needed) * 2


def fumble_chance(needed: int, reaction: int) -> int:
    """Percent chance that an unmodified 3-4 is a critical miss: needed − 2 × Reaction Adj."""
    return min(100, max(0, needed - 2 * reaction))


def chance_roll(chance: int, dice: Dice, purpose: str) -> tuple[bool, Roll | None]:
    """Whether a d100 comes in at or under `chance` %; no die when 0 or 100 decides alone."""
    if chance <= 0 or chance >= 100:
        return chance >= 100, None
    roll = dice.roll("d100", purpose)
    return roll.total <= chance, roll


def chance_note(kind: str, natural: int, formula: str, roll: Roll | None, won: bool) -> str:
    """'natural 38: critical chance (40 − 30) × 2 = 20 %, d% 13: critical'."""
    verdict = kind if won else f"no {kind}"
    die = f", d% {roll.total}" if roll is not None else ""
    return f"natural {natural}: {kind} chance {formula}{die}: {verdict}"


def decide_critical(
    natural: int, needed: int, dice: Dice, rolls: list[Roll], notes: list[str]
) -> bool:
    """A hit is critical on a natural 40, or on 37-39 when a d100 makes the chance."""
    if natural == NATURAL_CRITICAL:
        notes.append("natural 40: critical hit")
        return True
    if natural not in CRITICAL_CHANCE_ROLLS:
        return False
    chance = critical_chance(needed)
    won, roll = chance_roll(chance, dice, "critical chance d%")
    rolls.extend([roll] if roll is not None else [])
    notes.append(chance_note("critical", natural, f"(40 - {needed}) x 2% = {chance}%", roll, won))
    return won


def decide_fumble(
    tables: Tables, ctx: AttackContext, needed: int, dice: Dice, rolls: list[Roll],
    notes: list[str],
) -> bool:
    """A miss is critical on a natural 2, or on 3-4 when a d100 makes the chance."""
    natural = rolls[0].total
    if natural == NATURAL_FUMBLE:
        notes.append("natural 2: critical miss")
        return True
    if natural not in FUMBLE_CHANCE_ROLLS:
        return False
    reaction = reaction_adjustment(tables, ctx.attacker)
    chance = fumble_chance(needed, reaction)
    won, roll = chance_roll(chance, dice, "critical miss chance d%")
    rolls.extend([roll] if roll is not None else [])
    formula = f"{needed}% - 2% x {reaction:+d} reaction = {chance}%"
    notes.append(chance_note("critical miss", natural, formula, roll, won))
    return won


def damage_modifiers(tables: Tables, ctx: AttackContext) -> tuple[Modifier, ...]:
    """Strength (melee and thrown weapons; not bows) and magic, added to the weapon's dice."""
    mods = []
    if ctx.weapon.kind != "ranged":
        mods.append(Modifier("STR", strength_adjustment(tables, ctx.attacker)))
    if ctx.weapon.magic:
        mods.append(Modifier("magic", ctx.weapon.magic))
    return tuple(mods)


def signed(mods: Sequence[Modifier]) -> str:
    """Modifiers as ' +1 STR +2 magic'."""
    return "".join(f" {m.value:+d} {m.label}" for m in mods)


def maximum_damage(weapon: Weapon) -> int:
    """The weapon's dice at their maximum."""
    return parse_dice(weapon.damage).maximum


def attacker_active(ctx: AttackContext) -> bool:
    """Whether it is the attacker's own turn (its timed conditions then start counting next)."""
    return not ctx.off_turn or OWN_TURN in ctx.options


def defender_active(ctx: AttackContext) -> bool:
    """Whether it is the defender's turn: an attack of opportunity it provoked, or a reprisal."""
    return ctx.off_turn and (FREE not in ctx.options or TARGET_TURN in ctx.options)


def turns(rounds: int, active: bool) -> int:
    """Own turns a condition must cover to last `rounds` rounds after the current one."""
    return rounds + 1 if active else rounds


def helpless(conditions: frozenset[str]) -> str | None:
    """Why a combatant with these conditions can take no action, not even a free one, or None."""
    return next((why for name, why in HELPLESS.items() if name in conditions), None)


def holds_weapon(ctx: AttackContext) -> bool:
    """Whether the attack was made with a weapon in hand that could be lost or broken."""
    return not (is_unarmed(ctx.weapon) or ctx.weapon.natural or ctx.attacker.flag("attached"))
