"""Reaction system: Open actions, and the Actions of Opportunity threatening enemies take."""

from __future__ import annotations

from collections.abc import Callable

import esper

from arena.ecs import queries
from arena.ecs.attacks import AttackSystem
from arena.ecs.components import Opening, Stats, Wielded
from arena.ecs.events import (
    ActionFailed,
    Attacked,
    Event,
    OpeningPresented,
    ReactionDeclined,
)
from arena.hexgrid import Hex, hex_distance
from arena.model.commands import Attack, Command, EndTurn, React
from arena.model.stats import Weapon
from arena.rules.base import Action, AttackContext, Counter

Finisher = Callable[[Command, Opening], list[Event]]


class ReactionSystem(esper.Processor):
    """Holds an Open action until every threatening enemy has taken or passed its chance."""

    def __init__(self, attacks: AttackSystem) -> None:
        self.attacks = attacks
        self.ruleset = attacks.ruleset
        self.finishers: dict[type, Finisher] = {}
        self._reaches: dict[int, tuple[list[Weapon], int]] = {}

    def process(self) -> None:
        """Nothing runs per frame: reactions follow Open actions."""

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
        for e in queries.enemies_of(actor):  # `within_reach`, inlined: every enemy is asked
            there = queries.hex_of(e)
            dq, dr = there[0] - q, there[1] - r
            if (max(abs(dq), abs(dr), abs(dq + dr)) <= reach(e)
                    and self.reaction_slot(e, actor) is not None):
                found.append(e)
        return found

    def within_reach(self, reactor: int, there: Hex) -> bool:
        """Whether a melee weapon of `reactor` reaches `there` (`reaction_slot`'s first cut)."""
        return hex_distance(queries.hex_of(reactor), there) <= self.melee_reach(reactor)

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

    def offer(
        self, actor: int, command: Command, action: Action, ctx: AttackContext | None,
        steps: list[Hex] | None = None,
    ) -> list[Event] | None:
        """Present an opening if the action is Open and anyone can react; else None."""
        # An attack's context holds the attacker's stat block already.
        stats = esper.component_for_entity(actor, Stats).block if ctx is None else ctx.attacker
        if not self.ruleset.opens(action, ctx, stats):
            if ctx is None or not isinstance(command, Attack):
                return None  # (checked here too: every attack asks)
            return self.offer_counter(actor, command, ctx)
        reactors = self.reactors(actor)
        if not reactors:
            return None
        esper.add_component(actor, Opening(command, reactors, steps=list(steps or ())))
        return [OpeningPresented(actor, command.type, tuple(reactors))]

    def offer_counter(
        self, actor: int, command: Command, ctx: AttackContext | None
    ) -> list[Event] | None:
        """Offer the target of an attack the blow it may strike first (a spear set vs a charge)."""
        if ctx is None or not isinstance(command, Attack):
            return None
        counter = self.ruleset.counter(ctx)
        if counter is None or self.countered_slot(command.target, counter) is None:
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

    def react(self, command: React) -> str | list[Event]:
        """Take or pass the Action of Opportunity; when all have decided, finish the action."""
        reason = self.refusal(command)
        if reason is not None:
            return reason
        pending = self.pending()
        assert pending is not None
        actor, opening = pending
        opening.reactors.pop(0)
        events: list[Event] = []
        counter = self.counter_of(actor)
        if counter is not None:
            events.extend(self.strike_first(command, actor, counter))
        elif command.take:
            slot = self.reaction_slot(command.actor, actor)
            assert slot is not None
            struck = self.attacks.attack(Attack(command.actor, actor, slot), off_turn=True)
            assert not isinstance(struck, str)
            events.extend(struck)
            if any(isinstance(e, Attacked) and e.result.hit for e in struck):
                opening.failed = True
        else:
            events.append(ReactionDeclined(command.actor, actor))
        if queries.is_alive(actor):
            opening.reactors = [r for r in opening.reactors
                                if self.reaction_slot(r, actor) is not None]
        else:
            opening.reactors.clear()
        if not opening.reactors:
            esper.remove_component(actor, Opening)
            if counter is not None:
                esper.remove_component(actor, Counter)
            events.extend(self.finish(actor, opening))
        return events

    def strike_first(self, command: React, actor: int, counter: Counter) -> list[Event]:
        """Strike the attacker first (free, with the counter's weapon), or let it pass."""
        slot = self.countered_slot(command.actor, counter)
        if not command.take or slot is None:
            return [ReactionDeclined(command.actor, actor)]
        weapon = self.attacks.weapons(command.actor)[slot]
        return self.attacks.free_attack(command.actor, actor, counter.options, weapon)

    def finish(self, actor: int, opening: Opening) -> list[Event]:
        """Carry out the Open action, unless an Action of Opportunity hit or felled the actor."""
        if not queries.is_alive(actor) or opening.provoked:
            return []
        if opening.failed:
            reason = "hit by an Action of Opportunity"
            return [ActionFailed(actor, opening.command.type, reason)]
        return self.finishers[type(opening.command)](opening.command, opening)
