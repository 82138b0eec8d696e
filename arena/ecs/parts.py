"""Direct references to each combatant's lasting components, fetched once per battle world.

An attack reads about twenty components, and each `esper.component_for_entity` is a call and
two lookups. The components a combatant is spawned with stay the same objects for the whole
battle (the systems change their fields, never replace them) until a snapshot is restored,
which clears the world and drops its occupancy index: so the references are kept for one
occupancy index and fetched again when the index is a new one.
"""

from __future__ import annotations

from dataclasses import dataclass

import esper

from arena.ecs import occupancy
from arena.ecs.components import (
    ActionPoints,
    Conditions,
    Facing,
    Health,
    Momentum,
    Position,
    Stats,
    TurnMemory,
    Wielded,
    Worn,
)


@dataclass(frozen=True, slots=True)
class Parts:
    """One combatant's components that last the battle (`worn` None in an old snapshot)."""

    position: Position
    facing: Facing
    health: Health
    points: ActionPoints
    stats: Stats
    wielded: Wielded
    conditions: Conditions
    momentum: Momentum
    memory: TurnMemory
    worn: Worn | None


def fetch(entity: int) -> Parts:
    """Read `entity`'s lasting components off the current world."""
    component = esper.component_for_entity
    return Parts(
        component(entity, Position), component(entity, Facing), component(entity, Health),
        component(entity, ActionPoints), component(entity, Stats), component(entity, Wielded),
        component(entity, Conditions), component(entity, Momentum),
        component(entity, TurnMemory), esper.try_component(entity, Worn),
    )


class PartsCache:
    """Combatants' parts by entity id, for the world whose occupancy index is `index`."""

    def __init__(self) -> None:
        self.index: occupancy.Occupancy | None = None
        self.known: dict[int, Parts] = {}

    def check(self, index: occupancy.Occupancy) -> dict[int, Parts]:
        """The parts known for `index` (the current world's): all dropped if it is a new one."""
        if index is not self.index:
            self.index, self.known = index, {}
        return self.known

    def of(self, entity: int) -> Parts:
        """`entity`'s parts in the current world."""
        known = self.check(occupancy.index())
        found = known.get(entity)
        if found is None:
            found = known[entity] = fetch(entity)
        return found
