"""What the systems hand the battle's door instead of calling each other: plans and requests.

A handler of an Open action returns a `Plan` (or a refusal, a str); the door pays its AP, asks
the reactions for an opening and carries it out then or after the reactions. An attack returns
its `Aftermath` (the effects still to apply); the effects system yields a `FreeStrike` or a
`Provoke` where an effect asks for one, and the door runs it before the next effect. A React
command becomes a `Reaction`: the blow the reactor strikes, which the door strikes.
These records are made per action and read once; none is changed after it is made (not
frozen: a frozen dataclass costs three times as much to make, and every attack makes one).
"""

from __future__ import annotations

from dataclasses import dataclass

from arena.ecs.components import Opening
from arena.hexgrid import Hex
from arena.model.commands import Attack, Command
from arena.model.stats import Weapon
from arena.rules.base import Action, AttackContext, Counter, Effect


@dataclass(slots=True)
class Plan:
    """An Open action its handler accepted, not begun: what the door pays, offers and does.

    `action` and `ctx` are what the reactions ask of it (the ruleset's action name; an
    attack's context, None for the rest); `steps` the hexes a move has still to walk, this
    step's first; `face` the facing the actor turns to as it begins (an attack: its target).
    """

    command: Command
    action: Action
    cost: int
    ctx: AttackContext | None = None
    steps: tuple[Hex, ...] = ()
    face: int | None = None


@dataclass(slots=True)
class FreeStrike:
    """A blow the rules grant or force (a free attack, friendly fire, a counter): no AP.

    Struck with `weapon` (the one whose attack caused it) or else the striker's main weapon.
    """

    actor: int
    target: int
    options: tuple[str, ...]
    weapon: Weapon | None = None


@dataclass(slots=True)
class Provoke:
    """A blunder exposes `who`: every enemy threatening it may strike it (nothing waits)."""

    who: int


FollowUp = FreeStrike | Provoke


@dataclass(slots=True)
class Aftermath:
    """What a rolled attack leaves to the door: its effects, and a thrown weapon flying on.

    `carried` is a thrown weapon that missed but flies on into a strike it set off; it lands
    after the effects, by whoever that strike hit (`AttackSystem.follow_through`).
    """

    attacker: int
    defender: int
    effects: tuple[Effect, ...]
    weapon: Weapon
    carried: Weapon | None
    there: Hex


@dataclass(slots=True)
class Reaction:
    """A reactor's decision on the opening of `actor` (the Open combatant).

    `blow` is what the reactor strikes: the free blow a counter offers, an Action of
    Opportunity (an off-turn attack, which foils the action if it hits), or None: it passes.
    """

    reactor: int
    actor: int
    opening: Opening
    counter: Counter | None
    blow: FreeStrike | Attack | None
