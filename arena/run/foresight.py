"""What the run's map shows of a node before the party goes there (`Run.foresee`)."""

from __future__ import annotations

from dataclasses import dataclass

from arena.run.route import Node
from arena.run.runevents import Foe

EVEN, HARD, DEADLY = 0.5, 0.9, 1.3  # the foes' strength over the party's where each word starts


@dataclass(frozen=True, slots=True)
class Foresight:
    """What the map shows of a node.

    Its foes (none at a camp) against the party as it stands, its reward, and the kinds of the
    nodes it leads to.
    """

    node: Node
    foes: tuple[Foe, ...]
    foe_strength: int  # the foes' side strength (docs/procgen.md)
    party_strength: int  # the party's, at the HP it has now
    reward: str
    beyond: tuple[str, ...]  # the kinds of the next nodes ("any" after a boss: a new act)

    @property
    def ratio(self) -> float:
        """The foes' strength over the party's (0 where no fight is)."""
        return self.foe_strength / max(1, self.party_strength) if self.foes else 0.0

    @property
    def odds(self) -> str:
        """The foes against the party in one word: easy, even, hard or deadly."""
        if not self.foes:
            return "no fight"
        ratio = self.ratio
        return "easy" if ratio < EVEN else "even" if ratio < HARD else "hard" \
            if ratio < DEADLY else "deadly"
