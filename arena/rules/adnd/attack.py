"""The parts of an `adnd` attack: THAC0, modifiers, the critical chain, fumbles, mishaps, wounds.

Each function reads one situation off the attack context and returns labelled numbers, dice
and effect records; the ruleset (`__init__`) and its odds put them together. Sources:
docs/rules/adnd.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from arena.dice import Dice, Roll
from arena.model.families import family
from arena.model.stats import StatBlock, Weapon
from arena.rules.adnd.stats import BUFFS, names
from arena.rules.adnd.tables import Tables
from arena.rules.base import AttackContext, Bystander, Effect, Modifier

FEET_PER_HEX = 5
RANGE_PENALTIES = (0, -2, -5)  # short, medium, long range (interpretation: AD&D 2e)
RANGE_NAMES = ("short", "medium", "long")
COVER = {1: -2, 2: -4, 3: -7}  # quarters of cover (interpretation: AD&D 2e)
REAR_BONUS = 2  # attacking from the defender's rear hex (interpretation: AD&D 2e)
CRITICAL_MARGIN = 2
WOUND_DAMAGE = 11
INJURY_DAMAGE = 15
INJURY_STEP = 5
FRIENDLY_ARC = 30.0
FRIENDLY_BEYOND = 8
ARC_SLACK = 1e-6  # hex angles of exactly 30 degrees come out a hair off in floating point
FRIENDLY = frozenset({"friendly_fire", "friendly_hit"})
# The families of the friendly-hit list named whole: "flails, pole arms, quarterstaves, spears
# ... and tridents" (a trident is of the spear family). Mauls, morning stars and two-handed
# swords share their families with weapons off the list: they are tagged or listed one by one.
SWEEPING_FAMILIES = frozenset({"flail", "polearm", "spear", "staff"})
THROWN_FOLLOWS = "thrown_follows"  # strike option: the thrown weapon flies on into that strike
# d8 scatter of a fumbled weapon: facing-relative direction (None = own hex) and its name.
SCATTER: dict[int, tuple[int | None, str]] = {
    1: (None, "at its feet"), 2: (None, "at its feet"),
    3: (1, "front-left"), 4: (1, "front-left"),
    5: (0, "front"), 6: (0, "front"),
    7: (5, "front-right"), 8: (5, "front-right"),
}


@dataclass(frozen=True, slots=True)
class Mishap:
    """What a natural 1 or 2 set off: its dice, the note explaining it and its effects."""

    rolls: tuple[Roll, ...] = ()
    notes: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()


def thac0(tables: Tables, stats: StatBlock) -> int:
    """The stat block's THAC0, or its class group's at its level."""
    given = stats.number("thac0")
    return given or tables.thac0_of(stats.text("class"), stats.number("level"))


def range_band(weapon: Weapon, distance: int) -> int:
    """0 short, 1 medium, 2 long, 3 out of range: `range_ft` is short range, ×2 medium, ×3 long."""
    feet = distance * FEET_PER_HEX
    return min(3, max(0, -(-feet // weapon.range_ft) - 1))


def magic_bonus(weapon: Weapon, defender: StatBlock) -> Modifier | None:
    """The weapon's enchantment against this foe: its best applicable bonus, or None."""
    kinds = names(defender, "kinds")
    best = Modifier("magic", weapon.magic)
    for kind, bonus in weapon.conditional:
        if kind in kinds and bonus > best.value:
            best = Modifier(f"magic vs {kind}", bonus)
    return best if best.value else None


def buff_modifiers(ctx: AttackContext) -> list[Modifier]:
    """+1 for each own chant, prayer or martial spirit, -1 for each enemy one; none if friendly."""
    if ctx.options & FRIENDLY:
        return []
    mods = []
    for name in sorted(ctx.attacker_buffs):
        base = name.removesuffix("_foe")
        if base in BUFFS:
            foe = name != base
            mods.append(Modifier(f"{'enemy ' if foe else ''}{base.replace('_', ' ')}",
                                 -1 if foe else 1))
    return mods


def strength(tables: Tables, stats: StatBlock) -> tuple[int, int]:
    """(to-hit, damage) from the Strength score and any exceptional percentile."""
    return tables.strength_of(stats.number("str"), stats.number("str_pct"))


def attack_modifiers(tables: Tables, ctx: AttackContext) -> tuple[Modifier, ...]:
    """Strength (melee) or Dexterity (missiles), magic, range, cover, rear, buffs."""
    mods: list[Modifier] = []
    if ctx.weapon.is_ranged:
        mods.append(Modifier("DEX", tables.dexterity[ctx.attacker.number("dex")]))
        band = min(range_band(ctx.weapon, ctx.distance), 2)
        if band:
            mods.append(Modifier(f"{RANGE_NAMES[band]} range", RANGE_PENALTIES[band]))
        if ctx.cover:
            mods.append(Modifier("cover", COVER[ctx.cover]))
    else:
        mods.append(Modifier("STR", strength(tables, ctx.attacker)[0]))
    if ctx.position == "rear":
        mods.append(Modifier("rear", REAR_BONUS))
    magic = magic_bonus(ctx.weapon, ctx.defender)
    if magic is not None:
        mods.append(magic)
    mods.extend(buff_modifiers(ctx))
    return tuple(m for m in mods if m.value)


def damage_modifiers(tables: Tables, ctx: AttackContext) -> tuple[Modifier, ...]:
    """Strength (melee and thrown), magic and buffs: all multiplied on a critical."""
    mods: list[Modifier] = []
    if ctx.weapon.kind != "ranged":
        mods.append(Modifier("STR", strength(tables, ctx.attacker)[1]))
    magic = magic_bonus(ctx.weapon, ctx.defender)
    if magic is not None:
        mods.append(magic)
    mods.extend(buff_modifiers(ctx))
    return tuple(m for m in mods if m.value)


def critical_chain(dice: Dice, helmet: bool) -> tuple[int, tuple[Roll, ...], str]:
    """Roll the exploding chain: ×2, +1 per further 20, +1 for a 19 without a helmet, then stop."""
    multiplier = 2
    rolls: list[Roll] = []
    steps: list[str] = []
    while True:
        roll = dice.roll("d20", f"critical d20 #{len(rolls) + 1}")
        rolls.append(roll)
        face = roll.faces[0]
        if face == 20:
            multiplier += 1
            steps.append(f"d20 20: x{multiplier}, roll again")
            continue
        if face == 19 and not helmet:
            multiplier += 1
            steps.append(f"d20 19 after a 20, no helmet: x{multiplier}, stop")
        elif face == 19:
            steps.append("d20 19 after a 20, but a helmet: stop")
        else:
            steps.append(f"d20 {face}: stop")
        return multiplier, tuple(rolls), "critical x2; " + "; ".join(steps)


def fumble(dice: Dice, ctx: AttackContext, unarmed: str) -> Mishap:
    """A natural 1: the weapon leaves the hand and scatters by d8 relative to the facing.

    A thrown weapon has already left the hand and flies on to the target's hex; fists stay on,
    and so do natural weapons (claws, bites): their fumble only loses the attack.
    """
    if ctx.weapon.natural:
        return Mishap(notes=(f"natural 1: fumble, but a {ctx.weapon.name} cannot be dropped",))
    if ctx.weapon.id == unarmed or ctx.weapon.kind == "thrown" or "free" in ctx.options:
        return Mishap(notes=("natural 1: fumble",))
    roll = dice.roll("d8", "scatter d8")
    direction, where = SCATTER[roll.faces[0]]
    drop = Effect("drop_weapon", "attacker", slot=ctx.slot, direction=direction,
                  amount=0 if direction is None else 1, rounds=1)
    note = f"natural 1: fumble, the {ctx.weapon.name} flies {where} (scatter d8 {roll.faces[0]})"
    return Mishap((roll,), (note,), (drop,))


def friendly_fire_targets(bystanders: tuple[Bystander, ...], distance: int) -> list[int]:
    """Allies inside the 30° arc either side of the line of fire, fewer than 8 hexes beyond.

    "Beyond" is past the target along the line of fire: an ally is spared only when it stands
    at least 8 hexes farther from the shooter than the target (`distance`) does.
    """
    return [b.entity for b in bystanders
            if b.ally and b.angle <= FRIENDLY_ARC + ARC_SLACK
            and b.distance - distance < FRIENDLY_BEYOND]


def friendly_hit_targets(bystanders: tuple[Bystander, ...]) -> list[int]:
    """Allies in the hexes adjacent to the attacker."""
    return [b.entity for b in bystanders if b.ally and b.distance == 1]


def sweeping(tables: Tables, ctx: AttackContext) -> bool:
    """A melee weapon of the friendly-hit list in hands without the disciplined swing.

    On the list: a weapon tagged `sweeping` or named in the table, and every weapon of a
    family the list names whole (`SWEEPING_FAMILIES`: a magic spear is still a spear).
    """
    weapon = ctx.weapon
    listed = ("sweeping" in weapon.tags or weapon.id in tables.sweeping
              or family(weapon) in SWEEPING_FAMILIES)
    return (listed and not weapon.is_ranged
            and "disciplined_swing" not in names(ctx.attacker, "abilities"))


def mishap(tables: Tables, dice: Dice, ctx: AttackContext) -> Mishap:
    """A natural 2 that misses: friendly fire (missiles) or a friendly hit (sweeping weapons)."""
    if "free" in ctx.options:
        return Mishap()
    if ctx.weapon.is_ranged:
        kind, candidates = "friendly_fire", friendly_fire_targets(ctx.bystanders, ctx.distance)
    elif sweeping(tables, ctx):
        kind, candidates = "friendly_hit", friendly_hit_targets(ctx.bystanders)
    else:
        return Mishap()
    label = kind.replace("_", " ")
    if not candidates:
        return Mishap(notes=(f"natural 2: no ally where a {label} could strike",))
    rolls: tuple[Roll, ...] = ()
    chosen = candidates[0]
    why = ""
    if len(candidates) > 1:
        roll = dice.roll(f"d{len(candidates)}", f"{label} d{len(candidates)}")
        rolls, chosen = (roll,), candidates[roll.faces[0] - 1]
        why = f" (d{len(candidates)} {roll.faces[0]} picks among {len(candidates)})"
    # A thrown weapon that strikes the ally hit something: it lies by the ally, unchecked.
    follows = (THROWN_FOLLOWS,) if ctx.weapon.kind == "thrown" else ()
    strike = Effect("strike", "attacker", other=chosen,
                    options=("auto_hit", "free", kind, *follows))
    return Mishap(rolls, (f"natural 2: {label} strikes an ally{why}",), (strike,))


def wounds(ctx: AttackContext, damage: int) -> tuple[Effect, ...]:
    """11+ damage in one hit: a wound bleeding damage // 11 a round; 15+: injury points too."""
    if damage < WOUND_DAMAGE or not ctx.defender.flag("woundable"):
        return ()
    found = [Effect("condition", "defender", "bleeding", amount=damage // WOUND_DAMAGE,
                    options=("stack",))]
    if damage >= INJURY_DAMAGE:
        points = 1 + (damage - INJURY_DAMAGE) // INJURY_STEP
        found.append(Effect("condition", "defender", "injured", amount=points,
                            options=("stack",)))
    return tuple(found)
