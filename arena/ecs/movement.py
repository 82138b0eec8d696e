"""Movement system: walking paths and turning, paid in AP."""

from __future__ import annotations

import itertools

import esper

from arena.ecs import queries
from arena.ecs.components import ActionPoints, Conditions, Facing, Momentum, Position
from arena.ecs.events import ConditionEnded, Event, Faced, Moved
from arena.ecs.pathing import Paths, terrain_costs
from arena.hexgrid import FACING_NAMES, direction_to
from arena.model.commands import Face, Move, StandUp
from arena.model.terrain import HexMap
from arena.rules.base import Ruleset


class MovementSystem(esper.Processor):
    """Moves combatants along tcod paths, blocked by walls and occupied hexes."""

    def __init__(self, ruleset: Ruleset, hexmap: HexMap) -> None:
        self.ruleset = ruleset
        self.hexmap = hexmap
        self.base_costs = terrain_costs(hexmap)

    def process(self) -> None:
        """Nothing runs per frame: movement happens on commands."""

    def paths_from(self, actor: int) -> Paths:
        """Shortest paths from `actor`'s hex around walls and other combatants."""
        start = queries.hex_of(actor)
        return Paths(self.base_costs, self.hexmap.radius, start, queries.occupants())

    def move(self, command: Move) -> str | list[Event]:
        """Walk to `command.to`; refused (nothing spent) if unreachable or too far for the AP."""
        start = queries.hex_of(command.actor)
        if command.to == start:
            return "already there"
        if "prone" in esper.component_for_entity(command.actor, Conditions).rounds:
            return "prone: stand up first"
        if self.hexmap.terrain(command.to) is None:
            return f"({command.to.q}, {command.to.r}) is off the map"
        if not self.hexmap.passable(command.to):
            return f"({command.to.q}, {command.to.r}) is blocked"
        if command.to in queries.occupants():
            return f"({command.to.q}, {command.to.r}) is occupied"
        path = self.paths_from(command.actor).path_to(command.to)
        if path is None:
            return f"no path to ({command.to.q}, {command.to.r})"
        step_cost = self.ruleset.action_cost("move", None, False)
        if step_cost is None:
            return "this ruleset does not allow moving"
        cost = step_cost * (len(path) - 1)
        ap = esper.component_for_entity(command.actor, ActionPoints)
        if cost > ap.current:
            return f"needs {cost} AP for {len(path) - 1} hexes, has {ap.current}"
        ap.current -= cost
        momentum = esper.component_for_entity(command.actor, Momentum)
        for a, b in itertools.pairwise(path):
            step = direction_to(a, b)
            if step == momentum.direction:
                momentum.steps += 1
            else:
                momentum.direction, momentum.steps = step, 1
        facing = momentum.direction
        assert facing is not None
        esper.component_for_entity(command.actor, Position).hex = command.to
        esper.component_for_entity(command.actor, Facing).direction = facing
        return [Moved(command.actor, tuple(path), facing, cost, ap.current)]

    def face(self, command: Face) -> str | list[Event]:
        """Turn to a facing; free on one's own turn in every ruleset so far."""
        facing = esper.component_for_entity(command.actor, Facing)
        if facing.direction == command.facing:
            return f"already facing {FACING_NAMES[command.facing]}"
        cost = self.ruleset.action_cost("face", None, False)
        if cost is None:
            return "this ruleset does not allow turning"
        ap = esper.component_for_entity(command.actor, ActionPoints)
        if cost > ap.current:
            return f"needs {cost} AP to turn, has {ap.current}"
        ap.current -= cost
        facing.direction = command.facing
        esper.component_for_entity(command.actor, Momentum).steps = 0
        return [Faced(command.actor, command.facing, cost, ap.current)]

    def stand_up(self, command: StandUp) -> str | list[Event]:
        """Get up from prone, unless a lost leg keeps the combatant down."""
        conditions = esper.component_for_entity(command.actor, Conditions)
        if "prone" not in conditions.rounds:
            return "not prone"
        if any(name.endswith("_leg_severed") for name in conditions.rounds):
            return "cannot stand on a severed leg"
        cost = self.ruleset.action_cost("stand_up", None, False)
        if cost is None:
            return "this ruleset does not allow standing up"
        ap = esper.component_for_entity(command.actor, ActionPoints)
        if cost > ap.current:
            return f"needs {cost} AP to stand up, has {ap.current}"
        ap.current -= cost
        del conditions.rounds["prone"]
        conditions.amounts.pop("prone", None)
        return [ConditionEnded(command.actor, "prone")]
