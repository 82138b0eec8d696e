"""Reaction system: Open actions, and the Actions of Opportunity threatening enemies take.

The battle's door asks it for an opening (`offer`) after paying an Open action; a React
command becomes the reactor's blow (`react`), which the door strikes, then `settle` says
whether all have decided, and `thwarted` whether the action still goes ahead.
"""

from __future__ import annotations

import esper

from arena.ecs import queries
from arena.ecs.attacks import AttackSystem
from arena.ecs.components import Opening, Stats, Wielded
from arena.ecs.events import (
    ActionFailed,
    Attacked,
    Event,
    OpeningPresented,
)
from arena.ecs.plans import FreeStrike, Plan, Reaction
from arena.hexgrid import hex_distance
from arena.model.commands import Attack, EndTurn, React
from arena.model.stats import Weapon
from arena.rules.base import Counter


class ReactionSystem:
    """Holds an Open action until every threatening enemy has taken or passed its chance."""

    def __init__(self, attacks: AttackSystem) -> None:
        self.attacks = attacks
        self.ruleset = attacks.ruleset
        self._reaches: dict[int, tuple[list[Weapon], int]] = {}

    def pending(self) -> tuple[int, Opening] | None:
        """The Open combatant and its opening, while reactions are being decided."""
        found = esper.get_component(Opening)
        return (found[0][0], found[0][1]) if found else None

    def reaction_slot(self, reactor: int, target: int) -> int | None:
        """The first weapon slot `reactor` could strike `target` with off-turn, or None."""
        if queries.side_of(reactor) == queries.side_of(target) or not queries.is_alive(reactor):
            return None
        if queries.incapacity(self.ruleset, reactor) is not None:
            return None  # whatever forbids actions forbids reactions too
        stats = esper.component_for_entity(reactor, Stats).block
        weapons = self.attacks.weapons(reactor)
        distance = hex_distance(queries.hex_of(reactor), queries.hex_of(target))
        if all(w.is_ranged or w.reach < distance for w in weapons):
            return None
        for slot in range(len(weapons)):
            plan = self.attacks.plan(Attack(reactor, target, slot), off_turn=True)
            # An attack that would itself be Open (unarmed without the feat) is no reaction.
            if not isinstance(plan, str) and not self.ruleset.opens("melee", plan[0], stats):
                return slot
        return None

    def reactors(self, actor: int) -> list[int]:
        """Enemies threatening `actor` with AP left for an Action of Opportunity, by id."""
        q, r = queries.hex_of(actor)
        reach, found = self.melee_reach, []
        for e in queries.enemies_of(actor):  # hex_distance inlined: every enemy is asked
            there = queries.hex_of(e)
            dq, dr = there[0] - q, there[1] - r
            if (max(abs(dq), abs(dr), abs(dq + dr)) <= reach(e)
                    and self.reaction_slot(e, actor) is not None):
                found.append(e)
        return found

    def melee_reach(self, reactor: int) -> int:
        """The longest reach of `reactor`'s melee weapons, unarmed included (-1: none).

        Kept while what it wields is the same (every reaction offer asks it of every enemy).
        """
        wielded = esper.component_for_entity(reactor, Wielded).weapons
        known = self._reaches.get(reactor)
        if known is not None and known[0] == wielded:  # (a copy: the list changes in place)
            return known[1]
        reach = max((w.reach for w in (*wielded, *self.attacks.unarmed) if not w.is_ranged),
                    default=-1)
        self._reaches[reactor] = (list(wielded), reach)
        return reach

    def offer(self, plan: Plan) -> list[Event] | None:
        """Present an opening if the planned action is Open and anyone can react; else None.

        The plan is paid for: the door asks this before it carries the action out.
        """
        command, ctx = plan.command, plan.ctx
        actor = command.actor
        # An attack's context holds the attacker's stat block already.
        stats = esper.component_for_entity(actor, Stats).block if ctx is None else ctx.attacker
        if not self.ruleset.opens(plan.action, ctx, stats):
            if ctx is None or not isinstance(command, Attack):
                return None
            counter = self.ruleset.counter(ctx)  # (asked here, not in a call: every attack asks)
            return None if counter is None else self.offer_counter(actor, command, counter)
        reactors = self.reactors(actor)
        if not reactors:
            return None
        esper.add_component(actor, Opening(command, reactors, steps=list(plan.steps)))
        return [OpeningPresented(actor, command.type, tuple(reactors))]

    def offer_counter(self, actor: int, command: Attack, counter: Counter) -> list[Event] | None:
        """Offer the target of an attack the blow it may strike first (a spear set vs a charge)."""
        if self.countered_slot(command.target, counter) is None:
            return None
        esper.add_component(actor, Opening(command, [command.target]))
        esper.add_component(actor, counter)
        return [OpeningPresented(actor, counter.against, (command.target,))]

    def counter_of(self, actor: int) -> Counter | None:
        """The blow struck first on offer against `actor`'s attack, or None."""
        return esper.try_component(actor, Counter)

    def countered_slot(self, defender: int, counter: Counter) -> int | None:
        """The slot the defender strikes first with, while it still lives and holds it."""
        holds = counter.slot < len(self.attacks.weapons(defender))
        return counter.slot if queries.is_alive(defender) and holds else None

    def provoke(self, who: int) -> list[Event]:
        """A blunder exposes `who`: every enemy that threatens it may strike; nothing waits."""
        reactors = self.reactors(who)
        if not reactors or self.pending() is not None:
            return []
        esper.add_component(who, Opening(EndTurn(who), reactors, provoked=True))
        return [OpeningPresented(who, "provoke", tuple(reactors))]

    def refusal(self, command: React) -> str | None:
        """Why this reaction cannot be made, or None."""
        pending = self.pending()
        if pending is None:
            return "no Action of Opportunity is on offer"
        actor, opening = pending
        if command.actor != opening.reactors[0]:
            return f"it is #{opening.reactors[0]}'s turn to react"
        counter = self.counter_of(actor)
        if command.take and counter is None and self.reaction_slot(command.actor, actor) is None:
            return "cannot make an Action of Opportunity now"
        return None

    def react(self, command: React) -> str | Reaction:
        """Take or pass the Action of Opportunity: the reactor's blow, for the door to strike."""
        reason = self.refusal(command)
        if reason is not None:
            return reason
        pending = self.pending()
        assert pending is not None
        actor, opening = pending
        opening.reactors.pop(0)
        counter = self.counter_of(actor)
        return Reaction(command.actor, actor, opening, counter, self.blow(command, actor, counter))

    def blow(
        self, command: React, actor: int, counter: Counter | None
    ) -> FreeStrike | Attack | None:
        """What the reactor strikes at `actor`: a counter's free blow, an Action of Opportunity.

        None when it passes, or when the counter's weapon is gone or its maker fell.
        """
        if counter is not None:
            slot = self.countered_slot(command.actor, counter)
            if not command.take or slot is None:
                return None
            weapon = self.attacks.weapons(command.actor)[slot]
            return FreeStrike(command.actor, actor, counter.options, weapon)
        if not command.take:
            return None
        slot = self.reaction_slot(command.actor, actor)
        assert slot is not None  # (checked by `refusal`)
        return Attack(command.actor, actor, slot)

    def settle(self, reaction: Reaction, struck: list[Event]) -> bool:
        """After the reactor's blow (`struck`): whether every reactor has decided.

        An Action of Opportunity that hit foils the action; reactors that can no longer strike
        drop out. Once none is left, the opening closes (its components are taken off).
        """
        actor, opening = reaction.actor, reaction.opening
        if isinstance(reaction.blow, Attack) and any(
                isinstance(e, Attacked) and e.result.hit for e in struck):
            opening.failed = True
        if queries.is_alive(actor):
            opening.reactors = [r for r in opening.reactors
                                if self.reaction_slot(r, actor) is not None]
        else:
            opening.reactors.clear()
        if opening.reactors:
            return False
        esper.remove_component(actor, Opening)
        if reaction.counter is not None:
            esper.remove_component(actor, Counter)
        return True

    def thwarted(self, actor: int, opening: Opening) -> list[Event] | None:
        """What stops the Open action once its opening closed; None: it goes ahead.

        Nothing more happens if its maker fell or the opening was a blunder's (provoked); an
        Action of Opportunity that hit makes it fail.
        """
        if not queries.is_alive(actor) or opening.provoked:
            return []
        if opening.failed:
            return [ActionFailed(actor, opening.command.type, "hit by an Action of Opportunity")]
        return None
