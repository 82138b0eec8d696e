"""Attack routines: a creature's natural weapons (claw/claw/bite) strike together in one turn.

Shared by the rulesets whose documents allow one attack per turn (`adnd`, `becmi`, `d40`):
a creature attacking with a natural weapon may go on with its other natural weapons in the
same turn, each as many times as it has it (two claws: two claw attacks), at no further AP;
a weapon in hand, or anything after it, is still the one attack of the turn.
"""

from __future__ import annotations

from arena.rules.records import AttackContext

ONE_ATTACK = "already attacked this turn (one attack per turn)"


def in_routine(ctx: AttackContext) -> bool:
    """Whether this attack continues the turn's natural-weapon routine (not its first attack)."""
    if not ctx.weapon.natural or ctx.off_turn or not ctx.weapon_attacks:
        return False
    natural = {w.id for w in ctx.wielded if w.natural}
    if any(done not in natural for done in ctx.turn_weapons):
        return False
    owned = sum(1 for w in ctx.wielded if w.id == ctx.weapon.id)
    return ctx.turn_weapons.count(ctx.weapon.id) < owned


def one_attack_refusal(ctx: AttackContext) -> str | None:
    """One attack per turn on the own turn, except the rest of a natural-weapon routine."""
    if ctx.weapon_attacks and not ctx.off_turn and not in_routine(ctx):
        if ctx.weapon.natural and ctx.weapon.id in ctx.turn_weapons:
            return f"the {ctx.weapon.name} already struck this turn (its routine is spent)"
        return ONE_ATTACK
    return None


def routine_cost(ctx: AttackContext, cost: int | None) -> int | None:
    """The AP of an attack: the routine's later attacks are free (its first paid for all)."""
    if cost is not None and in_routine(ctx):
        return 0
    return cost
