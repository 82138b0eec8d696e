"""The battle world's entities as plain lists, and rebuilding a world from them (snapshots)."""

from __future__ import annotations

import esper

from arena.ecs import occupancy

Entities = list[tuple[int, list[object]]]


def entities() -> Entities:
    """Every entity of the current world with its components in class-name order, by id."""
    return [(e, components(e)) for e in sorted(esper.get_entities())]


def components(entity: int) -> list[object]:
    """An entity's components in class-name order (so a snapshot is the same bytes each time)."""
    return sorted(esper.components_for_entity(entity), key=lambda c: type(c).__qualname__)


def next_entity() -> int:
    """The id esper will give the next entity of the current world."""
    counter = esper._entity_count  # read only: esper has no public accessor for it
    return int(repr(counter)[len("count("):-1])


def rebuild(alive: Entities, next_id: int) -> None:
    """Empty the current world and re-create `alive` with their ids; esper's next id is `next_id`.

    Ids count up from 1 as in the original world; those not in `alive` are created and deleted
    again. The occupancy index is forgotten: it is rebuilt from the positions when next asked.
    """
    esper.clear_database()
    occupancy.forget()
    by_id = dict(alive)
    for _ in range(1, next_id):
        entity = esper.create_entity()
        for component in by_id.get(entity, []):
            esper.add_component(entity, component)
    for entity in range(1, next_id):
        if entity not in by_id:
            esper.delete_entity(entity, immediate=True)
