"""Camp, merchant and event choices as frozen records, as the run journal and record keep them.

Each kind of choice is one record. Its JSON is an object naming the kind under `choice`, then
its fields in the record's order, as the camp screen and the `--auto` policy have always
written them: `{"choice":"take","item":1,"member":0}`, `{"choice":"use","member":0,"item":0}`.
`choice_from_json` reads one back from a file and refuses an unknown kind, a missing or
mistyped field or one it does not know, in one line. Whether a choice can be made at a camp
(a member that exists and lives, an item on the table) is the camp's to say (`camp.refusal`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

from arena.errors import ArenaError
from arena.text import one_line


class _Choice:
    """What every camp choice does: its kind, and its JSON."""

    __slots__ = ()
    kind: ClassVar[str]

    def to_json(self) -> dict[str, object]:
        """The choice as a JSON object, as the files keep it."""
        names = [f.name for f in fields(self)]  # type: ignore[arg-type]  # each is a dataclass
        return {"choice": self.kind, **{name: getattr(self, name) for name in names}}


@dataclass(frozen=True, slots=True)
class Loot(_Choice):
    """Member `member` takes weapon `item` of the bout's loot (free)."""

    kind: ClassVar[str] = "loot"
    item: int
    member: int


@dataclass(frozen=True, slots=True)
class Give(_Choice):
    """Member `member` gives its belonging `item` to member `to` (free; `market.belongings`)."""

    kind: ClassVar[str] = "give"
    member: int
    item: int
    to: int


@dataclass(frozen=True, slots=True)
class Swap(_Choice):
    """Members `member` and `to` trade belongings `item` and `other`, of one sort (free)."""

    kind: ClassVar[str] = "swap"
    member: int
    item: int
    to: int
    other: int


@dataclass(frozen=True, slots=True)
class Drop(_Choice):
    """Member `member` leaves its belonging `item` behind at this camp (free)."""

    kind: ClassVar[str] = "drop"
    member: int
    item: int


@dataclass(frozen=True, slots=True)
class Rest(_Choice):
    """The party rests (the main action)."""

    kind: ClassVar[str] = "rest"


@dataclass(frozen=True, slots=True)
class Repair(_Choice):
    """The forge: every broken weapon that can be mended is made as it was (the main action)."""

    kind: ClassVar[str] = "repair"


@dataclass(frozen=True, slots=True)
class Tend(_Choice):
    """Every injury of member `member` that care heals is healed (the main action)."""

    kind: ClassVar[str] = "tend"
    member: int


@dataclass(frozen=True, slots=True)
class Train(_Choice):
    """Each member standing trains: a share of a level's experience (the main action)."""

    kind: ClassVar[str] = "train"


@dataclass(frozen=True, slots=True)
class Forage(_Choice):
    """The party gathers the supplies the ground here gives (the main action)."""

    kind: ClassVar[str] = "forage"


@dataclass(frozen=True, slots=True)
class Scout(_Choice):
    """The road ahead is scouted: the map shows more of its foes (the main action)."""

    kind: ClassVar[str] = "scout"


@dataclass(frozen=True, slots=True)
class Take(_Choice):
    """Member `member` takes offer `item`: a weapon, armour, shield or supply (main action)."""

    kind: ClassVar[str] = "take"
    item: int
    member: int


@dataclass(frozen=True, slots=True)
class Use(_Choice):
    """Member `member` uses supply `item` of its pack (free)."""

    kind: ClassVar[str] = "use"
    member: int
    item: int


@dataclass(frozen=True, slots=True)
class Recruit(_Choice):
    """Fighter `offer` of those offered here joins for its wage (at a camp, the main action)."""

    kind: ClassVar[str] = "recruit"
    offer: int


@dataclass(frozen=True, slots=True)
class Buy(_Choice):
    """Member `member` buys ware `item` of the merchant's stock (free but for its price)."""

    kind: ClassVar[str] = "buy"
    item: int
    member: int


@dataclass(frozen=True, slots=True)
class Sell(_Choice):
    """Member `member` sells belonging `item`: its weapons, armour, shield, then supplies."""

    kind: ClassVar[str] = "sell"
    member: int
    item: int


@dataclass(frozen=True, slots=True)
class Answer(_Choice):
    """The party answers the event here with option `option` (the event's one action)."""

    kind: ClassVar[str] = "answer"
    option: int


@dataclass(frozen=True, slots=True)
class Retire(_Choice):
    """The run ends here with what it has won."""

    kind: ClassVar[str] = "retire"


CampChoice = (Loot | Give | Swap | Drop | Rest | Train | Repair | Tend | Forage | Scout | Take
              | Use | Recruit | Buy | Sell | Answer | Retire)
CHOICE_TYPES: dict[str, type[CampChoice]] = {
    c.kind: c for c in (Loot, Give, Swap, Drop, Rest, Train, Repair, Tend, Forage, Scout, Take, Use,
                        Recruit, Buy, Sell, Answer, Retire)}


def choice_from_json(data: object) -> CampChoice:
    """A camp choice read from a file; an ArenaError in one line if it is none."""
    if not isinstance(data, dict):
        raise ArenaError("a camp choice is not a JSON object")
    kind = data.get("choice")
    made = CHOICE_TYPES.get(kind) if isinstance(kind, str) else None
    if made is None:
        raise ArenaError(f"unknown camp choice {one_line(str(kind))}")
    if kind == "give" and "weapon" in data and "item" not in data:  # as files before 2026-12
        data = {("item" if k == "weapon" else k): v for k, v in data.items()}
    names = [f.name for f in fields(made)]
    unknown = sorted(str(k) for k in data if k != "choice" and k not in names)
    if unknown:
        raise ArenaError(f"camp choice {kind}: unknown field {one_line(unknown[0])}")
    values: dict[str, object] = {}
    for name in names:
        value = data.get(name)
        if not isinstance(value, int) or isinstance(value, bool):  # every field is an index
            raise ArenaError(f"camp choice {kind}: {name}: missing or not a whole number")
        values[name] = value
    return made(**values)  # type: ignore[arg-type]  # each field checked above
