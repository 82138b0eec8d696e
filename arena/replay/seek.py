"""Instant seek in a recorded battle: keyframes (snapshots every K commands) kept in memory.

`Seeker(replay)` re-simulates the replay once, checking each recorded state hash, and keeps
a snapshot (without the log) every `every` commands. `Seeker(replay, stored=True)` instead
opens at once on the keyframes the file stores: a stored keyframe is restored only when its
state hash equals the hash the replay records after that command and the restored battle
reproduces it (else it is set aside in `rejected` and an earlier one is used); every command
applied after it is checked against its recorded hash too (once: the battle is
deterministic). `at(n)` restores the nearest keyframe at or before command n and applies the
few commands after it. Keyframes are an index only (DESIGN.md point 12): `arena replay
--verify` re-simulates everything. The first pass in order also keeps each command's events
and the clock (round, whose turn) after it, which the replay viewer narrates and steps by
(arena/tui/viewer/playback.py); they are whole only when the Seeker is not opened on stored
keyframes.
A branch's line (arena/tools/branches.py) may splice dice before a command: `splices` are
rolled first from there, and a keyframe restores the dice script it was taken with.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arena.battle import view
from arena.battle.core import Battle
from arena.ecs.events import Event
from arena.errors import ArenaError
from arena.replay import KEYFRAME_EVERY
from arena.replay.file import Replay
from arena.replay.snapcodec import SnapshotError
from arena.replay.snapshot import restore, take


class Seeker:
    """A replay's battle that can be put at any command quickly; owns one Battle."""

    def __init__(self, replay: Replay, every: int = KEYFRAME_EVERY, stored: bool = False,
                 splices: Mapping[int, tuple[int, ...]] | None = None,
                 known: Sequence[tuple[list[Event], tuple[int, int | None]]] = ()) -> None:
        """`splices`: before command n, these faces are rolled first.

        `known`: each command's events and clock after it, already seen in a checked re-run
        (a run record's verify): with `stored`, the viewer has them without a first pass.
        """
        if every < 1:
            raise ArenaError(f"keyframes every {every} commands: must be 1 or more")
        self.replay = replay
        self.every = every
        self.splices = dict(splices or {})
        self.commands = [command for command, _, _ in replay.steps]
        self.hashes = [digest for _, _, digest in replay.steps]
        self.frames: dict[int, dict[str, Any]] = {}  # after command n: a trusted snapshot
        self.unchecked: dict[int, dict[str, Any]] = dict(replay.keyframes) if stored else {}
        self.rejected: list[int] = []  # stored keyframes found not to fit their command
        self.checked: set[int] = set()  # commands (0-based) whose hash was checked once
        self.battle = Battle(replay.scenario, replay.ruleset, replay.seed, replay.dice)
        self.battle.__enter__()
        self.opening: list[Event] = list(self.battle.opening)
        self.events: list[list[Event]] = []  # per command, the events it gave (first pass)
        self.clock: list[tuple[int, int | None]] = [self._clock()]  # after 0..n commands
        if stored and len(known) == len(self.commands):
            self.events = [events for events, _ in known]
            self.clock += [clock for _, clock in known]
        self.frames[0] = take(self.battle, log=False)
        self.position = 0
        if not stored:
            try:
                self._forward(len(self.commands))
            except ArenaError:
                self.close()
                raise

    @property
    def keyframes(self) -> list[dict[str, Any]]:
        """The trusted keyframes in command order."""
        return [self.frames[n] for n in sorted(self.frames)]

    def at(self, n: int) -> Battle:
        """The battle after its first `n` commands (0: the opening)."""
        if not 0 <= n <= len(self.commands):
            raise ArenaError(f"command {n} is outside 0..{len(self.commands)}")
        if not 0 <= self.position <= n < self.position + self.every:
            start = self._restore_nearest(n)
            if not start <= self.position <= n:  # else moving forward from here is cheaper
                self._restore(self.frames[start])
                self.position = start
        self._forward(n)
        return self.battle

    def _restore_nearest(self, n: int) -> int:
        """The latest usable keyframe at or before `n`, checking stored ones on first use."""
        while True:
            trusted = max(k for k in self.frames if k <= n)
            stored = max((k for k in self.unchecked if trusted < k <= n), default=None)
            if stored is None:
                return trusted
            snapshot = self.unchecked.pop(stored)
            if snapshot.get("state_hash") == self.hashes[stored - 1] and self._fits(snapshot,
                                                                                    stored):
                self.frames[stored] = snapshot
                return stored
            self.rejected.append(stored)

    def _fits(self, snapshot: dict[str, Any], n: int) -> bool:
        """Whether a stored snapshot restores into this battle (now after command `n` if so)."""
        try:
            self._restore(snapshot)
        except SnapshotError:
            self.position = -1  # the battle's state is unknown: the next seek restores
            return False
        self.position = n
        return True

    def _restore(self, snapshot: dict[str, Any]) -> None:
        """Restore a keyframe; on a line with splices, with the dice script it was taken with."""
        script = snapshot.get("script")
        if self.splices and isinstance(script, list) and all(type(f) is int for f in script):
            self.battle.dice.seek(0, 0)
            self.battle.dice.splice(script)  # the whole script (none of it used yet)
        restore(self.battle, snapshot)

    def _forward(self, n: int) -> None:
        """Apply commands up to `n`, checking hashes and keeping a keyframe every `every`."""
        for i in range(self.position, n):
            if i + 1 in self.splices:
                self.battle.dice.splice(self.splices[i + 1])
            events = self.battle.apply(self.commands[i])
            if i == len(self.events):  # the first pass in order: keep what the viewer shows
                self.events.append(events)
                self.clock.append(self._clock())
            if i in self.checked:
                continue
            if self.battle.state_hash() != self.hashes[i]:
                self.position = -1
                raise ArenaError(f"command {i + 1} of the replay no longer gives its recorded "
                                 "state: cannot seek in it (see arena diff --rerun)")
            self.checked.add(i)
            if (i + 1) % self.every == 0 and i + 1 not in self.frames:
                self.frames[i + 1] = take(self.battle, log=False)
        self.position = n

    def _clock(self) -> tuple[int, int | None]:
        """The battle's round and whose turn it is (None: between turns or over)."""
        now = view.clock(self.battle)
        return now.round, now.turn

    def close(self) -> None:
        """Delete the battle's world."""
        self.battle.__exit__(None, None, None)
