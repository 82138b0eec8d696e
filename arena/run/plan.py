"""Plans for the headless run (`arena run --auto --plan PLAN.jsonl`) and its decision points.

A **decision point** is (step, kind): `road`, the choice of the node of step `step`, or
`camp`, the after-part of the node reached at step `step` (a camp node, a fight's spoils, a
merchant, an event). A plan is JSON Lines, one decision point a line, in any order:
`{"step": 3, "road": "a1s3n1"}` takes that road; `{"step": 3, "camp": [CHOICE, ...]}` makes
those camp choices first, in order (each as the run journal writes it: `decisions.py`), and
the camp policy goes on from there. Elsewhere the documented policies choose (`auto.py`).

At each point, with `--json`, the run prints a `decision` line listing every legal choice, each
itself a valid plan line (`road_decision`, `camp_decision`; `legal_choices` the camp's, in a
fixed order). docs/run.md, "Plans and decision points".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING

from arena.errors import ArenaError
from arena.files import parse_json, read_text
from arena.run.camp import Camp, refusal
from arena.run.decisions import (
    CHOICE_TYPES,
    Answer,
    Buy,
    CampChoice,
    Drop,
    Forage,
    Give,
    Loot,
    Recruit,
    Repair,
    Rest,
    Scout,
    Sell,
    Swap,
    Take,
    Tend,
    Train,
    Use,
    choice_from_json,
)
from arena.run.holding import belongings
from arena.text import one_line

if TYPE_CHECKING:
    from pathlib import Path

    from arena.run.route import Node

ROAD_POINT = "road"
CAMP_POINT = "camp"
KEYS = ("step", ROAD_POINT, CAMP_POINT)
MAX_PLAN_BYTES = 8 << 20  # a plan file: 8 MiB (a line a point of a 1,000-step run is ~1 MB)
NODE_ID = re.compile(r"a[0-9]{1,6}s[0-9]{1,6}n[0-9]{1,3}")  # `route.node_id`: a1s3n2
SHOWN = 3  # unreached lines named in the warning


@dataclass(frozen=True, slots=True)
class Planned:
    """One plan line: its point and what it chooses there."""

    line: int  # its line number in the file, from 1
    step: int
    kind: str  # ROAD_POINT or CAMP_POINT
    road: str = ""
    choices: tuple[CampChoice, ...] = ()

    @property
    def point(self) -> str:
        """The point as the error lines name it: `step 5 camp`."""
        return f"step {self.step} {self.kind}"


@dataclass(slots=True)
class Plan:
    """A plan read from a file: its lines by point, and the points the run has reached."""

    where: str  # the file, as error lines name it
    points: dict[tuple[int, str], Planned]
    reached: set[tuple[int, str]] = field(default_factory=set)

    def take(self, step: int, kind: str) -> Planned | None:
        """The line for point (step, kind), if any; the point counts as reached."""
        self.reached.add((step, kind))
        return self.points.get((step, kind))

    def refused(self, planned: Planned, what: str, reason: str) -> ArenaError:
        """The error for a planned choice the run refuses when its point comes."""
        return ArenaError(f"{self.where} line {planned.line}: {planned.point}: {what} refused: "
                          f"{reason}")

    def unreached(self) -> list[Planned]:
        """The lines whose points the run never reached, in file order."""
        return sorted((p for key, p in self.points.items() if key not in self.reached),
                      key=lambda p: p.line)

    def warning(self) -> str | None:
        """One line naming the lines the run never reached (None: every line was used)."""
        left = self.unreached()
        if not left:
            return None
        named = ", ".join(f"line {p.line} ({p.point})" for p in left[:SHOWN])
        more = f" and {len(left) - SHOWN} more" if len(left) > SHOWN else ""
        lines = "1 line names a decision point" if len(left) == 1 else \
            f"{len(left)} lines name decision points"
        return f"{self.where}: {lines} the run never reached: {named}{more}"


def load_plan(path: Path) -> Plan:
    """Read a plan file strictly; anything wrong is one ArenaError naming the file and line."""
    where = one_line(str(path))
    rows = read_text(path, where, MAX_PLAN_BYTES).split("\n")
    if rows[-1] == "":
        rows.pop()  # the last line's newline
    points: dict[tuple[int, str], Planned] = {}
    for number, row in enumerate(rows, 1):
        label = f"{where} line {number}"
        if not row.strip():
            raise ArenaError(f"{label}: an empty line (a plan gives one decision point a line)")
        planned = plan_line(parse_json(row, label), number, label)
        first = points.get((planned.step, planned.kind))
        if first is not None:
            raise ArenaError(f"{label}: {planned.point} is planned twice (line {first.line} "
                             "plans it too)")
        points[planned.step, planned.kind] = planned
    return Plan(where, points)


def plan_line(data: object, number: int, label: str) -> Planned:
    """One plan line read from its JSON (`label` opens its error lines)."""
    if not isinstance(data, dict):
        raise ArenaError(f'{label}: not a JSON object such as {{"step": 3, "road": "a1s3n0"}}')
    unknown = sorted(str(k) for k in data if k not in KEYS)
    if unknown:
        raise ArenaError(f"{label}: unknown key {one_line(repr(unknown[0]), 40)} (a plan line "
                         "has step, and road or camp)")
    step = data.get("step")
    if not isinstance(step, int) or isinstance(step, bool) or step < 1:
        raise ArenaError(f"{label}: step: missing or not a whole number 1 or more")
    if (ROAD_POINT in data) == (CAMP_POINT in data):
        raise ArenaError(f"{label}: a plan line has road or camp, exactly one of them")
    if ROAD_POINT in data:
        road = data[ROAD_POINT]
        if not isinstance(road, str) or NODE_ID.fullmatch(road) is None:
            raise ArenaError(f"{label}: road: not a node id such as a1s3n0")
        return Planned(number, step, ROAD_POINT, road=road)
    made = data[CAMP_POINT]
    if not isinstance(made, list):
        raise ArenaError(f"{label}: camp: not a list of camp choices")
    choices = []
    for k, item in enumerate(made, 1):
        try:
            choices.append(choice_from_json(item))
        except ArenaError as e:
            raise ArenaError(f"{label}: camp choice {k}: {e}") from None
    return Planned(number, step, CAMP_POINT, choices=tuple(choices))


def shown(choice: CampChoice) -> str:
    """A choice as an error line names it: `rest`, `take (item 1, member 0)`."""
    names = [f.name for f in fields(choice)]
    if not names:
        return choice.kind
    return f"{choice.kind} ({', '.join(f'{n} {getattr(choice, n)}' for n in names)})"


def _members(camp: Camp) -> range:
    """Every party index (the dead too: the camp refuses them)."""
    return range(len(camp.party))


def _owned(camp: Camp, m: int) -> range:
    """Every index of member `m`'s belongings."""
    return range(len(belongings(camp.party[m])))


def _wares(camp: Camp) -> range:
    """Every index of the merchant's table."""
    return range(len(camp.market.wares) if camp.market is not None else 0)


def _options(camp: Camp) -> range:
    """Every option of the event held here."""
    return range(len(camp.meeting.card.options) if camp.meeting is not None else 0)


# Every choice of each kind a camp could be asked for, by its fields in their order; the camp
# says which it accepts (`refusal`). `retire` is left out: it is always legal and ends the run.
CANDIDATES: dict[str, Callable[[Camp], Iterator[CampChoice]]] = {
    "loot": lambda c: (Loot(i, m) for i in range(len(c.loot)) for m in _members(c)),
    "give": lambda c: (Give(m, k, t) for m in _members(c) for k in _owned(c, m)
                       for t in _members(c)),
    "swap": lambda c: (Swap(m, k, t, j) for m in _members(c) for k in _owned(c, m)
                       for t in _members(c) for j in _owned(c, t)),
    "drop": lambda c: (Drop(m, k) for m in _members(c) for k in _owned(c, m)),
    "rest": lambda _: iter((Rest(),)),
    "train": lambda _: iter((Train(),)),
    "repair": lambda _: iter((Repair(),)),
    "tend": lambda c: (Tend(m) for m in _members(c)),
    "forage": lambda _: iter((Forage(),)),
    "scout": lambda _: iter((Scout(),)),
    "take": lambda c: (Take(i, m) for i in range(len(c.offers)) for m in _members(c)),
    "use": lambda c: (Use(m, i) for m in _members(c) for i in range(len(c.party[m].supplies))),
    "recruit": lambda c: (Recruit(k) for k in range(len(c.hires))),
    "buy": lambda c: (Buy(i, m) for i in _wares(c) for m in _members(c)),
    "sell": lambda c: (Sell(m, i) for m in _members(c)
                       for i in range(len(belongings(c.party[m])))),
    "answer": lambda c: (Answer(k) for k in _options(c)),
}


def legal_choices(camp: Camp) -> list[CampChoice]:
    """Every single choice `camp` accepts now, `retire` apart.

    By kind in `decisions.CHOICE_TYPES` order, then by the choice's fields in their order
    (`Loot(item, member)`: by item, then member), each ascending.
    """
    return [choice for kind in CHOICE_TYPES if kind in CANDIDATES
            for choice in CANDIDATES[kind](camp) if refusal(camp, choice) is None]


def road_decision(step: int, ways: list[Node]) -> dict[str, object]:
    """The `decision` line of a road: every node open, in the map's order (by lane)."""
    return {"type": "decision", "step": step, "kind": ROAD_POINT,
            "legal": [{"step": step, ROAD_POINT: n.id} for n in ways]}


def camp_decision(step: int, node: str, camp: Camp) -> dict[str, object]:
    """The `decision` line of a camp at its opening: each legal choice as a plan line."""
    return {"type": "decision", "step": step, "kind": CAMP_POINT, "node": node,
            "legal": [{"step": step, CAMP_POINT: [c.to_json()]} for c in legal_choices(camp)]}
