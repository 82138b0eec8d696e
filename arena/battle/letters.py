"""The map letters of a battle's combatants: one each within a side (issue 30)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class Lettered(Protocol):
    """What the rule reads of a combatant: its name, glyph and side."""

    @property
    def name(self) -> str:
        """The combatant's name."""
        ...

    @property
    def glyph(self) -> str:
        """Its glyph in the scenario."""
        ...

    @property
    def side(self) -> int:
        """Its side."""
        ...


def distinct_letters(combatants: Sequence[Lettered]) -> list[str]:
    """The map letter of each combatant, in the order given (entity-id order), one per side.

    The first keeps its own glyph; a later one whose letter is taken in its side takes the
    digit its name ends with ("Goblin 2": `2`), else the first letter of its name not yet
    taken, else the first free digit. Display only: the battle and its hashes keep the
    scenario's glyphs.

    >>> from types import SimpleNamespace as C
    >>> distinct_letters([C(name="Lancer", glyph="L", side=0), C(name="Longbow", glyph="L",
    ...                   side=0), C(name="Goblin 2", glyph="g", side=1)])
    ['L', 'O', 'g']
    """
    taken: dict[int, set[str]] = {}
    letters: list[str] = []
    for c in combatants:
        used = taken.setdefault(c.side, set())
        letter, shown = c.glyph.upper(), c.glyph
        if letter in used:
            tail = c.name.rstrip()[-1:]
            picks = [tail] if tail.isdigit() else []
            picks += [ch.upper() for ch in c.name if ch.isalnum()] + list("123456789")
            letter = shown = next((p for p in picks if p not in used), letter)
        used.add(letter)
        letters.append(shown)
    return letters
