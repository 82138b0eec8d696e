"""Events of a run (`assets/events.toml`): short encounters between fights, as frozen records.

An event is a text and two or three options; an option has a price paid up front, a chance
that its `win` effect happens and otherwise its `lose` effect. What an effect does to the
party is the run's business (arena/run/); these records only hold what the file says.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Effect:
    """What an outcome does to the party."""

    text: str = ""  # what happens, shown after the choice (one or two sentences)
    coin: int = 0  # coin gained (negative: lost; never below 0 coin at run time)
    hp: int = 0  # percent of each living member's max HP gained (negative: lost; never below 1 HP)
    xp: int = 0  # percent of a level's experience each living member gains (0..100)
    supply: str = ""  # a supply id from supplies.toml given to the first member with room ("" none)
    weapon: str = ""  # a weapon id from weapons.toml given to the first member with room ("" none)
    join: bool = False  # the first fighter the node offers joins the party for free
    tend: bool = False  # every injury that care heals is healed, on every living member


@dataclass(frozen=True, slots=True)
class EventOption:
    """One answer to an event: its label, price, and outcomes."""

    label: str
    price: int  # coin paid up front to choose it (0: free); refused without the coin
    chance: int  # percent chance (1..100) that `win` happens; otherwise `lose`
    win: Effect
    lose: Effect | None  # None exactly when chance == 100

    @property
    def certain(self) -> bool:
        """Tell whether `win` always happens (chance 100, no `lose`)."""
        return self.chance == 100


@dataclass(frozen=True, slots=True)
class EventCard:
    """An event: its id, name, text and two or three options."""

    id: str
    name: str
    text: str
    options: tuple[EventOption, ...]

    def items(self) -> tuple[str, ...]:
        """Every weapon and supply id its effects name, sorted, each once."""
        effects = [e for o in self.options for e in (o.win, o.lose) if e is not None]
        return tuple(sorted({i for e in effects for i in (e.supply, e.weapon) if i}))
