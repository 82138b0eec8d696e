"""The attack calculator: one attack built from `key=value` SPECs, rolled or given as exact odds.

`arena rules NAME` lists the keys; `arena attack` resolves the attack with the ruleset's own
`resolve_attack` and the battle's dice (scripted faces first); `arena odds` gives the exact
chances from `arena.rules.odds`. A SPEC is `key=value` pairs joined by commas; a list value
goes on after a comma (`feats=unarmed_strike,two_weapon_fighting`), and a true/false key may
stand alone (`--at position=rear,flanked`). Every key has a default; every problem is one
line naming the valid choices (an ArenaError). `docs/calculator.md` has the details.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from arena.assets import Library
from arena.dice import Dice, Roll, parse_dice
from arena.ecs.events import jsonable
from arena.errors import ArenaError
from arena.hexgrid import ORIGIN, Hex, hex_angle, hex_distance, relative_position
from arena.model.stats import StatBlock, StatValue, Weapon
from arena.narrate import attack_text
from arena.rules import RULESETS, STAT_CHECKS
from arena.rules.base import (
    AttackContext,
    AttackResult,
    Bystander,
    Effect,
    FieldSpec,
    Ruleset,
)
from arena.rules.becmi.attack import (
    BEHIND,
    CHARGE_RUN_UP,
    CHARGING,
    is_backstab,
    is_charge,
    is_set_vs_charge,
)
from arena.rules.odds import Odds, attack_odds, has_odds
from arena.rules.odds.core import TOLERANCE, effect_name, needs_text

DEFAULT_WEAPON = "longsword"
TRUE, FALSE = ("true", "yes", "1", "on"), ("false", "no", "0", "off")
_ID = re.compile(r"[a-z][a-z0-9_]*")
# `side` is the document's "side" hex (ap: the two hexes after the front three).
POSITIONS = {"front": "front", "front-left": "front-left", "front-right": "front-right",
             "side": "rear-left", "rear-left": "rear-left", "rear-right": "rear-right",
             "rear": "rear"}

WEAPON_FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("damage", "str", "", "damage dice, NdS+M"),
    FieldSpec("kind", "str", "melee", "what kind of weapon",
              choices=("melee", "ranged", "thrown")),
    FieldSpec("hands", "int", 1, "hands needed", 1, 2),
    FieldSpec("light", "bool", False, "a light weapon (two-weapon fighting)"),
    FieldSpec("reach", "int", 1, "melee reach in hexes", 1, 3),
    FieldSpec("range_ft", "int", 0, "feet per range increment (missiles; 0 for melee)", 0, 1000),
    FieldSpec("threat", "int", 20, "lowest natural d20 threatening a critical (19 or 19-20)",
              2, 20),
    FieldSpec("multiplier", "int", 2, "critical damage multiplier", 2, 4),
    FieldSpec("magic", "int", 0, "magic bonus to attack and damage", -5, 5),
    FieldSpec("tags", "set", "", "rule hooks, e.g. lance, spear, longbow, primary_m"),
    FieldSpec("quality", "int", 0, "d40: quality level (crushing-blow save)", 0, 5),
    FieldSpec("crushing_save", "int", 0, "d40: save against shattering (0 = none)", 0, 20),
    FieldSpec("break_die", "int", 0, "adnd: sides of the break die (0 = never breaks)", 0, 20),
    FieldSpec("conditional", "str", "", "adnd: bonuses against kinds of foe, kind:bonus "
              "(reptiles:4)"),
)
CHOICE_FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("weapon", "str", DEFAULT_WEAPON, "the weapon that strikes"),
    FieldSpec("other_weapon", "str", "", "a weapon held in the other hand (two-weapon "
              "fighting); none by default"),
)


@dataclass(frozen=True, slots=True)
class Situation:
    """One `--at` key: its field, and how a value changes the attack's context."""

    spec: FieldSpec
    apply: Callable[[AttackContext, StatValue], AttackContext]
    check: Callable[[AttackContext], str | None] | None = None


def _set(**changes: object) -> Callable[[AttackContext, StatValue], AttackContext]:
    """A situation that, when true, sets context fields."""
    def apply(ctx: AttackContext, value: StatValue) -> AttackContext:
        return dataclasses.replace(ctx, **changes) if value else ctx  # type: ignore[arg-type]
    return apply


def _field(name: str) -> Callable[[AttackContext, StatValue], AttackContext]:
    """A situation that sets one context field to its value."""
    def apply(ctx: AttackContext, value: StatValue) -> AttackContext:
        return dataclasses.replace(ctx, **{name: value})  # type: ignore[arg-type]
    return apply


def _names(name: str) -> Callable[[AttackContext, StatValue], AttackContext]:
    """A situation that adds the comma-joined names of its value to a set field."""
    def apply(ctx: AttackContext, value: StatValue) -> AttackContext:
        extra = frozenset(str(value).split(",")) if value else frozenset()
        return dataclasses.replace(ctx, **{name: getattr(ctx, name) | extra})
    return apply


def _option(name: str) -> Callable[[AttackContext, StatValue], AttackContext]:
    """A maneuver: when true, it joins the attack's options."""
    def apply(ctx: AttackContext, value: StatValue) -> AttackContext:
        return dataclasses.replace(ctx, options=ctx.options | {name}) if value else ctx
    return apply


def _position(ctx: AttackContext, value: StatValue) -> AttackContext:
    return dataclasses.replace(ctx, position=POSITIONS[str(value)])


def _backstab(ctx: AttackContext, value: StatValue) -> AttackContext:
    behind = ctx.position in BEHIND
    return dataclasses.replace(ctx, position="rear") if value and not behind else ctx


def _charging(ctx: AttackContext, value: StatValue) -> AttackContext:
    extra = frozenset({CHARGING}) if value else frozenset()
    return dataclasses.replace(ctx, defender_conditions=ctx.defender_conditions | extra)


def _charge(ctx: AttackContext, value: StatValue) -> AttackContext:
    return dataclasses.replace(ctx, run_up=max(ctx.run_up, CHARGE_RUN_UP)) if value else ctx


def _needs(test: Callable[[AttackContext], bool], why: str) -> Callable[[AttackContext],
                                                                        str | None]:
    """A check that fails with `why` unless the ruleset's own test holds."""
    return lambda ctx: None if test(ctx) else why


GENERIC: tuple[Situation, ...] = (
    Situation(FieldSpec("distance", "int", 1, "hexes to the defender (missile weapons: "
                        "default 2)", 1, 500), _field("distance")),
    Situation(FieldSpec("position", "str", "front", "where the attacker stands as the defender "
                        "faces (side = rear-left)", choices=tuple(POSITIONS)), _position),
    Situation(FieldSpec("cover", "int", 0, "the defender's cover against missiles, in "
                        "quarters", 0, 3), _field("cover")),
    Situation(FieldSpec("flanked", "bool", False, "foes of the defender stand in two "
                        "opposite hexes (flat-footed)"), _set(flanked=True)),
    Situation(FieldSpec("flat_footed", "bool", False, "the same as flanked"),
              _set(flanked=True)),
    Situation(FieldSpec("surrounded", "bool", False, "three or more foes adjacent to the "
                        "defender"), _set(adjacent_foes=3)),
    Situation(FieldSpec("run_up", "int", 0, "hexes walked straight at the defender just "
                        "before", 0, 50), _field("run_up")),
    Situation(FieldSpec("off_hand", "bool", False, "strike with the off hand (other_weapon in "
                        "the main hand)"), _set(weapon_attacks=1)),
    Situation(FieldSpec("attacker_conditions", "set", "", "conditions on the attacker, e.g. "
                        "prone"), _names("attacker_conditions")),
    Situation(FieldSpec("defender_conditions", "set", "", "conditions on the defender, e.g. "
                        "charging"), _names("defender_conditions")),
)
# Bystanders are placed once the attack is built (`_bystanders`), so these apply nothing.
BYSTANDERS: tuple[Situation, ...] = (
    Situation(FieldSpec("ally_in_line", "bool", False, "an ally of the attacker two hexes "
                        "beyond the defender, in the line of fire"), _set()),
    Situation(FieldSpec("ally_adjacent", "bool", False, "an ally beside the attacker"), _set()),
)
# The generic keys each ruleset reads (others would change nothing); unlisted rulesets: all.
READS: dict[str, tuple[str, ...]] = {
    "ap": ("distance", "position", "flanked", "flat_footed", "surrounded", "off_hand",
           "attacker_conditions"),
    "becmi": ("distance", "position", "cover", "run_up", "defender_conditions"),
    "adnd": ("distance", "position", "cover"),
    "d40": ("distance", "position", "cover", "attacker_conditions", "defender_conditions"),
}
PRESETS: dict[str, tuple[Situation, ...]] = {
    "becmi": (
        Situation(FieldSpec("backstab", "bool", False, "a thief strikes from behind (+4, "
                            "×2 dice; sets position=rear)"), _backstab,
                  _needs(is_backstab, "backstab needs class=thief and a melee weapon")),
        Situation(FieldSpec("charge", "bool", False, "a charge after a 3-hex run-up (×2 "
                            "dice; lance or charge-tagged weapon)"), _charge,
                  _needs(is_charge, "charge needs a melee weapon tagged lance or charge")),
        Situation(FieldSpec("set_vs_charge", "bool", False, "the defender is charging and a "
                            "spear is set against it (×2 dice)"),
                  _charging,
                  _needs(is_set_vs_charge, "set_vs_charge needs a melee weapon tagged spear")),
    ),
    "adnd": (Situation(FieldSpec("buffs", "set", "", "area buffs on the attacker: +1 each of "
                                 "its side's, -1 each of a foe's (_foe)", choices=(
                                     "chant", "prayer", "martial_spirit", "chant_foe",
                                     "prayer_foe")), _names("attacker_buffs")),),
    "d40": (Situation(FieldSpec("flat_footed", "bool", False, "the defender is flat-footed: "
                                "no positive Dexterity bonus to AC"), lambda ctx, v: _names(
                                    "defender_conditions")(ctx, "flat_footed" if v else "")),),
}


def situations(ruleset: Ruleset) -> tuple[Situation, ...]:
    """The `--at` keys of a ruleset: generic ones it reads, its maneuvers, its presets."""
    reads = READS.get(ruleset.name)
    found = [s for s in GENERIC if reads is None or s.spec.name in reads]
    found += [Situation(FieldSpec(name, "bool", False, help + " (maneuver)"), _option(name))
              for name, help in ruleset.maneuvers]
    found += PRESETS.get(ruleset.name, ())
    if ruleset.wants_bystanders:
        found += BYSTANDERS
    return tuple(found)


def weapon_catalogue(ruleset: Ruleset, library: Library) -> dict[str, Weapon]:
    """The weapons a SPEC may name: the assets' and the ruleset's unarmed strike."""
    weapons = dict(library.weapons)
    if ruleset.unarmed is not None:
        weapons.setdefault(ruleset.unarmed.id, ruleset.unarmed)
    return weapons


# --- parsing ---------------------------------------------------------------------------------

def _choices(names: Sequence[str]) -> str:
    return ", ".join(names) or "none"


def split_spec(text: str, flag: str, specs: Mapping[str, FieldSpec]) -> list[tuple[str, str]]:
    """Split `key=value,...` into checked pairs.

    A bare true/false key means true; any other bare word goes on the previous value (a list
    such as `feats=a,b`, or `mastery=longsword:expert,dagger:skilled`).
    """
    pairs: list[tuple[str, str]] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        key, eq, value = piece.partition("=")
        if eq:
            pairs.append((key.strip(), value.strip()))
        elif piece in specs and specs[piece].kind == "bool":
            pairs.append((piece, "true"))
        elif pairs and pairs[-1][0] in specs and specs[pairs[-1][0]].kind in ("set", "str"):
            pairs[-1] = (pairs[-1][0], f"{pairs[-1][1]},{piece}")
        elif _ID.fullmatch(piece):
            raise ArenaError(f"{flag}: unknown key {piece!r} (valid: {_choices(list(specs))})")
        else:
            raise ArenaError(f"{flag}: {piece!r} is not key=value (keys: {_choices(list(specs))})")
    seen: set[str] = set()
    for key, _ in pairs:
        if key not in specs:
            raise ArenaError(f"{flag}: unknown key {key!r} (valid: {_choices(list(specs))})")
        if key in seen:
            raise ArenaError(f"{flag}: {key} is given twice")
        seen.add(key)
    return pairs


def parse_value(spec: FieldSpec, raw: str, where: str) -> StatValue:
    """Read one value with the type, range and choices of its field."""
    if spec.kind == "int":
        text = raw[:-3] if spec.name == "threat" and raw.endswith("-20") else raw
        try:
            number = int(text)
        except ValueError:
            raise ArenaError(f"{where}: expected a whole number, got {raw!r}") from None
        low, high = spec.minimum, spec.maximum
        if (low is not None and number < low) or (high is not None and number > high):
            raise ArenaError(f"{where}: {number} is out of range ({low}..{high})")
        return number
    if spec.kind == "bool":
        if raw.lower() not in TRUE + FALSE:
            raise ArenaError(f"{where}: expected true or false, got {raw!r}")
        return raw.lower() in TRUE
    if spec.kind == "set":
        names = sorted({n.strip() for n in raw.split(",") if n.strip()})
        for name in names:
            if name not in spec.choices if spec.choices else not _ID.fullmatch(name):
                valid = _choices(spec.choices) if spec.choices else "ids of a-z, 0-9 and _"
                raise ArenaError(f"{where}: unknown {name!r} (valid: {valid})")
        return ",".join(names)
    if spec.choices and raw not in spec.choices:
        raise ArenaError(f"{where}: unknown {raw!r} (valid: {_choices(spec.choices)})")
    return raw


def _conditional(text: str, where: str) -> tuple[tuple[str, int], ...]:
    """Read `kind:bonus` entries (`reptiles:4`) into a weapon's conditional bonuses."""
    found = []
    for entry in (e for e in text.split(",") if e):
        kind, colon, bonus = entry.partition(":")
        try:
            value = int(bonus)
        except ValueError:
            value = None
        if not colon or value is None or not -5 <= value <= 10:
            raise ArenaError(f"{where}: expected kind:bonus (bonus -5..10), got {entry!r}")
        found.append((kind, value))
    return tuple(found)


def build_weapon(base: Weapon, given: Mapping[str, StatValue], flag: str) -> Weapon:
    """The weapon with the SPEC's fields laid over its own, checked as the assets are."""
    changes: dict[str, object] = dict(given)
    if "tags" in changes:
        changes["tags"] = tuple(str(changes["tags"]).split(",")) if changes["tags"] else ()
    if "conditional" in changes:
        changes["conditional"] = _conditional(str(changes["conditional"]),
                                              f"{flag}: conditional")
    if "damage" in changes:
        try:
            changes["damage"] = str(parse_dice(str(changes["damage"])))
        except ArenaError as exc:
            raise ArenaError(f"{flag}: damage: {exc}") from None
    weapon = dataclasses.replace(base, **changes)  # type: ignore[arg-type]
    if weapon.kind == "melee" and weapon.range_ft:
        raise ArenaError(f"{flag}: range_ft must be 0 for a melee weapon, got {weapon.range_ft}")
    if weapon.kind != "melee" and not weapon.range_ft:
        raise ArenaError(f"{flag}: a {weapon.kind} weapon needs range_ft above 0")
    return weapon


def _lookup_weapon(ident: str, weapons: Mapping[str, Weapon], where: str) -> Weapon:
    if ident not in weapons:
        raise ArenaError(f"{where}: unknown weapon {ident!r} (available: "
                         f"{_choices(sorted(weapons))})")
    return weapons[ident]


def stat_block(ruleset: Ruleset, given: Mapping[str, StatValue]) -> StatBlock:
    """A full stat block: the given fields, the rest at the ruleset's defaults."""
    return StatBlock(ruleset.name, {f.name: given.get(f.name, f.default) for f in ruleset.fields})


def _check_blocks(ruleset: Ruleset, attacker: StatBlock, defender: StatBlock) -> None:
    """The ruleset's whole-block checks (`STAT_CHECKS`: becmi hit dice and mastery, …)."""
    check = STAT_CHECKS.get(ruleset.name)
    for flag, block in (("--attacker", attacker), ("--defender", defender)):
        problem = check(block) if check is not None else None
        if problem is not None:
            raise ArenaError(f"{flag}: {problem}")


@dataclass(frozen=True, slots=True)
class Query:
    """An attack as the SPECs describe it, ready to roll or to weigh."""

    ruleset: Ruleset
    ctx: AttackContext


def _wielded(ruleset: Ruleset, weapon: Weapon, other: Weapon | None,
             off_hand: bool) -> tuple[tuple[Weapon, ...], int]:
    """The weapons in hand (main first, the unarmed strike last) and the striking slot."""
    unarmed = ruleset.unarmed
    held = [w for w in (other, weapon) if w is not None] if off_hand else \
        [w for w in (weapon, other) if w is not None]
    if unarmed is not None and weapon.id == unarmed.id:
        held = [w for w in held if w.id != unarmed.id]
        return (*held, unarmed), len(held)
    if sum(w.hands for w in held) > 2:
        raise ArenaError(f"--attacker: {' and '.join(w.name for w in held)} need more than "
                         "two hands")
    wielded = (*held, unarmed) if unarmed is not None else tuple(held)
    return wielded, held.index(weapon) if off_hand else 0


def _bystanders(ctx: AttackContext, asked: Mapping[str, StatValue]) -> tuple[Bystander, ...]:
    """The allies the `--at` keys place: in the line of fire and beside the attacker."""
    places = []
    if asked.get("ally_in_line"):
        places.append(Hex(ctx.distance + 2, 0))
    if asked.get("ally_adjacent"):
        places.append(Hex(0, 1))
    return tuple(
        Bystander(3 + i, True, hex_distance(ORIGIN, h), hex_distance(ctx.there, h),
                  hex_angle(ORIGIN, ctx.there, h), relative_position(ORIGIN, 0, h))
        for i, h in enumerate(places))


def build_query(ruleset: Ruleset, library: Library, attacker: str = "", defender: str = "",
                at: str = "") -> Query:
    """Build the attack of the SPECs, every field defaulted; refused attacks are errors."""
    stats = {f.name: f for f in ruleset.fields}
    weapon_specs = {f.name: f for f in (*CHOICE_FIELDS, *WEAPON_FIELDS)}
    attacker_specs = {**weapon_specs, **stats}
    given_a = {k: parse_value(attacker_specs[k], v, f"--attacker: {k}")
               for k, v in split_spec(attacker, "--attacker", attacker_specs)}
    given_d = {k: parse_value(stats[k], v, f"--defender: {k}")
               for k, v in split_spec(defender, "--defender", stats)}
    keys = {s.spec.name: s for s in situations(ruleset)}
    asked = {k: parse_value(keys[k].spec, v, f"--at: {k}")
             for k, v in split_spec(at, "--at", {k: s.spec for k, s in keys.items()})}
    catalogue = weapon_catalogue(ruleset, library)
    base = _lookup_weapon(str(given_a.get("weapon", DEFAULT_WEAPON)), catalogue,
                          "--attacker: weapon")
    overrides = {k: v for k, v in given_a.items()
                 if k in weapon_specs and k not in stats and k not in ("weapon", "other_weapon")}
    weapon = build_weapon(base, overrides, "--attacker")
    other_id = str(given_a.get("other_weapon", ""))
    other = _lookup_weapon(other_id, catalogue, "--attacker: other_weapon") if other_id else None
    if asked.get("off_hand") and other is None:
        raise ArenaError("--at: off_hand needs other_weapon=<id> in --attacker (the main hand)")
    a_block = stat_block(ruleset, {k: v for k, v in given_a.items() if k in stats})
    d_block = stat_block(ruleset, given_d)
    _check_blocks(ruleset, a_block, d_block)
    wielded, slot = _wielded(ruleset, weapon, other, bool(asked.get("off_hand")))
    distance = int(asked.get("distance", 2 if weapon.is_ranged else 1))
    ctx = AttackContext(a_block, d_block, weapon, distance, "front", ORIGIN, Hex(distance, 0),
                        adjacent_foes=1 if distance == 1 else 0, slot=slot, wielded=wielded)
    for name, situation in keys.items():  # generic keys first, then maneuvers and presets
        if name in asked:
            ctx = situation.apply(ctx, asked[name])
    if ctx.flanked:
        ctx = dataclasses.replace(ctx, adjacent_foes=max(ctx.adjacent_foes, 2))
    if ruleset.wants_bystanders:
        ctx = dataclasses.replace(ctx, bystanders=_bystanders(ctx, asked))
    for name, value in asked.items():
        check = keys[name].check
        problem = check(ctx) if check is not None and value else None
        if problem is not None:
            raise ArenaError(f"--at: {problem}")
    reason = ruleset.attack_refusal(ctx)
    if reason is not None:
        raise ArenaError(f"{ruleset.name} refuses this attack: {reason}")
    return Query(ruleset, ctx)


# --- output ----------------------------------------------------------------------------------

def decimal(p: Fraction) -> str:
    """A chance or mean as a short decimal: 0.55, 0.0005, 0.333333."""
    return f"{float(p):.6g}"


def exact(p: Fraction) -> str:
    """A chance as its exact fraction: '11/20', '0', '1'."""
    return str(p)


def _pairs(values: Mapping[str, Fraction]) -> tuple[dict[str, float], dict[str, str]]:
    """A name -> chance table as decimals and as exact fractions."""
    return ({k: float(v) for k, v in values.items()}, {k: exact(v) for k, v in values.items()})


def query_json(query: Query) -> dict[str, object]:
    """The attack as built, every default filled in."""
    ctx = query.ctx
    return {
        "attacker": dict(ctx.attacker.values), "defender": dict(ctx.defender.values),
        "weapon": jsonable(ctx.weapon),
        "situation": {
            "distance": ctx.distance, "position": ctx.position, "cover": ctx.cover,
            "flanked": ctx.flanked, "adjacent_foes": ctx.adjacent_foes, "run_up": ctx.run_up,
            "slot": ctx.slot, "wielded": [w.id for w in ctx.wielded],
            "options": sorted(ctx.options),
            "attacker_conditions": sorted(ctx.attacker_conditions),
            "defender_conditions": sorted(ctx.defender_conditions),
        },
    }


def odds_json(query: Query, odds: Odds) -> dict[str, object]:
    """The odds as one JSON object: decimals, each with its exact fraction beside it."""
    data: dict[str, object] = {"ruleset": query.ruleset.name, "version": query.ruleset.version,
                               "needed": odds.needed, "target_label": odds.target_label,
                               "roll": odds.roll, "bonus": odds.bonus,
                               "modifiers": jsonable(odds.modifiers),
                               "target_modifiers": jsonable(odds.target_modifiers),
                               "hits": list(odds.hits)}
    chances = {"p_hit": odds.hit, "p_critical": odds.critical, "p_fumble": odds.fumble,
               "expected_damage": odds.expected_damage, **odds.extras}
    if odds.friendly_fire is not None:
        chances["p_friendly_fire"] = odds.friendly_fire
    for key, value in chances.items():
        data[key], data[f"{key}_exact"] = float(value), exact(value)
    damage = {str(v): p for v, p in odds.damage.probabilities().items()}
    data["damage"], data["damage_exact"] = _pairs(damage)
    for name, table in odds.tables.items():
        data[name], data[f"{name}_exact"] = _pairs(table)
    data["effects"], data["effects_exact"] = _pairs(odds.effects)
    data["sublethal"] = odds.sublethal
    data["notes"] = list(odds.notes)
    data["exact"] = not odds.residual
    data["residual"], data["tolerance"] = float(odds.residual), float(TOLERANCE)
    data["query"] = query_json(query)
    return data


def header(query: Query) -> str:
    """One line naming the ruleset, the weapon and the situation."""
    ctx, ruleset = query.ctx, query.ruleset
    weapon = ctx.weapon
    extra = f", magic {weapon.magic:+d}" if weapon.magic else ""
    if weapon.is_ranged:
        extra += f", {weapon.kind} {weapon.range_ft} ft"
    options = f", {', '.join(sorted(ctx.options))}" if ctx.options else ""
    hexes = "hex" if ctx.distance == 1 else "hexes"
    return (f"{ruleset.name} {ruleset.version}: {weapon.name} ({weapon.damage}{extra}) at "
            f"{ctx.distance} {hexes}, from the {ctx.position}{options}")


def stats_line(label: str, block: StatBlock) -> str:
    """'attacker: str=3 bab=2 …' with every field."""
    shown = " ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}"
                     for k, v in block.values.items())
    return f"{label}: {shown}"


def _row(name: str, p: Fraction, width: int = 18) -> str:
    return f"  {name:<{width}} {exact(p):>24}  {decimal(p)}"


def odds_lines(query: Query, odds: Odds) -> list[str]:
    """The odds as text: each chance as an exact fraction and a decimal."""
    mods = "".join(f" {m.value:+d} {m.label}" for m in odds.modifiers)
    target = "".join(f" {m.value:+d} {m.label}" for m in odds.target_modifiers)
    needed = "-" if odds.needed is None else str(odds.needed)
    lines = [header(query), stats_line("attacker", query.ctx.attacker),
             stats_line("defender", query.ctx.defender),
             f"attack: {odds.roll}{mods} vs {odds.target_label}{target} {needed}: "
             f"{needs_text(odds)}",
             _row("hit", odds.hit), _row("critical", odds.critical),
             _row("fumble", odds.fumble)]
    lines += [_row(k.removeprefix("p_").replace("_", " "), v) for k, v in odds.extras.items()]
    if odds.friendly_fire is not None:
        lines.append(_row("friendly fire", odds.friendly_fire))
    lines.append(_row("expected damage", odds.expected_damage))
    kind = "sublethal damage" if odds.sublethal else "damage"
    lines.append(f"{kind} (0 = a miss):")
    lines += [_row(f"{value:>4}", p, 6) for value, p in odds.damage.probabilities().items()]
    for name, table in odds.tables.items():
        lines.append(f"{name.replace('_', ' ')}:")
        lines += [_row(row, p, 24) for row, p in table.items()]
    if odds.effects:
        lines.append("effects:")
        lines += [_row(name, p, 24) for name, p in odds.effects.items()]
    lines += [f"note: {note}" for note in odds.notes]
    if odds.residual:
        lines.append(f"note: an infinite chain was summed until the mass left was below "
                     f"{float(TOLERANCE):g}; {decimal(odds.residual)} was left out")
    else:
        lines.append("every chance is exact")
    return lines


def roll_faces(rolls: Sequence[Roll]) -> list[dict[str, object]]:
    """Every face in the order rolled, as {die, face, purpose}."""
    out: list[dict[str, object]] = []
    for roll in rolls:
        die = f"d{parse_dice(roll.expression).sides}"
        out += [{"die": die, "face": face, "purpose": roll.purpose} for face in roll.faces]
    return out


WHO = {"attacker": "the attacker", "defender": "the defender"}


def _hand(slot: int) -> str:
    """A wielded slot as words: the main hand is slot 0, the off hand slot 1."""
    return {0: "the main hand", 1: "the off hand"}.get(slot, f"slot {slot}")


def effect_text(effect: Effect) -> str:
    """An effect record as a sentence."""
    who = WHO[effect.who]
    match effect.kind:
        case "condition":
            lasting = f"for {effect.rounds} turns" if effect.rounds else "until removed"
            strength = f" {effect.amount}" if effect.amount else ""
            return f"{who}: {effect.name.replace('_', ' ')}{strength} ({lasting})"
        case "drop_weapon":
            return f"{who} drops the weapon in {_hand(effect.slot)}"
        case "knockback":
            return f"{who} is knocked back {effect.amount} hex(es)"
        case "kill":
            return f"{who} dies ({effect.name})"
        case "damage":
            return f"{who} takes {effect.amount} damage ({effect.name})"
        case "end_turn":
            return f"{who} can do nothing more this turn"
        case "break_weapon":
            return f"the weapon in {_hand(effect.slot)} of {who} breaks"
        case "degrade_weapon":
            return f"the weapon in {_hand(effect.slot)} of {who} loses {effect.amount} magic"
        case "provoke":
            return f"{who} presents an opening"
        case "strike":
            how = f" ({', '.join(effect.options)})" if effect.options else ""
            return f"{who} makes a free attack{how}"
    return f"{who}: {effect.kind} {effect.name}".strip()


def resolve(query: Query, dice: Dice) -> AttackResult:
    """Resolve the attack with the ruleset's own logic and these dice."""
    return query.ruleset.resolve_attack(query.ctx, dice)


def attack_json(query: Query, result: AttackResult, dice: Dice,
                notices: Sequence[str]) -> dict[str, object]:
    """One resolved attack as a JSON object: verdict, damage, every die, the events."""
    events: list[dict[str, object]] = [{
        "type": "attacked", "weapon": query.ctx.weapon.id, "distance": query.ctx.distance,
        "position": query.ctx.position, "result": jsonable(result)}]
    events += [{"type": "effect", **dataclasses.asdict(e)} for e in result.effects]
    return {
        "ruleset": query.ruleset.name, "version": query.ruleset.version, "hit": result.hit,
        "critical": result.critical, "fumble": result.fumble, "damage": result.damage,
        "multiplier": result.multiplier, "sublethal": result.sublethal,
        "natural": result.natural, "total": result.total, "target_label": result.target_label,
        "target": result.target, "modifiers": jsonable(result.modifiers),
        "effects": [effect_name(e.kind, e.name) for e in result.effects],
        "rolls": roll_faces(result.rolls), "notes": list(result.notes),
        "text": attack_text(result), "events": events, "notices": list(notices),
        "unused_dice": list(dice.script_remaining), "query": query_json(query),
    }


def attack_lines(query: Query, result: AttackResult, dice: Dice,
                 notices: Sequence[str]) -> list[str]:
    """One resolved attack as text: the explained log line, then its effects."""
    lines = [header(query), stats_line("attacker", query.ctx.attacker),
             stats_line("defender", query.ctx.defender), attack_text(result)]
    lines += [f"effect: {effect_text(e)}" for e in result.effects]
    lines += [f"note: {n}" for n in notices]
    if dice.script_remaining:
        unused = ",".join(str(f) for f in dice.script_remaining)
        lines.append(f"note: scripted faces not used: {unused}")
    return lines


def run_attack(query: Query, dice: Dice, as_json: bool) -> str:
    """`arena attack`: resolve once and describe it."""
    result = resolve(query, dice)
    notices = dice.drain_notices()
    if as_json:
        return json.dumps(attack_json(query, result, dice, notices)) + "\n"
    return "\n".join(attack_lines(query, result, dice, notices)) + "\n"


def run_odds(query: Query, as_json: bool) -> str:
    """`arena odds`: the exact chances of the attack."""
    odds = attack_odds(query.ruleset, query.ctx)
    if as_json:
        return json.dumps(odds_json(query, odds)) + "\n"
    return "\n".join(odds_lines(query, odds)) + "\n"


# --- arena rules -----------------------------------------------------------------------------

def _kind(spec: FieldSpec) -> str:
    """A field's type as shown: 'int 0..60', 'bool', 'choice', 'list', 'text'."""
    if spec.kind == "int":
        return f"int {spec.minimum}..{spec.maximum}"
    if spec.kind == "set":
        return "list"
    if spec.name in ("weapon", "other_weapon"):
        return "weapon id"
    return "choice" if spec.choices else ("bool" if spec.kind == "bool" else "text")


def _default(spec: FieldSpec) -> str:
    if isinstance(spec.default, bool):
        return str(spec.default).lower()
    return str(spec.default) if spec.default != "" else "(none)"


def field_line(spec: FieldSpec, default: str | None = None) -> str:
    """One field: name, type, default and meaning (with its choices)."""
    meaning = spec.help
    if spec.choices and spec.kind == "str":
        meaning += f" ({', '.join(spec.choices)})"
    shown = _default(spec) if default is None else default
    return f"  {spec.name:<20} {_kind(spec):<12} {shown:<12} {meaning}"


def rulesets_text() -> str:
    """`arena rules`: every ruleset with its version, title and whether odds exist."""
    lines = [f"{r.name:<8} {r.version:<6} {r.title}"
             + ("" if has_odds(r) else "  (no exact odds yet)")
             for r in sorted(RULESETS.values(), key=lambda r: r.name)]
    return "\n".join(lines) + "\n"


def ruleset_text(ruleset: Ruleset, library: Library) -> str:
    """`arena rules NAME`: the keys of --attacker, --defender and --at with their defaults."""
    weapons = ", ".join(sorted(weapon_catalogue(ruleset, library)))
    odds = "exact odds available" if has_odds(ruleset) else "no exact odds yet"
    lines = [f"{ruleset.name} {ruleset.version}: {ruleset.title} ({odds})", "",
             "Stat-block fields (--attacker and --defender):"]
    lines += [field_line(f) for f in ruleset.fields]
    lines += ["", "Weapon fields (--attacker; they override the chosen weapon's own):",
              field_line(CHOICE_FIELDS[0]) + f": {weapons}", field_line(CHOICE_FIELDS[1])]
    lines += [field_line(f, "(weapon's)") for f in WEAPON_FIELDS]
    lines += ["", "Situation fields (--at):"]
    lines += [field_line(s.spec) for s in situations(ruleset)]
    lines += ["", "SPEC: key=value pairs joined by commas; a list goes on after commas "
              "(feats=a,b); a true/false key may stand alone (--at flanked)."]
    return "\n".join(lines) + "\n"
