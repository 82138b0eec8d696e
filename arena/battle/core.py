"""A battle: one esper world, the map, the dice and the event log behind `apply(command)`.

`apply` is the one door: it refuses what no command may do now, hands the command to the
door's dispatch (`arena/battle/door.py`), and logs the events. The systems are plain objects
built here, each given the systems it reads at construction; none is wired to another later.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import TracebackType

import esper

from arena.ai.basic import AISystem
from arena.ai.candidates import Candidate
from arena.ai.sides import Roster
from arena.battle.door import Door
from arena.battle.statehash import state_hash
from arena.dice import Dice
from arena.ecs import queries
from arena.ecs.attacks import AttackSystem
from arena.ecs.auras import AuraSystem
from arena.ecs.components import (
    ActionPoints,
    Carried,
    Clock,
    Conditions,
    Facing,
    Health,
    Identity,
    Momentum,
    Opening,
    Pack,
    Position,
    Side,
    Stats,
    TurnMemory,
    Wielded,
    Worn,
)
from arena.ecs.effects import EffectSystem
from arena.ecs.events import Died, Event, Notice, Refused
from arena.ecs.items import ItemSystem
from arena.ecs.movement import MovementSystem
from arena.ecs.reactions import ReactionSystem
from arena.ecs.supplies import SupplySystem
from arena.ecs.turns import TurnSystem
from arena.ecs.world import World
from arena.model.commands import Attack, Command, EndTurn, Face, Invoke, React
from arena.model.scenario import Scenario
from arena.model.stats import Weapon
from arena.rules.base import Extras, Ruleset
from arena.rules.protection import bears_shield, worn_stats

# Commands that do not break a buff kept up by concentration (a tuple: `isinstance` with a
# tuple is quicker than with a union).
KEEPS_CHANTS = (EndTurn, Invoke, React)


@dataclass(frozen=True, slots=True)
class Wounds:
    """How a combatant enters a battle hurt (a run's party): HP now, lasting conditions.

    `conditions` maps a condition's name to (own turns left, 0 = until removed; strength).
    """

    hp: int
    conditions: Mapping[str, tuple[int, int]] = field(default_factory=dict)


class Battle:
    """A pure function of (scenario, ruleset, seed, dice script, commands[, wounds])."""

    def __init__(
        self, scenario: Scenario, ruleset: Ruleset, seed: int, dice_script: Sequence[int] = (),
        wounds: Mapping[int, Wounds] | None = None,
    ) -> None:
        self.scenario = scenario
        self.wounds = dict(wounds or {})  # by scenario combatant index (arena/run/)
        self.ruleset = ruleset
        self.seed = seed
        self.dice = Dice(seed, dice_script)
        self.world = World()
        self.log: list[Event] = []
        # Entity ids 1..n are the combatants (`_spawn`), for good: nothing else has Health and
        # no combatant entity is ever deleted (the fallen keep theirs).
        self.combatants = frozenset(range(1, len(scenario.combatants) + 1))
        with self.world:
            self._spawn()
            self.effects = EffectSystem(scenario.map, ruleset, self.dice)
            self.turns = TurnSystem(ruleset, self.dice, scenario.max_rounds, self.effects)
            self.movement = MovementSystem(ruleset, scenario.map)
            self.attacks = AttackSystem(ruleset, self.dice, scenario.map, self.effects)
            self.items = ItemSystem(ruleset)
            self.reactions = ReactionSystem(self.attacks)
            self.auras = AuraSystem(ruleset)
            self.supplies = SupplySystem(ruleset, self.dice)
            self.door = Door(self.turns, self.movement, self.attacks, self.effects, self.items,
                             self.reactions, self.auras, self.supplies)
            self.ai = AISystem(self.attacks, self.movement, self.reactions, self.items,
                               self.auras)
            self.roster = Roster(self.ai, seed)  # which AI commands each side (arena/ai/sides.py)
            # Only rulesets with buffs pay for ending chants.
            self.chants = isinstance(ruleset, Extras)
            self.opening = self._finish(self.turns.begin_round())

    def _spawn(self) -> None:
        """Create the combatants (entity ids 1..n in scenario order), then the clock."""
        for index, spec in enumerate(self.scenario.combatants):
            wound = self.wounds.get(index) or Wounds(
                spec.entering_hp, {name: (rounds, amount) for name, rounds, amount in
                                   spec.conditions})
            carried = self.ruleset.carried_conditions(wound.conditions)
            lasting = {name: rounds for name, (rounds, _) in sorted(carried.items())}
            strength = {name: amount for name, (_, amount) in sorted(carried.items())}
            shield = spec.shield if bears_shield(self.ruleset, lasting) else None
            esper.create_entity(
                Identity(spec.name, spec.glyph, spec.template),
                Side(spec.side),
                Position(spec.at),
                Facing(spec.facing),
                Health(wound.hp, spec.hp),
                ActionPoints(spec.speed, spec.speed),
                Stats(worn_stats(self.ruleset, spec.stats[self.ruleset.name], spec.armour,
                                 shield)),
                *self._arm(spec.weapons, frozenset(lasting), shield is not None),
                Worn(spec.armour, shield),
                Conditions(lasting, strength),
                Momentum(),
                TurnMemory(),
                *([Pack(list(spec.supplies))] if spec.supplies else []),
            )
        esper.create_entity(Clock())

    def _arm(
        self, weapons: tuple[Weapon, ...], conditions: frozenset[str], shield: bool
    ) -> tuple[Wielded, Carried]:
        """Fill the hands a shield leaves in the scenario's order; the rest are spares.

        A combatant armed with natural weapons alone (a beast) is marked `natural_only`.
        """
        hands = self.ruleset.hands(conditions)
        hands = hands - 1 if shield else hands
        wielded: list[Weapon] = []
        carried: list[Weapon] = []
        for weapon in weapons:
            fits = sum(w.hands for w in wielded) + weapon.hands <= hands
            (wielded if fits and not carried else carried).append(weapon)
        beast = bool(weapons) and all(w.natural for w in weapons)
        return Wielded(wielded, natural_only=beast), Carried(carried)

    def __enter__(self) -> Battle:
        """Make this battle's world esper's current world."""
        self.world.__enter__()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        """Leave and delete this battle's world."""
        self.world.__exit__(kind, error, trace)
        self.world.delete()

    @property
    def active(self) -> int | None:
        """Who acts next: an enemy deciding on an opening, else whose turn it is (None: over)."""
        self.world.activate()
        pending = self.reactions.pending()
        if pending is not None:
            return pending[1].reactors[0]
        return queries.clock().active

    @property
    def over(self) -> bool:
        """True once a side has won or the round limit was reached."""
        self.world.activate()
        return queries.clock().over

    def apply(self, command: Command) -> list[Event]:
        """Carry out a command and return its events; a refusal changes nothing."""
        self.world.activate()
        reason = self._refusal(command)
        outcome = reason if reason is not None else self.door.handle(command)
        if isinstance(outcome, str):
            return [Refused(command.type, outcome)]
        if self.chants and not isinstance(command, KEEPS_CHANTS):
            # Doing anything else ends a buff kept up by concentration (a chant).
            interrupted = self.auras.interrupt(command.actor)
            if interrupted:
                outcome = [*interrupted, *outcome]
        return self._finish(outcome)

    def _refusal(self, command: Command) -> str | None:
        """Refusals common to every command: battle over, not the actor's turn or reaction."""
        clock = esper.get_component(Clock)[0][1]  # (`queries.clock`, inlined: every command)
        if clock.over:
            return "the battle is over"
        combatants = self.combatants  # (checked here, not by a call: every command asks)
        if command.actor not in combatants or (
                isinstance(command, Attack) and command.target not in combatants):
            return self._stranger(command)
        pending = esper.get_component(Opening)  # (`reactions.pending`, inlined: every command)
        turning = isinstance(command, Face)  # off-turn facing: where the ruleset prices it
        if pending and not isinstance(command, React) and not (
                turning and command.actor == pending[0][1].reactors[0]):
            reactor = queries.name_of(pending[0][1].reactors[0])
            return f"waiting for {reactor} to decide on an Action of Opportunity"
        if isinstance(command, React):
            return None if not command.take else queries.incapacity(self.ruleset, command.actor)
        if command.actor != clock.active and not (turning and queries.is_alive(command.actor)):
            active = clock.active
            whose = queries.name_of(active) if active is not None else "nobody"
            return f"it is not #{command.actor}'s turn (it is {whose}'s)"
        if not isinstance(command, EndTurn):
            return queries.incapacity(self.ruleset, command.actor)
        return None

    def _stranger(self, command: Command) -> str | None:
        """A command from a file naming no combatant (the clock, #999) is refused, not a crash."""
        for entity in (command.actor, command.target) if isinstance(command, Attack) else (
                command.actor,):
            if entity not in self.combatants:
                return f"#{entity} is not a combatant in this battle"
        return None

    def _finish(self, events: list[Event]) -> list[Event]:
        """Add dice notices and the victory check, then log the events."""
        notices = self.dice.drain_notices()
        if notices:
            events.extend(Notice(text) for text in notices)
        if Died in map(type, events):
            events.extend(self.auras.settle())
            events.extend(self.turns.check_victory())
            clock = queries.clock()
            fallen = clock.active
            if fallen is not None and not queries.is_alive(fallen) and not clock.over:
                events.extend(self.turns.end_turn(fallen))
        self.log.extend(events)
        return events

    def decide(self) -> Command:
        """The AI's choice of command for the active combatant."""
        actor = self.active
        if actor is None:
            raise RuntimeError("the battle is over: nobody acts")
        return self.roster.decide(actor, self.reactions.pending() is not None)

    def explain(self) -> tuple[Command, list[Candidate]]:
        """The AI's command for the active combatant with its rated candidates, best first."""
        actor = self.active
        if actor is None:
            raise RuntimeError("the battle is over: nobody acts")
        if self.reactions.pending() is not None:
            return self.roster.decide(actor, True), []
        return self.roster.explain(actor)

    def ai_label(self, actor: int) -> str:
        """Which AI commands `actor`'s side (`tactical/normal`, `basic`, ...)."""
        self.world.activate()
        return self.roster.label(actor)

    def state_hash(self) -> str:
        """A short hash of the whole battle state."""
        self.world.activate()
        return state_hash(self.dice)

    def names(self) -> dict[int, str]:
        """Display names by entity id."""
        self.world.activate()
        return {e: ident.name for e, ident in sorted(esper.get_component(Identity))}
