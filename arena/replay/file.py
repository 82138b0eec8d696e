"""Replay files: a header, every command with its events and state hash, the final hash."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import arena
from arena.assets import scenario_to_dict
from arena.battle.core import Battle
from arena.ecs.events import Event, Refused, event_to_json
from arena.errors import ArenaError, ReplayError
from arena.files import write_atomically
from arena.model.commands import Command, EndTurn, command_to_json
from arena.model.scenario import Scenario
from arena.procgen import generator_version
from arena.replay.document import (
    MAX_COMMANDS,
    Keyframe,
    check_parent,
    command_list,
    header,
    keyframe_list,
    need,
    parse,
    read_document,
    short_hash,
    step,
)
from arena.replay.snapshot import differs_in, replayable, take
from arena.rules.base import Ruleset
from arena.text import one_line

FORMAT = "arena-replay"
REPLAY_VERSION = 3  # 2 adds command_count and over, 3 each step's step_hash (docs/security.md)
READABLE_VERSIONS = (1, 2, 3)


def step_hash(state_hash: str, by: str, ai: str) -> str:
    """A step's hash over its state hash, who gave the command and which AI (format 3).

    It carries no secret: it catches a `by` or `ai` edited on its own, not a forger who
    recomputes it (docs/security.md says what verification does prove).
    """
    text = json.dumps([state_hash, by, ai], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


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
            digest = self.battle.state_hash()
            self.steps.append(
                {
                    "command": command_to_json(command),
                    "by": by,
                    "events": [event_to_json(e) for e in events],
                    "state_hash": digest,
                    **({"ai": ai} if ai is not None else {}),
                    "step_hash": step_hash(digest, by, ai or ""),
                }
            )
            if self.keyframe_every and len(self.steps) % self.keyframe_every == 0:
                snapshot = take(self.battle, log=False)
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
    step_hashes: tuple[str, ...] = ()  # per step, its `step_hash` (format 3; () before)


def _document(path: Path) -> dict[str, Any]:
    """Read a replay-format file: a bounded, strict JSON object of a readable format version."""
    where = one_line(str(path))
    doc = parse(read_document(path, "replay file"), f"{where}: corrupt replay")
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ReplayError(f"{where}: not an arena replay file")
    version = need(doc, "replay_version", int, where)
    if version not in READABLE_VERSIONS:
        raise ReplayError(
            f"{where}: replay format {version}; this game reads formats 1 to {REPLAY_VERSION}"
        )
    return doc


def replay_from(path: Path, doc: dict[str, Any]) -> Replay:
    """Validate a parsed replay document: header, every step, the count and end state."""
    where = one_line(str(path))
    head = header(doc, where)
    steps, by, ais, hashes = [], [], [], []
    for i, data in enumerate(command_list(doc, where), 1):
        command, who, digest = step(data, f"{where}: command {i}")
        events = need(data, "events", list, f"{where}: command {i}")
        steps.append((command, events, digest))
        by.append(who)
        ais.append(need(data, "ai", str, f"{where}: command {i}") if "ai" in data else "")
        if doc["replay_version"] >= 3:
            hashes.append(short_hash(data, "step_hash", f"{where}: command {i}"))
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
        tuple(hashes),
    )


def load(path: Path) -> Replay:
    """Read and validate a replay file; every problem is a one-line ReplayError."""
    return replay_from(path, _document(path))


def load_document(path: Path) -> tuple[Replay, dict[str, Any]]:
    """A validated replay and the document it was read from (for fields tools add to it)."""
    doc = _document(path)
    return replay_from(path, doc), doc


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
            made_hash = step_hash(digest, who, replay.ais[i - 1] if replay.ais else "")
            if replay.step_hashes and replay.step_hashes[i - 1] != made_hash:
                yield Mismatch(i, command, "step hash (who gave it)", replay.step_hashes[i - 1],
                               made_hash)
                return
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
            made = replayable(take(battle, log=False)) if stored is not None else {}
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
