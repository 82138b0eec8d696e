"""Exact odds of a `d40` attack (document 000), by closed-form enumeration.

The 2d20 has 39 totals, 2..40, with N − 1 or 41 − N ways in 400; each total hits or misses
the Attack Table's number as `D40Ruleset.resolve_attack` decides (unmodified 40 hits, 2
misses). A hit on an unmodified 37-39 is critical when a d100 comes in at or under
(40 − needed) × 2 %, a miss on 3-4 is a critical miss at or under needed % − 2 % × Reaction
Adjustment; a chance of 0 or 100 % decides alone. So every branch carries an integer weight
out of 400 × 100. A plain hit rolls the weapon's dice + Strength + magic (at least 1); a
critical hit rolls no damage dice: each of the Critical Hit Table's twenty d20 faces deals a
fixed MWD × multiplier + bonus. The table rows' effects (and the saves inside rows 20 and
13, a d20 against a number, so exact too) are weighed row by row. The plan, the chances, the
damage modifiers and the tables are the ruleset's own (`attack`, `criticals`,
`fumbles`, `saves` beside it).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from arena.rules.base import AttackContext, Modifier, Ruleset
from arena.rules.d40.attack import (
    AUTO_HIT,
    CRITICAL_CHANCE_ROLLS,
    FUMBLE_CHANCE_ROLLS,
    NATURAL_CRITICAL,
    NATURAL_FUMBLE,
    critical_chance,
    damage_modifiers,
    fumble_chance,
    helpless,
    holds_weapon,
    maximum_damage,
    plan_attack,
    signed,
)
from arena.rules.d40.criticals import (
    CRITICAL_HITS,
    CriticalRow,
    defender_attached,
    struck_shield,
)
from arena.rules.d40.fumbles import CRITICAL_MISSES, FumbleRow, alternative
from arena.rules.d40.saves import crushing_bonuses, crushing_number
from arena.rules.d40.shield_odds import with_shields
from arena.rules.d40.stats import reaction_adjustment
from arena.rules.d40.tables import TableOwner
from arena.rules.exact import Dist, Odds, attack_damage, dice, effect_name, uniform

NATURALS = range(2, 41)
WAYS = {n: 20 - abs(n - 21) for n in NATURALS}  # ways of 400 to roll each 2d20 total
PERCENT = 100  # the d100 of the chance rolls
TOTAL = 400 * PERCENT  # every branch's weight is out of this
FACES = 20  # the critical tables and the saves are d20s
EMPTY: Mapping[str, Fraction] = MappingProxyType({})
NO_TABLES: Mapping[str, Mapping[str, Fraction]] = MappingProxyType({})

Names = tuple[str, ...]


def row_label(low: int, high: int, text: str) -> str:
    """A table row as '1-2: Maximum Weapon Damage+2' or '13: MWD + 10 and Blinded …'."""
    return f"{low}-{high}: {text}" if high > low else f"{low}: {text}"


def d20_at_least(need: int, bonus: int = 0) -> int:
    """How many faces of a d20 (+ bonus) reach `need`."""
    return sum(1 for face in range(1, FACES + 1) if face + bonus >= need)


@functools.lru_cache(maxsize=1024)
def plain_damage(damage: str, flat: int) -> Dist:
    """A plain hit: the weapon's dice + Strength + magic, at least 1."""
    return (dice(damage) + flat).at_least(1)


@functools.lru_cache(maxsize=1024)
def critical_damages(mwd: int) -> tuple[tuple[int, ...], Dist]:
    """Each Critical Hit Table row's damage, and their spread over the twenty faces.

    A row deals MWD × its multiplier + its bonus, at least 1.
    """
    per_row = tuple(max(1, mwd * row.multiplier + row.bonus) for row in CRITICAL_HITS)
    faces = [value for row, value in zip(CRITICAL_HITS, per_row, strict=True)
             for _ in range(row.low, row.high + 1)]
    return per_row, uniform(faces)


@functools.lru_cache(maxsize=1024)
def attack_spread(damage: str, flat: int, mwd: int, misses: int, plain: int,
                  critical: int) -> tuple[Dist, Dist | None]:
    """The damage of the attack and of a hit, from the weights of miss, plain hit, critical."""
    return attack_damage(misses, [(plain, plain_damage(damage, flat)),
                                  (critical, critical_damages(mwd)[1])])


def critical_row_names(thrown: bool, disarms: bool) -> tuple[Names, ...]:
    """The effect names each Critical Hit Table row puts on the map (`critical_hit`).

    `disarms`: the defender holds a weapon that rows 17-18 can make it drop (not attached).
    """
    rows = []
    for row in CRITICAL_HITS:
        found: list[tuple[str, str]] = []
        if row.knockback:
            found.append(("knockback", ""))
            if not thrown:  # a thrown weapon has left the hand: no free attack
                found.append(("strike", ""))
        found += [("condition", name) for name, on in
                  (("blind", row.blind), ("stunned", row.stun), ("bleeding", row.bleeding))
                  if on]
        if row.drop or row.shatter:
            if row.drop and disarms:  # row 19's break depends on a save (`table_odds`)
                found.append(("drop_weapon", ""))
            found.append(("condition", "lose_initiative"))
        rows.append(tuple(sorted({effect_name(kind, name) for kind, name in found})))
    return tuple(rows)


def fumble_row_names(loses: bool, reprisal: bool, other: bool) -> tuple[Names, ...]:
    """The effect names each Critical Miss Table row puts on the map (`critical_miss`).

    Row 13's break is left out: it depends on the crushing-blow save (`table_odds`).
    `loses`: a weapon in hand that can slip (not fists, attached or thrown weapons);
    `reprisal`: the opponent is adjacent; `other`: there is an alternative target.
    """
    rows = []
    for row in CRITICAL_MISSES:
        found: list[tuple[str, str]] = [("end_turn", "")]
        flings = row.lose_weapon or row.knocked_away or row.trip or row.stunned > 0
        if flings and loses:
            found.append(("drop_weapon", ""))
        if (row.knocked_away and reprisal) or (row.alt_target and other):
            found.append(("strike", ""))
        if row.trip:
            found.append(("condition", "prone"))
        if row.trip or row.stunned:
            found.append(("condition", "stunned"))
        if row.hit_self:
            found.append(("damage", "hits itself"))
        found += [(kind, name) for kind, name, on in
                  (("condition", "flat_footed", row.flat_footed),
                   ("condition", "lose_initiative", row.lose_initiative),
                   ("provoke", "", row.provoke)) if on]
        rows.append(tuple(sorted({effect_name(kind, name) for kind, name in found})))
    return tuple(rows)


BOOLS = (False, True)
# The effect names of every row, for each way the attack can stand: built once, at import.
CRITICAL_NAMES = {(t, a): critical_row_names(t, a) for t in BOOLS for a in BOOLS}
FUMBLE_NAMES = {(lo, rep, o): fumble_row_names(lo, rep, o)
                for lo in BOOLS for rep in BOOLS for o in BOOLS}


def row_spans(rows: tuple[CriticalRow, ...] | tuple[FumbleRow, ...]) -> tuple[int, ...]:
    """How many d20 faces each row of a table covers."""
    return tuple(row.high - row.low + 1 for row in rows)


CRITICAL_LABELS = tuple(row_label(row.low, row.high, row.text) for row in CRITICAL_HITS)
FUMBLE_LABELS = tuple(row_label(row.low, row.high, row.text) for row in CRITICAL_MISSES)
CRITICAL_SPANS, FUMBLE_SPANS = row_spans(CRITICAL_HITS), row_spans(CRITICAL_MISSES)
SHATTER_ROW = next(i for i, row in enumerate(CRITICAL_HITS) if row.shatter)


def row_chances(weight: int, labels: Names, spans: tuple[int, ...]) -> Mapping[str, Fraction]:
    """Each row's chance: `weight` (out of TOTAL) × its faces of 20."""
    by_span = {span: Fraction(weight * span, TOTAL * FACES) for span in set(spans)}
    return MappingProxyType({label: by_span[span] for label, span in zip(labels, spans,
                                                                          strict=True)})


@functools.lru_cache(maxsize=1024)
def table_odds(
    critical: int, fumble: int, thrown: bool, disarms: bool, poison: int,
    fumble_key: tuple[bool, bool, bool, int | None], shatter: int | None = None,
) -> tuple[Mapping[str, Mapping[str, Fraction]], Mapping[str, Fraction]]:
    """The chance of each table row (and save) and of each effect.

    `shatter` is the number of faces of 20 on which the defender's main weapon (attached or
    not) survives row 19's crushing-blow save, or None when it holds nothing to shatter;
    `disarms` says whether rows 17-18 make it drop a weapon.

    `critical` and `fumble` are the weights (out of TOTAL) of a critical hit and miss;
    `poison` is the defender's save vs Poison; `fumble_key` is (weapon can slip, opponent
    adjacent, alternative target, faces of 20 on which the weapon survives row 13's
    crushing-blow save, or None when there is nothing in hand to break).
    """
    loses, reprisal, other, survives = fumble_key
    scale = TOTAL * FACES * FACES  # a table face, then a save's d20
    effects: dict[str, int] = {}
    tables: dict[str, Mapping[str, Fraction]] = {}
    if critical:
        names_of = CRITICAL_NAMES[thrown, disarms]
        for span, names in zip(CRITICAL_SPANS, names_of, strict=True):
            for name in names:
                effects[name] = effects.get(name, 0) + critical * span * FACES
        saves = d20_at_least(poison)
        effects["kill"] = critical * (FACES - saves)
        tables["critical_hit"] = row_chances(critical, CRITICAL_LABELS, CRITICAL_SPANS)
        tables["mortal_wound"] = MappingProxyType({
            f"row 20, saves vs poison (d20 >= {poison})": Fraction(critical * saves, scale),
            "row 20, fails the save and dies": Fraction(critical * (FACES - saves), scale)})
        if shatter is not None:
            span = CRITICAL_SPANS[SHATTER_ROW]
            breaks = critical * span * (FACES - shatter)
            effects["break_weapon"] = effects.get("break_weapon", 0) + breaks
            tables["shatter"] = MappingProxyType({
                "row 19, the weapon saves": Fraction(critical * span * shatter, scale),
                "row 19, the weapon shatters": Fraction(breaks, scale)})
    if fumble:
        names_of = FUMBLE_NAMES[loses, reprisal, other]
        for span, names in zip(FUMBLE_SPANS, names_of, strict=True):
            for name in names:
                effects[name] = effects.get(name, 0) + fumble * span * FACES
        tables["critical_miss"] = row_chances(fumble, FUMBLE_LABELS, FUMBLE_SPANS)
        if survives is not None:
            breaks = fumble * (FACES - survives)
            effects["break_weapon"] = effects.get("break_weapon", 0) + breaks
            tables["crushing_blow"] = MappingProxyType({
                "row 13, the weapon saves": Fraction(fumble * survives, scale),
                "row 13, the weapon breaks": Fraction(breaks, scale)} if survives else {
                "row 13, no save: the weapon breaks": Fraction(breaks, scale)})
    return (MappingProxyType(tables),
            MappingProxyType({name: Fraction(w, scale) for name, w in sorted(effects.items())
                              if w}))


def shatter_faces(ctx: AttackContext) -> int | None:
    """Faces of 20 on which the defender's main weapon survives row 19, attached or not.

    None when the defender holds nothing to shatter.
    """
    if not ctx.defender_wielded:
        return None
    weapon = ctx.defender_wielded[0]
    bonus = sum(m.value for m in crushing_bonuses(weapon))
    return d20_at_least(crushing_number(weapon, ctx.defender), bonus)


def crushing_faces(ctx: AttackContext) -> int | None:
    """Faces of 20 on which the weapon survives row 13 (its own save or its wielder's).

    None when the fumbler holds nothing that could break (fists, attached, thrown weapons).
    """
    if not holds_weapon(ctx) or ctx.weapon.kind == "thrown":
        return None
    bonus = sum(m.value for m in crushing_bonuses(ctx.weapon))
    return d20_at_least(crushing_number(ctx.weapon, ctx.attacker), bonus)


def automatic_odds(ctx: AttackContext, dmods: tuple[Modifier, ...]) -> Odds:
    """An automatic hit (a fumbler's opponent, an alternative target): the weapon's damage.

    No attack roll is made, so there is neither a critical hit nor a critical miss.
    """
    hit = plain_damage(ctx.weapon.damage, sum(m.value for m in dmods))
    return Odds(
        ruleset="d40", roll="2d20", modifiers=(), target_label="automatic hit", needed=None,
        hits=tuple(NATURALS), hit=Fraction(1), critical=Fraction(0), fumble=Fraction(0),
        damage=hit, on_hit=hit,
        notes=("automatic hit: no attack roll, so no critical hit and no critical miss",),
    )


@dataclass(frozen=True, slots=True)
class Verdicts:
    """What the 2d20 and the chance rolls decide, before any table.

    The totals that hit, the weights (out of TOTAL) of a hit, a critical hit and a critical
    miss, and the notes showing the two chances.
    """

    hits: tuple[int, ...]
    hit: int
    critical: int
    fumble: int
    notes: tuple[str, ...]


@functools.lru_cache(maxsize=1024)
def verdicts(bonus: int, needed: int, reaction: int) -> Verdicts:
    """Every 2d20 total against `needed` with `bonus`, and the d100s of the chance rolls."""
    hits = tuple(n for n in NATURALS if n == NATURAL_CRITICAL
                 or (n != NATURAL_FUMBLE and n + bonus >= needed))
    crit_pct = min(PERCENT, critical_chance(needed))
    fumble_pct = fumble_chance(needed, reaction)
    critical = sum(WAYS[n] * (PERCENT if n == NATURAL_CRITICAL else crit_pct)
                   for n in hits if n == NATURAL_CRITICAL or n in CRITICAL_CHANCE_ROLLS)
    fumble = sum(WAYS[n] * (PERCENT if n == NATURAL_FUMBLE else fumble_pct)
                 for n in NATURALS
                 if n not in hits and (n == NATURAL_FUMBLE or n in FUMBLE_CHANCE_ROLLS))
    notes = (
        f"critical chance on a natural 37-39 that hits: (40 - {needed}) x 2% = {crit_pct}%",
        f"critical miss chance on a natural 3-4 that misses: {needed}% - 2% x "
        f"{reaction:+d} reaction = {fumble_pct}%",
    )
    return Verdicts(hits, PERCENT * sum(WAYS[n] for n in hits), critical, fumble, notes)


@functools.lru_cache(maxsize=1024)
def damage_notes(damage: str, top: int, magic: int, dmods: tuple[Modifier, ...],
                 critical: bool, fumble: bool) -> tuple[str, ...]:
    """The notes on damage: the critical rows, hitting oneself, what the damage leaves out.

    `top` is the weapon's dice at their maximum.
    """
    notes = []
    flat = sum(m.value for m in dmods)
    if critical:
        per_row = critical_damages(top + flat)[0]
        shown = ", ".join(f"{label.partition(':')[0]} {value}"
                          for label, value in zip(CRITICAL_LABELS, per_row, strict=True))
        notes.append(f"critical hits roll no damage dice: MWD {damage} max {top}"
                     f"{signed(dmods)} = {top + flat}; by table row: {shown}")
    if fumble:
        self_hit = plain_damage(damage, magic)
        shown = f" {magic:+d} magic" if magic else ""
        notes.append(f"critical miss row 20 hits the attacker itself for {damage}{shown} (at "
                     f"least 1, mean {float(self_hit.mean()):g}); not in the damage")
    notes.append("free attacks the tables cause (knock-back, automatic hits, another "
                 "target) are attacks of their own, not in the damage")
    return tuple(notes)


def d40_odds(ruleset: Ruleset, ctx: AttackContext) -> Odds:
    """The exact odds of `ctx` under `d40`: hit, critical hit and miss, table rows, damage."""
    if not isinstance(ruleset, TableOwner):
        raise TypeError(f"d40 odds need the d40 ruleset, not {ruleset.name}")
    tables = ruleset.tables
    dmods = damage_modifiers(tables, ctx)
    if AUTO_HIT in ctx.options:
        return automatic_odds(ctx, dmods)
    plan = plan_attack(tables, ctx)
    weapon = ctx.weapon
    roll = verdicts(sum(m.value for m in plan.modifiers), plan.needed,
                    reaction_adjustment(tables, ctx.attacker))
    flat, top = sum(m.value for m in dmods), maximum_damage(weapon)
    damage, on_hit = attack_spread(weapon.damage, flat, top + flat,
                                   TOTAL - roll.hit, roll.hit - roll.critical, roll.critical)
    rows, effects = (NO_TABLES, EMPTY)
    if roll.critical or roll.fumble:
        reprisal = ctx.distance <= 1 and helpless(ctx.defender_conditions) is None
        fumble_key = (holds_weapon(ctx) and weapon.kind != "thrown", reprisal,
                      alternative(ctx) is not None, crushing_faces(ctx))
        attached = defender_attached(ctx)
        on_shield = struck_shield(ctx, attached)
        disarms = bool(ctx.defender_wielded) and not attached and not on_shield
        rows, effects = table_odds(roll.critical, roll.fumble, weapon.kind == "thrown", disarms,
                                   ctx.defender.number("save_poison"), fumble_key,
                                   None if on_shield else shatter_faces(ctx))
        survives = fumble_key[3]
        rows, effects = with_shields(ctx, roll.critical, roll.fumble, on_shield,
                                     None if survives is None else FACES - survives,
                                     effects, rows)
    notes = damage_notes(weapon.damage, top, weapon.magic, dmods, roll.critical > 0,
                         roll.fumble > 0)
    return Odds(
        ruleset="d40", roll="2d20", modifiers=plan.modifiers, target_label=plan.label,
        needed=plan.needed, hits=roll.hits, hit=Fraction(roll.hit, TOTAL),
        critical=Fraction(roll.critical, TOTAL), fumble=Fraction(roll.fumble, TOTAL),
        damage=damage, on_hit=on_hit, tables=rows, effects=effects,
        notes=roll.notes + notes,
    )
