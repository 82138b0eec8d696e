"""An attack built from the three SPECs: stat blocks, weapons in hand and the situation."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from arena.assets import Library
from arena.calculator.parsing import (
    CHOICE_FIELDS,
    DEFAULT_WEAPON,
    DEFENDER_FIELDS,
    WEAPON_FIELDS,
    build_weapon,
    lookup_weapon,
    parse_value,
    split_spec,
)
from arena.calculator.situations import Situation, situations
from arena.errors import ArenaError
from arena.hexgrid import ORIGIN, Hex, hex_angle, hex_distance, relative_position
from arena.model.stats import Armour, StatBlock, StatValue, Weapon
from arena.rules import STAT_CHECKS
from arena.rules.base import AttackContext, Bystander, FieldSpec, Ruleset
from arena.rules.protection import worn_stats


def weapon_catalogue(ruleset: Ruleset, library: Library) -> dict[str, Weapon]:
    """The weapons a SPEC may name: the assets' and the ruleset's unarmed strike."""
    weapons = dict(library.weapons)
    if ruleset.unarmed is not None:
        weapons.setdefault(ruleset.unarmed.id, ruleset.unarmed)
    return weapons


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
    return wielded, len(held) - 1 if off_hand else 0


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


def _attacker_weapons(given: Mapping[str, StatValue], stats: Mapping[str, FieldSpec],
                      catalogue: Mapping[str, Weapon]) -> tuple[Weapon, Weapon | None]:
    """The striking weapon (its SPEC fields laid over it) and the one in the other hand."""
    base = lookup_weapon(str(given.get("weapon", DEFAULT_WEAPON)), catalogue,
                         "--attacker: weapon")
    overrides = {k: v for k, v in given.items()
                 if k not in stats and k not in ("weapon", "other_weapon")}
    other_id = str(given.get("other_weapon", ""))
    other = lookup_weapon(other_id, catalogue, "--attacker: other_weapon") if other_id else None
    return build_weapon(base, overrides, "--attacker"), other


def _defender_weapons(ruleset: Ruleset, given: Mapping[str, StatValue],
                      catalogue: Mapping[str, Weapon]) -> tuple[Weapon, ...]:
    """The weapon in the defender's hand, as battles carry it (`defender_wielded`).

    The ruleset's unarmed strike is bare hands: battles never hold it, so nothing in hand
    can be dropped or shattered.
    """
    ident = str(given.get("weapon", ""))
    if not ident:
        return ()
    weapon = lookup_weapon(ident, catalogue, "--defender: weapon")
    unarmed = ruleset.unarmed
    return () if unarmed is not None and weapon.id == unarmed.id else (weapon,)


def _worn(given: Mapping[str, StatValue], library: Library, kind: str) -> Armour | None:
    """The armour or shield the defender's SPEC names, or None."""
    ident = str(given.get(kind, ""))
    if not ident:
        return None
    found = library.armour.get(ident)
    fits = [i for i in sorted(library.armour) if library.armour[i].shield == (kind == "shield")]
    if found is None or found.shield != (kind == "shield"):
        raise ArenaError(f"--defender: {kind}: unknown {kind} {ident!r} (available: "
                         f"{', '.join(fits) or 'none'})")
    return found


def _situate(ctx: AttackContext, keys: Mapping[str, Situation],
             asked: Mapping[str, StatValue], ruleset: Ruleset) -> AttackContext:
    """Apply the `--at` keys (generic first, then maneuvers and presets), then check them."""
    for name, situation in keys.items():
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
    return ctx


def build_query(ruleset: Ruleset, library: Library, attacker: str = "", defender: str = "",
                at: str = "") -> Query:
    """Build the attack of the SPECs, every field defaulted; refused attacks are errors."""
    stats = {f.name: f for f in ruleset.fields}
    attacker_specs = {**{f.name: f for f in (*CHOICE_FIELDS, *WEAPON_FIELDS)}, **stats}
    defender_specs = {**{f.name: f for f in DEFENDER_FIELDS}, **stats}
    given_a = {k: parse_value(attacker_specs[k], v, f"--attacker: {k}")
               for k, v in split_spec(attacker, "--attacker", attacker_specs)}
    given_d = {k: parse_value(defender_specs[k], v, f"--defender: {k}")
               for k, v in split_spec(defender, "--defender", defender_specs)}
    keys = {s.spec.name: s for s in situations(ruleset)}
    asked = {k: parse_value(keys[k].spec, v, f"--at: {k}")
             for k, v in split_spec(at, "--at", {k: s.spec for k, s in keys.items()})}
    catalogue = weapon_catalogue(ruleset, library)
    weapon, other = _attacker_weapons(given_a, stats, catalogue)
    if asked.get("off_hand") and other is None:
        raise ArenaError("--at: off_hand needs other_weapon=<id> in --attacker (the main hand)")
    a_block = stat_block(ruleset, {k: v for k, v in given_a.items() if k in stats})
    d_block = stat_block(ruleset, {k: v for k, v in given_d.items() if k in stats})
    _check_blocks(ruleset, a_block, d_block)
    shield = _worn(given_d, library, "shield")
    d_block = worn_stats(ruleset, d_block, _worn(given_d, library, "armour"), shield)
    held = _defender_weapons(ruleset, given_d, catalogue)
    if shield is not None and held and held[0].hands > 1:
        raise ArenaError(f"--defender: {held[0].name} needs two hands but {shield.name} takes "
                         "the off hand")
    wielded, slot = _wielded(ruleset, weapon, other, bool(asked.get("off_hand")))
    distance = int(asked.get("distance", 2 if weapon.is_ranged else 1))
    ctx = AttackContext(a_block, d_block, weapon, distance, "front", ORIGIN, Hex(distance, 0),
                        adjacent_foes=1 if distance == 1 else 0, slot=slot, wielded=wielded,
                        defender_wielded=held, defender_shield=shield)
    ctx = _situate(ctx, keys, asked, ruleset)
    reason = ruleset.attack_refusal(ctx)
    if reason is not None:
        raise ArenaError(f"{ruleset.name} refuses this attack: {reason}")
    return Query(ruleset, ctx)
