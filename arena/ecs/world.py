"""A uniquely named esper world per battle, entered through a context manager."""

from __future__ import annotations

import itertools
from types import TracebackType

import esper

from arena.ecs import occupancy

_serial = itertools.count(1)


class World:
    """One battle's esper world; `with world:` makes it esper's current world."""

    def __init__(self) -> None:
        self.name = f"arena-battle-{next(_serial)}"
        self._previous: list[str] = []

    def activate(self) -> None:
        """Make this world esper's current one (cheap when it already is)."""
        if esper.current_world != self.name:
            esper.switch_world(self.name)

    def __enter__(self) -> World:
        """Switch esper to this world, remembering the one that was current."""
        self._previous.append(esper.current_world)
        self.activate()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        """Switch back to the world that was current before."""
        esper.switch_world(self._previous.pop() if self._previous else "default")

    def delete(self) -> None:
        """Drop this world and everything in it."""
        if esper.current_world == self.name:
            esper.switch_world("default")
        if self.name in esper.list_worlds():
            esper.delete_world(self.name)
        occupancy.forget(self.name)
