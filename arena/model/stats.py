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
    """Worn body armour and whether a helmet is worn (`assets/armour.toml`)."""

    id: str
    name: str
    helmet: bool = False


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

    def flag(self, key: str) -> bool:
        """The true/false field `key`."""
        value = self.values[key]
        assert isinstance(value, bool)
        return value
