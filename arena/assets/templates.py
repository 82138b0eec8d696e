"""Templates and the combatant fields they share: body, stat tables per ruleset, merging."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import cast

from arena.assets.common import NAME_LIMIT, Refs, Template, read_glyph
from arena.assets.equipment import armour_ref, supply_ref, weapon_ref
from arena.assets.validate import Table, clean_text, expect_table, fail, join_key
from arena.model.stats import Armour, StatBlock, StatValue, Weapon
from arena.rules import RULESETS
from arena.rules.base import FieldSpec

BODY_KEYS = ("name", "glyph", "hp", "speed", "weapons", "armour", "shield", "supplies")
MAX_SUPPLIES = 8  # a pack holds this many consumables (UseItem's index is checked 0..16)
REQUIRED_BODY_KEYS = ("name", "glyph", "hp", "speed", "weapons")


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


def reject_unknown_rulesets(value: object, file: str, key: str, common: tuple[str, ...]) -> None:
    """Fail on a sub-table named after no registered ruleset, listing the known ones."""
    for name, sub in expect_table(value, file, key).items():
        if name not in common and name not in RULESETS and isinstance(sub, dict):
            message = f"unknown ruleset table (known rulesets: {', '.join(sorted(RULESETS))})"
            raise fail(file, join_key(key, name), message)


def read_body(t: Table, refs: Refs) -> dict[str, object]:
    """Read the combatant fields a template or combatant gives, resolving weapons and armour."""
    body: dict[str, object] = {}
    if t.has("name"):
        body["name"] = t.text("name", limit=NAME_LIMIT)
    if t.has("glyph"):
        body["glyph"] = read_glyph(t)
    if t.has("hp"):
        body["hp"] = t.integer("hp", lo=1, hi=500)
    if t.has("speed"):
        body["speed"] = t.integer("speed", lo=1, hi=20)
    if t.has("weapons"):
        items = t.items("weapons")
        if not items:
            raise fail(t.file, t.path("weapons"), "must list at least one weapon")
        body["weapons"] = tuple(weapon_ref(v, refs, k) for k, v in items)
    if t.has("armour"):
        body["armour"] = armour_ref(t.raw("armour"), refs, t.path("armour"))
    if t.has("shield"):
        body["shield"] = armour_ref(t.raw("shield"), refs, t.path("shield"), shield=True)
    if t.has("supplies"):
        items = t.items("supplies")
        if len(items) > MAX_SUPPLIES:
            raise fail(t.file, t.path("supplies"), f"at most {MAX_SUPPLIES} supplies")
        body["supplies"] = tuple(supply_ref(v, refs, k) for k, v in items)
    for ruleset in sorted(RULESETS):
        if t.has(ruleset):
            body[ruleset] = _stats(t.raw(ruleset), ruleset, t.file, t.path(ruleset))
    return body


def read_template(value: object, refs: Refs, key: str) -> Template:
    """Read one template of `templates.toml`."""
    reject_unknown_rulesets(value, refs.file, key, BODY_KEYS)
    t = Table(value, refs.file, key, (*BODY_KEYS, *sorted(RULESETS)))
    for name in REQUIRED_BODY_KEYS:
        t.raw(name)
    record = {"armour": None, "shield": None, **read_body(t, refs)}
    check_shield(record, t)
    return MappingProxyType(record)


def check_shield(record: Mapping[str, object], t: Table) -> None:
    """Refuse a shield beside a two-handed main weapon: the shield takes the off hand."""
    shield, weapons = record.get("shield"), record.get("weapons")
    if not isinstance(shield, Armour) or not isinstance(weapons, tuple) or not weapons:
        return
    first = weapons[0]
    if isinstance(first, Weapon) and first.hands > 1:
        message = (f"{first.name} needs two hands but {shield.name} takes the off hand "
                   "(carry the two-handed weapon second, as a spare, or drop the shield)")
        raise fail(t.file, t.path("shield"), message)


def merge(base: Template, body: Mapping[str, object]) -> dict[str, object]:
    """Overlay a combatant's fields on its template's; stat tables merge field by field."""
    merged = {**base, **body}
    for ruleset in sorted(RULESETS):
        if ruleset in base and ruleset in body:
            below = cast(Mapping[str, StatValue], base[ruleset])
            merged[ruleset] = {**below, **cast(Mapping[str, StatValue], body[ruleset])}
    return merged


def full_stats(record: Mapping[str, object]) -> dict[str, StatBlock]:
    """Return a StatBlock for every registered ruleset, missing fields at their defaults."""
    blocks = {}
    for ruleset in sorted(RULESETS):
        given = cast(Mapping[str, StatValue], record.get(ruleset, {}))
        values = {s.name: given.get(s.name, s.default) for s in RULESETS[ruleset].fields}
        blocks[ruleset] = StatBlock(ruleset, values)
    return blocks
