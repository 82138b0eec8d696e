"""The asset loader: terrain, weapons, armour, templates, maps and scenarios from `assets/`.

Every problem in a file is an AssetError reading `file: key: message`. A scenario also has a
self-contained dict form (for replay headers) that the same validator reads back, so a replay
still runs after the asset files change.
"""

from __future__ import annotations

import hashlib
import os
import re
import unicodedata
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TypeVar, cast

from arena.dice import parse_dice
from arena.errors import AssetError, DiceError
from arena.hexgrid import FACING_NAMES, Hex, facing_from_name, hexagon
from arena.model.scenario import CombatantSpec, Scenario, SideSpec
from arena.model.stats import Armour, StatBlock, StatValue, Weapon, WeaponKind
from arena.model.terrain import HexMap, Surface, Terrain
from arena.paths import asset_root
from arena.rules import RULESETS, STAT_CHECKS
from arena.rules.base import FieldSpec
from arena.validate import (
    Table,
    clean_text,
    expect_int,
    expect_pair,
    expect_str,
    expect_table,
    fail,
    file_label,
    join_key,
    load_toml,
    one_line,
    show,
)

T = TypeVar("T")

NAME_LIMIT = 40
DESCRIPTION_LIMIT = 600
MAX_ROUNDS_DEFAULT = 100
_ID = re.compile(r"[a-z][a-z0-9_]*")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")

TERRAIN_KEYS = (
    "name", "glyph", "surface", "blocks_move", "blocks_sight", "obstacle", "hazard", "cover",
)
WEAPON_KEYS = (
    "name", "damage", "kind", "hands", "light", "reach", "range_ft", "threat", "multiplier",
    "magic", "tags", "quality", "crushing_save", "break_die", "conditional",
)
ARMOUR_KEYS = ("name", "helmet")
BODY_KEYS = ("name", "glyph", "hp", "speed", "weapons", "armour")
REQUIRED_BODY_KEYS = ("name", "glyph", "hp", "speed", "weapons")
COMBATANT_KEYS = ("template", "side", "at", "facing", *BODY_KEYS)
MAP_KEYS = ("id", "name", "radius", "fill", "terrain", "patch")
PATCH_KEYS = ("terrain", "hexes")
SIDE_KEYS = ("name", "colour")
SCENARIO_KEYS = (
    "id", "name", "description", "ruleset", "map", "max_rounds", "sides", "combatants",
)

Template = Mapping[str, object]


@dataclass(frozen=True)
class Library:
    """Every asset under one root, validated; `hash` identifies the exact bytes of its TOML files.

    A template record holds the keys it gives among name, glyph, hp, speed, weapons (a tuple of
    Weapon), armour (Armour or None) and one partial stat table (field -> value) per ruleset.
    """

    root: Path
    weapons: Mapping[str, Weapon]
    armour: Mapping[str, Armour]
    terrain: Mapping[str, Terrain]
    templates: Mapping[str, Template]
    maps: Mapping[str, HexMap]
    hash: str


@dataclass(frozen=True, slots=True)
class _Refs:
    """The file being read and what it may refer to; no `templates` makes template names labels."""

    file: str
    weapons: Mapping[str, Weapon] = field(default_factory=dict)
    armour: Mapping[str, Armour] = field(default_factory=dict)
    terrain: Mapping[str, Terrain] = field(default_factory=dict)
    templates: Mapping[str, Template] | None = None
    maps: Mapping[str, HexMap] = field(default_factory=dict)


def assets_hash(root: Path) -> str:
    """Return the sha256 hex digest of the sorted relative paths and bytes of every `*.toml`."""
    digest = hashlib.sha256()
    files = {p.relative_to(root).as_posix(): p for p in root.rglob("*.toml") if p.is_file()}
    for rel in sorted(files):
        name, data = rel.encode(), files[rel].read_bytes()
        digest.update(len(name).to_bytes(8, "big") + name + len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


def _lookup(table: Mapping[str, T], kind: str, ident: str, file: str, key: str) -> T:
    """Return `table[ident]`, or fail naming the available ids."""
    if ident not in table:
        available = ", ".join(sorted(table)) or "none"
        raise fail(file, key, f"unknown {kind} {show(ident)} (available: {available})")
    return table[ident]


def _check_id(ident: str, file: str, key: str) -> str:
    """Return `ident` if it is a lowercase id (`[a-z][a-z0-9_]*`)."""
    if not _ID.fullmatch(ident):
        raise fail(file, key, f"bad id {show(ident)}: use a-z, 0-9 and _, starting with a letter")
    return ident


def _glyph(t: Table) -> str:
    """Read `glyph`: one printable, single-width, non-space character."""
    glyph = t.string("glyph")
    ok = len(glyph) == 1 and glyph.isprintable() and not glyph.isspace()
    if not ok or unicodedata.combining(glyph) or unicodedata.east_asian_width(glyph) in ("W", "F"):
        raise fail(t.file, t.path("glyph"), f"must be one printable character, got {show(glyph)}")
    return glyph


def _terrain(t: Table, ident: str) -> Terrain:
    """Build a terrain kind from its table."""
    return Terrain(
        id=ident,
        name=t.text("name", limit=NAME_LIMIT),
        glyph=_glyph(t),
        surface=cast(Surface, t.string("surface", "soft", ("hard", "soft"))),
        blocks_move=t.flag("blocks_move", False),
        blocks_sight=t.flag("blocks_sight", False),
        obstacle=t.flag("obstacle", False),
        hazard=t.flag("hazard", False),
        cover=t.integer("cover", 0, 0, 3),
    )


def _damage(t: Table) -> str:
    """Read `damage` as valid dice notation."""
    damage = t.string("damage").strip()
    try:
        parse_dice(damage)
    except DiceError as exc:
        raise fail(t.file, t.path("damage"), str(exc)) from None
    return damage


def _range_ft(t: Table, kind: str) -> int:
    """Read `range_ft`: more than 0 for ranged and thrown weapons, 0 for melee."""
    range_ft = t.integer("range_ft", 0, 0, 1000)
    if kind == "melee" and range_ft:
        raise fail(t.file, t.path("range_ft"), f"must be 0 for a melee weapon, got {range_ft}")
    if kind != "melee" and not range_ft:
        raise fail(t.file, t.path("range_ft"), f"a {kind} weapon needs a range above 0 feet")
    return range_ft


def _threat(t: Table) -> int:
    """Read `threat` as the lowest threatening natural roll: `19` or the range `"19-20"`."""
    if not t.has("threat"):
        return 20
    value = t.raw("threat")
    if isinstance(value, str):
        low, dash, high = value.partition("-")
        if dash and low.strip().isdigit() and high.strip() == "20" and 2 <= int(low) <= 20:
            return int(low)
        raise fail(t.file, t.path("threat"), f"expected a range such as '19-20', got {value!r}")
    return t.integer("threat", 20, 2, 20)


def _weapon(t: Table, ident: str) -> Weapon:
    """Build a weapon from its table."""
    name, damage = t.text("name", limit=NAME_LIMIT), _damage(t)
    kind = t.string("kind", "melee", ("melee", "ranged", "thrown"))
    tags = tuple(
        _check_id(expect_str(v, t.file, k), t.file, k) for k, v in t.items("tags", optional=True)
    )
    return Weapon(
        id=ident,
        name=name,
        damage=damage,
        kind=cast(WeaponKind, kind),
        hands=t.integer("hands", 1, 1, 2),
        light=t.flag("light", False),
        reach=t.integer("reach", 1, 1, 3),
        range_ft=_range_ft(t, kind),
        threat=_threat(t),
        multiplier=t.integer("multiplier", 2, 2, 4),
        magic=t.integer("magic", 0, -5, 5),
        tags=tags,
        quality=t.integer("quality", 0, 0, 5),
        crushing_save=t.integer("crushing_save", 0, 0, 20),
        break_die=t.integer("break_die", 0, 0, 20),
        conditional=_conditional(t),
    )


def _conditional(t: Table) -> tuple[tuple[str, int], ...]:
    """Read `conditional`: a table of foe kind -> bonus, kept in sorted order."""
    if not t.has("conditional"):
        return ()
    table = expect_table(t.raw("conditional"), t.file, t.path("conditional"))
    return tuple(
        (_check_id(kind, t.file, join_key(t.path("conditional"), kind)),
         expect_int(bonus, t.file, join_key(t.path("conditional"), kind), -5, 10))
        for kind, bonus in sorted(table.items())
    )


def _armour(t: Table, ident: str) -> Armour:
    """Build an armour from its table."""
    return Armour(id=ident, name=t.text("name", limit=NAME_LIMIT), helmet=t.flag("helmet", False))


def _inline_id(t: Table) -> str:
    """Read the `id` of an inline weapon, armour or terrain table."""
    return _check_id(t.string("id"), t.file, t.path("id"))


def _weapon_ref(value: object, refs: _Refs, key: str) -> Weapon:
    """Resolve a weapon id, or read an inline weapon table (with an `id`)."""
    if isinstance(value, str):
        return _lookup(refs.weapons, "weapon", value, refs.file, key)
    if isinstance(value, dict):
        t = Table(value, refs.file, key, ("id", *WEAPON_KEYS))
        return _weapon(t, _inline_id(t))
    raise fail(refs.file, key, f"expected a weapon id or a table, got {show(value)}")


def _armour_ref(value: object, refs: _Refs, key: str) -> Armour | None:
    """Resolve an armour id ("" for none), or read an inline armour table (with an `id`)."""
    if value == "":
        return None
    if isinstance(value, str):
        return _lookup(refs.armour, "armour", value, refs.file, key)
    if isinstance(value, dict):
        t = Table(value, refs.file, key, ("id", *ARMOUR_KEYS))
        return _armour(t, _inline_id(t))
    raise fail(refs.file, key, f"expected an armour id or a table, got {show(value)}")


def _stat_value(t: Table, spec: FieldSpec) -> StatValue:
    """Read one stat field with the type and range its FieldSpec gives."""
    if spec.kind == "int":
        return t.integer(spec.name, lo=spec.minimum, hi=spec.maximum)
    if spec.kind == "bool":
        return t.flag(spec.name)
    if spec.kind == "set":
        raw = t.raw(spec.name)
        names = raw.split(",") if isinstance(raw, str) else list(t.strings(spec.name))
        chosen = sorted({n.strip() for n in names if n.strip()})
        for name in chosen:
            if name not in spec.choices:
                valid = ", ".join(spec.choices)
                raise fail(t.file, t.path(spec.name), f"unknown '{name}' (valid: {valid})")
        return ",".join(chosen)
    if spec.choices:
        return t.string(spec.name, choices=spec.choices)
    return clean_text(t.string(spec.name))


def _stats(value: object, ruleset: str, file: str, key: str) -> dict[str, StatValue]:
    """Read a partial stat table of `ruleset` (only the fields it gives)."""
    specs = RULESETS[ruleset].fields
    t = Table(value, file, key, [s.name for s in specs])
    return {s.name: _stat_value(t, s) for s in specs if t.has(s.name)}


def _reject_unknown_rulesets(value: object, file: str, key: str, common: tuple[str, ...]) -> None:
    """Fail on a sub-table named after no registered ruleset, listing the known ones."""
    for name, sub in expect_table(value, file, key).items():
        if name not in common and name not in RULESETS and isinstance(sub, dict):
            message = f"unknown ruleset table (known rulesets: {', '.join(sorted(RULESETS))})"
            raise fail(file, join_key(key, name), message)


def _body(t: Table, refs: _Refs) -> dict[str, object]:
    """Read the combatant fields a template or combatant gives, resolving weapons and armour."""
    body: dict[str, object] = {}
    if t.has("name"):
        body["name"] = t.text("name", limit=NAME_LIMIT)
    if t.has("glyph"):
        body["glyph"] = _glyph(t)
    if t.has("hp"):
        body["hp"] = t.integer("hp", lo=1, hi=500)
    if t.has("speed"):
        body["speed"] = t.integer("speed", lo=1, hi=20)
    if t.has("weapons"):
        items = t.items("weapons")
        if not items:
            raise fail(t.file, t.path("weapons"), "must list at least one weapon")
        body["weapons"] = tuple(_weapon_ref(v, refs, k) for k, v in items)
    if t.has("armour"):
        body["armour"] = _armour_ref(t.raw("armour"), refs, t.path("armour"))
    for ruleset in sorted(RULESETS):
        if t.has(ruleset):
            body[ruleset] = _stats(t.raw(ruleset), ruleset, t.file, t.path(ruleset))
    return body


def _template(value: object, refs: _Refs, key: str) -> Template:
    """Read one template of `templates.toml`."""
    _reject_unknown_rulesets(value, refs.file, key, BODY_KEYS)
    t = Table(value, refs.file, key, (*BODY_KEYS, *sorted(RULESETS)))
    for name in REQUIRED_BODY_KEYS:
        t.raw(name)
    return MappingProxyType({"armour": None, **_body(t, refs)})


def _merge(base: Template, body: Mapping[str, object]) -> dict[str, object]:
    """Overlay a combatant's fields on its template's; stat tables merge field by field."""
    merged = {**base, **body}
    for ruleset in sorted(RULESETS):
        if ruleset in base and ruleset in body:
            below = cast(Mapping[str, StatValue], base[ruleset])
            merged[ruleset] = {**below, **cast(Mapping[str, StatValue], body[ruleset])}
    return merged


def _full_stats(record: Mapping[str, object]) -> dict[str, StatBlock]:
    """Return a StatBlock for every registered ruleset, missing fields at their defaults."""
    blocks = {}
    for ruleset in sorted(RULESETS):
        given = cast(Mapping[str, StatValue], record.get(ruleset, {}))
        values = {s.name: given.get(s.name, s.default) for s in RULESETS[ruleset].fields}
        blocks[ruleset] = StatBlock(ruleset, values)
    return blocks


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


def _template_of(t: Table, refs: _Refs) -> tuple[str, Template]:
    """Read `template`: resolved from the library, or only a label when reading a replay."""
    ident = t.string("template", "")
    if not ident:
        return "", {}
    if refs.templates is None:
        return _check_id(ident, t.file, t.path("template")), {}
    return ident, _lookup(refs.templates, "template", ident, t.file, t.path("template"))


def _combatant(
    value: object, key: str, refs: _Refs, sides: int, hexmap: HexMap, taken: Mapping[Hex, str]
) -> CombatantSpec:
    """Read one `[[combatants]]` entry and resolve it against its template."""
    _reject_unknown_rulesets(value, refs.file, key, COMBATANT_KEYS)
    t = Table(value, refs.file, key, (*COMBATANT_KEYS, *sorted(RULESETS)))
    template, base = _template_of(t, refs)
    record = _merge(base, _body(t, refs))
    side = t.integer("side", lo=0)
    if side >= sides:
        message = f"no side {side}: sides are numbered 0..{sides - 1} in file order"
        raise fail(t.file, t.path("side"), message)
    armour = record.get("armour")
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
        stats=_checked(_full_stats(record), t),
    )


def _checked(blocks: dict[str, StatBlock], t: Table) -> dict[str, StatBlock]:
    """Run each ruleset's whole-block check; a problem is a load error at this combatant."""
    for ruleset in sorted(blocks):
        check = STAT_CHECKS.get(ruleset)
        problem = check(blocks[ruleset]) if check is not None else None
        if problem is not None:
            raise fail(t.file, join_key(t.key, ruleset), problem)
    return blocks


def _terrain_kinds(t: Table, refs: _Refs) -> Mapping[str, Terrain]:
    """Return a map's inline `terrain` kinds, or the library's when it gives none."""
    if not t.has("terrain"):
        return refs.terrain
    kinds = {}
    for ident, value in expect_table(t.raw("terrain"), t.file, t.path("terrain")).items():
        key = join_key(t.path("terrain"), ident)
        table = Table(value, t.file, key, TERRAIN_KEYS)
        kinds[ident] = _terrain(table, _check_id(ident, t.file, key))
    return kinds


def _map(value: object, refs: _Refs, key: str, default_id: str | None) -> HexMap:
    """Read a map: a hexagon of `fill` terrain with `[[patch]]` hexes laid over it in order."""
    t = Table(value, refs.file, key, MAP_KEYS)
    ident = _text_id(t, default_id)
    name, radius = t.text("name", limit=NAME_LIMIT), t.integer("radius", lo=1, hi=30)
    kinds = _terrain_kinds(t, refs)
    fill = _lookup(kinds, "terrain", t.string("fill"), t.file, t.path("fill"))
    cells = dict.fromkeys(hexagon(radius), fill)
    for patch_key, patch_value in t.items("patch", optional=True):
        patch = Table(patch_value, t.file, patch_key, PATCH_KEYS)
        terrain = _lookup(kinds, "terrain", patch.string("terrain"), t.file, patch.path("terrain"))
        for hex_key, hex_value in patch.items("hexes"):
            h = Hex(*expect_pair(hex_value, t.file, hex_key))
            if h not in cells:
                raise fail(t.file, hex_key, f"hex [{h.q}, {h.r}] is outside radius {radius}")
            cells[h] = terrain
    return HexMap(ident, name, radius, {h: cells[h] for h in sorted(cells)})


def _text_id(t: Table, default: str | None) -> str:
    """Read the `id` of a map or scenario (defaulting to its file name), stripped of controls."""
    ident = clean_text(t.string("id", default))
    if not ident:
        raise fail(t.file, t.path("id"), "must not be empty")
    return ident


def _map_ref(t: Table, refs: _Refs) -> HexMap:
    """Resolve `map`: a map id, or an inline map table."""
    value = t.raw("map")
    if isinstance(value, str):
        return _lookup(refs.maps, "map", value, t.file, t.path("map"))
    if isinstance(value, dict):
        return _map(value, refs, t.path("map"), None)
    raise fail(t.file, t.path("map"), f"expected a map id or a table, got {show(value)}")


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
    t: Table, refs: _Refs, sides: tuple[SideSpec, ...], hexmap: HexMap
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


def _scenario(value: object, refs: _Refs, default_id: str | None) -> Scenario:
    """Read and check a whole scenario table."""
    t = Table(value, refs.file, "", SCENARIO_KEYS)
    ident = _text_id(t, default_id)
    name = t.text("name", limit=NAME_LIMIT)
    description = t.text("description", "", limit=DESCRIPTION_LIMIT)
    ruleset = _ruleset(t)
    max_rounds = t.integer("max_rounds", MAX_ROUNDS_DEFAULT, 1, 1000)
    hexmap = _map_ref(t, refs)
    sides = _sides(t)
    combatants = _combatants(t, refs, sides, hexmap)
    return Scenario(ident, name, description, ruleset, max_rounds, hexmap, sides, combatants)


def _read_table_file(root: Path, name: str) -> tuple[str, dict[str, object]]:
    """Load `root/name`, returning its label for errors and its top-level table."""
    path = root / name
    return file_label(path, root), load_toml(path, root)


def load_library(root: Path | None = None) -> Library:
    """Load and validate every asset file under `root` (default: `asset_root()`)."""
    root = asset_root() if root is None else root
    if not root.is_dir():
        raise AssetError(one_line(f"{root}: no such asset directory (set ARENA_ASSETS)"))
    file, data = _read_table_file(root, "terrain.toml")
    terrain = {i: _terrain(Table(v, file, k, TERRAIN_KEYS), _check_id(i, file, k))
               for i, v, k in _entries(data)}
    file, data = _read_table_file(root, "weapons.toml")
    weapons = {i: _weapon(Table(v, file, k, WEAPON_KEYS), _check_id(i, file, k))
               for i, v, k in _entries(data)}
    file, data = _read_table_file(root, "armour.toml")
    armour = {i: _armour(Table(v, file, k, ARMOUR_KEYS), _check_id(i, file, k))
              for i, v, k in _entries(data)}
    file, data = _read_table_file(root, "templates.toml")
    refs = _Refs(file, weapons, armour, terrain)
    templates = {_check_id(i, file, k): _template(v, refs, k) for i, v, k in _entries(data)}
    maps = {}
    for path in sorted((root / "maps").glob("*.toml")):
        label = file_label(path, root)
        maps[path.stem] = _map(load_toml(path, root), _Refs(label, terrain=terrain), "", path.stem)
    return Library(
        root, MappingProxyType(weapons), MappingProxyType(armour), MappingProxyType(terrain),
        MappingProxyType(templates), MappingProxyType(maps), assets_hash(root),
    )


def _entries(data: Mapping[str, object]) -> list[tuple[str, object, str]]:
    """Return (id, value, key) for each top-level entry of an asset file, in file order."""
    return [(ident, value, join_key("", ident)) for ident, value in data.items()]


def scenario_names(root: Path | None = None) -> list[str]:
    """Return the sorted ids of `scenarios/*.toml` under `root` (default: `asset_root()`)."""
    folder = (asset_root() if root is None else root) / "scenarios"
    return sorted(p.stem for p in folder.glob("*.toml") if p.is_file())


def _scenario_path(name_or_path: str, root: Path) -> Path:
    """Return the file of a scenario given by name or by path (a path ends in .toml or has a /)."""
    if name_or_path.endswith(".toml") or "/" in name_or_path or os.sep in name_or_path:
        return Path(name_or_path)
    path = root / "scenarios" / f"{name_or_path}.toml"
    if not path.is_file():
        available = ", ".join(scenario_names(root)) or "none"
        message = f"unknown scenario {show(name_or_path)} (available: {available})"
        raise AssetError(one_line(message))
    return path


def load_scenario(name_or_path: str, library: Library | None = None) -> Scenario:
    """Load a scenario by name (`scenarios/<name>.toml`) or path, resolved against `library`."""
    library = load_library() if library is None else library
    path = _scenario_path(name_or_path, library.root)
    refs = _Refs(
        file_label(path, library.root), library.weapons, library.armour, library.terrain,
        library.templates, library.maps,
    )
    return _scenario(load_toml(path, library.root), refs, path.stem)


def _terrain_to_dict(t: Terrain) -> dict[str, object]:
    """Return the inline table of a terrain kind."""
    return {
        "name": t.name, "glyph": t.glyph, "surface": t.surface, "blocks_move": t.blocks_move,
        "blocks_sight": t.blocks_sight, "obstacle": t.obstacle, "hazard": t.hazard,
        "cover": t.cover,
    }


def _map_to_dict(m: HexMap) -> dict[str, object]:
    """Return a map inline: its terrain kinds, the most common one as fill, the rest as patches."""
    counts = Counter(t.id for t in m.cells.values())
    fill = min(counts, key=lambda ident: (-counts[ident], ident))
    kinds = {t.id: t for t in m.cells.values()}
    patches = [
        {"terrain": ident, "hexes": [[h.q, h.r] for h in sorted(m.cells) if m.cells[h].id == ident]}
        for ident in sorted(kinds) if ident != fill
    ]
    return {
        "id": m.id, "name": m.name, "radius": m.radius, "fill": fill,
        "terrain": {ident: _terrain_to_dict(kinds[ident]) for ident in sorted(kinds)},
        "patch": patches,
    }


def _weapon_to_dict(w: Weapon) -> dict[str, object]:
    """Return the inline table of a weapon."""
    return {
        "id": w.id, "name": w.name, "damage": w.damage, "kind": w.kind, "hands": w.hands,
        "light": w.light, "reach": w.reach, "range_ft": w.range_ft, "threat": w.threat,
        "multiplier": w.multiplier, "magic": w.magic, "tags": list(w.tags),
        "quality": w.quality, "crushing_save": w.crushing_save, "break_die": w.break_die,
        "conditional": dict(w.conditional),
    }


def _combatant_to_dict(c: CombatantSpec) -> dict[str, object]:
    """Return the inline table of a combatant: every field given, no template needed."""
    armour: object = "" if c.armour is None else {
        "id": c.armour.id, "name": c.armour.name, "helmet": c.armour.helmet,
    }
    record: dict[str, object] = {
        "template": c.template, "name": c.name, "glyph": c.glyph, "side": c.side,
        "at": [c.at.q, c.at.r], "facing": FACING_NAMES[c.facing], "hp": c.hp, "speed": c.speed,
        "weapons": [_weapon_to_dict(w) for w in c.weapons], "armour": armour,
    }
    for ruleset in sorted(c.stats):
        record[ruleset] = dict(c.stats[ruleset].values)
    return record


def scenario_to_dict(s: Scenario) -> dict[str, object]:
    """Return a self-contained, JSON-serialisable form of `s` that names no asset ids."""
    return {
        "id": s.id, "name": s.name, "description": s.description, "ruleset": s.ruleset,
        "max_rounds": s.max_rounds, "map": _map_to_dict(s.map),
        "sides": [{"name": side.name, "colour": side.colour} for side in s.sides],
        "combatants": [_combatant_to_dict(c) for c in s.combatants],
    }


def scenario_from_dict(d: Mapping[str, object], source: str = "replay") -> Scenario:
    """Read back `scenario_to_dict`'s form, strictly: errors read `source: key: message`."""
    return _scenario(dict(d) if isinstance(d, Mapping) else d, _Refs(source), None)
