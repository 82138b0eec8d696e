"""Events: what a command did, with every die rolled for it; JSON-serialisable records.

Events are plain (unfrozen) slotted dataclasses because building them sits on the hot path of
every command; nothing mutates an event once `Battle.apply` has returned it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass
from typing import ClassVar

from arena.dice import Roll
from arena.hexgrid import Hex
from arena.rules.base import AttackResult


@dataclass(slots=True)
class RoundStarted:
    """A new round: initiative rolled and the acting order fixed."""

    type: ClassVar[str] = "round_started"
    round: int
    order: tuple[int, ...]
    scores: tuple[tuple[int, int], ...]
    rolls: tuple[Roll, ...]


@dataclass(slots=True)
class TurnStarted:
    """A combatant's turn begins with its AP pool refilled."""

    type: ClassVar[str] = "turn_started"
    actor: int
    round: int
    ap: int


@dataclass(slots=True)
class Moved:
    """A combatant walked a path (start hex first) and now faces its last step."""

    type: ClassVar[str] = "moved"
    actor: int
    path: tuple[Hex, ...]
    facing: int
    ap_spent: int
    ap_left: int


@dataclass(slots=True)
class Faced:
    """A combatant turned to a new facing."""

    type: ClassVar[str] = "faced"
    actor: int
    facing: int
    ap_spent: int
    ap_left: int


@dataclass(slots=True)
class Attacked:
    """One attack resolved by the ruleset, and the target's HP after it."""

    type: ClassVar[str] = "attacked"
    actor: int
    target: int
    weapon: str
    distance: int
    position: str
    result: AttackResult
    ap_spent: int
    ap_left: int
    target_hp: int
    reaction: bool = False
    free: bool = False


@dataclass(slots=True)
class PickedUp:
    """A combatant picked up an item from its hex."""

    type: ClassVar[str] = "picked_up"
    actor: int
    item: int
    weapon: str
    ap_spent: int
    ap_left: int


@dataclass(slots=True)
class Drew:
    """A combatant drew a spare weapon, stowing the ones that were in the way."""

    type: ClassVar[str] = "drew"
    actor: int
    weapon: str
    stowed: tuple[str, ...]
    ap_spent: int
    ap_left: int


@dataclass(slots=True)
class Reloaded:
    """A combatant reloaded a crossbow."""

    type: ClassVar[str] = "reloaded"
    actor: int
    weapon: str
    ap_spent: int
    ap_left: int


@dataclass(slots=True)
class Died:
    """A combatant is out of the fight: slain (0 HP or below), knocked out or killed outright."""

    type: ClassVar[str] = "died"
    actor: int
    by: int
    how: str = "slain"


@dataclass(slots=True)
class TurnEnded:
    """A combatant's turn ended; its unspent AP stays for off-turn actions."""

    type: ClassVar[str] = "turn_ended"
    actor: int
    ap_left: int


@dataclass(slots=True)
class ConditionAdded:
    """A condition now afflicts a combatant (rounds 0 = until removed)."""

    type: ClassVar[str] = "condition_added"
    actor: int
    name: str
    rounds: int
    amount: int


@dataclass(slots=True)
class ConditionEnded:
    """A condition has run its course."""

    type: ClassVar[str] = "condition_ended"
    actor: int
    name: str


@dataclass(slots=True)
class WeaponDropped:
    """A weapon left a combatant's hand: it lies at `at` as item `item`, or is lost (None).

    `rolls` are the dice of a landing check it came through whole (a break die on stone).
    """

    type: ClassVar[str] = "weapon_dropped"
    actor: int
    weapon: str
    item: int | None
    at: Hex | None
    how: str
    rolls: tuple[Roll, ...] = ()


@dataclass(slots=True)
class WeaponKicked:
    """A combatant kicked an ally's dropped weapon (item `item`) to the owner's hex `to`."""

    type: ClassVar[str] = "weapon_kicked"
    actor: int
    item: int
    weapon: str
    owner: int
    to: Hex
    ap_spent: int
    ap_left: int


@dataclass(slots=True)
class AuraStarted:
    """A combatant started an area buff: its reach in hexes and rounds (0: while kept up)."""

    type: ClassVar[str] = "aura_started"
    actor: int
    name: str
    radius: int
    rounds: int
    ap_spent: int
    ap_left: int


@dataclass(slots=True)
class AuraEnded:
    """An area buff ended: it ran out, its caster did something else, or its caster fell."""

    type: ClassVar[str] = "aura_ended"
    actor: int
    name: str
    reason: str


@dataclass(slots=True)
class WeaponBroken:
    """A weapon broke, or lost some of its magic (`magic_lost`), with the dice that decided it."""

    type: ClassVar[str] = "weapon_broken"
    actor: int
    weapon: str
    magic_lost: int
    rolls: tuple[Roll, ...]


@dataclass(slots=True)
class Upkept:
    """Start-of-turn effects of a combatant's conditions (bleeding, …) and its HP after them."""

    type: ClassVar[str] = "upkept"
    actor: int
    damage: int
    rolls: tuple[Roll, ...]
    notes: tuple[str, ...]
    hp: int


@dataclass(slots=True)
class KnockedBack:
    """A combatant was pushed along `path` (start hex first)."""

    type: ClassVar[str] = "knocked_back"
    actor: int
    path: tuple[Hex, ...]


@dataclass(slots=True)
class OpeningPresented:
    """An action presents an opening: these enemies may take an Action of Opportunity."""

    type: ClassVar[str] = "opening_presented"
    actor: int
    action: str
    reactors: tuple[int, ...]


@dataclass(slots=True)
class ReactionDeclined:
    """An enemy let an opening pass."""

    type: ClassVar[str] = "reaction_declined"
    actor: int
    against: int


@dataclass(slots=True)
class ActionFailed:
    """An action was paid for but did not happen."""

    type: ClassVar[str] = "action_failed"
    actor: int
    action: str
    reason: str


@dataclass(slots=True)
class Notice:
    """Something the log should say that is not a rule outcome (e.g. the dice script ran out)."""

    type: ClassVar[str] = "notice"
    text: str


@dataclass(slots=True)
class Refused:
    """A command that could not be carried out; nothing changed."""

    type: ClassVar[str] = "refused"
    command: str
    reason: str


@dataclass(slots=True)
class UsedItem:
    """A combatant used up a consumable: hit points healed, conditions it ended, its dice."""

    type: ClassVar[str] = "used_item"
    actor: int
    item: str
    healed: int
    hp: int
    ended: tuple[str, ...]
    rolls: tuple[Roll, ...]
    ap_spent: int
    ap_left: int


@dataclass(slots=True)
class BattleEnded:
    """The battle is over: the winning side (None for a draw) and why."""

    type: ClassVar[str] = "battle_ended"
    winner: int | None
    rounds: int
    reason: str


Event = (
    RoundStarted | TurnStarted | Moved | Faced | Attacked | PickedUp | Drew | Reloaded | Died
    | TurnEnded
    | ConditionAdded | ConditionEnded | WeaponDropped | WeaponBroken | Upkept | KnockedBack
    | WeaponKicked | AuraStarted | AuraEnded | OpeningPresented
    | ReactionDeclined | ActionFailed | Notice | Refused | UsedItem | BattleEnded
)


def jsonable(value: object) -> object:
    """Turn a record (event, roll, hex, result) into plain JSON values."""
    if isinstance(value, Hex):
        return [value.q, value.r]
    if isinstance(value, Roll):
        return value.to_json()
    if isinstance(value, tuple | list):
        return [jsonable(v) for v in value]
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in fields(value)}
    return value


def event_to_json(event: Event) -> dict[str, object]:
    """The event as one JSON object whose first key is its type."""
    body = jsonable(event)
    assert isinstance(body, dict)
    return {"type": event.type, **body}
