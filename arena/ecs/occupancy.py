"""The occupancy index of each battle world: which living combatant stands on which hex.

Kept by the systems that move and kill (`moved`, `fell`), built from the components on first
use and rebuilt from them after a snapshot is restored (`forget`); never serialised, so the
state hash and snapshots are what they were without it.
"""

from __future__ import annotations

import esper

from arena.ecs.components import Dead, Health, Position, Side
from arena.hexgrid import DIRECTIONS, Hex


class Occupancy:
    """Living combatants by hex and by side, in entity-id order, for one world."""

    def __init__(self) -> None:
        self.at: dict[Hex, int] = {}
        self.where: dict[int, Hex] = {}
        self.side: dict[int, int] = {}
        self.living: list[int] = []
        self.version = 0  # counts the changes: a path found at one version holds until the next
        self._foes: dict[int, list[int]] = {}  # living combatants not of a side, until a change
        for e, health in sorted(esper.get_component(Health)):
            del health
            if esper.has_component(e, Dead):
                continue
            h = esper.component_for_entity(e, Position).hex
            self.living.append(e)
            self.at[h] = e
            self.where[e] = h
            self.side[e] = esper.component_for_entity(e, Side).index
        self.foes_next: dict[int, int] = dict.fromkeys(self.living, 0)  # adjacent foes, each
        self.contact: dict[int, set[int]] = {}  # by side: those with a foe next to them
        for e in self.living:
            self._touch(e, self.where[e], 1, both=False)

    def _touch(self, entity: int, h: Hex, step: int, both: bool = True) -> None:
        """Count `entity` on `h` in (`step` 1) or out of (-1) the contacts around it."""
        mine, at = self.side[entity], self.at
        q, r = h
        for dq, dr in DIRECTIONS:  # the six neighbours, as (q, r) tuples (a Hex hashes alike)
            other = at.get((q + dq, r + dr))  # type: ignore[call-overload]
            if other is not None and other != entity and self.side[other] != mine:
                self._bump(entity, step)
                if both:
                    self._bump(other, step)

    def _bump(self, entity: int, step: int) -> None:
        """Add `step` to `entity`'s count of adjacent foes, keeping `contact` in step."""
        count = self.foes_next[entity] = self.foes_next[entity] + step
        members = self.contact.setdefault(self.side[entity], set())
        if count > 0:
            members.add(entity)
        else:
            members.discard(entity)

    def move(self, entity: int, to: Hex) -> None:
        """`entity` now stands on `to`."""
        old = self.where.get(entity)
        if old is None:
            return
        self._touch(entity, old, -1)
        if self.at.get(old) == entity:
            del self.at[old]
        self.at[to] = entity
        self.where[entity] = to
        self._touch(entity, to, 1)
        self.version += 1

    def remove(self, entity: int) -> None:
        """`entity` has fallen: it no longer blocks or counts among the living."""
        h = self.where.get(entity)
        if h is None:
            return
        self._touch(entity, h, -1)
        del self.where[entity]
        self.contact.get(self.side[entity], set()).discard(entity)
        if self.at.get(h) == entity:
            del self.at[h]
        self.living.remove(entity)
        self.version += 1
        self._foes.clear()

    def foes(self, side: int) -> list[int]:
        """The living combatants of every other side, in entity-id order (do not mutate)."""
        found = self._foes.get(side)
        if found is None:
            sides = self.side
            found = self._foes[side] = [e for e in self.living if sides[e] != side]
        return found


_INDEX: dict[str, Occupancy] = {}


def index() -> Occupancy:
    """The current world's index (built from its components when first asked for)."""
    found = _INDEX.get(esper.current_world)
    if found is None:
        found = _INDEX[esper.current_world] = Occupancy()
    return found


def moved(entity: int, to: Hex) -> None:
    """Put `entity` on `to`: its Position and the index."""
    esper.component_for_entity(entity, Position).hex = to
    if esper.current_world in _INDEX:
        _INDEX[esper.current_world].move(entity, to)


def fell(entity: int, round_: int) -> None:
    """Mark `entity` dead (in round `round_`): the Dead component and the index."""
    esper.add_component(entity, Dead(round_))
    if esper.current_world in _INDEX:
        _INDEX[esper.current_world].remove(entity)


def forget(world: str | None = None) -> None:
    """Drop a world's index (default: the current one), to be rebuilt when next asked for."""
    _INDEX.pop(esper.current_world if world is None else world, None)
