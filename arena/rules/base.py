"""The ruleset protocol: what every ruleset tells the engine, and the records it returns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from arena.dice import Dice, Roll
from arena.hexgrid import ORIGIN, Hex
from arena.model.stats import StatBlock, StatValue, Weapon

Action = Literal["move", "face", "melee", "ranged", "pick_up", "draw"]
FieldKind = Literal["int", "str", "bool"]


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """One stat-block field a ruleset reads: its type, default, range and meaning."""

    name: str
    kind: FieldKind
    default: StatValue
    help: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Modifier:
    """A labelled number added to a roll, shown in the combat log."""

    label: str
    value: int


@dataclass(frozen=True, slots=True)
class Entrant:
    """A combatant as initiative sees it."""

    entity: int
    side: int
    stats: StatBlock


@dataclass(frozen=True, slots=True)
class Initiative:
    """The round's acting order and the dice that decided it."""

    order: tuple[int, ...]
    rolls: tuple[Roll, ...]
    scores: tuple[tuple[int, int], ...]


@dataclass(slots=True)
class AttackContext:
    """Everything a ruleset needs to resolve one attack, read off the map by the engine.

    `position` is where the attacker stands as seen from the defender's facing
    (`hexgrid.relative_position`); `here` and `there` are the attacker's and defender's hexes.
    """

    attacker: StatBlock
    defender: StatBlock
    weapon: Weapon
    distance: int
    position: str
    here: Hex = ORIGIN
    there: Hex = ORIGIN
    off_turn: bool = False


@dataclass(frozen=True, slots=True)
class AttackResult:
    """The outcome of one attack with every die and modifier that made it."""

    natural: int
    modifiers: tuple[Modifier, ...]
    total: int
    target_label: str
    target: int
    hit: bool
    attack_roll: Roll
    damage_roll: Roll | None = None
    damage_modifiers: tuple[Modifier, ...] = ()
    damage: int = 0
    critical: bool = False
    fumble: bool = False
    notes: tuple[str, ...] = ()

    @property
    def rolls(self) -> tuple[Roll, ...]:
        """Every die of the attack in the order it was rolled."""
        if self.damage_roll is None:
            return (self.attack_roll,)
        return (self.attack_roll, self.damage_roll)


class Ruleset(Protocol):
    """A rule document as a plug-in: costs, initiative and attack resolution."""

    name: str
    version: str
    title: str
    fields: tuple[FieldSpec, ...]

    def action_cost(self, action: Action, weapon: Weapon | None, off_turn: bool) -> int | None:
        """AP cost of an action, or None when the ruleset does not allow it."""
        ...

    def roll_initiative(self, entrants: Sequence[Entrant], dice: Dice) -> Initiative:
        """Roll the round's initiative and return the acting order."""
        ...

    def attack_refusal(self, ctx: AttackContext) -> str | None:
        """Why this attack cannot be made (checked before any die), or None."""
        ...

    def resolve_attack(self, ctx: AttackContext, dice: Dice) -> AttackResult:
        """Resolve one attack with the battle's dice."""
        ...
