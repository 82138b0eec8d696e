"""Exact odds of an `ap` attack (document 003), by closed-form enumeration.

The d20's twenty faces fall into groups that share an outcome: miss, plain hit, or threat,
each with its overflow. A threat that hits rolls the confirmation d20: its faces split into
"not confirmed" (a plain hit), "confirmed" (dice + Strength + magic, × multiplier) and the
natural 20 (a double critical: the d10 table's ten rows, each with its extra dice).
Overflow is added after the multiplier and a hit deals at least 1, as `ApRuleset` does.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType

from arena.rules.ap.attack import attack_modifiers, defence_modifiers, overflow
from arena.rules.ap.hands import takes_shield_arm
from arena.rules.ap.tables import DOUBLE_CRITICALS
from arena.rules.base import AttackContext, Modifier, Ruleset
from arena.rules.exact import Dist, Odds, attack_damage, dice, effect_name, mix, point

FACES = range(1, 21)
EMPTY: Mapping[str, Fraction] = MappingProxyType({})


@functools.cache
def double_critical_extra() -> Dist:
    """The extra damage of the double-critical table: each d10 row's dice (0 for the head)."""
    return mix([(1, dice(row.extra) if row.extra else point(0))
                for row in DOUBLE_CRITICALS.values()])


@functools.lru_cache(maxsize=256)
def double_critical_rows(threats: int, shield: bool = False
                         ) -> tuple[Mapping[str, Fraction], Mapping[str, Fraction]]:
    """The chance of each row of the d10 table, and of each effect the rows carry.

    A defender with a `shield` drops it with the left hand or arm (`severed_drops`).
    """
    rows: dict[str, Fraction] = {}
    effects: dict[str, Fraction] = {}
    each = Fraction(threats, 400 * len(DOUBLE_CRITICALS))
    for row in DOUBLE_CRITICALS.values():
        rows[row.result] = each
        kinds = [effect_name(e.kind, e.name) for e in row.effects]
        if shield and takes_shield_arm(row.effects):
            kinds.append("drop_shield")
        for key in kinds:
            effects[key] = effects.get(key, Fraction(0)) + each
    return MappingProxyType(rows), MappingProxyType(effects)


@functools.lru_cache(maxsize=256)
def critical_damage(damage: str, flat: int, multiplier: int) -> tuple[Dist, Dist]:
    """A confirmed critical's damage before overflow, and a double critical's with its row."""
    critical = (dice(damage) + flat).times(multiplier)
    return critical, critical + double_critical_extra()


@functools.lru_cache(maxsize=1024)
def hit_damage(damage: str, flat: int, multiplier: int, spill: int,
               confirmed: int | None) -> Dist:
    """The damage of a hit with `spill` overflow; a threat (`confirmed` faces of 20) may crit."""
    base = dice(damage) + flat
    plain = (base + spill).at_least(1)
    if confirmed is None:
        return plain
    critical, double = critical_damage(damage, flat, multiplier)
    return mix([(20 - confirmed, plain), (confirmed - 1, (critical + spill).at_least(1)),
                (1, (double + spill).at_least(1))])


@functools.lru_cache(maxsize=1024)
def attack_spread(damage: str, flat: int, multiplier: int, misses: int,
                  groups: tuple[tuple[int, int | None, int], ...]) -> tuple[Dist, Dist | None]:
    """The damage of the attack and of a hit, from (overflow, confirmation, faces) groups."""
    return attack_damage(misses, [(count, hit_damage(damage, flat, multiplier, spill, confirm))
                                  for spill, confirm, count in groups])


def ap_odds(ruleset: Ruleset, ctx: AttackContext) -> Odds:  # noqa: ARG001 (OddsFunction)
    """The exact odds of `ctx` under `ap`: hit, critical, double critical and damage.

    What the odds read of the context (the roll's modifiers, the armour class, the weapon,
    Strength, each hit's overflow) is gathered first; the odds of each distinct gathering are
    kept (`situation_odds`): the AI asks about the same blow from many hexes.
    """
    mods, tmods = attack_modifiers(ctx), defence_modifiers(ctx)
    bonus = sum(m.value for m in mods)
    ac = ctx.defender.number("ac") + sum(m.value for m in tmods)
    hits = tuple(n for n in FACES if n + bonus >= ac or n == 20)
    weapon = ctx.weapon
    return situation_odds(
        mods, tmods, ac, ctx.defender.flag("crit_immune"), weapon.threat, weapon.damage,
        ctx.attacker.number("str") + weapon.magic, weapon.multiplier,
        tuple(overflow(ctx, n + bonus, ac) for n in hits), "sublethal" in ctx.options,
        ctx.defender_shield is not None)


@functools.lru_cache(maxsize=4096)
def situation_odds(mods: tuple[Modifier, ...], tmods: tuple[Modifier, ...], ac: int,
                   immune: bool, threat: int, damage: str, flat: int, multiplier: int,
                   spills: tuple[int, ...], sublethal: bool, shield: bool = False) -> Odds:
    """The odds of an attack with these modifiers against `ac`, `spills` the hits' overflow.

    `shield`: the defender wears one (a double critical on its arm drops it).
    """
    bonus = sum(m.value for m in mods)
    hits = tuple(n for n in FACES if n + bonus >= ac or n == 20)
    threats = 0 if immune else sum(1 for n in hits if n >= threat)
    confirmed = sum(1 for c in FACES if c == 20 or c + bonus >= ac)
    groups: dict[tuple[int, int | None], int] = {}
    for n, spill in zip(hits, spills, strict=True):
        key = (spill, confirmed if not immune and n >= threat else None)
        groups[key] = groups.get(key, 0) + 1
    spread, on_hit = attack_spread(
        damage, flat, multiplier, 20 - len(hits),
        tuple((spill, confirm, count) for (spill, confirm), count in groups.items()))
    p_double = Fraction(threats, 400)
    rows, effects = double_critical_rows(threats, shield) if threats else (EMPTY, EMPTY)
    notes = []
    if immune:
        notes.append("immune to critical hits: no confirmation roll, no overflow")
    return Odds(
        ruleset="ap", roll="d20", modifiers=mods, target_label="AC", needed=ac, hits=hits,
        hit=Fraction(len(hits), 20), critical=Fraction(threats * confirmed, 400),
        fumble=Fraction(0), damage=spread, on_hit=on_hit, target_modifiers=tmods,
        extras=MappingProxyType({"p_double_critical": p_double}),
        tables=MappingProxyType({"double_critical": rows} if rows else {}),
        effects=effects, sublethal=sublethal,
        notes=tuple(notes),
    )
