"""Replay files: a header, every command with its events and state hash, the final hash."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import arena
from arena.assets import scenario_to_dict
from arena.battle import Battle
from arena.ecs.events import Event, Refused, event_to_json
from arena.errors import ArenaError, ReplayError
from arena.files import write_atomically
from arena.model.commands import Command, EndTurn, command_to_json
from arena.model.scenario import Scenario
from arena.procgen import generator_version
from arena.recordfile import (
    MAX_COMMANDS,
    Keyframe,
    check_parent,
    command_list,
    header,
    keyframe_list,
    need,
    parse,
    read_document,
    step,
)
from arena.rules.base import Ruleset
from arena.snapshot import differs_in, replayable
from arena.text import one_line

FORMAT = "arena-replay"
REPLAY_VERSION = 2  # 2 adds command_count and over; format 1 files still load (docs/security.md)
READABLE_VERSIONS = (1, 2)


@dataclass
class Recorder:
    """Applies commands to a battle and keeps what a replay needs."""

    battle: Battle
    assets_hash: str
    dice_script: tuple[int, ...] = ()
    steps: list[dict[str, object]] = field(default_factory=list)
    keyframe_every: int = 0  # store a snapshot after every this many commands (0: none)
    keyframes: list[dict[str, object]] = field(default_factory=list)
    parent: dict[str, object] | None = None  # a continued replay's origin (check_parent)

    def apply(self, command: Command, by: str) -> list[Event]:
        """Apply a command; record it with its events and state hash unless refused.

        A command `by` the AI also records which AI gave it (`ai`: `tactical/normal`, `basic`).
        """
        events = self.battle.apply(command)
        if not (len(events) == 1 and isinstance(events[0], Refused)):
            # Labelled after the apply: a refused command may name no combatant (issue 18).
            ai = self.battle.ai_label(command.actor) if by == "ai" else None
            self.steps.append(
                {
                    "command": command_to_json(command),
                    "by": by,
                    "events": [event_to_json(e) for e in events],
                    "state_hash": self.battle.state_hash(),
                    **({"ai": ai} if ai is not None else {}),
                }
            )
            if self.keyframe_every and len(self.steps) % self.keyframe_every == 0:
                snapshot = self.battle.snapshot(log=False)
                self.keyframes.append({"command": len(self.steps), "snapshot": snapshot})
        return events

    def document(self) -> dict[str, object]:
        """The replay as one JSON object."""
        b = self.battle
        return {
            "format": FORMAT,
            "replay_version": REPLAY_VERSION,
            "game_version": arena.__version__,
            "ruleset": {"name": b.ruleset.name, "version": b.ruleset.version},
            "assets_hash": self.assets_hash,
            "seed": b.seed,
            "dice": list(self.dice_script),
            "generator": generator_version(b.scenario.id),  # None: a hand-made scenario
            "scenario": scenario_to_dict(b.scenario),
            "opening": [event_to_json(e) for e in b.opening],
            "command_count": len(self.steps),
            "over": b.over,
            "commands": self.steps,
            "final_state_hash": b.state_hash(),
            **({"keyframes": self.keyframes} if self.keyframes else {}),
            **({"parent": self.parent} if self.parent is not None else {}),
        }


def save(recorder: Recorder, path: Path) -> None:
    """Write the recorder's replay to `path` atomically."""
    try:
        write_atomically(path, json.dumps(recorder.document(), separators=(",", ":")) + "\n")
    except OSError as e:
        raise ArenaError(f"{path}: cannot write replay: {e.strerror or e}") from None
    if len(recorder.steps) > MAX_COMMANDS:  # written anyway, but say it will not load
        raise ArenaError(f"{path}: {len(recorder.steps)} commands: over the {MAX_COMMANDS} a "
                         "replay may hold; it will not load")


@dataclass(frozen=True)
class Replay:
    """A loaded and validated replay file."""

    path: Path
    game_version: str
    ruleset: Ruleset
    seed: int
    dice: tuple[int, ...]
    scenario: Scenario
    opening: list[Any]
    steps: list[tuple[Command, list[Any], str]]
    final_state_hash: str
    version: int = REPLAY_VERSION
    over: bool | None = None
    by: tuple[str, ...] = ()
    ais: tuple[str, ...] = ()  # per step, the AI recorded as giving it (`ai`; "" if none)
    keyframes: tuple[Keyframe, ...] = ()  # stored snapshots: an index, checked before use
    parent: tuple[str, int] | None = None  # (sha256 of the parent file, its command index)


def _document(path: Path) -> dict[str, Any]:
    """Read a replay-format file: a bounded, strict JSON object of a readable format version."""
    where = one_line(str(path))
    doc = parse(read_document(path, "replay file"), f"{where}: corrupt replay")
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ReplayError(f"{where}: not an arena replay file")
    version = need(doc, "replay_version", int, where)
    if version not in READABLE_VERSIONS:
        raise ReplayError(
            f"{where}: replay format {version}; this game reads formats 1 and {REPLAY_VERSION}"
        )
    return doc


def _replay(path: Path, doc: dict[str, Any]) -> Replay:
    """Validate a parsed replay document: header, every step, the count and end state."""
    where = one_line(str(path))
    head = header(doc, where)
    steps, by, ais = [], [], []
    for i, data in enumerate(command_list(doc, where), 1):
        command, who, digest = step(data, f"{where}: command {i}")
        events = need(data, "events", list, f"{where}: command {i}")
        steps.append((command, events, digest))
        by.append(who)
        ais.append(need(data, "ai", str, f"{where}: command {i}") if "ai" in data else "")
    over = None
    if doc["replay_version"] >= 2:
        count = need(doc, "command_count", int, where)
        if count != len(steps):
            raise ReplayError(f"{where}: the header records {count} commands but the file "
                              f"holds {len(steps)}: truncated or edited")
        over = need(doc, "over", bool, where)
    return Replay(
        path, head["game_version"], head["ruleset"], head["seed"], head["dice"],
        head["scenario"], need(doc, "opening", list, where), steps,
        need(doc, "final_state_hash", str, where), doc["replay_version"], over, tuple(by),
        tuple(ais), keyframe_list(doc, where, len(steps)), check_parent(doc, len(steps), where),
    )


def load(path: Path) -> Replay:
    """Read and validate a replay file; every problem is a one-line ReplayError."""
    return _replay(path, _document(path))


def load_document(path: Path) -> tuple[Replay, dict[str, Any]]:
    """A validated replay and the document it was read from (for fields tools add to it)."""
    doc = _document(path)
    return _replay(path, doc), doc


@dataclass(frozen=True)
class Mismatch:
    """The first place a re-run differs from the recording."""

    index: int
    command: Command | None
    what: str
    expected: object
    actual: object


def _first_difference(
    expected: Sequence[object], actual: Sequence[object]
) -> tuple[object, object]:
    """The first differing pair of two event lists (None where one list is shorter)."""
    for e, a in zip(expected, actual, strict=False):
        if e != a:
            return e, a
    n = min(len(expected), len(actual))
    return (expected[n] if n < len(expected) else None), (actual[n] if n < len(actual) else None)


def canonical(value: object) -> str:
    """One spelling of a JSON value: `3` and `3.0`, `1` and `true` differ, key order does not."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _ai_disagrees(battle: Battle, command: Command) -> Command | None:
    """What the AI chooses now, when the recorded `by: ai` command is not its choice."""
    choice = battle.decide()
    if choice == command:
        return None
    active = battle.active
    refused = battle.apply(choice)  # a refusal changes nothing and rolls no die
    if active is None or not (len(refused) == 1 and isinstance(refused[0], Refused)):
        return choice
    return None if command == EndTurn(active) else choice


def rerun(replay: Replay, ended: list[bool] | None = None) -> Iterator[Mismatch]:
    """Re-run the replay; yield the first mismatch (if any) and stop.

    Events are compared in canonical JSON; each `by: ai` command must be what the AI chooses
    (or the end of turn a session gives when the AI's choice is refused); the end state too.
    Whether the re-run battle ended is appended to `ended`, when given.
    """
    with Battle(replay.scenario, replay.ruleset, replay.seed, replay.dice) as battle:
        opening = [event_to_json(e) for e in battle.opening]
        if canonical(opening) != canonical(replay.opening):
            yield Mismatch(0, None, "opening events", *_first_difference(replay.opening, opening))
            return
        by = replay.by or ("player",) * len(replay.steps)
        keyframes = dict(replay.keyframes)
        for i, ((command, events, digest), who) in enumerate(zip(replay.steps, by, strict=True), 1):
            if who == "ai" and not battle.over:
                # Replays from before named AIs were all made by `basic`.
                battle.roster.adopt(command.actor, replay.ais[i - 1] if replay.ais else "")
                choice = _ai_disagrees(battle, command)
                if choice is not None:
                    yield Mismatch(i, command, "by ai", command_to_json(command),
                                   command_to_json(choice))
                    return
            actual = [event_to_json(e) for e in battle.apply(command)]
            if canonical(actual) != canonical(events):
                yield Mismatch(i, command, "events", *_first_difference(events, actual))
                return
            if battle.state_hash() != digest:
                yield Mismatch(i, command, "state hash", digest, battle.state_hash())
                return
            stored = replayable(keyframes[i]) if i in keyframes else None
            made = replayable(battle.snapshot(log=False)) if stored is not None else {}
            if stored is not None and canonical(stored) != canonical(made):
                yield Mismatch(i, command, f"stored keyframe after command {i}",
                               "the re-simulated state",
                               f"a keyframe that differs in {differs_in(stored, made)!r}")
                return
        if ended is not None:
            ended.append(battle.over)
        if battle.state_hash() != replay.final_state_hash:
            yield Mismatch(len(replay.steps), None, "final state hash",
                           replay.final_state_hash, battle.state_hash())
        elif replay.over is not None and replay.over != battle.over:
            yield Mismatch(len(replay.steps), None, "end state (over)", replay.over, battle.over)


# --- Journals: the command log of a battle in play, and resuming from a journal or a save ---

JOURNAL_FORMAT = "arena-journal"
JOURNAL_VERSION = 1
_HEADER_SKIP = (
    "format", "commands", "opening", "final_state_hash", "command_count", "over", "replay_version",
    "keyframes", "branches",
)


def _line(value: object) -> str:
    """One compact JSON line."""
    return json.dumps(value, separators=(",", ":")) + "\n"


def _journal_step(step: dict[str, object]) -> dict[str, object]:
    """A recorded step as a journal line keeps the command, who gave it and the state hash."""
    return {"command": step["command"], "by": step["by"], "state_hash": step["state_hash"]}


class Journal:
    """A header line, then one JSON line per command, flushed and fsynced as it is written."""

    def __init__(self, path: Path, recorder: Recorder, settings: dict[str, object]) -> None:
        """Write the header and the steps recorded so far atomically, then open for appending."""
        header = {"format": JOURNAL_FORMAT, "journal_version": JOURNAL_VERSION}
        header.update({k: v for k, v in recorder.document().items() if k not in _HEADER_SKIP})
        header["settings"] = settings
        text = _line(header) + "".join(_line(_journal_step(s)) for s in recorder.steps)
        try:
            write_atomically(path, text)
            self.file = path.open("a", encoding="utf-8")
        except OSError as e:
            raise ArenaError(f"{path}: cannot write journal: {e.strerror or e}") from None
        self.path = path

    def append(self, step: dict[str, object]) -> None:
        """Append one recorded step and force it to disk."""
        self.file.write(_line(_journal_step(step)))
        self.file.flush()
        os.fsync(self.file.fileno())

    def append_undo(self, state_hash: str) -> None:
        """Record that the last command was taken back; `state_hash` is the state after it."""
        self.file.write(_line({"undo": True, "state_hash": state_hash}))
        self.file.flush()
        os.fsync(self.file.fileno())

    def close(self) -> None:
        """Close the file, keeping it on disk."""
        self.file.close()

    def discard(self) -> None:
        """Close and delete the journal: the battle it logged needs no resuming."""
        self.close()
        self.path.unlink(missing_ok=True)


@dataclass(frozen=True)
class Resumable:
    """A battle to resume from a journal or a save: its header and each (command, by, hash)."""

    path: Path
    game_version: str
    ruleset: Ruleset
    seed: int
    dice: tuple[int, ...]
    scenario: Scenario
    assets_hash: str
    steps: tuple[tuple[Command, str, str], ...]
    settings: dict[str, Any] = field(default_factory=dict)
    dropped: int = 0


def _journal_lines(path: Path) -> list[str]:
    """A journal's lines, the count bounded before any line is parsed."""
    text = read_document(path, "journal")
    if text.count("\n") > MAX_COMMANDS + 1:
        raise ReplayError(f"{one_line(str(path))}: more than {MAX_COMMANDS} commands")
    return text.splitlines()


def load_journal(path: Path) -> Resumable:
    """Read a journal; an unreadable last line (the command in flight at a crash) is dropped."""
    lines = _journal_lines(path)
    where = one_line(str(path))
    head = parse(lines[0], f"{where}: header") if lines else None
    if not isinstance(head, dict) or head.get("format") != JOURNAL_FORMAT:
        raise ReplayError(f"{where}: not an arena journal")
    if head.get("journal_version") != JOURNAL_VERSION:
        raise ReplayError(f"{where}: journal format {one_line(repr(head.get('journal_version')))}"
                          f"; this game reads format {JOURNAL_VERSION}")
    steps, dropped = [], 0
    for number, text in enumerate(lines[1:], 2):
        try:
            data = parse(text, f"{where}: line {number}")
        except ReplayError:
            if number == len(lines):
                dropped = 1
                break
            raise ReplayError(f"{where}: line {number}: corrupt journal line") from None
        if not (isinstance(data, dict) and data.get("undo") is True):
            steps.append(step(data, f"{where}: line {number}"))
        elif steps:  # an undo line: the last command was taken back (a die-free step or turn)
            del steps[-1]
        else:
            raise ReplayError(f"{where}: line {number}: undo with no command to undo")
    return Resumable(path, steps=tuple(steps), dropped=dropped, **header(head, where))


def load_save(path: Path, doc: dict[str, Any] | None = None) -> Resumable:
    """Read a save or replay file (the replay format) as a battle to resume."""
    doc = _document(path) if doc is None else doc
    replay = _replay(path, doc)
    steps = tuple((c, by, h) for (c, _, h), by in zip(replay.steps, replay.by, strict=True))
    return Resumable(
        path, replay.game_version, replay.ruleset, replay.seed, replay.dice, replay.scenario,
        header(doc, one_line(str(path)))["assets_hash"], steps,
    )


def load_resumable(path: Path) -> Resumable:
    """Read a journal (JSON Lines) or a save (the replay format), whichever `path` holds."""
    start = read_document(path, "save or journal")[:64]
    if JOURNAL_FORMAT in start:
        return load_journal(path)
    return load_save(path)


def resume(source: Resumable) -> Recorder:
    """A new battle with every command of `source` re-applied, each checked by its state hash.

    The caller owns the returned recorder's battle (use it as a context manager to close it).
    """
    try:
        battle = Battle(source.scenario, source.ruleset, source.seed, source.dice)
    except ArenaError as e:
        raise ReplayError(f"{one_line(str(source.path))}: cannot start the battle: {e}") from None
    recorder = Recorder(battle, source.assets_hash, source.dice)
    for i, (command, by, digest) in enumerate(source.steps, 1):
        events = recorder.apply(command, by)
        refused = len(events) == 1 and isinstance(events[0], Refused)
        if refused or battle.state_hash() != digest:
            battle.__exit__(None, None, None)
            raise ReplayError(
                f"{one_line(str(source.path))}: command {i} ({command.type} by #{command.actor}) "
                "no longer gives the recorded state; the battle cannot be resumed exactly"
            )
    return recorder
