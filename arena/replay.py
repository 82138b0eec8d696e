"""Replay files: a header, every command with its events and state hash, the final hash."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import arena
from arena.assets import scenario_from_dict, scenario_to_dict
from arena.battle import Battle
from arena.ecs.events import Event, Refused, event_to_json
from arena.errors import ArenaError, ReplayError
from arena.model.commands import Command, command_from_json, command_to_json
from arena.model.scenario import Scenario
from arena.rules import get_ruleset
from arena.rules.base import Ruleset

FORMAT = "arena-replay"
REPLAY_VERSION = 1


@dataclass
class Recorder:
    """Applies commands to a battle and keeps what a replay needs."""

    battle: Battle
    assets_hash: str
    dice_script: tuple[int, ...] = ()
    steps: list[dict[str, object]] = field(default_factory=list)

    def apply(self, command: Command, by: str) -> list[Event]:
        """Apply a command; record it with its events and state hash unless refused."""
        events = self.battle.apply(command)
        if not (len(events) == 1 and isinstance(events[0], Refused)):
            self.steps.append(
                {
                    "command": command_to_json(command),
                    "by": by,
                    "events": [event_to_json(e) for e in events],
                    "state_hash": self.battle.state_hash(),
                }
            )
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
            "scenario": scenario_to_dict(b.scenario),
            "opening": [event_to_json(e) for e in b.opening],
            "commands": self.steps,
            "final_state_hash": b.state_hash(),
        }


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` via a temp file, fsync and rename, so it is never half-written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save(recorder: Recorder, path: Path) -> None:
    """Write the recorder's replay to `path` atomically."""
    try:
        write_atomically(path, json.dumps(recorder.document(), separators=(",", ":")) + "\n")
    except OSError as e:
        raise ArenaError(f"{path}: cannot write replay: {e.strerror or e}") from None


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


def _need(doc: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """A required field of the replay, of the right JSON type, or a one-line error."""
    if key not in doc:
        raise ReplayError(f"{where}: missing '{key}'")
    value = doc[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ReplayError(f"{where}: '{key}' has the wrong type")
    return value


def load(path: Path) -> Replay:
    """Read and validate a replay file; every problem is a one-line ReplayError."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ReplayError(f"{path}: no such replay file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise ReplayError(f"{path}: cannot read replay: {e}") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise ReplayError(
            f"{path}: corrupt replay: not JSON ({e.msg} at line {e.lineno})"
        ) from None
    except RecursionError:
        raise ReplayError(f"{path}: corrupt replay: nested too deeply") from None
    where = str(path)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ReplayError(f"{where}: not an arena replay file")
    version = _need(doc, "replay_version", int, where)
    if version != REPLAY_VERSION:
        raise ReplayError(
            f"{where}: replay format {version}; this game reads format {REPLAY_VERSION}"
        )
    head = _header(doc, where)
    steps = []
    for i, step in enumerate(_need(doc, "commands", list, where), 1):
        if not isinstance(step, dict):
            raise ReplayError(f"{where}: command {i}: not an object")
        try:
            command = command_from_json(step.get("command"))
        except ValueError as e:
            raise ReplayError(f"{where}: command {i}: {e}") from None
        events = _need(step, "events", list, f"{where}: command {i}")
        steps.append((command, events, _need(step, "state_hash", str, f"{where}: command {i}")))
    return Replay(
        path,
        head["game_version"],
        head["ruleset"],
        head["seed"],
        head["dice"],
        head["scenario"],
        _need(doc, "opening", list, where),
        steps,
        _need(doc, "final_state_hash", str, where),
    )


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


def rerun(replay: Replay) -> Iterator[Mismatch]:
    """Re-run the replay; yield the first mismatch (if any) and stop."""
    with Battle(replay.scenario, replay.ruleset, replay.seed, replay.dice) as battle:
        opening = [event_to_json(e) for e in battle.opening]
        if opening != replay.opening:
            yield Mismatch(0, None, "opening events", *_first_difference(replay.opening, opening))
            return
        for i, (command, events, digest) in enumerate(replay.steps, 1):
            actual = [event_to_json(e) for e in battle.apply(command)]
            if actual != events:
                yield Mismatch(i, command, "events", *_first_difference(events, actual))
                return
            if battle.state_hash() != digest:
                yield Mismatch(i, command, "state hash", digest, battle.state_hash())
                return
        if battle.state_hash() != replay.final_state_hash:
            yield Mismatch(
                len(replay.steps),
                None,
                "final state hash",
                replay.final_state_hash,
                battle.state_hash(),
            )


# --- Journals: the command log of a battle in play, and resuming from a journal or a save ---

JOURNAL_FORMAT = "arena-journal"
JOURNAL_VERSION = 1
_HEADER_SKIP = ("format", "commands", "opening", "final_state_hash")


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


def _header(doc: dict[str, Any], where: str) -> dict[str, Any]:
    """The battle a journal header names: ruleset (same version), seed, dice and scenario."""
    rules = _need(doc, "ruleset", dict, where)
    ruleset = get_ruleset(_need(rules, "name", str, f"{where}: ruleset"))
    wanted = _need(rules, "version", str, f"{where}: ruleset")
    if wanted != ruleset.version:
        raise ReplayError(
            f"{where}: recorded with ruleset {ruleset.name} {wanted}; "
            f"this game has {ruleset.version}"
        )
    dice = _need(doc, "dice", list, where)
    if not all(isinstance(f, int) and not isinstance(f, bool) and f >= 1 for f in dice):
        raise ReplayError(f"{where}: 'dice' must be a list of positive faces")
    try:
        scenario = scenario_from_dict(_need(doc, "scenario", dict, where), f"{where}: scenario")
    except ArenaError as e:
        raise ReplayError(str(e)) from None
    settings = doc.get("settings", {})
    return {
        "game_version": str(doc.get("game_version", "?")), "ruleset": ruleset,
        "seed": _need(doc, "seed", int, where), "dice": tuple(dice), "scenario": scenario,
        "assets_hash": str(doc.get("assets_hash", "")),
        "settings": settings if isinstance(settings, dict) else {},
    }


def _step(data: object, where: str) -> tuple[Command, str, str]:
    """One journal or replay step as (command, by, state hash)."""
    if not isinstance(data, dict):
        raise ReplayError(f"{where}: not an object")
    try:
        command = command_from_json(data.get("command"))
    except ValueError as e:
        raise ReplayError(f"{where}: {e}") from None
    return command, _need(data, "by", str, where), _need(data, "state_hash", str, where)


def load_journal(path: Path) -> Resumable:
    """Read a journal; an unreadable last line (the command in flight at a crash) is dropped."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise ReplayError(f"{path}: no such journal") from None
    except (OSError, UnicodeDecodeError) as e:
        raise ReplayError(f"{path}: cannot read journal: {e}") from None
    where = str(path)
    try:
        head = json.loads(lines[0]) if lines else None
    except (json.JSONDecodeError, RecursionError):
        head = None
    if not isinstance(head, dict) or head.get("format") != JOURNAL_FORMAT:
        raise ReplayError(f"{where}: not an arena journal")
    if head.get("journal_version") != JOURNAL_VERSION:
        raise ReplayError(f"{where}: journal format {head.get('journal_version')!r}; "
                          f"this game reads format {JOURNAL_VERSION}")
    steps, dropped = [], 0
    for number, text in enumerate(lines[1:], 2):
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, RecursionError):
            if number == len(lines):
                dropped = 1
                break
            raise ReplayError(f"{where}: line {number}: corrupt journal line") from None
        steps.append(_step(data, f"{where}: line {number}"))
    return Resumable(path, steps=tuple(steps), dropped=dropped, **_header(head, where))


def load_save(path: Path) -> Resumable:
    """Read a save or replay file (the replay format) as a battle to resume."""
    replay = load(path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    steps = tuple(
        _step(data, f"{path}: command {i}") for i, data in enumerate(doc["commands"], 1)
    )
    return Resumable(
        path, replay.game_version, replay.ruleset, replay.seed, replay.dice, replay.scenario,
        str(doc.get("assets_hash", "")), steps,
    )


def load_resumable(path: Path) -> Resumable:
    """Read a journal (JSON Lines) or a save (the replay format), whichever `path` holds."""
    try:
        with path.open("rb") as f:
            start = f.read(64)
    except FileNotFoundError:
        raise ReplayError(f"{path}: no such save or journal") from None
    except OSError as e:
        raise ReplayError(f"{path}: cannot read: {e.strerror or e}") from None
    if JOURNAL_FORMAT.encode() in start:
        return load_journal(path)
    return load_save(path)


def resume(source: Resumable) -> Recorder:
    """A new battle with every command of `source` re-applied, each checked by its state hash.

    The caller owns the returned recorder's battle (use it as a context manager to close it).
    """
    battle = Battle(source.scenario, source.ruleset, source.seed, source.dice)
    recorder = Recorder(battle, source.assets_hash, source.dice)
    for i, (command, by, digest) in enumerate(source.steps, 1):
        events = recorder.apply(command, by)
        refused = len(events) == 1 and isinstance(events[0], Refused)
        if refused or battle.state_hash() != digest:
            battle.__exit__(None, None, None)
            raise ReplayError(
                f"{source.path}: command {i} ({command.type} by #{command.actor}) no longer "
                "gives the recorded state; the battle cannot be resumed exactly"
            )
    return recorder
