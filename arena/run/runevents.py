"""The run's own events as frozen records, and their JSON Lines (`arena run --auto --json`).

A run tells what happens beside the battles' events: `run_start`, `route` (the road taken to a
node of the run's map), `bout_start`, `battle_end`
(a battle's end with its state hash), `bout_end`, `level_up`, `loot`, `camp` (a choice made)
and `run_end`. Each is one record; `to_json` writes the object the JSON Lines have always
held (the `type` first, then the fields in the record's order), `run_event_from_json` reads
one back and refuses an unknown type or a missing or mistyped field in one line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from arena.errors import ArenaError
from arena.run.decisions import CampChoice, choice_from_json
from arena.run.party import Member
from arena.text import one_line


def _get(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], what: str) -> Any:
    """Field `key` of a JSON object, of `kind` (a bool is no whole number)."""
    value = data.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in (
            kind if isinstance(kind, tuple) else (kind,))):
        raise ArenaError(f"{key}: missing or not {what}")
    return value


def _int(data: Mapping[str, Any], key: str) -> int:
    """A whole-number field."""
    return int(_get(data, key, int, "a whole number"))


def _str(data: Mapping[str, Any], key: str) -> str:
    """A text field."""
    return str(_get(data, key, str, "a string"))


def _bool(data: Mapping[str, Any], key: str) -> bool:
    """A true-or-false field."""
    return bool(_get(data, key, bool, "true or false"))


def _maybe_int(data: Mapping[str, Any], key: str) -> int | None:
    """A whole-number field that may be null."""
    value = _get(data, key, (int, type(None)), "a whole number or null")
    return None if value is None else int(value)


def _texts(data: Mapping[str, Any], key: str) -> tuple[str, ...]:
    """A list of strings."""
    value = _get(data, key, list, "a list")
    if not all(isinstance(x, str) for x in value):
        raise ArenaError(f"{key}: not a list of strings")
    return tuple(value)


def _objects(data: Mapping[str, Any], key: str) -> list[dict[str, Any]]:
    """A list of JSON objects."""
    value = _get(data, key, list, "a list")
    if not all(isinstance(x, dict) for x in value):
        raise ArenaError(f"{key}: not a list of objects")
    return list(value)


@dataclass(frozen=True, slots=True)
class MemberState:
    """A member as the events show it: `weapons` are (weapon id, state) in gear order."""

    name: str
    alive: bool
    hp: int
    max_hp: int
    level: int
    xp: int
    injuries: tuple[str, ...]
    weapons: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, m: Member) -> MemberState:
        """Member `m` as it stands now (its injuries by name, sorted)."""
        return cls(m.name, m.alive, m.hp, m.max_hp, m.level, m.xp, tuple(sorted(m.injuries)),
                   tuple((g.weapon.id, g.state) for g in m.gear))

    def to_json(self) -> dict[str, object]:
        """A JSON object."""
        return {"name": self.name, "alive": self.alive, "hp": self.hp, "max_hp": self.max_hp,
                "level": self.level, "xp": self.xp, "injuries": list(self.injuries),
                "weapons": [{"id": i, "state": s} for i, s in self.weapons]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MemberState:
        """Read one back."""
        weapons = tuple((_str(w, "id"), _str(w, "state")) for w in _objects(data, "weapons"))
        return cls(_str(data, "name"), _bool(data, "alive"), _int(data, "hp"),
                   _int(data, "max_hp"), _int(data, "level"), _int(data, "xp"),
                   _texts(data, "injuries"), weapons)


def party_states(party: list[Member]) -> tuple[MemberState, ...]:
    """The whole party as the events show it, in party order."""
    return tuple(MemberState.of(m) for m in party)


def _party(data: Mapping[str, Any]) -> tuple[MemberState, ...]:
    """The `party` field."""
    return tuple(MemberState.from_json(m) for m in _objects(data, "party"))


def _party_json(party: tuple[MemberState, ...]) -> list[dict[str, object]]:
    """The `party` field as JSON."""
    return [m.to_json() for m in party]


@dataclass(frozen=True, slots=True)
class Foe:
    """A foe of a bout: name, template and threat at full health."""

    name: str
    template: str
    threat: int

    def to_json(self) -> dict[str, object]:
        """A JSON object."""
        return {"name": self.name, "template": self.template, "threat": self.threat}


@dataclass(frozen=True, slots=True)
class RunStart:
    """The run begins: its seed, ruleset, length in steps (None: endless) and party."""

    type: ClassVar[str] = "run_start"
    seed: int
    ruleset: str
    steps: int | None
    endless: bool
    seeded: bool
    party: tuple[MemberState, ...]

    def to_json(self) -> dict[str, object]:
        """A JSON object."""
        return {"type": self.type, "seed": self.seed, "ruleset": self.ruleset,
                "steps": self.steps, "endless": self.endless, "seeded": self.seeded,
                "party": _party_json(self.party)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RunStart:
        """Read one back."""
        return cls(_int(data, "seed"), _str(data, "ruleset"), _maybe_int(data, "steps"),
                   _bool(data, "endless"), _bool(data, "seeded"), _party(data))


@dataclass(frozen=True, slots=True)
class BoutStart:
    """A bout begins: its node (step, id, kind), arena, the foes' budget, foes and party."""

    type: ClassVar[str] = "bout_start"
    bout: int
    step: int
    node: str
    kind: str
    theme: str
    scenario: str
    boss: bool
    budget: int
    enemies: tuple[Foe, ...]
    party: tuple[MemberState, ...]

    def to_json(self) -> dict[str, object]:
        """A JSON object."""
        return {"type": self.type, "bout": self.bout, "step": self.step, "node": self.node,
                "kind": self.kind, "theme": self.theme,
                "scenario": self.scenario, "boss": self.boss, "budget": self.budget,
                "enemies": [f.to_json() for f in self.enemies], "party": _party_json(self.party)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BoutStart:
        """Read one back."""
        foes = tuple(Foe(_str(f, "name"), _str(f, "template"), _int(f, "threat"))
                     for f in _objects(data, "enemies"))
        return cls(_int(data, "bout"), _int(data, "step"), _str(data, "node"),
                   _str(data, "kind"), _str(data, "theme"), _str(data, "scenario"),
                   _bool(data, "boss"), _int(data, "budget"), foes, _party(data))


@dataclass(frozen=True, slots=True)
class RouteTaken:
    """The party takes the road to node `node` of step `step`: its kind and theme."""

    type: ClassVar[str] = "route"
    step: int
    node: str
    kind: str
    theme: str

    def to_json(self) -> dict[str, object]:
        """A JSON object."""
        return {"type": self.type, "step": self.step, "node": self.node, "kind": self.kind,
                "theme": self.theme}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RouteTaken:
        """Read one back."""
        return cls(_int(data, "step"), _str(data, "node"), _str(data, "kind"),
                   _str(data, "theme"))


@dataclass(frozen=True, slots=True)
class BattleEnd:
    """A bout's battle ends: the winning side (None: nobody), rounds, why, the state hash."""

    type: ClassVar[str] = "battle_end"
    winner: int | None
    rounds: int
    reason: str
    state_hash: str

    def to_json(self) -> dict[str, object]:
        """A JSON object."""
        return {"type": self.type, "winner": self.winner, "rounds": self.rounds,
                "reason": self.reason, "state_hash": self.state_hash}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BattleEnd:
        """Read one back."""
        return cls(_maybe_int(data, "winner"), _int(data, "rounds"), _str(data, "reason"),
                   _str(data, "state_hash"))


@dataclass(frozen=True, slots=True)
class BoutEnd:
    """A bout is over: won or not, foes down and their threat, who fell, what was lost."""

    type: ClassVar[str] = "bout_end"
    bout: int
    won: bool
    rounds: int
    kills: int
    threat: int
    fallen: tuple[str, ...]
    lost: tuple[str, ...]
    broken: tuple[str, ...]
    party: tuple[MemberState, ...]
    coin: int  # the bounty paid (`coin.bounty`)
    purse: int  # the party's coin after it

    def to_json(self) -> dict[str, object]:
        """A JSON object."""
        return {"type": self.type, "bout": self.bout, "won": self.won, "rounds": self.rounds,
                "kills": self.kills, "threat": self.threat, "fallen": list(self.fallen),
                "lost": list(self.lost), "broken": list(self.broken),
                "party": _party_json(self.party), "coin": self.coin, "purse": self.purse}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BoutEnd:
        """Read one back."""
        return cls(_int(data, "bout"), _bool(data, "won"), _int(data, "rounds"),
                   _int(data, "kills"), _int(data, "threat"), _texts(data, "fallen"),
                   _texts(data, "lost"), _texts(data, "broken"), _party(data),
                   _int(data, "coin"), _int(data, "purse"))


@dataclass(frozen=True, slots=True)
class LevelUp:
    """A member reaches `level` after bout `bout`; `what` changed, in words."""

    type: ClassVar[str] = "level_up"
    bout: int
    name: str
    level: int
    what: str

    def to_json(self) -> dict[str, object]:
        """A JSON object."""
        return {"type": self.type, "bout": self.bout, "name": self.name, "level": self.level,
                "what": self.what}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LevelUp:
        """Read one back."""
        return cls(_int(data, "bout"), _str(data, "name"), _int(data, "level"),
                   _str(data, "what"))


@dataclass(frozen=True, slots=True)
class Spoils:
    """The weapons (by id) left on the field of a won bout, offered at camp as loot."""

    type: ClassVar[str] = "loot"
    bout: int
    items: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        """A JSON object."""
        return {"type": self.type, "bout": self.bout, "items": list(self.items)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Spoils:
        """Read one back."""
        return cls(_int(data, "bout"), _texts(data, "items"))


@dataclass(frozen=True, slots=True)
class CampMade:
    """A camp choice made at step `step` (its JSON follows the step's number)."""

    type: ClassVar[str] = "camp"
    step: int
    choice: CampChoice

    def to_json(self) -> dict[str, object]:
        """A JSON object."""
        return {"type": self.type, "step": self.step, **self.choice.to_json()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CampMade:
        """Read one back."""
        return cls(_int(data, "step"), choice_from_json(
            {k: v for k, v in data.items() if k not in ("type", "step")}))


@dataclass(frozen=True, slots=True)
class RunEnd:
    """The run is over: its result, bouts won and score, with its seed and ruleset."""

    type: ClassVar[str] = "run_end"
    result: str | None
    bouts_won: int
    score: int
    seed: int
    ruleset: str

    def to_json(self) -> dict[str, object]:
        """A JSON object."""
        return {"type": self.type, "result": self.result, "bouts_won": self.bouts_won,
                "score": self.score, "seed": self.seed, "ruleset": self.ruleset}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RunEnd:
        """Read one back."""
        result = _get(data, "result", (str, type(None)), "a string or null")
        return cls(result, _int(data, "bouts_won"), _int(data, "score"),
                   _int(data, "seed"), _str(data, "ruleset"))


RunEvent = (RunStart | RouteTaken | BoutStart | BattleEnd | BoutEnd | LevelUp | Spoils | CampMade
            | RunEnd)
RUN_EVENT_TYPES: dict[str, type[RunEvent]] = {
    e.type: e for e in (RunStart, RouteTaken, BoutStart, BattleEnd, BoutEnd, LevelUp, Spoils,
                        CampMade, RunEnd)}


def run_event_from_json(data: object) -> RunEvent:
    """A run event read back from its JSON; an ArenaError in one line if it is none."""
    if not isinstance(data, dict):
        raise ArenaError("a run event is not a JSON object")
    kind = data.get("type")
    made = RUN_EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if made is None:
        raise ArenaError(f"unknown run event {one_line(str(kind))}")
    try:
        return made.from_json(data)
    except ArenaError as e:
        raise ArenaError(f"run event {kind}: {e}") from None
