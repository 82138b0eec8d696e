"""The replay viewer's model: the battles of a file, where playback stands, seeking and speed.

A replay file holds one battle; a run record one per bout (re-fought once to recover each
bout's arena, seed and carried wounds, then each bout made an ordinary battle replay in memory,
so everything below works on it as on a file). Each battle is a `Film`; the one being watched
is opened in a `Seeker` (keyframes: any command in a few milliseconds) with a `Session` over
the seeker's battle for the screen's parts (map, panel, log). Nothing here applies a command of
its own: the replay is only read. No terminal here; tests drive it directly.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from arena.assets import load_library
from arena.battle.view import snapshot
from arena.ecs.events import Event
from arena.errors import ArenaError
from arena.files import MAX_JSON_BYTES, read_bytes, write_atomically
from arena.model.commands import Command
from arena.paths import saves_file
from arena.replay.document import keyframe_list
from arena.replay.file import Recorder, Replay, load, load_document, replay_from
from arena.replay.seek import Seeker
from arena.rules import get_ruleset
from arena.run.boutreplay import UnverifiedError, bout_document, verified_bouts
from arena.run.record import is_run_record
from arena.text import one_line
from arena.tui.battle.session import LogLine, Session

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0)  # commands per second
DEFAULT_SPEED = 3  # 4 commands a second
KEYFRAMES_EVERY = 10  # the worst seek: one restore and 9 commands (docs/testers.md)
LOG_KEPT = 300  # log lines shown at a point (the newest): enough to scroll back through


@dataclass(frozen=True, slots=True)
class Film:
    """One battle to watch: its replay, its bout number in a run, its line (a branch's name)."""

    replay: Replay
    bout: int = 0  # 0: a battle replay file, not a run's bout
    line: str | None = None  # a branch's name (its whole line is `replay`); None: the main line
    splices: tuple[tuple[int, tuple[int, ...]], ...] = ()  # a branch's dice: (before n, faces)
    seen: tuple[tuple[list[Event], tuple[int, int | None]], ...] = ()  # a run bout's events and
    # clock per command, from the record's verify: with its keyframes, no second re-fight
    document: dict[str, Any] | None = None  # a run bout: its battle replay (run/boutreplay.py)


def load_films(path: Path) -> tuple[list[Film], str]:
    """The battles in a replay file or run record, and the sha256 of the file's bytes.

    A run record is re-fought once here (as `--verify` does; a difference is an
    UnplayableError), and each bout becomes an ordinary battle replay in memory, its carried
    wounds in its scenario (arena/run/boutreplay.py).
    """
    digest = hashlib.sha256(read_bytes(path, one_line(str(path)), MAX_JSON_BYTES,
                                       what="replay file")).hexdigest()
    if not is_run_record(path):
        return [Film(load(path))], digest
    try:
        doc, bouts = verified_bouts(path, load_library())
    except UnverifiedError as e:
        raise UnplayableError(str(e)) from None
    ruleset = get_ruleset(doc["ruleset"]["name"])
    films = []
    for bout in bouts:
        made = bout_document(bout, ruleset, str(doc["assets_hash"]))
        stored = keyframe_list(doc["fights"][bout.number - 1], f"bout {bout.number}",
                               len(bout.steps))  # the record's, checked by verify: to seek by
        films.append(Film(replace(replay_from(path, made), keyframes=stored), bout.number,
                          seen=tuple(bout.seen or ()), document=made))
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

    def __init__(self, films: list[Film], path: Path, digest: str, saves: Path,
                 first: int = 0) -> None:
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
        self.open(first)

    @property
    def film(self) -> Film:
        """The battle being watched."""
        return self.films[self.index]

    def branch_file(self) -> Path:
        """Where the watched battle's branches are kept (for a run's bout, maybe not yet).

        A battle replay: the file, or its copy under saves/ a change wrote. A run's bout: its
        own replay under saves/, named after the run record and the sha256 of its bytes.
        """
        film = self.film
        if film.document is None:
            return self.branches_path
        stem = re.sub(r"[^A-Za-z0-9_.-]", "-", self.path.stem).lstrip(".-")[:80] or "run"
        return saves_file(self.saves, f"{stem}-{self.digest[:12]}.bout-{film.bout}.replay.json")

    def branch_source(self) -> tuple[Path, Replay, dict[str, Any]]:
        """The file holding the watched battle's branches: its path, main line and document."""
        path, film = self.branch_file(), self.film
        if film.document is not None and not path.exists():
            doc = copy.deepcopy(film.document)  # the bout's replay, not written yet
            return path, replay_from(path, doc), doc
        replay, doc = load_document(path)
        return path, replay, doc

    def bout_file(self) -> Path:
        """A run's bout as its replay under saves/ (written if it is not there yet)."""
        path, _, doc = self.branch_source()
        if not path.exists():
            try:
                self.saves.mkdir(parents=True, exist_ok=True)
                write_atomically(path, json.dumps(doc, separators=(",", ":")) + "\n")
            except OSError as e:
                raise ArenaError(f"{path}: cannot write: {e.strerror or e}") from None
        return path

    def kept_at(self, path: Path) -> None:
        """The branches were written to `path`: read them there from now on."""
        if self.film.document is None:
            self.branches_path = path  # a run's bout keeps its own file's name

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
            seeker = Seeker(film.replay, KEYFRAMES_EVERY, stored=stored,
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
