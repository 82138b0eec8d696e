"""The Rules Cyclopedia attack roll checklist, step by step, as pure functions over the tables.

Steps 1-4 build the attack's plan (table entry and labelled modifiers), step 5 decides the hit,
steps 6-9 add up the damage. `docs/rules/becmi.md` gives each step's source and test.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from arena.dice import parse_dice
from arena.model.stats import Weapon
from arena.rules.base import AttackContext, Effect, Modifier
from arena.rules.becmi.stats import parse_hd, parse_mastery
from arena.rules.becmi.tables import Cell, Tables

FEET_PER_HEX = 5
BEHIND = ("rear", "rear-left", "rear-right")
BACKSTAB_TO_HIT = 4
SMASH_TO_HIT = -5
CHARGE_RUN_UP = 3
CHARGE_TAGS = ("lance", "charge")
SET_TAGS = ("spear",)
# The option of a spear's blow struck first against a charge (the set-spear reaction); the
# calculator's `charging` defender condition stands for the same situation.
SET_VS_CHARGE = "set_vs_charge"
CHARGING = "charging"
MULTIPLIER = 2
QUARTERS = {1: "¼", 2: "½", 3: "¾"}


@dataclass(frozen=True, slots=True)
class Plan:
    """Steps 1-4 of the checklist: the table entry and every modifier of the attack roll."""

    hrm: int
    ac: int
    cell: Cell
    modifiers: tuple[Modifier, ...]
    multiplier: str
    notes: tuple[str, ...]

    @property
    def factor(self) -> int:
        """Step 7's multiplier of the weapon's dice: ×2 when one applies, else 1."""
        return MULTIPLIER if self.multiplier else 1

    @property
    def label(self) -> str:
        """What the total is compared with, for the log: 'AC 5 (HRM 1) needs'."""
        return f"AC {self.ac} (HRM {self.hrm}) needs"


def hit_roll_modifier(tables: Tables, ctx: AttackContext) -> int:
    """The attacker's HRM: by class and level, or by hit dice for a monster."""
    stats = ctx.attacker
    if stats.text("class") == "monster":
        hd = parse_hd(stats.text("hd"))
        return tables.hrm_of_monster(hd.whole, hd.plus)
    return tables.hrm_of_class(stats.text("class"), stats.number("level"))


def is_backstab(ctx: AttackContext) -> bool:
    """A thief's melee attack from the three hexes behind the target."""
    return (ctx.attacker.text("class") == "thief" and not ctx.weapon.is_ranged
            and ctx.position in BEHIND)


def is_charge(ctx: AttackContext) -> bool:
    """A lance or charging attack after a straight run-up of at least CHARGE_RUN_UP hexes."""
    return (not ctx.weapon.is_ranged and ctx.run_up >= CHARGE_RUN_UP
            and any(t in ctx.weapon.tags for t in CHARGE_TAGS))


def is_spear(weapon: Weapon) -> bool:
    """A melee weapon that can be set against a charge."""
    return not weapon.is_ranged and any(t in weapon.tags for t in SET_TAGS)


def is_set_vs_charge(ctx: AttackContext) -> bool:
    """A spear's blow struck first against a charge (or, in the calculator, at a charger)."""
    charge = SET_VS_CHARGE in ctx.options or CHARGING in ctx.defender_conditions
    return charge and is_spear(ctx.weapon)


def set_spear_slot(ctx: AttackContext) -> int | None:
    """The slot of the defender's spear that can be set against this charge, or None.

    The charge must come from the defender's front three hexes and within the spear's reach.
    """
    if not is_charge(ctx) or ctx.position in BEHIND:
        return None
    return next((slot for slot, w in enumerate(ctx.defender_wielded)
                 if is_spear(w) and w.reach >= ctx.distance), None)


def is_secondary_target(ctx: AttackContext) -> bool:
    """Whether the target is of the type the weapon is not primarily made for.

    A weapon tagged `primary_h` is made against wielders of hand-held weapons (characters),
    one tagged `primary_m` against monsters; an untagged weapon treats every target as primary.
    """
    monster = ctx.defender.text("class") == "monster"
    return ("primary_h" in ctx.weapon.tags and monster) or (
        "primary_m" in ctx.weapon.tags and not monster)


def mastery_modifier(tables: Tables, ctx: AttackContext) -> Modifier | None:
    """Step 1a: the weapon mastery bonus, when the stat block names a level above basic."""
    level = parse_mastery(ctx.attacker.text("mastery")).get(ctx.weapon.id, "basic")
    primary, secondary = tables.mastery[level]
    if is_secondary_target(ctx):
        bonus, label = secondary, f"mastery {level.replace('_', ' ')} (secondary)"
    else:
        bonus, label = primary, f"mastery {level.replace('_', ' ')}"
    return Modifier(label, bonus) if level != "basic" else None


def range_modifier(ctx: AttackContext) -> Modifier | None:
    """Missile range: short (up to range_ft) +1, medium (to 2×) 0, long (to 3×) -1."""
    if not ctx.weapon.is_ranged:
        return None
    band = -(-ctx.distance * FEET_PER_HEX // ctx.weapon.range_ft)
    return {1: Modifier("short range", 1), 3: Modifier("long range", -1)}.get(band)


def ability_modifier(tables: Tables, ctx: AttackContext) -> Modifier:
    """Step 3a/b: Strength adjustment for melee, Dexterity adjustment for missile or thrown."""
    if ctx.weapon.is_ranged:
        return Modifier("DEX", tables.ability[ctx.attacker.number("dex")])
    return Modifier("STR", tables.ability[ctx.attacker.number("str")])


def attack_modifiers(tables: Tables, ctx: AttackContext) -> tuple[Modifier, ...]:
    """Steps 1a, 3 and 4 in order: mastery; ability, magic, range, maneuvers; cover, curse."""
    mods: list[Modifier | None] = [mastery_modifier(tables, ctx), ability_modifier(tables, ctx)]
    if ctx.weapon.magic:
        mods.append(Modifier("magic", ctx.weapon.magic))
    mods.append(range_modifier(ctx))
    if is_backstab(ctx):
        mods.append(Modifier("backstab", BACKSTAB_TO_HIT))
    if "smash" in ctx.options:
        mods.append(Modifier("smash", SMASH_TO_HIT))
    if ctx.weapon.is_ranged and ctx.cover:
        mods.append(Modifier(f"cover {QUARTERS[ctx.cover]}", tables.cover[ctx.cover]))
    if ctx.attacker.number("curse"):
        mods.append(Modifier("curse", -ctx.attacker.number("curse")))
    return tuple(m for m in mods if m is not None)


def multiplier_of(ctx: AttackContext) -> tuple[str, tuple[str, ...]]:
    """Step 7: the damage multiplier's label ('' for none) and the notes that explain it.

    Multipliers do not stack: one ×2 however many apply.
    """
    found = [
        (label, note) for applies, label, note in (
            (is_backstab(ctx), "backstab ×2", "backstab: ×2 dice"),
            (is_charge(ctx), "charge ×2", f"charge after a {ctx.run_up}-hex run-up: ×2 dice"),
            (is_set_vs_charge(ctx), "set vs charge ×2", "spear set against a charge: ×2 dice"),
        ) if applies
    ]
    label = found[0][0] if found else ""
    return label, tuple(note for _, note in found if note)


def plan_attack(tables: Tables, ctx: AttackContext) -> Plan:
    """Steps 1-4: the table entry (HRM × AC) and the attack roll's modifiers."""
    hrm = hit_roll_modifier(tables, ctx)
    ac = ctx.defender.number("ac")
    multiplier, notes = multiplier_of(ctx)
    return Plan(hrm, ac, tables.cell(hrm, ac), attack_modifiers(tables, ctx), multiplier, notes)


def decide_hit(natural: int, total: int, cell: Cell) -> tuple[bool, str]:
    """Step 5: hit on total ≥ entry; natural 1 misses; natural 20 hits an entry of 20 or less."""
    if natural == 1:
        return False, "natural 1 always misses" if total >= cell.needed or cell.automatic else ""
    if cell.automatic:
        return True, f"table 1+{cell.bonus}: anything but a natural 1 hits"
    if total >= cell.needed:
        return True, ""
    if natural == 20 and cell.needed <= 20:
        return True, "natural 20 hits: the entry is 20 or less"
    return False, "natural 20: an entry above 20 needs bonuses" if natural == 20 else ""


def attack_effects(ctx: AttackContext) -> tuple[Effect, ...]:
    """What the attack does beyond its damage, hit or miss: a smash loses the next initiative."""
    smash = "smash" in ctx.options
    return (Effect("condition", "attacker", "lose_initiative"),) if smash else ()


def damage_modifiers(tables: Tables, ctx: AttackContext, plan: Plan) -> tuple[Modifier, ...]:
    """Step 8, added after step 7's multiplier: Strength (melee), magic, smash, table bonus."""
    mods = []
    if not ctx.weapon.is_ranged:
        mods.append(Modifier("STR", tables.ability[ctx.attacker.number("str")]))
    if ctx.weapon.magic:
        mods.append(Modifier("magic", ctx.weapon.magic))
    if "smash" in ctx.options:
        mods.append(Modifier("smash STR score", ctx.attacker.number("str")))
    if plan.cell.bonus:
        mods.append(Modifier(f"table 1+{plan.cell.bonus}", plan.cell.bonus))
    return tuple(mods)


def hit_chance(plan: Plan) -> Fraction:
    """The exact chance that the attack hits (for the AI's choice of maneuver)."""
    bonus = sum(m.value for m in plan.modifiers)
    hits = sum(decide_hit(n, n + bonus, plan.cell)[0] for n in range(1, 21))
    return Fraction(hits, 20)


def expected_damage(tables: Tables, ctx: AttackContext) -> Fraction:
    """The attack's mean damage over all dice, counting misses as 0 (minimum 1 ignored)."""
    plan = plan_attack(tables, ctx)
    dice = parse_dice(ctx.weapon.damage)
    mean_roll = Fraction(dice.count * (dice.sides + 1), 2) + dice.modifier
    flat = sum(m.value for m in damage_modifiers(tables, ctx, plan))
    return hit_chance(plan) * (mean_roll * plan.factor + flat)
