"""Ruleset `ap`: the action-point d20 rules of document 003 (the basic attack so far)."""

from __future__ import annotations

from collections.abc import Sequence

from arena.dice import Dice
from arena.model.stats import Weapon
from arena.rules.base import (
    Action,
    AttackContext,
    AttackResult,
    Entrant,
    FieldSpec,
    Initiative,
    Modifier,
)

FEET_PER_HEX = 5
MAX_INCREMENTS = 10
MAX_THROWN_INCREMENTS = 5

FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("ac", "int", 10, "armour class (ascending); attack totals must reach it", 0, 60),
    FieldSpec("str", "int", 0, "Strength, added to melee attack and damage rolls", -5, 20),
    FieldSpec("dex", "int", 0, "Dexterity, added to initiative", -5, 20),
    FieldSpec("bab", "int", 0, "base attack bonus, added to attack rolls", 0, 30),
)

# (own turn, off turn); None = not allowed. DECISIONS.md, `ap`: action costs.
COSTS: dict[Action, tuple[int, int | None]] = {
    "move": (1, 1),
    "face": (0, 1),
    "melee": (4, 2),
    "ranged": (4, None),
    "pick_up": (1, 1),
    "draw": (1, 1),
}


def range_increment(weapon: Weapon, distance: int) -> int:
    """Which range increment (1 = the first) a target `distance` hexes away lies in."""
    feet = distance * FEET_PER_HEX
    return max(1, -(-feet // weapon.range_ft))


def attack_modifiers(ctx: AttackContext) -> tuple[Modifier, ...]:
    """The labelled modifiers of an attack roll: Strength, BAB, range, magic.

    Ranged attacks "follow the same rules as melee attacks" (document 003), so Strength
    counts for them too.
    """
    mods = [
        Modifier("STR", ctx.attacker.number("str")),
        Modifier("BAB", ctx.attacker.number("bab")),
    ]
    if ctx.weapon.is_ranged:
        increment = range_increment(ctx.weapon, ctx.distance)
        if increment > 1:
            mods.append(Modifier(f"range {increment}", -2 * (increment - 1)))
    if ctx.weapon.magic:
        mods.append(Modifier("magic", ctx.weapon.magic))
    return tuple(m for m in mods if m.value or m.label in ("STR", "BAB"))


class ApRuleset:
    """Document 003: d20 + Strength + BAB against ascending AC, paid for in action points."""

    name = "ap"
    version = "0.1"
    title = "Action-point d20 (Legends of Cphera 'Attack')"
    fields = FIELDS
    maneuvers: tuple[tuple[str, str], ...] = ()

    def action_cost(self, action: Action, weapon: Weapon | None, off_turn: bool) -> int | None:
        """AP cost from DECISIONS.md's table; longbows cost 6."""
        if action == "ranged" and weapon is not None and "longbow" in weapon.tags:
            return 6
        own, off = COSTS[action]
        return off if off_turn else own

    def ai_options(self, ctx: AttackContext) -> tuple[str, ...]:
        """The AI makes plain attacks."""
        return ()

    def roll_initiative(self, entrants: Sequence[Entrant], dice: Dice) -> Initiative:
        """d20 + Dexterity each; higher first, ties to higher Dexterity, then entity id."""
        rolls = []
        keyed = []
        for e in sorted(entrants, key=lambda e: e.entity):
            dex = e.stats.number("dex")
            roll = dice.roll("d20", f"initiative #{e.entity}")
            rolls.append(roll)
            keyed.append((-(roll.total + dex), -dex, e.entity))
        keyed.sort()
        order = tuple(k[2] for k in keyed)
        scores = tuple((k[2], -k[0]) for k in keyed)
        return Initiative(order=order, rolls=tuple(rolls), scores=scores)

    def attack_refusal(self, ctx: AttackContext) -> str | None:
        """Melee needs the target within reach; ranged fire stops at 10 increments (thrown 5)."""
        if not ctx.weapon.is_ranged:
            if ctx.distance > ctx.weapon.reach:
                return (f"{ctx.weapon.name} reaches {ctx.weapon.reach} hex(es); "
                        f"target is {ctx.distance} away")
            return None
        limit = MAX_THROWN_INCREMENTS if ctx.weapon.kind == "thrown" else MAX_INCREMENTS
        if range_increment(ctx.weapon, ctx.distance) > limit:
            reach = limit * ctx.weapon.range_ft // FEET_PER_HEX
            return (f"{ctx.weapon.name} reaches {reach} hexes ({limit} increments); "
                    f"target is {ctx.distance} away")
        return None

    def resolve_attack(self, ctx: AttackContext, dice: Dice) -> AttackResult:
        """d20 + Strength + BAB + misc vs AC; a natural 20 always hits; damage dice + Strength."""
        mods = attack_modifiers(ctx)
        roll = dice.roll("d20", "attack d20")
        natural = roll.faces[0]
        total = natural + sum(m.value for m in mods)
        ac = ctx.defender.number("ac")
        hit = total >= ac or natural == 20
        notes = ("natural 20 always hits",) if natural == 20 and total < ac else ()
        if not hit:
            return AttackResult(natural, mods, total, "AC", ac, False, (roll,), notes=notes)
        damage_roll = dice.roll(ctx.weapon.damage, f"damage {ctx.weapon.damage}")
        dmods: tuple[Modifier, ...] = (Modifier("STR", ctx.attacker.number("str")),)
        if ctx.weapon.magic:
            dmods += (Modifier("magic", ctx.weapon.magic),)
        damage = max(1, damage_roll.total + sum(m.value for m in dmods))
        return AttackResult(
            natural, mods, total, "AC", ac, True, (roll, damage_roll), dmods, damage, notes=notes
        )
