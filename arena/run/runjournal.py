"""The run journal: one save per run, a JSON line per command and camp choice, fsynced.

`saves/run.journal.jsonl` holds a header (format, versions, assets hash, the run's
configuration and party), then lines of four kinds, in the order they happened:
`{"step": s, "node": "a1s3n2"}` for the road taken to a node of step s of the run's map,
`{"bout": k, "command": ..., "by": ..., "state_hash": ...}` for each command of bout k,
`{"camp": s, "choice": {...}}` for each choice at the camp (or the spoils) of step s, and
`{"camp": s, "closed": true}` when the party leaves it, and
`{"bout": k, "undo": true, "state_hash": ...}` when the player takes back the last die-free
command of bout k (the state hash is the battle's after it). A killed terminal loses at most
the line in flight (an unreadable last line is dropped); any other damage makes the journal
unreadable, and the caller sets it aside (never deletes it). Each kind of line is a record
below, written and read back byte for byte as these shapes; a line with any other field is
refused.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import arena
from arena.errors import ArenaError
from arena.files import MAX_JSON_BYTES, Appender, parse_json, read_text, write_atomically
from arena.procgen import GENERATOR_VERSION
from arena.run.config import RunConfig
from arena.run.decisions import CampChoice, choice_from_json
from arena.text import one_line

FORMAT = "arena-run-journal"
VERSION = 4  # 4: die-free steps taken back; 3: coin, merchants, events, hires by offer
READS = (3, 4)  # a format 3 journal is a format 4 one without take-backs
NAME = "run.journal.jsonl"
KEPT = ("; the run is kept as far as the screen showed it: free some space, then run arena to "
        "continue it")


def _line(value: object) -> str:
    """One compact JSON line."""
    return json.dumps(value, separators=(",", ":")) + "\n"


@dataclass(frozen=True, slots=True)
class Routed:
    """The road taken to node `node` of step `step`."""

    step: int
    node: str

    def to_json(self) -> dict[str, object]:
        """The journal line."""
        return {"step": self.step, "node": self.node}


@dataclass(frozen=True, slots=True)
class Commanded:
    """A command of bout `bout`: its JSON, who gave it (None: not said), the state hash after."""

    bout: int
    command: dict[str, Any]
    by: str | None
    state_hash: str

    def to_json(self) -> dict[str, object]:
        """The journal line."""
        by = {} if self.by is None else {"by": self.by}
        return {"bout": self.bout, "command": self.command, **by, "state_hash": self.state_hash}


@dataclass(frozen=True, slots=True)
class Chosen:
    """A choice made at the camp (or the spoils) of step `camp`."""

    camp: int
    choice: CampChoice

    def to_json(self) -> dict[str, object]:
        """The journal line."""
        return {"camp": self.camp, "choice": self.choice.to_json()}


@dataclass(frozen=True, slots=True)
class Closed:
    """The party leaves the camp (or the spoils) of step `camp`."""

    camp: int

    def to_json(self) -> dict[str, object]:
        """The journal line."""
        return {"camp": self.camp, "closed": True}


@dataclass(frozen=True, slots=True)
class Undone:
    """The last command of bout `bout` taken back (no die was rolled); the state hash after."""

    bout: int
    state_hash: str

    def to_json(self) -> dict[str, object]:
        """The journal line."""
        return {"bout": self.bout, "undo": True, "state_hash": self.state_hash}


JournalLine = Routed | Commanded | Chosen | Closed | Undone


def config_json(config: RunConfig) -> dict[str, object]:
    """A run configuration as the header stores it."""
    return {"ruleset": config.ruleset, "seed": config.seed, "steps": config.steps,
            "endless": config.endless, "seeded": config.seeded, "party": list(config.party),
            "difficulty": config.difficulty}


class RunJournal:
    """The open journal of the run in progress: every line flushed and fsynced."""

    def __init__(self, path: Path, config: RunConfig, assets_hash: str,
                 lines: list[JournalLine] | None = None) -> None:
        """Write the header (and any lines kept from before) atomically; open for appending."""
        header = {"format": FORMAT, "journal_version": VERSION,
                  "game_version": arena.__version__, "generator_version": GENERATOR_VERSION,
                  "assets_hash": assets_hash, "config": config_json(config)}
        text = _line(header) + "".join(_line(x.to_json()) for x in lines or [])
        write_atomically(path, text)
        self.file = Appender(path, "the run journal", KEPT)
        self.path = path

    def append(self, line: JournalLine) -> None:
        """Append one line, on disk when this returns; a full disk is one ArenaError line."""
        self.file.write(_line(line.to_json()))

    def route(self, step: int, node: str) -> None:
        """The road taken to node `node` of step `step`."""
        self.append(Routed(step, node))

    def command(self, bout: int, step: dict[str, Any]) -> None:
        """A command of bout `bout` as recorded (command, by, state hash)."""
        self.append(Commanded(bout, step["command"], step["by"], step["state_hash"]))

    def undo(self, bout: int, state_hash: str) -> None:
        """The last command of bout `bout` is taken back."""
        self.append(Undone(bout, state_hash))

    def choice(self, step: int, choice: CampChoice) -> None:
        """A choice made at the camp of step `step`."""
        self.append(Chosen(step, choice))

    def closed(self, step: int) -> None:
        """The party leaves the camp of step `step`."""
        self.append(Closed(step))

    def close(self) -> None:
        """Close the file, keeping it for the next `arena` to continue."""
        if not self.file.closed:
            self.file.close()

    def discard(self) -> None:
        """Close and delete the journal: the run is over and has become its record."""
        self.close()
        self.path.unlink(missing_ok=True)


@dataclass(frozen=True, slots=True)
class Journalled:
    """A run journal as read back: the configuration, the lines, and whether one was dropped."""

    path: Path
    config: RunConfig
    game_version: str
    lines: tuple[JournalLine, ...]
    dropped: bool


def _config(value: object, where: str) -> RunConfig:
    """The header's run configuration, checked field by field."""
    if not isinstance(value, dict):
        raise ArenaError(f"{where}: header: no run configuration")
    kinds = {"ruleset": str, "seed": int, "steps": int, "endless": bool, "seeded": bool,
             "party": list, "difficulty": str}
    for key, kind in kinds.items():
        if not isinstance(value.get(key), kind):
            raise ArenaError(f"{where}: header: {key}: missing or not a {kind.__name__}")
    party = value["party"]
    if not all(isinstance(t, str) for t in party):
        raise ArenaError(f"{where}: header: party: not a list of template ids")
    return RunConfig(value["ruleset"], value["seed"], value["steps"], value["endless"],
                     value["seeded"], tuple(party), value["difficulty"])


BY = ("player", "ai", "auto")  # who gave a command: the player, a side's AI, auto-fight
# Each kind of line: the number that names it, and every field it may hold.
MAX_NODE_ID = 40
FIELDS = {"step": frozenset({"step", "node"}),
          "bout": frozenset({"bout", "command", "by", "state_hash"}),
          "choice": frozenset({"camp", "choice"}), "closed": frozenset({"camp", "closed"}),
          "undo": frozenset({"bout", "undo", "state_hash"})}


def _whole(value: object) -> bool:
    """Whether a JSON value is an integer (true and false are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _valid(data: object) -> bool:
    """Whether a journal line is recognisably one of the four kinds (its key fields typed)."""
    if not isinstance(data, dict) or sum(k in data for k in ("step", "bout", "camp")) != 1:
        return False
    if _whole(data.get("step")):
        node = data.get("node")
        return isinstance(node, str) and 0 < len(node) <= MAX_NODE_ID
    if _whole(data.get("bout")):
        return (isinstance(data.get("command"), dict) or data.get("undo") is True) and \
            isinstance(data.get("state_hash"), str)
    if _whole(data.get("camp")):
        return isinstance(data.get("choice"), dict) or data.get("closed") is True
    return False


def line_from_json(data: dict[str, Any]) -> JournalLine:
    """A journal line of one of the four kinds (`_valid`) as its record; ArenaError if bad."""
    kind = next((k for k in ("step", "undo", "bout", "choice") if k in data), "closed")
    unknown = sorted(str(k) for k in set(data) - FIELDS[kind])
    if unknown:
        raise ArenaError(f"unknown field {one_line(repr(unknown[0]), 40)}")
    if kind == "bout":
        by = data.get("by")
        if by is not None and not isinstance(by, str):
            raise ArenaError("by: not a string")
        if by is not None and by not in BY:
            raise ArenaError(f"by: {one_line(repr(by), 40)} is none of {', '.join(BY)}")
        return Commanded(data["bout"], data["command"], by, data["state_hash"])
    if kind == "step":
        return Routed(data["step"], data["node"])
    if kind == "undo":
        return Undone(data["bout"], data["state_hash"])
    if kind == "closed":
        return Closed(data["camp"])
    return Chosen(data["camp"], choice_from_json(data["choice"]))


def load(path: Path) -> Journalled:
    """Read a run journal; an unreadable last line (the one in flight at a kill) is dropped."""
    where = one_line(str(path))
    text = read_text(path, where, MAX_JSON_BYTES)
    rows = text.splitlines()
    try:
        head = parse_json(rows[0], f"{where}: header") if rows else None
    except ArenaError:
        head = None
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise ArenaError(f"{where}: not an arena run journal")
    if head.get("journal_version") not in READS:
        found = one_line(repr(head.get("journal_version")))
        old = " (from an older game: it cannot be continued)" if found in ("1", "2") else ""
        raise ArenaError(f"{where}: run journal format {found}{old}; this game reads formats "
                         f"{READS[0]} to {READS[-1]}")
    lines: list[JournalLine] = []
    dropped = False
    for number, row in enumerate(rows[1:], 2):
        try:
            data = parse_json(row, f"{where}: line {number}")
        except ArenaError:
            data = None
        if not _valid(data):
            if number == len(rows) and not text.endswith("\n"):
                dropped = True
                break
            raise ArenaError(f"{where}: line {number}: corrupt run journal line")
        assert isinstance(data, dict)
        try:
            lines.append(line_from_json(data))
        except ArenaError as e:
            raise ArenaError(f"{where}: line {number}: {e}") from None
    return Journalled(path, _config(head.get("config"), where), str(head.get("game_version")),
                      tuple(lines), dropped)
