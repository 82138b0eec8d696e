"""The replay viewer's model: the battles of a file, where playback stands, seeking and speed.

A replay file holds one battle; a run record one per bout (re-fought once to recover each
bout's arena, seed and carried wounds). Each battle is a `Film`; the one being watched is
opened in a `Seeker` (keyframes: any command in a few milliseconds) with a `Session` over the
seeker's battle for the screen's parts (map, panel, log). Nothing here applies a command of
its own: the replay is only read. No terminal here; tests drive it directly.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from arena.assets import load_library
from arena.battle.core import Wounds
from arena.battle.view import snapshot
from arena.ecs.events import Event
from arena.errors import ArenaError
from arena.files import MAX_JSON_BYTES, read_bytes
from arena.model.commands import Command, command_from_json
from arena.replay.document import keyframe_list
from arena.replay.file import Recorder, Replay, load
from arena.replay.seek import Seeker
from arena.rules import get_ruleset
from arena.run.engine import Bout
from arena.run.record import is_run_record, load_record, verify
from arena.text import one_line
from arena.tui.battle.session import LogLine, Session

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0)  # commands per second
DEFAULT_SPEED = 3  # 4 commands a second
KEYFRAMES_EVERY = 10  # the worst seek: one restore and 9 commands (docs/testers.md)
LOG_KEPT = 300  # log lines shown at a point (the newest): enough to scroll back through


@dataclass(frozen=True, slots=True)
class Film:
    """One battle to watch: its replay, a run bout's carried wounds, its bout number, its line."""

    replay: Replay
    wounds: Mapping[int, Wounds] | None = None
    bout: int = 0  # 0: a battle replay file, not a run's bout
    line: str | None = None  # a branch's name (its whole line is `replay`); None: the main line
    splices: tuple[tuple[int, tuple[int, ...]], ...] = ()  # a branch's dice: (before n, faces)
    seen: tuple[tuple[list[Event], tuple[int, int | None]], ...] = ()  # a run bout's events and
    # clock per command, from the record's verify: with stored keyframes, no second re-fight


def load_films(path: Path) -> tuple[list[Film], str]:
    """The battles in a replay file or run record, and the sha256 of the file's bytes.

    A run record is re-fought once here (as `--verify` does); a difference is an ArenaError.
    """
    digest = hashlib.sha256(read_bytes(path, one_line(str(path)), MAX_JSON_BYTES,
                                       what="replay file")).hexdigest()
    if not is_run_record(path):
        return [Film(load(path))], digest
    doc = load_record(path)
    bouts: list[Bout] = []
    mismatch = verify(doc, load_library(), bouts)
    if mismatch is not None:
        raise UnplayableError(f"{one_line(str(path))}: {mismatch}")
    ruleset = get_ruleset(doc["ruleset"]["name"])
    films = []
    for bout in bouts:
        steps: list[tuple[Command, list[object], str]] = [
            (command_from_json(s["command"]), [], str(s["state_hash"])) for s in bout.steps]
        keyframes = keyframe_list(doc["fights"][bout.number - 1], f"bout {bout.number}",
                                  len(steps))  # checked against the re-fight by verify
        replay = Replay(path, str(doc.get("game_version", "?")), ruleset, bout.seed, (),
                        bout.scenario, [], steps, steps[-1][2] if steps else "", over=True,
                        by=("ai",) * len(steps), keyframes=keyframes)
        films.append(Film(replay, bout.wounds, bout.number, seen=tuple(bout.seen or ())))
    if not films:
        raise ArenaError(f"{one_line(str(path))}: the run record holds no bout")
    return films, digest


class ReadOnly(Session):
    """A session over a replay's battle that never applies a command: the viewer's."""

    def submit(self, command: Command, by: str = "player") -> str | None:
        """Refuse: the replay is only watched."""
        return "this is a replay: nothing is changed (c continues from here)"

    def run_ai(self) -> None:
        """Nothing: the replay's commands are the AI's."""

    def undo(self) -> str | None:
        """Refuse: there is nothing to take back."""
        return "this is a replay: nothing to take back"


class UnplayableError(ArenaError):
    """A replay or run whose commands no longer give their recorded states (exit 1)."""


Cut = tuple[int, LogLine]  # after a command: how many log lines, and the last one as it was


def narrated(session: Session, opening: Sequence[Event],
             events: Sequence[Sequence[Event]]) -> tuple[list[LogLine], list[Cut]]:
    """The whole battle's log lines, and where the log stood after each command (0: opening).

    The last line is kept as it was then: a repeated line stacks later ('x3').
    """
    session.log = []
    session._narrate(opening)  # the game log's own narration
    cuts = [(len(session.log), session.log[-1] if session.log else LogLine("", (0, 0, 0)))]
    for batch in events:
        session._narrate(batch)
        cuts.append((len(session.log), session.log[-1] if session.log else cuts[-1][1]))
    return session.log, cuts


class Playback:
    """The films of a file, the one open, the command shown, and the playing speed."""

    def __init__(self, films: list[Film], path: Path, digest: str, saves: Path) -> None:
        self.films = films
        self.path = path
        self.digest = digest  # sha256 of the file: a continued replay names it as its parent
        self.saves = saves
        self.branches_path = path  # where branches are kept: the file, or its copy in saves/
        self.index = 0
        self.position = 0
        self.speed = DEFAULT_SPEED
        self.playing = False
        self.carry = 0.0  # a fraction of a command owed to playing time
        self.seeker: Seeker | None = None
        self.session: Session | None = None
        self.lines: list[LogLine] = []
        self.cuts: list[Cut] = []
        self.open(0)

    @property
    def film(self) -> Film:
        """The battle being watched."""
        return self.films[self.index]

    @property
    def count(self) -> int:
        """The number of commands in the battle being watched."""
        return len(self.film.replay.steps)

    @property
    def clock(self) -> list[tuple[int, int | None]]:
        """(round, whose turn) after 0..count commands."""
        assert self.seeker is not None
        return self.seeker.clock

    def open(self, index: int) -> None:
        """Watch film `index` from its opening (its battle re-simulated and checked once)."""
        film = self.films[index]
        try:
            stored = bool(film.replay.keyframes) and len(film.seen) == len(film.replay.steps)
            seeker = Seeker(film.replay, KEYFRAMES_EVERY, stored=stored, wounds=film.wounds,
                            splices=dict(film.splices), known=film.seen)
        except ArenaError as e:
            raise UnplayableError(f"{one_line(str(self.path))}: {e}") from None
        self.close()
        self.seeker, self.index, self.playing = seeker, index, False
        battle = seeker.battle
        recorder = Recorder(battle, "", film.replay.dice)
        self.session = ReadOnly(recorder, frozenset(), self.saves, journal=False)
        self.lines, self.cuts = narrated(self.session, seeker.opening, seeker.events)
        self.position = -1
        self.goto(0)

    def goto(self, n: int) -> None:
        """Show the battle after its first `n` commands (clamped to the battle)."""
        assert self.seeker is not None
        assert self.session is not None
        n = max(0, min(n, self.count))
        battle = self.seeker.at(n)
        self.position = n
        self.session.view = snapshot(battle)
        kept, last = self.cuts[n]
        start = max(0, kept - LOG_KEPT)
        self.session.log = [*self.lines[start:kept - 1], last] if kept else []

    def step(self, by: int) -> None:
        """Move `by` commands (negative: back)."""
        self.goto(self.position + by)

    def turn_starts(self) -> list[int]:
        """The points where a turn begins: the opening, and after a command that changed it."""
        clock = self.clock
        return [0, *(n for n in range(1, len(clock)) if clock[n] != clock[n - 1])]

    def next_turn(self, forward: bool) -> None:
        """To the next (or previous) start of a turn."""
        self._jump(self.turn_starts(), forward)

    def next_round(self, forward: bool) -> None:
        """To the next (or previous) start of a round."""
        clock = self.clock
        starts = [0, *(n for n in range(1, len(clock)) if clock[n][0] != clock[n - 1][0])]
        self._jump(starts, forward)

    def _jump(self, points: list[int], forward: bool) -> None:
        """To the first point after the position, or the last one before it; else the end."""
        if forward:
            self.goto(next((p for p in points if p > self.position), self.count))
        else:
            self.goto(max((p for p in points if p < self.position), default=0))

    def round_start(self, number: int) -> int | None:
        """The first point in round `number`, or None when the battle has no such round."""
        return next((n for n, (r, _) in enumerate(self.clock) if r == number), None)

    def faster(self, by: int) -> None:
        """Change the playing speed one step."""
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + by))

    def advance(self, seconds: float) -> int:
        """Play on for `seconds` at the current speed; the commands moved (stops at the end)."""
        if not self.playing:
            return 0
        self.carry += seconds * SPEEDS[self.speed]
        steps = min(int(self.carry), self.count - self.position)
        self.carry -= int(self.carry)
        if steps:
            self.step(steps)
        if self.position >= self.count:
            self.playing, self.carry = False, 0.0
        return steps

    def close(self) -> None:
        """Delete the open battle's world."""
        if self.seeker is not None:
            self.seeker.close()
            self.seeker, self.session = None, None


def open_playback(path: Path, saves: Path) -> Playback:
    """A playback of the file at `path`; a bad file is an ArenaError (one line).

    A replay that no longer re-simulates to its recorded states is an UnplayableError.
    """
    films, digest = load_films(path)
    return Playback(films, path, digest, saves)
