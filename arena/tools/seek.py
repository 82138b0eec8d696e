"""Instant seek in a recorded battle: keyframes (snapshots every K commands) kept in memory.

Building a `Seeker` re-simulates the replay once, checking each recorded state hash, and
keeps a snapshot (without the log) every `every` commands; `at(n)` restores the nearest
keyframe at or before command n and applies the few commands after it. Keyframes are an
index only (DESIGN.md point 12): the re-simulation that made them is the verification.
The same pass keeps each command's events and the clock (round, whose turn) after it, which
the replay viewer narrates and steps by (arena/tui/playback.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arena.battle import Battle, Wounds
from arena.ecs import queries
from arena.ecs.events import Event
from arena.errors import ArenaError
from arena.replay import Replay

KEYFRAME_EVERY = 25


class Seeker:
    """A replay's battle that can be put at any command quickly; owns one Battle."""

    def __init__(self, replay: Replay, every: int = KEYFRAME_EVERY,
                 wounds: Mapping[int, Wounds] | None = None) -> None:
        """`wounds`: a run bout's carried wounds (run records; a replay file has none)."""
        if every < 1:
            raise ArenaError(f"keyframes every {every} commands: must be 1 or more")
        self.replay = replay
        self.every = every
        self.commands = [command for command, _, _ in replay.steps]
        self.keyframes: list[dict[str, Any]] = []
        self.battle = Battle(replay.scenario, replay.ruleset, replay.seed, replay.dice, wounds)
        self.battle.__enter__()
        self.opening: list[Event] = list(self.battle.opening)
        self.events: list[list[Event]] = []  # per command, the events it gave
        self.clock: list[tuple[int, int | None]] = [self._clock()]  # after 0..n commands
        for i, (command, _, digest) in enumerate(replay.steps):
            if i % every == 0:
                self.keyframes.append(self.battle.snapshot(log=False))
            self.events.append(self.battle.apply(command))
            self.clock.append(self._clock())
            if self.battle.state_hash() != digest:
                self.close()
                raise ArenaError(f"command {i + 1} of the replay no longer gives its recorded "
                                 "state: cannot seek in it (see arena diff --rerun)")
        self.position = len(self.commands)

    def at(self, n: int) -> Battle:
        """The battle after its first `n` commands (0: the opening)."""
        if not 0 <= n <= len(self.commands):
            raise ArenaError(f"command {n} is outside 0..{len(self.commands)}")
        if not self.position <= n < self.position + self.every:
            start = min(n // self.every, len(self.keyframes) - 1) * self.every
            if self.keyframes:
                self.battle.restore(self.keyframes[start // self.every])
            self.position = start
        for command in self.commands[self.position:n]:
            self.battle.apply(command)
        self.position = n
        return self.battle

    def _clock(self) -> tuple[int, int | None]:
        """The battle's round and whose turn it is (None: between turns or over)."""
        self.battle.world.activate()
        clock = queries.clock()
        return clock.round, clock.active

    def close(self) -> None:
        """Delete the battle's world."""
        self.battle.__exit__(None, None, None)
