"""The `d40` Critical Miss Table (d20): each row's effects on the fumbler, on the map.

Any critical miss also ends the fumbler's actions for the round. Sources and interpretations:
docs/rules/d40.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arena.dice import Dice, Roll
from arena.rules.base import AttackContext, Bystander, Effect
from arena.rules.d40.attack import (
    AUTO_HIT,
    FREE,
    OWN_TURN,
    TARGET_TURN,
    attacker_active,
    feet_to_hexes,
    helpless,
    holds_weapon,
    turns,
)
from arena.rules.d40.saves import crushing_save, shield_crushing_save


@dataclass(frozen=True, slots=True)
class FumbleRow:
    """One row of the Critical Miss Table: its d20 range, the document's words, what it does."""

    low: int
    high: int
    text: str
    lose_initiative: bool = False
    provoke: bool = False
    lose_weapon: bool = False
    knocked_away: bool = False
    break_save: bool = False
    trip: bool = False
    alt_target: bool = False
    hit_self: bool = False
    flat_footed: bool = False
    stunned: int = 0


CRITICAL_MISSES: tuple[FumbleRow, ...] = (
    FumbleRow(1, 2, "Stumble, lose initiative next round", lose_initiative=True),
    FumbleRow(3, 4, "Stumble, lose Initiative, provoke an Attack of Opportunity",
              lose_initiative=True, provoke=True),
    FumbleRow(5, 6, "Lose Weapon, D6 feet away", lose_weapon=True),
    FumbleRow(7, 8, "Lose Weapon, D6 feet, provoke Attack of Opportunity", lose_weapon=True,
              provoke=True),
    FumbleRow(9, 10, "Lose Weapon, D6 feet , Attack of Opportunity , lose Int.",
              lose_weapon=True, provoke=True, lose_initiative=True),
    FumbleRow(11, 12, "Weapon (Shield) knocked away, Automatic Hit", knocked_away=True),
    FumbleRow(13, 13, "Weapon hits wrong, save or weapon(shield) broken", break_save=True),
    FumbleRow(14, 15, "Trip and Fall, Prone and Stunned D3 rounds", trip=True),
    FumbleRow(16, 16, "Trip and Fall, Prone, Stunned for D3 rounds, AO", trip=True,
              provoke=True),
    FumbleRow(17, 18, "Hit alt target, Attack of Opportunity, Flat footed", alt_target=True,
              provoke=True, flat_footed=True),
    FumbleRow(19, 19, "Hit alt target, Attack of Opportunity , Flat footed, lose Int.",
              alt_target=True, provoke=True, flat_footed=True, lose_initiative=True),
    FumbleRow(20, 20, "Hit self, Attack of Opportunity , Flat footed, stunned 1 round",
              hit_self=True, provoke=True, flat_footed=True, stunned=1),
)
FORWARD_ANGLE = 60.0 + 1e-6  # the faced hex and the two beside it


@dataclass(slots=True)
class Fumble:
    """What a critical miss does: the table row, its dice, notes and effects."""

    row: FumbleRow
    rolls: list[Roll] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    thrown_lands: tuple[int, int] | None = None


def fumble_row(face: int) -> FumbleRow:
    """The row of the Critical Miss Table for a d20 face."""
    return next(row for row in CRITICAL_MISSES if row.low <= face <= row.high)


def fling(ctx: AttackContext, dice: Dice, fumble: Fumble, die: str, why: str) -> None:
    """The fumbler's weapon lands `die` feet away in a random direction (a d6, from its facing).

    Bows and crossbows fall at the feet when they slip ("Lose Weapon"); a thrown weapon has
    already flown and veers 10–20 feet (d3: 10, 15 or 20 ft) from its target, in a d6
    direction from the line of the throw; fists and attached weapons cannot be lost.
    """
    if ctx.weapon.kind == "thrown" and die == "d6":
        veer = dice.roll("d3", f"{why} veer d3")
        heading = dice.roll("d6", f"{why} direction d6")
        fumble.rolls += [veer, heading]
        veer_feet = 5 + 5 * veer.total
        veer_hexes = feet_to_hexes(veer_feet)
        fumble.thrown_lands = (heading.total - 1, veer_hexes)
        fumble.notes.append(f"{why}: the {ctx.weapon.name} veers {veer_feet} ft = "
                            f"{veer_hexes} hex, direction d6 {heading.total}")
        return
    if not holds_weapon(ctx) or ctx.weapon.kind == "thrown":
        fumble.notes.append(f"{why}: no weapon in hand to lose")
        return
    if ctx.weapon.kind == "ranged" and die == "d6":
        fumble.effects.append(Effect("drop_weapon", "attacker", slot=ctx.slot))
        fumble.notes.append(f"{why}: the {ctx.weapon.name} falls at its feet")
        return
    feet = dice.roll(die, f"{why} {die} feet")
    heading = dice.roll("d6", f"{why} direction d6")
    fumble.rolls += [feet, heading]
    hexes = feet_to_hexes(feet.total)
    fumble.effects.append(Effect("drop_weapon", "attacker", slot=ctx.slot,
                                 direction=heading.total - 1, amount=hexes))
    fumble.notes.append(f"{why}: {die} {feet.total} ft = {hexes} hex, direction d6 "
                        f"{heading.total}")


def reprisal(ctx: AttackContext, fumble: Fumble) -> None:
    """The opponent's automatic hit, an attack of opportunity: only if it stands adjacent."""
    if ctx.distance > 1:
        fumble.notes.append("the opponent is out of reach: no automatic hit")
        return
    unable = helpless(ctx.defender_conditions)
    if unable is not None:
        fumble.notes.append(f"the opponent is {unable}: no automatic hit")
        return
    options = (FREE, AUTO_HIT, TARGET_TURN) if attacker_active(ctx) else (FREE, AUTO_HIT)
    fumble.effects.append(Effect("strike", "defender", options=options))


def losable(ctx: AttackContext) -> bool:
    """Whether the fumbler holds the weapon it swung, one that can leave its hand."""
    return holds_weapon(ctx) and ctx.weapon.kind != "thrown"


def shield_chosen(ctx: AttackContext, dice: Dice, fumble: Fumble, why: str) -> bool:
    """Rows 11–13, "Weapon (Shield)": whether the shield rather than the weapon is taken.

    Without a shield, the weapon; with a shield but no weapon that can be lost, the shield;
    with both, a d2 from the battle's dice: 1 the weapon, 2 the shield (docs/rules/d40.md).
    """
    if ctx.attacker_shield is None:
        return False
    if not losable(ctx):
        return True
    roll = dice.roll("d2", f"{why}: weapon or shield d2")
    fumble.rolls.append(roll)
    fumble.notes.append(f"{why}: d2 {roll.total}, the "
                        f"{ctx.attacker_shield.name if roll.total == 2 else ctx.weapon.name}")
    return roll.total == 2


def knock_away(ctx: AttackContext, dice: Dice, fumble: Fumble) -> None:
    """Rows 11–12: the weapon or the shield flies 1d10 feet; the opponent's automatic hit."""
    shield = ctx.attacker_shield
    if shield is not None and shield_chosen(ctx, dice, fumble, "knocked away"):
        feet = dice.roll("d10", "shield knocked away d10 feet")
        heading = dice.roll("d6", "shield knocked away direction d6")
        fumble.rolls += [feet, heading]
        hexes = feet_to_hexes(feet.total)
        fumble.effects.append(Effect("drop_shield", "attacker", direction=heading.total - 1,
                                     amount=hexes))
        fumble.notes.append(f"the {shield.name} is knocked away: d10 {feet.total} ft = "
                            f"{hexes} hex, direction d6 {heading.total}")
    else:
        fling(ctx, dice, fumble, "d10", "weapon knocked away")
    reprisal(ctx, fumble)


def break_check(ctx: AttackContext, dice: Dice, fumble: Fumble) -> None:
    """Row 13: the weapon, or the shield, must save vs crushing blow or break."""
    shield = ctx.attacker_shield
    if shield is not None and shield_chosen(ctx, dice, fumble, "hits wrong"):
        saved, rolls, note = shield_crushing_save(shield, ctx.attacker, dice)
        fumble.rolls += rolls
        fumble.notes.append(note)
        if not saved:
            fumble.effects.append(Effect("break_shield", "attacker"))
        return
    if not holds_weapon(ctx) or ctx.weapon.kind == "thrown":
        fumble.notes.append("no weapon in hand to break")
        return
    saved, rolls, note = crushing_save(ctx.weapon, ctx.attacker, dice)
    fumble.rolls += rolls
    fumble.notes.append(note)
    if not saved:
        fumble.effects.append(Effect("break_weapon", "attacker", slot=ctx.slot))


def stun(ctx: AttackContext, dice: Dice, fumble: Fumble, rounds: int, prone: bool) -> None:
    """Stunned (and prone) for `rounds`; a stunned fumbler's weapon lands d6 feet away."""
    count = turns(rounds, attacker_active(ctx))
    if prone:
        fumble.effects.append(Effect("condition", "attacker", "prone", rounds=count))
    fumble.effects.append(Effect("condition", "attacker", "stunned", rounds=count))
    fling(ctx, dice, fumble, "d6", "stunned, loses its grip")


def trip(ctx: AttackContext, dice: Dice, fumble: Fumble) -> None:
    """Trip and fall: prone and stunned for d3 rounds."""
    roll = dice.roll("d3", "stunned d3 rounds")
    fumble.rolls.append(roll)
    stun(ctx, dice, fumble, roll.total, prone=True)


def alternative(ctx: AttackContext) -> Bystander | None:
    """The other combatant hit instead, or None; ties go to the lower entity id.

    Hand-held weapons: the nearest in the forward hexes within reach; missiles: the nearest
    to the intended target.
    """
    if ctx.weapon.is_ranged:
        return min(ctx.bystanders, key=lambda b: (b.beyond, b.entity), default=None)
    near = [b for b in ctx.bystanders
            if b.distance <= ctx.weapon.reach and b.angle <= FORWARD_ANGLE]
    return min(near, key=lambda b: (b.distance, b.entity), default=None)


def hit_alternative(ctx: AttackContext, fumble: Fumble) -> None:
    """An automatic hit, with the fumbled weapon, on the alternative target if there is one."""
    other = alternative(ctx)
    if other is None:
        fumble.notes.append("no other target in the way")
        return
    options = (FREE, AUTO_HIT, OWN_TURN) if attacker_active(ctx) else (FREE, AUTO_HIT)
    fumble.effects.append(Effect("strike", "attacker", other=other.entity, options=options))


def hit_self(ctx: AttackContext, dice: Dice, fumble: Fumble) -> None:
    """Straight weapon damage to oneself, magic included, Strength not (at least 1)."""
    roll = dice.roll(ctx.weapon.damage, f"hits itself {ctx.weapon.damage}")
    fumble.rolls.append(roll)
    amount = max(1, roll.total + ctx.weapon.magic)
    magic = f" {ctx.weapon.magic:+d} magic" if ctx.weapon.magic else ""
    fumble.notes.append(f"hits itself: {ctx.weapon.damage} {roll.total}{magic} = {amount}")
    fumble.effects.append(Effect("damage", "attacker", "hits itself", amount=amount))


def critical_miss(ctx: AttackContext, dice: Dice) -> Fumble:
    """Roll d20 on the Critical Miss Table and turn the row into dice, notes and effects."""
    table = dice.roll("d20", "critical miss d20")
    fumble = Fumble(fumble_row(table.total), [table])
    row = fumble.row
    fumble.notes.append(f"critical miss d20 {table.total}: {row.text}")
    if row.lose_weapon:
        fling(ctx, dice, fumble, "d6", "loses the weapon")
    if row.knocked_away:
        knock_away(ctx, dice, fumble)
    if row.break_save:
        break_check(ctx, dice, fumble)
    if row.trip:
        trip(ctx, dice, fumble)
    if row.alt_target:
        hit_alternative(ctx, fumble)
    if row.hit_self:
        hit_self(ctx, dice, fumble)
    if row.stunned:
        stun(ctx, dice, fumble, row.stunned, prone=False)
    tail(ctx, fumble)
    return fumble


def tail(ctx: AttackContext, fumble: Fumble) -> None:
    """Flat-footed, the lost initiative, the opening, and the end of the fumbler's actions."""
    row = fumble.row
    if row.flat_footed:
        rounds = turns(1, attacker_active(ctx))
        fumble.effects.append(Effect("condition", "attacker", "flat_footed", rounds=rounds))
    if row.lose_initiative:
        fumble.effects.append(Effect("condition", "attacker", "lose_initiative"))
    if row.provoke:
        fumble.effects.append(Effect("provoke", "attacker"))
    fumble.effects.append(Effect("end_turn", "attacker"))
