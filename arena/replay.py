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
    where = str(path)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ReplayError(f"{where}: not an arena replay file")
    version = _need(doc, "replay_version", int, where)
    if version != REPLAY_VERSION:
        raise ReplayError(
            f"{where}: replay format {version}; this game reads format {REPLAY_VERSION}"
        )
    rules = _need(doc, "ruleset", dict, where)
    ruleset = get_ruleset(_need(rules, "name", str, f"{where}: ruleset"))
    wanted = _need(rules, "version", str, f"{where}: ruleset")
    if wanted != ruleset.version:
        raise ReplayError(
            f"{where}: recorded with ruleset {ruleset.name} {wanted}; "
            f"this game has {ruleset.version}"
        )
    seed = _need(doc, "seed", int, where)
    dice = _need(doc, "dice", list, where)
    if not all(isinstance(f, int) and not isinstance(f, bool) and f >= 1 for f in dice):
        raise ReplayError(f"{where}: 'dice' must be a list of positive faces")
    try:
        scenario = scenario_from_dict(
            _need(doc, "scenario", dict, where), source=f"{where}: scenario"
        )
    except ArenaError as e:
        raise ReplayError(str(e)) from None
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
        str(doc.get("game_version", "?")),
        ruleset,
        seed,
        tuple(dice),
        scenario,
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
