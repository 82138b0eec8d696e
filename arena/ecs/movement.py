"""Movement system: walking paths and turning, paid in AP.

A move is a run of one-hex steps, each an Open action of its own (`Plan`): the battle's door
pays each step and offers the enemies an opening before the mover takes it (`step`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

import esper

from arena.ecs import occupancy, queries
from arena.ecs.components import ActionPoints, Conditions, Facing, Momentum
from arena.ecs.events import ConditionEnded, Event, Faced, Moved
from arena.ecs.pathing import Paths, terrain_costs
from arena.ecs.plans import Plan
from arena.hexgrid import FACING_NAMES, Hex, direction_to, hex_distance
from arena.model.commands import Face, Move, StandUp
from arena.model.terrain import HexMap
from arena.rules.base import Ruleset

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

SEARCHES_KEPT = 16  # path searches kept for reuse (`MovementSystem.search`)


class MovementSystem:
    """Moves combatants along tcod paths, blocked by walls and occupied hexes."""

    def __init__(self, ruleset: Ruleset, hexmap: HexMap) -> None:
        self.ruleset = ruleset
        self.hexmap = hexmap
        self._paths: tuple[tuple[object, ...], Paths] | None = None
        self._searches: dict[tuple[Hex, frozenset[Hex]], Paths] = {}

    @functools.cached_property
    def base_costs(self) -> NDArray[np.int8]:
        """The map's step costs as an array (made when a path is first looked for)."""
        return terrain_costs(self.hexmap)

    def paths_from(self, actor: int) -> Paths:
        """Shortest paths from `actor`'s hex around walls and other combatants."""
        start = queries.hex_of(actor)
        index = occupancy.index()
        # The AI's look at its moves and the move it then makes share one search: the paths
        # hold while nobody moves or falls (the index's version) and the mover stays put.
        key = (actor, start, index, index.version)
        if self._paths is None or self._paths[0] != key:
            self._paths = (key, self.search(start, index.at))
        return self._paths[1]

    def search(self, start: Hex, occupied: dict[Hex, int]) -> Paths:
        """The paths from `start` with `occupied` in the way, kept for the last few searches.

        A search depends on the start and the other combatants' hexes alone: when the world
        comes back to both (a mover whose foe stepped back in, a decision after an attack that
        killed no one), the same search answers again, tie for tie.
        """
        key = (start, frozenset(occupied))  # (the start itself never blocks its own search)
        found = self._searches.get(key)
        if found is None:
            found = Paths(self.base_costs, self.hexmap.radius, start, key[1])
            if len(self._searches) >= SEARCHES_KEPT:
                del self._searches[next(iter(self._searches))]  # the oldest
            self._searches[key] = found
        return found

    def move(self, command: Move) -> str | list[Plan]:
        """The steps to `command.to`; refused (nothing spent) if unreachable or beyond the AP."""
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
        cost = sum(self.step_cost(h, step_cost) for h in path[1:])
        ap = esper.component_for_entity(command.actor, ActionPoints)
        if cost > ap.current:
            return f"needs {cost} AP for {len(path) - 1} hexes, has {ap.current}"
        return self.steps(command, path[1:])

    def steps(self, command: Move, steps: Sequence[Hex]) -> list[Plan]:
        """Each step of a move as an Open action: its AP and the way on from there."""
        step_cost = self.ruleset.action_cost("move", None, False) or 0
        way = tuple(steps)
        return [Plan(command, "move", self.step_cost(h, step_cost), None, way[i:])
                for i, h in enumerate(way)]

    def step_cost(self, h: Hex, step_cost: int) -> int:
        """AP to enter `h`: the ruleset's step cost times the terrain's (difficult ground 2)."""
        terrain = self.hexmap.terrain(h)
        return step_cost * (terrain.move_cost if terrain is not None else 1)

    def resume(self, command: Move, step: Hex) -> str | list[Event]:
        """Take the step that waited on reactions (already paid for), or why it cannot be."""
        here = queries.hex_of(command.actor)
        if hex_distance(here, step) != 1 or step in queries.occupants():
            return "the way is no longer open"
        self.step(command.actor, step)
        return self.moved(command.actor, [here, step], 0)

    def step(self, actor: int, step: Hex) -> None:
        """Move one hex: the position, the facing and the straight-line momentum follow it."""
        momentum = esper.component_for_entity(actor, Momentum)
        direction = direction_to(queries.hex_of(actor), step)
        if direction == momentum.direction:
            momentum.steps += 1
        else:
            momentum.direction, momentum.steps = direction, 1
        occupancy.moved(actor, step)
        esper.component_for_entity(actor, Facing).direction = direction

    def moved(self, actor: int, walked: list[Hex], paid: int) -> list[Event]:
        """The Moved event of a walked stretch that cost `paid` AP (none if it is empty)."""
        if len(walked) < 2:
            return []
        facing = esper.component_for_entity(actor, Facing).direction
        ap = esper.component_for_entity(actor, ActionPoints).current
        return [Moved(actor, tuple(walked), facing, paid, ap)]

    def face(self, command: Face) -> str | list[Event]:
        """Turn to a facing: free on one's own turn so far; off-turn as the ruleset prices it."""
        facing = esper.component_for_entity(command.actor, Facing)
        if facing.direction == command.facing:
            return f"already facing {FACING_NAMES[command.facing]}"
        if command.actor == queries.clock().active:
            cost = queries.afford(self.ruleset, "face", None, command.actor)
        else:
            cost = self.off_turn_face_cost(command.actor)
        if isinstance(cost, str):
            return cost
        ap = esper.component_for_entity(command.actor, ActionPoints)
        ap.current -= cost
        facing.direction = command.facing
        esper.component_for_entity(command.actor, Momentum).steps = 0
        return [Faced(command.actor, command.facing, cost, ap.current)]

    def off_turn_face_cost(self, actor: int) -> int | str:
        """The AP cost of turning when it is not one's turn, or why one cannot."""
        cost = self.ruleset.action_cost("face", None, True)
        if cost is None:
            return "this ruleset does not allow turning when it is not your turn"
        ap = esper.component_for_entity(actor, ActionPoints).current
        return f"needs {cost} AP to turn off-turn, has {ap}" if cost > ap else cost

    def stand_up(self, command: StandUp) -> str | Plan:
        """The plan of getting up from prone, unless a lost leg keeps the combatant down."""
        conditions = esper.component_for_entity(command.actor, Conditions)
        if "prone" not in conditions.rounds:
            return "not prone"
        if any(name.endswith("_leg_severed") for name in conditions.rounds):
            return "cannot stand on a severed leg"
        cost = queries.afford(self.ruleset, "stand_up", None, command.actor)
        if isinstance(cost, str):
            return cost
        return Plan(command, "stand_up", cost)

    def get_up(self, command: StandUp) -> list[Event]:
        """Stand up (its AP paid; after any reactions)."""
        conditions = esper.component_for_entity(command.actor, Conditions)
        conditions.rounds.pop("prone", None)
        conditions.amounts.pop("prone", None)
        return [ConditionEnded(command.actor, "prone")]
