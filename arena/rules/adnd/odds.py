"""Exact odds of an `adnd` attack (document 002): THAC0, the exploding chain, fumbles, mishaps.

The d20's twenty faces split into misses (a natural 1 fumbles; a natural 2 that misses may
strike an ally), plain hits and the natural 20. A natural 20 whose total is at least two above
the number needed starts the critical chain: ×2, then each further d20 of 20 adds 1 and rolls
again, a 19 adds 1 only against a target without a helmet and stops, anything else stops.
That chain is the documents' one infinite sequence: it is summed over its first
`CHAIN_ROLLS` dice, the least that leave less than `TOLERANCE` of its mass (an unbroken run
of 20s, still rolling), and the odds carry what was left out as `residual`. Every hit deals
(dice + Strength + magic + buffs) × multiplier, at least 1; 11+ wounds, 15+ injures. The
ruleset's own functions give the modifiers, THAC0, the allies at risk and the thresholds.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType

from arena.rules.adnd.attack import (
    CRITICAL_MARGIN,
    INJURY_DAMAGE,
    WOUND_DAMAGE,
    attack_modifiers,
    damage_modifiers,
    friendly_fire_targets,
    friendly_hit_targets,
    sweeping,
    thac0,
)
from arena.rules.adnd.stats import UNARMED
from arena.rules.adnd.tables import TableOwner
from arena.rules.base import AttackContext, Ruleset
from arena.rules.exact import TOLERANCE, Dist, Odds, attack_damage, dice

SIDES = 20
FACES = range(1, SIDES + 1)
# The chain's dice summed: an unbroken run of this many 20s (chance 20^-n) is left out.
CHAIN_ROLLS = next(n for n in itertools.count(1) if Fraction(1, SIDES**n) < TOLERANCE)
CHAIN_WAYS = SIDES**CHAIN_ROLLS
FIRST_MULTIPLIER = 2


@functools.cache
def multipliers(helmet: bool) -> tuple[tuple[int, int], ...]:
    """(multiplier, ways out of CHAIN_WAYS) of the chain's first CHAIN_ROLLS dice.

    After k further 20s a face of 1..18 (and 19 against a helmet) stops at ×(2 + k); a 19
    without a helmet stops at ×(3 + k). The one path left out, CHAIN_ROLLS 20s in a row, is
    worth 1 way: the ways sum to CHAIN_WAYS - 1.
    """
    ways: dict[int, int] = {}
    stop_faces = SIDES - 1 if helmet else SIDES - 2
    for k in range(CHAIN_ROLLS):
        each = SIDES ** (CHAIN_ROLLS - 1 - k)
        ways[FIRST_MULTIPLIER + k] = ways.get(FIRST_MULTIPLIER + k, 0) + stop_faces * each
        if not helmet:
            ways[FIRST_MULTIPLIER + k + 1] = ways.get(FIRST_MULTIPLIER + k + 1, 0) + each
    return tuple(sorted(ways.items()))


@functools.lru_cache(maxsize=256)
def critical_damage(damage: str, flat: int, helmet: bool) -> Dist:
    """A critical's damage, max(1, (dice + flat) × multiplier), over the summed chain.

    Its total counts the chain's left-out path too, so its chances sum to 1 - 20^-CHAIN_ROLLS.
    """
    base = dice(damage) + flat
    out: dict[int, int] = {}
    for multiplier, ways in multipliers(helmet):
        for value, w in base.weights.items():
            key = max(1, value * multiplier)
            out[key] = out.get(key, 0) + w * ways
    return Dist(out, base.total * CHAIN_WAYS)


@functools.lru_cache(maxsize=1024)
def attack_spread(damage: str, flat: int, helmet: bool, misses: int, plain: int,
                  critical: bool) -> tuple[Dist, Dist | None]:
    """The damage of the attack and of a hit: `plain` faces hit normally, a 20 may be critical."""
    normal = (dice(damage) + flat).at_least(1)
    hits = [(plain, normal), (1, critical_damage(damage, flat, helmet))] if critical \
        else [(plain, normal)]
    return attack_damage(misses, hits)


@functools.cache
def multiplier_table(helmet: bool) -> Mapping[str, Fraction]:
    """The chance of each multiplier of an attack whose natural 20 is critical ("x2": 9/200)."""
    return MappingProxyType({f"x{m}": Fraction(ways, SIDES * CHAIN_WAYS)
                             for m, ways in multipliers(helmet)})


def wounds_of(damage: Dist) -> dict[str, Fraction]:
    """The chance of a wound (bleeding, 11+) and of injury points (15+) from one attack."""
    found = {"bleeding": damage.chance(lambda v: v >= WOUND_DAMAGE),
             "injured": damage.chance(lambda v: v >= INJURY_DAMAGE)}
    return {name: p for name, p in found.items() if p}


@functools.lru_cache(maxsize=1024)
def spread_wounds(damage: str, flat: int, helmet: bool, misses: int, plain: int,
                  critical: bool) -> Mapping[str, Fraction]:
    """`wounds_of` the attack spread of the same arguments."""
    return MappingProxyType(wounds_of(attack_spread(damage, flat, helmet, misses, plain,
                                                    critical)[0]))


def automatic_odds(ruleset: TableOwner, ctx: AttackContext) -> Odds:
    """A strike that hits whatever the armour (friendly fire, friendly hits): damage only."""
    flat = sum(m.value for m in damage_modifiers(ruleset.tables, ctx))
    hit = (dice(ctx.weapon.damage) + flat).at_least(1)
    return Odds(
        ruleset="adnd", roll="d20", modifiers=(), target_label="automatic", needed=None,
        hits=tuple(FACES), hit=Fraction(1), critical=Fraction(0), fumble=Fraction(0),
        damage=hit, on_hit=hit,
        effects=MappingProxyType(wounds_of(hit) if ctx.defender.flag("woundable") else {}),
        notes=("an automatic hit: no attack roll, no critical, no fumble",),
    )


def adnd_odds(ruleset: Ruleset, ctx: AttackContext) -> Odds:
    """The exact odds of `ctx` under `adnd`: hit, critical chain, fumble, friendly strikes."""
    if not isinstance(ruleset, TableOwner):
        raise TypeError(f"adnd odds need the adnd ruleset, not {ruleset.name}")
    if "auto_hit" in ctx.options:
        return automatic_odds(ruleset, ctx)
    tables = ruleset.tables
    mods = attack_modifiers(tables, ctx)
    bonus = sum(m.value for m in mods)
    base, ac = thac0(tables, ctx.attacker), ctx.defender.number("ac")
    needed = base - ac
    hits = tuple(n for n in FACES if n == SIDES or (n != 1 and n + bonus >= needed))
    critical = SIDES + bonus >= needed + CRITICAL_MARGIN
    helmet = ctx.defender.flag("helmet")
    flat = sum(m.value for m in damage_modifiers(tables, ctx))
    spread = (ctx.weapon.damage, flat, helmet, SIDES - len(hits), len(hits) - critical,
              critical)
    damage, on_hit = attack_spread(*spread)
    p_critical = Fraction(1, SIDES) if critical else Fraction(0)
    notes: list[str] = []
    tables_out: dict[str, Mapping[str, Fraction]] = {}
    effects: dict[str, Fraction] = {}
    extras: dict[str, Fraction] = {}
    if critical:
        tables_out["critical_multiplier"] = multiplier_table(helmet)
        if helmet:
            notes.append("helmet: a 19 after a 20 stops the chain without raising it")
    else:
        notes.append(f"natural 20: {SIDES + bonus} < {needed} + {CRITICAL_MARGIN}, "
                     "a normal hit, no critical")
    if not (ctx.weapon.id == UNARMED.id or ctx.weapon.kind == "thrown" or ctx.weapon.natural
            or "free" in ctx.options):
        effects["drop_weapon"] = Fraction(1, SIDES)
    friendly_fire = friendly(ctx, ruleset, 2 in hits, notes, extras, tables_out, effects)
    if ctx.defender.flag("woundable"):
        effects.update(spread_wounds(*spread))
    return Odds(
        ruleset="adnd", roll="d20", modifiers=mods, target_label=f"THAC0 {base} - AC {ac} =",
        needed=needed, hits=hits, hit=Fraction(len(hits), SIDES), critical=p_critical,
        fumble=Fraction(1, SIDES), damage=damage, on_hit=on_hit,
        extras=MappingProxyType(extras), tables=MappingProxyType(tables_out),
        effects=MappingProxyType(effects), friendly_fire=friendly_fire, notes=tuple(notes),
        residual=p_critical / CHAIN_WAYS,
    )


def friendly(ctx: AttackContext, ruleset: TableOwner, two_hits: bool, notes: list[str],
             extras: dict[str, Fraction], tables: dict[str, Mapping[str, Fraction]],
             effects: dict[str, Fraction]) -> Fraction | None:
    """A natural 2 that misses: each ally's chance of being struck, by friendly fire or hit.

    Returns the chance per ally in the arc for missile and thrown weapons (None otherwise);
    a sweeping weapon's friendly hit goes in `extras` as `p_friendly_hit`. The ally struck is
    picked by a die, so each of n allies takes 1/n of the natural 2's chance; every one is
    listed in `tables`, and `effects` holds the chance that some ally is struck.
    """
    if ctx.weapon.is_ranged:
        kind, allies = "friendly_fire", friendly_fire_targets(ctx.bystanders, ctx.distance)
    elif sweeping(ruleset.tables, ctx):
        kind, allies = "friendly_hit", friendly_hit_targets(ctx.bystanders)
    else:
        return None
    label = kind.replace("_", " ")
    struck = Fraction(0) if two_hits or "free" in ctx.options or not allies \
        else Fraction(1, SIDES)
    each = struck / len(allies) if allies else Fraction(0)
    if two_hits:
        notes.append(f"a natural 2 hits the target: no {label}")
    elif not allies:
        notes.append(f"natural 2: no ally where a {label} could strike")
    elif struck:
        others = f"one of {len(allies)} allies, picked by a die" if len(allies) > 1 \
            else "the ally"
        notes.append(f"a natural 2 that misses: {label} strikes {others}")
        tables[kind] = MappingProxyType({f"ally #{ally}": each for ally in allies})
        effects["strike"] = struck
    if kind == "friendly_hit":
        extras["p_friendly_hit"] = each
        return None
    return each
