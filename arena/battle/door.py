"""The battle's one door, inside: each command to its system, and what the systems hand back.

`Battle.apply` checks what every command must (the battle goes on, it is the actor's turn or
reaction) and calls `Door.handle`, which dispatches on the command's type. The handler of an
Open action (attack, move, stand up, pick up, reload) returns a `Plan` or a refusal (a str):
the door pays the AP, asks the reactions for an opening (`ReactionSystem.offer`) and carries
the action out at once if none is presented, else once the last reactor has decided on a
React command (`_react`, then `_resume`). A move is a run of one-hex plans, each offered in
turn. A rolled attack hands back its effects (`Aftermath`); the door applies them and runs
the follow-ups they ask for (a free strike, a provoked opening) in their place. No system
calls a callable it was handed: where one action leads to another, the call is made here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

import esper

from arena.ecs import queries
from arena.ecs.attacks import AttackSystem, Struck
from arena.ecs.auras import AuraSystem
from arena.ecs.components import ActionPoints, Facing, Opening
from arena.ecs.effects import EffectSystem
from arena.ecs.events import ActionFailed, Event, ReactionDeclined
from arena.ecs.items import ItemSystem
from arena.ecs.movement import MovementSystem
from arena.ecs.plans import Aftermath, FollowUp, FreeStrike, Plan, Provoke
from arena.ecs.reactions import ReactionSystem
from arena.ecs.supplies import SupplySystem
from arena.ecs.turns import TurnSystem
from arena.hexgrid import Hex
from arena.model.commands import (
    Attack,
    Command,
    Draw,
    EndTurn,
    Face,
    Invoke,
    Kick,
    Move,
    PickUp,
    React,
    Reload,
    StandUp,
    UseItem,
)


@dataclass(frozen=True, slots=True)
class Door:
    """The battle's systems, and the one place that calls from one into another."""

    turns: TurnSystem
    movement: MovementSystem
    attacks: AttackSystem
    effects: EffectSystem
    items: ItemSystem
    reactions: ReactionSystem
    auras: AuraSystem
    supplies: SupplySystem

    def handle(self, command: Command) -> str | list[Event]:
        """Carry out a command the battle let through; a refusal (a str) changed nothing.

        An Open action (but a move, walked step by step) falls through to the end: refused,
        or paid and offered as an opening, and carried out at once if none is presented.
        """
        match command:
            case Attack():
                plan = self.attacks.attack(command)
            case StandUp():
                plan = self.movement.stand_up(command)
            case PickUp():
                plan = self.items.pick_up(command)
            case Reload():
                plan = self.items.reload(command)
            case Move():
                steps = self.movement.move(command)
                return steps if isinstance(steps, str) else self._walk(command, steps)
            case React():
                return self._react(command)
            case Face():
                return self.movement.face(command)
            case Draw():
                return self.items.draw(command)
            case Kick():
                return self.items.kick(command)
            case Invoke():
                return self.auras.invoke(command)
            case UseItem():
                return self.supplies.use(command)
            case EndTurn():
                return self.turns.end_turn(command.actor)
            case _:
                assert_never(command)
        if isinstance(plan, str):
            return plan
        offered = self._offer(plan)
        return offered if offered is not None else self._carry_out(command, plan)

    def _offer(self, plan: Plan) -> list[Event] | None:
        """Pay the plan's AP, turn as it says, and ask the reactions for an opening (its events)."""
        actor = plan.command.actor
        esper.component_for_entity(actor, ActionPoints).current -= plan.cost
        if plan.face is not None:
            esper.component_for_entity(actor, Facing).direction = plan.face
        return self.reactions.offer(plan)

    def _walk(self, command: Move, plans: Sequence[Plan]) -> list[Event]:
        """Walk a move's steps, each offered before it is taken; an opening stops the walk there.

        The stretch walked so far is one Moved event, before the opening's.
        """
        actor = command.actor
        walked, paid = [queries.hex_of(actor)], 0
        for plan in plans:
            offered = self._offer(plan)
            if offered is not None:
                return [*self.movement.moved(actor, walked, paid), *offered]
            paid += plan.cost
            walked.append(plan.steps[0])
            self.movement.step(actor, plan.steps[0])
        return self.movement.moved(actor, walked, paid)

    def _carry_out(
        self, command: Command, plan: Plan | None = None, steps: Sequence[Hex] = ()
    ) -> list[Event]:
        """Do a paid Open action: at once (as `plan` says), or once its opening closed.

        An attack resumed after reactions is planned anew (they changed the world), and fails
        if it no longer can be made; a move resumed takes the step that waited (`steps[0]`),
        then walks on.
        """
        match command:
            case Attack():
                if plan is not None and plan.ctx is not None:
                    ctx, cost = plan.ctx, plan.cost
                else:
                    again = self.attacks.plan(command, paid=True)
                    if isinstance(again, str):
                        return [ActionFailed(command.actor, command.type, again)]
                    ctx, cost = again
                return self._strike(self.attacks.strike(command, ctx, cost, False))
            case Move():
                moved = self.movement.resume(command, steps[0])
                if isinstance(moved, str):
                    return [ActionFailed(command.actor, command.type, moved)]
                return [*moved, *self._walk(command, self.movement.steps(command, steps[1:]))]
            case StandUp():
                return self.movement.get_up(command)
            case PickUp():
                return self.items.take(command)
            case Reload():
                return self.items.load(command)
        raise TypeError(f"a {command.type} command is never Open")

    def _react(self, command: React) -> str | list[Event]:
        """Take or pass an Action of Opportunity; after the last reactor, resume the action."""
        reaction = self.reactions.react(command)
        if isinstance(reaction, str):
            return reaction
        match reaction.blow:
            case FreeStrike() as blow:  # a counter: struck first, free
                events = self._follow_up(blow)
            case Attack() as blow:
                events = self._off_turn(blow)
            case None:
                events = [ReactionDeclined(reaction.reactor, reaction.actor)]
        if self.reactions.settle(reaction, events):
            events.extend(self._resume(reaction.actor, reaction.opening))
        return events

    def _resume(self, actor: int, opening: Opening) -> list[Event]:
        """Finish the Open action whose opening has closed, unless the reactions stopped it."""
        stopped = self.reactions.thwarted(actor, opening)
        if stopped is not None:
            return stopped
        return self._carry_out(opening.command, None, opening.steps)

    def _off_turn(self, attack: Attack) -> list[Event]:
        """An Action of Opportunity: an off-turn attack, paid for; never Open itself."""
        planned = self.attacks.plan(attack, off_turn=True)
        assert not isinstance(planned, str)  # (the reactor's slot is one it can strike with)
        ctx, cost = planned
        esper.component_for_entity(attack.actor, ActionPoints).current -= cost
        return self._strike(self.attacks.strike(attack, ctx, cost, True))

    def _strike(self, struck: Struck) -> list[Event]:
        """A rolled attack's events, then its effects and their follow-ups (`_aftermath`)."""
        events, after = struck
        return events if after is None else self._aftermath(events, after)

    def _aftermath(self, events: list[Event], after: Aftermath) -> list[Event]:
        """An attack's events, then its effects and their follow-ups.

        Last, a thrown weapon that flew on into a strike it set off lands.
        """
        applied = self._effects(after)
        events.extend(applied)
        if after.carried is not None:
            events.extend(self.attacks.follow_through(after.attacker, after.carried, applied,
                                                      after.there))
        return events

    def _effects(self, after: Aftermath) -> list[Event]:
        """Apply an attack's effects in order, running each follow-up they ask for in its place."""
        events: list[Event] = []
        for done in self.effects.apply(after.effects, after.attacker, after.defender,
                                       after.weapon):
            if isinstance(done, (FreeStrike, Provoke)):
                events.extend(self._follow_up(done))
            else:
                events.append(done)
        return events

    def _follow_up(self, request: FollowUp) -> list[Event]:
        """What an effect or a counter asks for: a free strike, or a provoked opening."""
        match request:
            case FreeStrike():
                return self._strike(self.attacks.free_attack(
                    request.actor, request.target, request.options, request.weapon))
            case Provoke():
                return self.reactions.provoke(request.who)
        assert_never(request)
