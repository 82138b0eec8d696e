"""`AI`: what every AI that commands a side answers (`decide`, `react`, `explain`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from arena.ai.candidates import Candidate
    from arena.model.commands import Command, React


class AI(Protocol):
    """An AI commanding a side: asked for one command at a time, it never changes the world."""

    def decide(self, actor: int, /) -> Command:
        """The command `actor` gives on its turn."""
        ...

    def react(self, actor: int, /) -> React:
        """Whether `actor` takes the Action of Opportunity on offer now."""
        ...

    def explain(self, actor: int, /) -> tuple[Command, list[Candidate]]:
        """The command `decide` gives, with the rated candidates behind it, best first."""
        ...
