"""Turn system: initiative each round, the AP refill at the start of a turn, victory."""

from __future__ import annotations

import esper

from arena.dice import Dice
from arena.ecs import auras, occupancy, queries
from arena.ecs.components import (
    ActionPoints,
    Conditions,
    Health,
    Momentum,
    Stats,
    TurnMemory,
)
from arena.ecs.effects import EffectSystem
from arena.ecs.events import (
    BattleEnded,
    Died,
    Event,
    RoundStarted,
    TurnEnded,
    TurnStarted,
    Upkept,
)
from arena.rules.base import Entrant, Ruleset


class TurnSystem:
    """Owns the round/turn cycle held in the `Clock` component."""

    def __init__(
        self, ruleset: Ruleset, dice: Dice, max_rounds: int, effects: EffectSystem
    ) -> None:
        self.ruleset = ruleset
        self.dice = dice
        self.max_rounds = max_rounds
        self.effects = effects

    def begin_round(self) -> list[Event]:
        """Roll initiative for a new round and start its first turn (or end at the limit)."""
        clock = queries.clock()
        if clock.round >= self.max_rounds:
            return self.finish(None, f"round limit {self.max_rounds} reached: draw")
        clock.round += 1
        entrants = [
            Entrant(e, queries.side_of(e), esper.component_for_entity(e, Stats).block)
            for e in queries.living()
        ]
        initiative = self.ruleset.roll_initiative(entrants, self.dice)
        # A combatant that lost its initiative acts after everyone else this round.
        late = [e for e in initiative.order
                if "lose_initiative" in esper.component_for_entity(e, Conditions).rounds]
        order = tuple(e for e in initiative.order if e not in late) + tuple(late)
        clock.order = order
        clock.index = 0
        events: list[Event] = [
            RoundStarted(clock.round, order, initiative.scores, initiative.rolls)
        ]
        for e in late:
            events.extend(self.effects.remove_condition(e, "lose_initiative"))
        for e in queries.living():  # a blunder's end of actions lasts the rest of its round
            events.extend(self.effects.remove_condition(e, "actions_ended"))
        return [*events, *self.start_turn()]

    def start_turn(self) -> list[Event]:
        """Skip fallen combatants; refill the active combatant's AP, count its buffs down."""
        clock = queries.clock()
        while clock.index < len(clock.order) and not queries.is_alive(clock.order[clock.index]):
            clock.index += 1
        if clock.index >= len(clock.order):
            return self.begin_round()
        actor = clock.order[clock.index]
        ap = esper.component_for_entity(actor, ActionPoints)
        conditions = frozenset(esper.component_for_entity(actor, Conditions).rounds)
        ap.current = self.ruleset.action_points(ap.maximum, conditions)
        if "turn_lost" in conditions:  # an off-turn blunder costs this whole turn
            ap.current = 0
        memory = esper.component_for_entity(actor, TurnMemory)
        memory.primary_targets.clear()
        memory.attacks = 0
        memory.weapons.clear()
        memory.options.clear()
        momentum = esper.component_for_entity(actor, Momentum)
        momentum.direction, momentum.steps = None, 0
        started: list[Event] = [TurnStarted(actor, clock.round, ap.current)]
        started.extend(auras.tick(actor))  # the buffs it keeps up count down
        upkept = self.upkeep(actor)
        if upkept and not queries.is_alive(actor):
            clock.index += 1
            ended = self.check_victory()
            return [*started, *upkept, *ended, *([] if clock.over else self.start_turn())]
        return [*started, *upkept]

    def upkeep(self, actor: int) -> list[Event]:
        """Let the ruleset act on the combatant's conditions at the start of its turn."""
        conditions = esper.component_for_entity(actor, Conditions)
        if not conditions.rounds:
            return []
        strengths = {name: conditions.amounts.get(name, 0) for name in sorted(conditions.rounds)}
        stats = esper.component_for_entity(actor, Stats).block
        up = self.ruleset.upkeep(stats, strengths, self.dice)
        if not (up.damage or up.rolls or up.notes):
            return []
        health = esper.component_for_entity(actor, Health)
        health.hp -= up.damage
        events: list[Event] = [Upkept(actor, up.damage, up.rolls, up.notes, health.hp)]
        if health.hp <= 0:
            occupancy.fell(actor, clock_round())
            events.append(Died(actor, actor, "bled out"))
        return events

    def end_turn(self, actor: int) -> list[Event]:
        """End `actor`'s turn, keeping its unspent AP, and start the next one."""
        clock = queries.clock()
        ended = TurnEnded(actor, esper.component_for_entity(actor, ActionPoints).current)
        expired = self.effects.tick(actor)
        clock.index += 1
        return [ended, *expired, *self.start_turn()]

    def check_victory(self) -> list[Event]:
        """End the battle when at most one side has anyone standing."""
        clock = queries.clock()
        if clock.over:
            return []
        sides = sorted({queries.side_of(e) for e in queries.living()})
        if len(sides) > 1:
            return []
        if sides:
            return self.finish(sides[0], "last side standing")
        return self.finish(None, "no one left standing: draw")

    def finish(self, winner: int | None, reason: str) -> list[Event]:
        """Mark the battle over."""
        clock = queries.clock()
        clock.over, clock.winner, clock.reason = True, winner, reason
        return [BattleEnded(winner, clock.round, reason)]


def clock_round() -> int:
    """The current round number."""
    return queries.clock().round
