"""Exact odds of a `becmi` attack (document 001): the checklist's steps over all twenty faces.

Step 5 decides each face of the d20 (natural 1 misses, natural 20 hits an entry of 20 or
less, a "1+N" cell hits on anything but a 1); every hit rolls the same damage: the weapon's
dice, doubled by a multiplier, plus the flat bonuses of step 8, at least 1. The document has
no critical hits and no fumbles.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType

from arena.rules.base import AttackContext, Ruleset
from arena.rules.becmi.attack import (
    Plan,
    attack_effects,
    damage_modifiers,
    decide_hit,
    plan_attack,
)
from arena.rules.becmi.tables import TableOwner
from arena.rules.exact import Odds, attack_damage, dice, effect_name


def multiplier_table(plan: Plan, hit: Fraction) -> Mapping[str, Mapping[str, Fraction]]:
    """Step 7's multiplier ('x2 backstab'), which acts on every hit: its chance is the hit's."""
    if not plan.multiplier:
        return MappingProxyType({})
    row = f"x{plan.factor} {plan.multiplier.removesuffix(' ×2')}"
    return MappingProxyType({"damage_multiplier": MappingProxyType({row: hit})})


def becmi_odds(ruleset: Ruleset, ctx: AttackContext) -> Odds:
    """The exact odds of `ctx` under `becmi`: hit chance and damage spread."""
    if not isinstance(ruleset, TableOwner):
        raise TypeError(f"becmi odds need the becmi ruleset, not {ruleset.name}")
    tables = ruleset.tables
    plan = plan_attack(tables, ctx)
    bonus = sum(m.value for m in plan.modifiers)
    hits = tuple(n for n in range(1, 21) if decide_hit(n, n + bonus, plan.cell)[0])
    flat = sum(m.value for m in damage_modifiers(tables, ctx, plan))
    hit = (dice(ctx.weapon.damage).times(plan.factor) + flat).at_least(1)
    damage, on_hit = attack_damage(20 - len(hits), [(len(hits), hit)])
    effects = {effect_name(e.kind, e.name): Fraction(1) for e in attack_effects(ctx)}
    notes = (*plan.notes, f"table 1+{plan.cell.bonus}: anything but a natural 1 hits") \
        if plan.cell.automatic else plan.notes
    return Odds(
        ruleset="becmi", roll="d20", modifiers=plan.modifiers, target_label=plan.label,
        needed=plan.cell.needed, hits=hits, hit=Fraction(len(hits), 20), critical=Fraction(0),
        fumble=Fraction(0), damage=damage, on_hit=on_hit,
        effects=MappingProxyType(effects), notes=notes,
        tables=multiplier_table(plan, Fraction(len(hits), 20)),
    )
