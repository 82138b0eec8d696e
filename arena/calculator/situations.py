"""The `--at` keys: generic situations, each ruleset's maneuvers and presets."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from arena.model.stats import StatValue
from arena.rules.base import AttackContext, FieldSpec, Ruleset
from arena.rules.becmi.attack import (
    BEHIND,
    CHARGE_RUN_UP,
    CHARGING,
    is_backstab,
    is_charge,
    is_set_vs_charge,
)

# `side` is the document's "side" hex (ap: the two hexes after the front three).
POSITIONS = {"front": "front", "front-left": "front-left", "front-right": "front-right",
             "side": "rear-left", "rear-left": "rear-left", "rear-right": "rear-right",
             "rear": "rear"}


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

