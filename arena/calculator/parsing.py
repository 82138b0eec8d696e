"""SPEC parsing: `key=value` pairs read with the types, ranges and choices of their fields."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence

from arena.dice import parse_dice
from arena.errors import ArenaError
from arena.model.stats import StatValue, Weapon
from arena.rules.base import FieldSpec

DEFAULT_WEAPON = "longsword"
TRUE, FALSE = ("true", "yes", "1", "on"), ("false", "no", "0", "off")
_ID = re.compile(r"[a-z][a-z0-9_]*")

WEAPON_FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("damage", "str", "", "damage dice, NdS+M"),
    FieldSpec("kind", "str", "melee", "what kind of weapon",
              choices=("melee", "ranged", "thrown")),
    FieldSpec("hands", "int", 1, "hands needed (0: a natural weapon)", 0, 2),
    FieldSpec("light", "bool", False, "a light weapon (two-weapon fighting)"),
    FieldSpec("reach", "int", 1, "melee reach in hexes", 1, 3),
    FieldSpec("range_ft", "int", 0, "feet per range increment (missiles; 0 for melee)", 0, 1000),
    FieldSpec("threat", "int", 20, "lowest natural d20 threatening a critical (19 or 19-20)",
              2, 20),
    FieldSpec("multiplier", "int", 2, "critical damage multiplier", 2, 4),
    FieldSpec("magic", "int", 0, "magic bonus to attack and damage", -5, 5),
    FieldSpec("tags", "set", "", "rule hooks, e.g. lance, spear, longbow, primary_m"),
    FieldSpec("quality", "int", 0, "d40: quality level (crushing-blow save)", 0, 5),
    FieldSpec("crushing_save", "int", 0,
              "d40: save against shattering (0 = the wielder's save_crushing)", 0, 20),
    FieldSpec("break_die", "int", 0, "adnd: sides of the break die (0 = never breaks)", 0, 20),
    FieldSpec("conditional", "str", "", "adnd: bonuses against kinds of foe, kind:bonus "
              "(reptiles:4)"),
    FieldSpec("natural", "bool", False, "a natural weapon (claw, bite): no hand, never dropped"),
)
CHOICE_FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("weapon", "str", DEFAULT_WEAPON, "the weapon that strikes"),
    FieldSpec("other_weapon", "str", "", "a weapon held in the other hand (two-weapon "
              "fighting); none by default"),
)
# The defender's own keys besides its stat block (battles read them off its hands).
DEFENDER_FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("weapon", "str", "", "the weapon the defender holds (d40: its crushing-blow "
              "save, lost or shattered by critical hits); none by default"),
    FieldSpec("armour", "str", "", "body armour worn (armour.toml id): its protection is "
              "added to `ac`, which is then the unarmoured base; none by default"),
    FieldSpec("shield", "str", "", "shield carried (armour.toml id): its bonus is added to "
              "`ac` (in ap, not against the rear and rear-right); none by default"),
)


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
    if changes.get("natural") and "hands" not in changes:
        changes["hands"] = 0
    weapon = dataclasses.replace(base, **changes)  # type: ignore[arg-type]
    if weapon.natural != (weapon.hands == 0) or (weapon.natural and weapon.kind != "melee"):
        raise ArenaError(f"{flag}: a natural weapon is melee and takes no hand (hands=0); "
                         "any other weapon takes 1 or 2")
    if weapon.kind == "melee" and weapon.range_ft:
        raise ArenaError(f"{flag}: range_ft must be 0 for a melee weapon, got {weapon.range_ft}")
    if weapon.kind != "melee" and not weapon.range_ft:
        raise ArenaError(f"{flag}: a {weapon.kind} weapon needs range_ft above 0")
    return weapon


def lookup_weapon(ident: str, weapons: Mapping[str, Weapon], where: str) -> Weapon:
    """The weapon named `ident`, or an error listing the available ones."""
    if ident not in weapons:
        raise ArenaError(f"{where}: unknown weapon {ident!r} (available: "
                         f"{_choices(sorted(weapons))})")
    return weapons[ident]
