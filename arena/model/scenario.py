"""A resolved scenario: the map, the sides and each combatant's full description."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from arena.hexgrid import Hex
from arena.model.stats import Armour, StatBlock, Supply, Weapon
from arena.model.terrain import HexMap

Lasting = tuple[str, int, int]  # a condition: (name, own turns left, 0 = until removed; strength)


@dataclass(frozen=True, slots=True)
class CombatantSpec:
    """One combatant as placed by a scenario, with its template resolved."""

    template: str
    name: str
    glyph: str
    side: int
    at: Hex
    facing: int
    hp: int
    speed: int
    weapons: tuple[Weapon, ...]
    armour: Armour | None
    stats: Mapping[str, StatBlock]
    shield: Armour | None = None
    supplies: tuple[Supply, ...] = ()
    start_hp: int | None = None  # enters hurt (a run's carried wounds); None: at full `hp`
    conditions: tuple[Lasting, ...] = ()  # lasting conditions it enters with, sorted by name

    @property
    def entering_hp(self) -> int:
        """The hit points it enters the battle with."""
        return self.hp if self.start_hp is None else self.start_hp


@dataclass(frozen=True, slots=True)
class SideSpec:
    """A side of the battle: its name and display colour."""

    name: str
    colour: str


@dataclass(frozen=True, slots=True)
class Scenario:
    """Everything a battle needs besides the seed, the ruleset and the commands."""

    id: str
    name: str
    description: str
    ruleset: str
    max_rounds: int
    map: HexMap
    sides: tuple[SideSpec, ...]
    combatants: tuple[CombatantSpec, ...]
