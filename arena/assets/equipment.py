"""Weapons and armour: `weapons.toml`, `armour.toml` and inline weapon or armour tables."""

from __future__ import annotations

from typing import cast

from arena.assets.common import NAME_LIMIT, Refs, check_id, inline_id, lookup
from arena.assets.validate import Table, expect_int, expect_str, expect_table, fail, join_key, show
from arena.dice import parse_dice
from arena.errors import DiceError
from arena.model.stats import Armour, Supply, Weapon, WeaponKind
from arena.rules import RULESETS

WEAPON_KEYS = (
    "name", "damage", "kind", "hands", "light", "reach", "range_ft", "threat", "multiplier",
    "magic", "tags", "quality", "crushing_save", "break_die", "conditional", "natural",
)
SUPPLY_KEYS = ("name", "heal", "staunch", "repair")
ARMOUR_KEYS = ("name", "helmet", "shield", "magic", *sorted(RULESETS))


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


def read_weapon(t: Table, ident: str, natural_file: bool = False) -> Weapon:
    """Build a weapon from its table; every weapon of `natural.toml` (`natural_file`) is natural."""
    name, damage = t.text("name", limit=NAME_LIMIT), _damage(t)
    kind = t.string("kind", "melee", ("melee", "ranged", "thrown"))
    tags = tuple(
        check_id(expect_str(v, t.file, k), t.file, k) for k, v in t.items("tags", optional=True)
    )
    natural = t.flag("natural", natural_file)
    if natural_file and not natural:
        raise fail(t.file, t.path("natural"), "natural.toml holds natural weapons only")
    if natural and kind != "melee":
        raise fail(t.file, t.path("kind"), "a natural weapon is a melee weapon")
    return Weapon(
        id=ident,
        name=name,
        damage=damage,
        kind=cast(WeaponKind, kind),
        hands=_hands(t, natural),
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
        natural=natural,
    )


def _hands(t: Table, natural: bool) -> int:
    """Read `hands`: 1..2 for a weapon in hand; a natural weapon takes none (0, the default)."""
    if natural:
        return t.integer("hands", 0, 0, 0)
    return t.integer("hands", 1, 1, 2)


def _conditional(t: Table) -> tuple[tuple[str, int], ...]:
    """Read `conditional`: a table of foe kind -> bonus, kept in sorted order."""
    if not t.has("conditional"):
        return ()
    table = expect_table(t.raw("conditional"), t.file, t.path("conditional"))
    return tuple(
        (check_id(kind, t.file, join_key(t.path("conditional"), kind)),
         expect_int(bonus, t.file, join_key(t.path("conditional"), kind), -5, 10))
        for kind, bonus in sorted(table.items())
    )


def read_armour(t: Table, ident: str) -> Armour:
    """Build an armour or shield from its table, with one protection sub-table per ruleset."""
    shield = t.flag("shield", False)
    protection = []
    for ruleset in sorted(RULESETS):
        if not t.has(ruleset):
            continue
        sub = Table(t.raw(ruleset), t.file, t.path(ruleset), ("bonus",) if shield else ("ac",))
        if shield:
            protection.append((ruleset, sub.integer("bonus", lo=0, hi=10)))
        else:
            spec = next(s for s in RULESETS[ruleset].fields if s.name == "ac")
            protection.append((ruleset, sub.integer("ac", lo=spec.minimum, hi=spec.maximum)))
    return Armour(id=ident, name=t.text("name", limit=NAME_LIMIT), helmet=t.flag("helmet", False),
                  shield=shield, magic=t.integer("magic", 0, 0, 5), protection=tuple(protection))


def armour_to_dict(a: Armour) -> dict[str, object]:
    """Return the inline table of an armour or shield."""
    key = "bonus" if a.shield else "ac"
    return {"id": a.id, "name": a.name, "helmet": a.helmet, "shield": a.shield,
            "magic": a.magic, **{ruleset: {key: value} for ruleset, value in a.protection}}


def weapon_ref(value: object, refs: Refs, key: str) -> Weapon:
    """Resolve a weapon id, or read an inline weapon table (with an `id`)."""
    if isinstance(value, str):
        return lookup(refs.weapons, "weapon", value, refs.file, key)
    if isinstance(value, dict):
        t = Table(value, refs.file, key, ("id", *WEAPON_KEYS))
        return read_weapon(t, inline_id(t))
    raise fail(refs.file, key, f"expected a weapon id or a table, got {show(value)}")


def armour_ref(value: object, refs: Refs, key: str, shield: bool = False) -> Armour | None:
    """Resolve an armour (or shield) id ("" for none), or read an inline table (with an `id`)."""
    kind = "shield" if shield else "armour"
    if value == "":
        return None
    if isinstance(value, str):
        found = lookup(refs.armour, kind, value, refs.file, key)
    elif isinstance(value, dict):
        t = Table(value, refs.file, key, ("id", *ARMOUR_KEYS))
        found = read_armour(t, inline_id(t))
    else:
        raise fail(refs.file, key, f"expected an {kind} id or a table, got {show(value)}")
    if found.shield != shield:
        wrong = "a shield, not body armour" if found.shield else "body armour, not a shield"
        raise fail(refs.file, key, f"{show(found.id)} is {wrong}")
    return found


def weapon_to_dict(w: Weapon) -> dict[str, object]:
    """Return the inline table of a weapon."""
    return {
        "id": w.id, "name": w.name, "damage": w.damage, "kind": w.kind, "hands": w.hands,
        "light": w.light, "reach": w.reach, "range_ft": w.range_ft, "threat": w.threat,
        "multiplier": w.multiplier, "magic": w.magic, "tags": list(w.tags),
        "quality": w.quality, "crushing_save": w.crushing_save, "break_die": w.break_die,
        "conditional": dict(w.conditional),
        **({"natural": True} if w.natural else {}),
    }


def read_supply(t: Table, ident: str) -> Supply:
    """Build a consumable from its table: it must heal, staunch or repair."""
    heal = t.string("heal", "").strip()
    if heal:
        try:
            parse_dice(heal)
        except DiceError as exc:
            raise fail(t.file, t.path("heal"), str(exc)) from None
    supply = Supply(ident, t.text("name", limit=NAME_LIMIT), heal, t.flag("staunch", False),
                    t.flag("repair", False))
    if not (supply.heal or supply.staunch or supply.repair):
        raise fail(t.file, t.path("name"), "a supply must heal, staunch or repair")
    return supply


def supply_ref(value: object, refs: Refs, key: str) -> Supply:
    """Resolve a supply id, or read an inline supply table (with an `id`)."""
    if isinstance(value, str):
        return lookup(refs.supplies, "supply", value, refs.file, key)
    if isinstance(value, dict):
        t = Table(value, refs.file, key, ("id", *SUPPLY_KEYS))
        return read_supply(t, inline_id(t))
    raise fail(refs.file, key, f"expected a supply id or a table, got {show(value)}")


def supply_to_dict(s: Supply) -> dict[str, object]:
    """Return the inline table of a supply."""
    return {"id": s.id, "name": s.name, "heal": s.heal, "staunch": s.staunch,
            "repair": s.repair}
