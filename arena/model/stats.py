"""Weapons, armour and stat blocks as frozen records built from the assets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

WeaponKind = Literal["melee", "ranged", "thrown"]
StatValue = int | str | bool


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon as the assets describe it (`assets/weapons.toml`).

    `quality` and `crushing_save` serve `d40` (a weapon's save against shattering);
    `break_die` (sides; 0 = none) and `conditional` (bonuses against kinds of foe, e.g.
    ("reptiles", 4)) serve `adnd`. A `natural` weapon (claw, bite: `assets/natural.toml`) is
    part of the body: it takes no hand and is never dropped, kicked or disarmed; several
    natural weapons make an attack routine (docs/rules/*.md).
    """

    id: str
    name: str
    damage: str
    kind: WeaponKind = "melee"
    hands: int = 1
    light: bool = False
    reach: int = 1
    range_ft: int = 0
    threat: int = 20
    multiplier: int = 2
    magic: int = 0
    tags: tuple[str, ...] = ()
    quality: int = 0
    crushing_save: int = 0
    break_die: int = 0
    conditional: tuple[tuple[str, int], ...] = ()
    # Left out of repr, which the state hash reads: hashes of battles without natural weapons
    # stay as blessed, and a natural weapon's id already tells it apart.
    natural: bool = field(default=False, repr=False)

    @property
    def is_ranged(self) -> bool:
        """True for weapons that shoot or are thrown at range."""
        return self.kind != "melee"


@dataclass(frozen=True, slots=True)
class Armour:
    """Body armour or a shield (`assets/armour.toml`) and what it protects in each ruleset.

    `protection` holds (ruleset, number) pairs in sorted order: for body armour the armour
    class it gives a wearer with nothing else (that ruleset's own scale), for a shield the
    points it improves armour class by. `magic` improves armour class by as many points in
    every ruleset; `helmet` says a helmet comes with it (`adnd`'s critical rule reads it).
    """

    id: str
    name: str
    helmet: bool = False
    # Left out of the repr (and so of the battle's state hash, arena/battle/statehash.py): what they
    # change is the wearer's armour class, which its stat block in battle already holds.
    shield: bool = field(default=False, repr=False)
    magic: int = field(default=0, repr=False)
    protection: tuple[tuple[str, int], ...] = field(default=(), repr=False)

    def given(self, ruleset: str) -> int | None:
        """The number `protection` gives for `ruleset`, or None when it names none."""
        for name, value in self.protection:
            if name == ruleset:
                return value
        return None


@dataclass(frozen=True, slots=True)
class Supply:
    """A consumable (`assets/supplies.toml`): used up in battle or at camp.

    `heal` is dice notation ("" heals nothing); `staunch` stops bleeding whatever the ruleset
    says of healing; `repair` mends a damaged weapon (at camp).
    """

    id: str
    name: str
    heal: str = ""
    staunch: bool = False
    repair: bool = False


@dataclass(frozen=True, slots=True)
class StatBlock:
    """A combatant's ruleset-specific numbers, validated against the ruleset's field table."""

    ruleset: str
    values: Mapping[str, StatValue] = field(default_factory=dict)

    def number(self, key: str) -> int:
        """The integer field `key` (the loader guarantees it exists)."""
        value = self.values[key]
        assert isinstance(value, int)
        return value

    def text(self, key: str) -> str:
        """The text field `key`."""
        value = self.values[key]
        assert isinstance(value, str)
        return value

    def extra(self, key: str) -> int:
        """A number the battle adds to the block beyond the ruleset's fields (0 when absent)."""
        value = self.values.get(key, 0)
        assert isinstance(value, int)
        return value

    def flag(self, key: str) -> bool:
        """The true/false field `key`."""
        value = self.values[key]
        assert isinstance(value, bool)
        return value
