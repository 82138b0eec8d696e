"""Commands: the only way anything changes in a battle; each is a JSON-serialisable record."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar

from arena.hexgrid import Hex


@dataclass(frozen=True, slots=True)
class Move:
    """Walk the shortest path to `to`, paying the move cost per hex."""

    type: ClassVar[str] = "move"
    actor: int
    to: Hex


@dataclass(frozen=True, slots=True)
class Face:
    """Turn to face direction `facing` (0..5, see `hexgrid.FACING_NAMES`)."""

    type: ClassVar[str] = "face"
    actor: int
    facing: int


@dataclass(frozen=True, slots=True)
class Attack:
    """Attack `target` with the wielded weapon at index `weapon` (0 = main hand).

    `options` names the ruleset's maneuvers the attacker chooses (`smash`, `sublethal`, …),
    in sorted order; the ruleset lists the ones it knows.
    """

    type: ClassVar[str] = "attack"
    actor: int
    target: int
    weapon: int = 0
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PickUp:
    """Pick up the item lying on the actor's hex."""

    type: ClassVar[str] = "pick_up"
    actor: int


@dataclass(frozen=True, slots=True)
class StandUp:
    """Get up from prone."""

    type: ClassVar[str] = "stand_up"
    actor: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the carried spare weapon at index `spare`, stowing what is in the way."""

    type: ClassVar[str] = "draw"
    actor: int
    spare: int


@dataclass(frozen=True, slots=True)
class Reload:
    """Reload the crossbow wielded in slot `weapon`."""

    type: ClassVar[str] = "reload"
    actor: int
    weapon: int


@dataclass(frozen=True, slots=True)
class React:
    """Take (or let pass) the Action of Opportunity on offer against an Open enemy."""

    type: ClassVar[str] = "react"
    actor: int
    take: bool


@dataclass(frozen=True, slots=True)
class Kick:
    """Kick the dropped weapon of an adjacent ally, lying on the actor's hex, to its owner's hex."""

    type: ClassVar[str] = "kick"
    actor: int


@dataclass(frozen=True, slots=True)
class Invoke:
    """Start the area buff `buff` (the ruleset's, e.g. `chant`, `prayer`, `martial_spirit`)."""

    type: ClassVar[str] = "invoke"
    actor: int
    buff: str


@dataclass(frozen=True, slots=True)
class UseItem:
    """Use up the consumable at index `item` of the actor's pack (a potion, bandages)."""

    type: ClassVar[str] = "use_item"
    actor: int
    item: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the actor's turn, keeping unspent AP for off-turn actions."""

    type: ClassVar[str] = "end_turn"
    actor: int


Command = (
    Move | Face | Attack | PickUp | StandUp | Draw | Reload | React | Kick | Invoke | UseItem
    | EndTurn
)
COMMAND_TYPES: dict[str, type[Command]] = {
    c.type: c
    for c in (Move, Face, Attack, PickUp, StandUp, Draw, Reload, React, Kick, Invoke, UseItem,
              EndTurn)
}
_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")


def command_to_json(command: Command) -> dict[str, object]:
    """The command as a JSON object: its type, then its fields (hexes as [q, r])."""
    out: dict[str, object] = {"type": command.type}
    for f in fields(command):
        value = getattr(command, f.name)
        if isinstance(value, Hex):
            out[f.name] = [value.q, value.r]
        elif isinstance(value, tuple):
            if value:
                out[f.name] = list(value)
        else:
            out[f.name] = value
    return out


def _whole(value: object) -> bool:
    """Whether a JSON value is an integer (true and false are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _same(value: Any) -> Any:
    """The value as it was read."""
    return value


@dataclass(frozen=True, slots=True)
class CommandField:
    """What one command field must be in JSON, and how the command takes it.

    The refusal reads "'NAME' must be WANTED, got VALUE", after the command's type when
    `prefixed`. A field the command's record gives a default may be left out.
    """

    wanted: str
    accepts: Callable[[Any], bool]
    convert: Callable[[Any], Any] = _same
    prefixed: bool = True


def _whole_in(lo: int, hi: int) -> CommandField:
    """An integer field of `lo..hi`."""
    return CommandField(f"an integer {lo}..{hi}", lambda v: _whole(v) and lo <= v <= hi,
                     prefixed=False)


MAX_ENTITY = 1_000_000  # an entity id: 1..MAX_ENTITY
MAX_SLOT = 16  # a weapon, spare or pack index: 0..MAX_SLOT

# Every command field, once: what it must be. A command's fields are checked in this order
# (the actor first), so the first problem named is the same whatever the object's key order.
FIELDS: dict[str, CommandField] = {
    "actor": _whole_in(1, MAX_ENTITY),
    "to": CommandField("[q, r]", lambda v: isinstance(v, list) and len(v) == 2
                    and all(_whole(q) for q in v), lambda v: Hex(v[0], v[1])),
    "facing": _whole_in(0, 5),
    "options": CommandField("a list of names", lambda v: isinstance(v, list)
                         and all(isinstance(o, str) for o in v),
                         lambda v: tuple(sorted(set(v)))),
    "take": CommandField("true or false", lambda v: isinstance(v, bool)),
    "buff": CommandField("a name such as 'chant'",
                      lambda v: isinstance(v, str) and _NAME.fullmatch(v) is not None),
    "target": _whole_in(1, MAX_ENTITY),
    "weapon": _whole_in(0, MAX_SLOT),
    "spare": _whole_in(0, MAX_SLOT),
    "item": _whole_in(0, MAX_SLOT),
}
# Each command type's fields in that order, each with whether it may be left out.
LAYOUT: dict[type[Command], tuple[tuple[str, bool], ...]] = {
    cls: tuple((name, cls.__dataclass_fields__[name].default is not MISSING)
               for name in FIELDS if name in cls.__dataclass_fields__)
    for cls in COMMAND_TYPES.values()
}


def _field(data: Mapping[str, object], name: str, kind: str) -> Any:
    """One field of a command object, checked against its spec."""
    spec = FIELDS[name]
    value = data.get(name)
    if not spec.accepts(value):
        where = f"{kind}: " if spec.prefixed else ""
        raise ValueError(f"{where}'{name}' must be {spec.wanted}, got {value!r}")
    return spec.convert(value)


def command_from_json(data: object) -> Command:
    """Rebuild a command from untrusted JSON; ValueError names the first problem."""
    if not isinstance(data, dict):
        raise ValueError(f"a command must be an object, got {type(data).__name__}")
    kind = data.get("type")
    cls = COMMAND_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(
            f"unknown command type {kind!r} (valid: {', '.join(sorted(COMMAND_TYPES))})"
        )
    layout = LAYOUT[cls]
    extra = sorted(set(data) - {name for name, _ in layout} - {"type"})
    if extra:
        raise ValueError(f"{kind}: unknown field '{extra[0]}'")
    return cls(**{name: _field(data, name, cls.type) for name, optional in layout
                  if not optional or name in data})
