"""Components: small, logic-free records attached to entities in a battle's esper world."""

from __future__ import annotations

from dataclasses import dataclass, field

from arena.hexgrid import Hex
from arena.model.commands import Command
from arena.model.stats import Armour, StatBlock, Supply, Weapon


@dataclass(slots=True)
class Identity:
    """Who a combatant is: display name, map glyph and the template it came from."""

    name: str
    glyph: str
    template: str


@dataclass(slots=True)
class Position:
    """The hex an entity stands or lies on."""

    hex: Hex


@dataclass(slots=True)
class Facing:
    """The direction (0..5, `hexgrid.FACING_NAMES`) a combatant faces."""

    direction: int


@dataclass(slots=True)
class Health:
    """Hit points now and at full health."""

    hp: int
    max_hp: int
    sublethal: int = 0


@dataclass(slots=True)
class ActionPoints:
    """The AP pool: refilled to `maximum` at the start of the combatant's own turn."""

    current: int
    maximum: int


@dataclass(slots=True)
class Side:
    """The side (0-based, scenario order) a combatant fights for."""

    index: int


@dataclass(slots=True)
class Stats:
    """The ruleset's stat block for this combatant."""

    block: StatBlock


# Field metadata: a snapshot leaves the field out while it holds its default, and a snapshot
# without it decodes to the default (`replay/snapcodec.py`), so snapshots and keyframes
# written before the field was added keep their bytes.
OPTIONAL = {"optional": True}


@dataclass(slots=True)
class Wielded:
    """Weapons in hand, main hand first; `unloaded` names crossbows that need reloading.

    `natural_only` marks a beast: every weapon it entered the battle with is natural (bites,
    claws), so it cannot pick up, draw or throw another (`queries.weapon_refusal`).
    """

    weapons: list[Weapon] = field(default_factory=list)
    unloaded: list[str] = field(default_factory=list)
    # Left out of repr, which the state hash reads: a beast's hash stays as it was blessed
    # (its natural weapons' ids already tell it apart).
    natural_only: bool = field(default=False, repr=False, metadata=OPTIONAL)


@dataclass(slots=True)
class Carried:
    """Spare weapons carried but not in hand (drawing one is an action)."""

    weapons: list[Weapon] = field(default_factory=list)


@dataclass(slots=True)
class Worn:
    """Body armour (with its helmet, if any) and the shield on the off arm."""

    armour: Armour | None
    shield: Armour | None = field(default=None, repr=False)  # in Stats already (state hash)


@dataclass(slots=True)
class Pack:
    """Consumables carried (potions, bandages), used up by `UseItem`; only on those with some."""

    supplies: list[Supply] = field(default_factory=list)


@dataclass(slots=True)
class Item:
    """A weapon lying on the map (with a Position); `owner` is who dropped it.

    `ready` is the round from which the owner may pick it up again (0: at once), for rules
    where a fumbled weapon can be retrieved only the following round.
    """

    weapon: Weapon
    owner: int | None
    ready: int = 0


@dataclass(slots=True)
class LyingShield:
    """A shield lying on the map (with a Position); `owner` and `ready` as for an `Item`."""

    shield: Armour
    owner: int | None
    ready: int = 0


@dataclass(slots=True)
class Conditions:
    """Named conditions: own turns each still covers (0 = until removed) and its strength."""

    rounds: dict[str, int] = field(default_factory=dict)
    amounts: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class TurnMemory:
    """What a combatant did this turn that later actions depend on (reset each turn).

    `weapons` are the ids of the weapons it attacked with, `options` the maneuvers it chose.
    """

    primary_targets: list[int] = field(default_factory=list)
    attacks: int = 0
    weapons: list[str] = field(default_factory=list)
    options: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Momentum:
    """The straight line walked this turn: its direction and length in hexes (for charges)."""

    direction: int | None = None
    steps: int = 0


@dataclass(slots=True)
class Dead:
    """Marks a combatant that fell; it no longer acts or blocks movement."""

    round: int


@dataclass(slots=True)
class Clock:
    """The battle's turn state, held by one entity: round, acting order, whose turn."""

    round: int = 0
    order: tuple[int, ...] = ()
    index: int = 0
    winner: int | None = None
    over: bool = False
    reason: str = ""

    @property
    def active(self) -> int | None:
        """The entity whose turn it is, or None between turns or after the end."""
        if self.over or self.index >= len(self.order):
            return None
        return self.order[self.index]


@dataclass(slots=True)
class Opening:
    """An Open action waiting on Actions of Opportunity; held by the Open combatant.

    `reactors` still have to decide, in entity-id order; `failed` turns true when one hits;
    `steps` are the hexes a move still has to walk, the one on offer first.
    """

    command: Command
    reactors: list[int]
    failed: bool = False
    steps: list[Hex] = field(default_factory=list)
    provoked: bool = False
