"""Commands: the only way anything changes in a battle; each is a JSON-serialisable record."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import ClassVar

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


def _int_field(data: Mapping[str, object], name: str, lo: int, hi: int) -> int:
    """An integer field of a command object, checked against its range."""
    value = data.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise ValueError(f"'{name}' must be an integer {lo}..{hi}, got {value!r}")
    return value


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
    names = {f.name for f in fields(cls)}
    extra = sorted(set(data) - names - {"type"})
    if extra:
        raise ValueError(f"{kind}: unknown field '{extra[0]}'")
    actor = _int_field(data, "actor", 1, 1_000_000)
    if cls is Move:
        to = data.get("to")
        if not (
            isinstance(to, list)
            and len(to) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in to)
        ):
            raise ValueError(f"move: 'to' must be [q, r], got {to!r}")
        return Move(actor, Hex(to[0], to[1]))
    if cls is Face:
        return Face(actor, _int_field(data, "facing", 0, 5))
    if cls is Attack:
        options = data.get("options", [])
        if not (isinstance(options, list) and all(isinstance(o, str) for o in options)):
            raise ValueError(f"attack: 'options' must be a list of names, got {options!r}")
        return Attack(
            actor,
            _int_field(data, "target", 1, 1_000_000),
            _int_field(data, "weapon", 0, 16) if "weapon" in data else 0,
            tuple(sorted(set(options))),
        )
    if cls is PickUp:
        return PickUp(actor)
    if cls is StandUp:
        return StandUp(actor)
    if cls is Draw:
        return Draw(actor, _int_field(data, "spare", 0, 16))
    if cls is Reload:
        return Reload(actor, _int_field(data, "weapon", 0, 16))
    if cls is React:
        take = data.get("take")
        if not isinstance(take, bool):
            raise ValueError(f"react: 'take' must be true or false, got {take!r}")
        return React(actor, take)
    if cls is Kick:
        return Kick(actor)
    if cls is Invoke:
        buff = data.get("buff")
        if not isinstance(buff, str) or not _NAME.fullmatch(buff):
            raise ValueError(f"invoke: 'buff' must be a name such as 'chant', got {buff!r}")
        return Invoke(actor, buff)
    if cls is UseItem:
        return UseItem(actor, _int_field(data, "item", 0, 16))
    return EndTurn(actor)
