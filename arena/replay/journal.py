"""Journals: the command log of a battle in play, and resuming from a journal or a save."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arena.battle.core import Battle
from arena.ecs.events import Refused
from arena.errors import ArenaError, ReplayError
from arena.files import Appender, write_atomically
from arena.model.commands import Command
from arena.model.scenario import Scenario
from arena.replay.document import (
    MAX_COMMANDS,
    header,
    parse,
    read_document,
    step,
)
from arena.replay.file import Recorder, load_document, replay_from
from arena.rules.base import Ruleset
from arena.text import one_line

JOURNAL_FORMAT = "arena-journal"
JOURNAL_VERSION = 1
KEPT = ("; the battle is kept as far as the screen showed it: free some space, then run arena "
        "to resume it")
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
        write_atomically(path, text)
        self.file = Appender(path, "the journal", KEPT)
        self.path = path

    def append(self, step: dict[str, object]) -> None:
        """Append one recorded step, on disk when this returns (a full disk: ArenaError)."""
        self.file.write(_line(_journal_step(step)))

    def append_undo(self, state_hash: str) -> None:
        """Record that the last command was taken back; `state_hash` is the state after it."""
        self.file.write(_line({"undo": True, "state_hash": state_hash}))

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
    replay, doc = load_document(path) if doc is None else (replay_from(path, doc), doc)
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
