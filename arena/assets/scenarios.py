"""Scenarios: sides and combatants on a map under a ruleset, and their self-contained dict form."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import cast

from arena.assets.common import (
    DESCRIPTION_LIMIT,
    MAX_ROUNDS_DEFAULT,
    NAME_LIMIT,
    Refs,
    T,
    Template,
    check_id,
    lookup,
    text_id,
)
from arena.assets.equipment import armour_to_dict, supply_to_dict, weapon_to_dict
from arena.assets.templates import (
    BODY_KEYS,
    check_shield,
    full_stats,
    merge,
    read_body,
    reject_unknown_rulesets,
)
from arena.assets.terrain import map_ref, map_to_dict
from arena.assets.validate import Table, expect_table, fail, join_key, show
from arena.hexgrid import FACING_NAMES, Hex, facing_from_name
from arena.model.scenario import CombatantSpec, Lasting, Scenario, SideSpec
from arena.model.stats import Armour, StatBlock, Supply
from arena.model.terrain import HexMap
from arena.rules import RULESETS, STAT_CHECKS
from arena.rules.base import Ruleset

_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
COMBATANT_KEYS = ("template", "side", "at", "facing", *BODY_KEYS, "start_hp", "conditions")
MAX_CONDITIONS = 16  # lasting conditions a combatant enters with
MAX_CONDITION_TURNS = 1000  # own turns left (0: until removed); a condition's strength too
SIDE_KEYS = ("name", "colour")
SCENARIO_KEYS = (
    "id", "name", "description", "ruleset", "map", "max_rounds", "sides", "combatants",
)


def _need(record: Mapping[str, object], name: str, kind: type[T], t: Table) -> T:
    """Return `record[name]`, which the combatant or its template must give."""
    value = record.get(name)
    if not isinstance(value, kind):
        raise fail(t.file, t.path(name), "required key is missing (give it or name a template)")
    return value


def _facing(t: Table) -> int:
    """Read `facing` as a direction index from its name (E, NE, NW, W, SW, SE)."""
    name = t.string("facing")
    try:
        return facing_from_name(name)
    except ValueError:
        valid = ", ".join(FACING_NAMES)
        raise fail(t.file, t.path("facing"), f"must be one of {valid}, got {show(name)}") from None


def _position(t: Table, hexmap: HexMap, taken: Mapping[Hex, str]) -> Hex:
    """Read `at`: a free hex of the map that does not block movement."""
    at = Hex(*t.pair("at"))
    where, terrain = f"hex [{at.q}, {at.r}]", hexmap.terrain(at)
    if terrain is None:
        raise fail(t.file, t.path("at"), f"{where} is off the map (radius {hexmap.radius})")
    if terrain.blocks_move:
        raise fail(t.file, t.path("at"), f"{where} is {terrain.id}, which blocks movement")
    if at in taken:
        raise fail(t.file, t.path("at"), f"{where} is already taken by {taken[at]}")
    return at


def _template_of(t: Table, refs: Refs) -> tuple[str, Template]:
    """Read `template`: resolved from the library, or only a label when reading a replay."""
    ident = t.string("template", "")
    if not ident:
        return "", {}
    if refs.templates is None:
        return check_id(ident, t.file, t.path("template")), {}
    return ident, lookup(refs.templates, "template", ident, t.file, t.path("template"))


def _combatant(
    value: object, key: str, refs: Refs, sides: int, hexmap: HexMap, taken: Mapping[Hex, str]
) -> CombatantSpec:
    """Read one `[[combatants]]` entry and resolve it against its template."""
    reject_unknown_rulesets(value, refs.file, key, COMBATANT_KEYS)
    t = Table(value, refs.file, key, (*COMBATANT_KEYS, *sorted(RULESETS)))
    template, base = _template_of(t, refs)
    record = merge(base, read_body(t, refs))
    side = t.integer("side", lo=0)
    if side >= sides:
        message = f"no side {side}: sides are numbered 0..{sides - 1} in file order"
        raise fail(t.file, t.path("side"), message)
    armour, shield = record.get("armour"), record.get("shield")
    check_shield(record, t)
    return CombatantSpec(
        template=template,
        name=_need(record, "name", str, t),
        glyph=_need(record, "glyph", str, t),
        side=side,
        at=_position(t, hexmap, taken),
        facing=_facing(t),
        hp=_need(record, "hp", int, t),
        speed=_need(record, "speed", int, t),
        weapons=_need(record, "weapons", tuple, t),
        armour=armour if isinstance(armour, Armour) else None,
        stats=_checked(full_stats(record), t),
        shield=shield if isinstance(shield, Armour) else None,
        supplies=cast(tuple[Supply, ...], record.get("supplies", ())),
        start_hp=_start_hp(t, record),
        conditions=_conditions(t),
    )


def _start_hp(t: Table, record: Mapping[str, object]) -> int | None:
    """Read `start_hp`: 1..hp (the combatant's `hp`, read before it), else None."""
    if not t.has("start_hp"):
        return None
    return t.integer("start_hp", lo=1, hi=_need(record, "hp", int, t))


def _conditions(t: Table) -> tuple[Lasting, ...]:
    """Read `conditions`: {name = [own turns left (0: until removed), strength]}, by name."""
    if not t.has("conditions"):
        return ()
    table = expect_table(t.raw("conditions"), t.file, t.path("conditions"))
    if len(table) > MAX_CONDITIONS:
        message = f"at most {MAX_CONDITIONS} conditions, got {len(table)}"
        raise fail(t.file, t.path("conditions"), message)
    found: list[Lasting] = []
    for name in sorted(table):
        key = join_key(t.path("conditions"), name)
        value = table[name]
        if not (isinstance(value, list) and len(value) == 2 and all(
                type(n) is int and 0 <= n <= MAX_CONDITION_TURNS for n in value)):
            wanted = f"[turns, strength], each 0..{MAX_CONDITION_TURNS}"
            raise fail(t.file, key, f"expected {wanted}, got {show(value)}")
        found.append((check_id(name, t.file, key), value[0], value[1]))
    return tuple(found)


def _checked(blocks: dict[str, StatBlock], t: Table) -> dict[str, StatBlock]:
    """Run each ruleset's whole-block check; a problem is a load error at this combatant."""
    for ruleset in sorted(blocks):
        check = STAT_CHECKS.get(ruleset)
        problem = check(blocks[ruleset]) if check is not None else None
        if problem is not None:
            raise fail(t.file, join_key(t.key, ruleset), problem)
    return blocks


def check_arms(scenario: Scenario, ruleset: Ruleset, file: str) -> Scenario:
    """Refuse a weapon (held or spare) lacking what `ruleset` needs of it; else `scenario`."""
    for index, combatant in enumerate(scenario.combatants):
        key = join_key(join_key(join_key("", "combatants"), index), "weapons")
        for slot, weapon in enumerate(combatant.weapons):
            problem = ruleset.weapon_problem(weapon)
            if problem is not None:
                message = f"weapon {show(weapon.id)} is unusable under {ruleset.name}: {problem}"
                raise fail(file, join_key(key, slot), message)
    return scenario


def _side(value: object, file: str, key: str) -> SideSpec:
    """Read one `[[sides]]` entry."""
    t = Table(value, file, key, SIDE_KEYS)
    name, colour = t.text("name", limit=NAME_LIMIT), t.string("colour")
    if not _COLOUR.fullmatch(colour):
        raise fail(file, t.path("colour"), f"must be a colour like #c0392b, got {show(colour)}")
    return SideSpec(name, colour.lower())


def _ruleset(t: Table) -> str:
    """Read `ruleset`: a registered ruleset name."""
    name = t.string("ruleset")
    if name not in RULESETS:
        message = f"unknown ruleset {show(name)} (available: {', '.join(sorted(RULESETS))})"
        raise fail(t.file, t.path("ruleset"), message)
    return name


def _sides(t: Table) -> tuple[SideSpec, ...]:
    """Read `[[sides]]`: at least two."""
    items = t.items("sides")
    if len(items) < 2:
        raise fail(t.file, t.path("sides"), f"a battle needs at least 2 sides, got {len(items)}")
    return tuple(_side(v, t.file, k) for k, v in items)


def _combatants(
    t: Table, refs: Refs, sides: tuple[SideSpec, ...], hexmap: HexMap
) -> tuple[CombatantSpec, ...]:
    """Read `[[combatants]]` in file order; every side needs at least one."""
    taken: dict[Hex, str] = {}
    specs = []
    for key, value in t.items("combatants"):
        spec = _combatant(value, key, refs, len(sides), hexmap, taken)
        taken[spec.at] = f"{key} ({spec.name})"
        specs.append(spec)
    for index, side in enumerate(sides):
        if not any(c.side == index for c in specs):
            message = f"side {show(side.name)} has no combatants"
            raise fail(t.file, join_key(t.path("sides"), index), message)
    return tuple(specs)


def read_scenario(value: object, refs: Refs, default_id: str | None) -> Scenario:
    """Read and check a whole scenario table."""
    t = Table(value, refs.file, "", SCENARIO_KEYS)
    ident = text_id(t, default_id)
    name = t.text("name", limit=NAME_LIMIT)
    description = t.text("description", "", limit=DESCRIPTION_LIMIT)
    ruleset = _ruleset(t)
    max_rounds = t.integer("max_rounds", MAX_ROUNDS_DEFAULT, 1, 1000)
    hexmap = map_ref(t, refs)
    sides = _sides(t)
    combatants = _combatants(t, refs, sides, hexmap)
    return Scenario(ident, name, description, ruleset, max_rounds, hexmap, sides, combatants)


def _combatant_to_dict(c: CombatantSpec) -> dict[str, object]:
    """Return the inline table of a combatant: every field given, no template needed."""
    armour: object = "" if c.armour is None else armour_to_dict(c.armour)
    record: dict[str, object] = {
        "template": c.template, "name": c.name, "glyph": c.glyph, "side": c.side,
        "at": [c.at.q, c.at.r], "facing": FACING_NAMES[c.facing], "hp": c.hp, "speed": c.speed,
        "weapons": [weapon_to_dict(w) for w in c.weapons], "armour": armour,
    }
    # No shield and no supplies are written too: read back, a missing key is the template's.
    record["shield"] = "" if c.shield is None else armour_to_dict(c.shield)
    record["supplies"] = [supply_to_dict(s) for s in c.supplies]
    if c.start_hp is not None:
        record["start_hp"] = c.start_hp
    if c.conditions:
        record["conditions"] = {name: [turns, strength] for name, turns, strength in c.conditions}
    for ruleset in sorted(c.stats):
        record[ruleset] = dict(c.stats[ruleset].values)
    return record


def scenario_to_dict(s: Scenario) -> dict[str, object]:
    """Return a self-contained, JSON-serialisable form of `s` that names no asset ids."""
    return {
        "id": s.id, "name": s.name, "description": s.description, "ruleset": s.ruleset,
        "max_rounds": s.max_rounds, "map": map_to_dict(s.map),
        "sides": [{"name": side.name, "colour": side.colour} for side in s.sides],
        "combatants": [_combatant_to_dict(c) for c in s.combatants],
    }


def scenario_from_dict(d: Mapping[str, object], source: str = "replay") -> Scenario:
    """Read back `scenario_to_dict`'s form, strictly: errors read `source: key: message`."""
    return read_scenario(dict(d) if isinstance(d, Mapping) else d, Refs(source), None)
