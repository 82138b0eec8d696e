"""A run played by a person: the engine plus its journal, one step at a time, resumable.

The terminal screens drive a `LiveRun`: `go` (the road to a node of the run's map),
`begin_bout` (the arena and a recorder to play it with), `record` after every command,
`end_bout`, `choose` at a camp or the spoils, `leave_camp`, and `conclude` once `run.over`.
Every road, command and choice is in the journal before the screen shows its result, so
`resume` rebuilds the run exactly where a killed terminal left it: on the map, before a bout,
in a bout (mid-battle) or at camp (with the choices already made).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from arena.assets.library import Library
from arena.errors import ArenaError
from arena.model.commands import command_from_json
from arena.replay.file import Recorder
from arena.run.auto import end, start
from arena.run.bout import Bout
from arena.run.camp import Camp
from arena.run.config import RunConfig
from arena.run.decisions import CampChoice
from arena.run.engine import Run
from arena.run.finish import Written, conclude, record_path
from arena.run.route import FIGHTS
from arena.run.runjournal import (
    Chosen,
    Closed,
    Commanded,
    JournalLine,
    Routed,
    RunJournal,
    Undone,
    load,
)


@dataclass(slots=True)
class Fight:
    """The bout being fought: its plan and the recorder every command goes through."""

    bout: Bout
    recorder: Recorder


class LiveRun:
    """The run in progress with its journal; `phase` says which screen comes next."""

    def __init__(self, run: Run, journal: RunJournal) -> None:
        self.run = run
        self.journal = journal
        self.fight: Fight | None = None
        self.camp: Camp | None = None
        self.made: list[CampChoice] = []
        self.points: int | None = None

    @classmethod
    def new(cls, config: RunConfig, library: Library, path: Path) -> LiveRun:
        """Start a run and its journal (the party is recorded, so it never depends on code)."""
        run = Run(config, library)
        fixed = RunConfig(config.ruleset, config.seed, config.steps, config.endless,
                          config.seeded, tuple(m.template for m in run.party))
        run.config = fixed
        start(run)
        return cls(run, RunJournal(path, fixed, library.hash))

    @property
    def phase(self) -> str:
        """'battle', 'camp', 'over', 'preview' (a bout is about to begin) or 'route' (the map)."""
        if self.fight is not None:
            return "battle"
        if self.camp is not None:
            return "camp"
        if self.run.over:
            return "over"
        return "preview" if self.pending else "route"

    @property
    def pending(self) -> bool:
        """Whether the node reached is a fight not fought yet."""
        here, bouts = self.run.here, self.run.bouts
        return here is not None and here.kind in FIGHTS and not (
            bouts and bouts[-1].node.id == here.id)

    def go(self, node: str) -> str | None:
        """Take the road to `node` (journalled when taken): the refusal, or None.

        A camp, event or merchant node opens its camp at once; a fight waits for `begin_bout`.
        """
        if self.phase != "route":
            return "the road is chosen on the map, between nodes"
        reason = self.run.go(node)
        if reason is None:
            self.journal.route(self.run.step, node)
            here = self.run.here
            if here is not None and here.kind not in FIGHTS:
                self.camp, self.made = self.run.camp(), []
        return reason

    def begin_bout(self) -> Fight:
        """Generate the next bout and open its battle."""
        bout = self.run.prepare()
        self.fight = Fight(bout, Recorder(self.run.battle(bout), self.run.library.hash))
        self.run.events(self.fight.recorder.battle, self.fight.recorder.battle.opening)
        return self.fight

    def record(self) -> None:
        """Journal the command just applied through the fight's recorder."""
        assert self.fight is not None
        step = self.fight.recorder.steps[-1]
        kept = {"command": step["command"], "by": step["by"], "state_hash": step["state_hash"]}
        self.fight.bout.steps.append(kept)
        self.journal.command(self.fight.bout.number, kept)

    def undo(self) -> str:
        """Take back the bout's last command: rebuild its battle without it; the new hash.

        The caller (the battle screen) allows only a die-free command of the player's; the
        journal says so, so a resumed run takes the same command back.
        """
        assert self.fight is not None
        assert self.fight.bout.steps
        fight = self.fight
        fight.bout.steps.pop()
        fight.recorder.battle.__exit__(None, None, None)
        recorder = Recorder(self.run.battle(fight.bout), self.run.library.hash)
        for step in fight.bout.steps:
            recorder.apply(command_from_json(step["command"]), str(step["by"] or "player"))
        fight.recorder = recorder
        state_hash = recorder.battle.state_hash()
        self.journal.undo(fight.bout.number, state_hash)
        return state_hash

    def end_bout(self) -> None:
        """Carry the party home from the ended battle; open the camp unless the run is over."""
        assert self.fight is not None
        fight, self.fight = self.fight, None
        with fight.recorder.battle as battle:
            self.run.finish(fight.bout, battle)
        if not self.run.over:
            self.camp, self.made = self.run.camp(), []

    def choose(self, choice: CampChoice) -> str | None:
        """Make a camp choice (journalled when accepted); the refusal or None."""
        assert self.camp is not None
        reason = self.run.camp_choice(self.camp, choice)
        if reason is None:
            self.made.append(choice)
            self.journal.choice(self.run.step, choice)
        return reason

    def leave_camp(self) -> None:
        """Close the camp (a retirement ends the run)."""
        assert self.camp is not None
        self.run.close_camp(self.camp, self.made)
        self.journal.closed(self.run.step)
        self.camp, self.made = None, []

    def conclude(self, saves: Path) -> Written:
        """The run is over: score, morgue and run record written; the journal is gone."""
        assert self.run.over
        self.points = end(self.run)
        written = conclude(self.run, self.points, saves, record_path(saves, self.run))
        self.journal.discard()
        return written

    def close(self) -> None:
        """Leave the run for later: the journal stays on disk."""
        self.journal.close()


def resume(path: Path, library: Library) -> tuple[LiveRun, bool]:
    """Rebuild the run a journal describes; (the run, whether a last line was dropped)."""
    data = load(path)
    run = Run(data.config, library)
    start(run)
    live = LiveRun(run, _Replaying())
    for number, line in enumerate(data.lines, 2):
        try:
            _apply(live, line)
        except ArenaError as e:
            raise ArenaError(f"{path}: line {number}: {e}") from None
    if live.fight is not None and live.fight.recorder.battle.over:
        live.end_bout()
    live.journal = RunJournal(path, data.config, library.hash, list(data.lines))
    return live, data.dropped


class _Replaying(RunJournal):
    """A journal that writes nothing, while the run is rebuilt from the one on disk."""

    def __init__(self) -> None:
        """Open nothing."""

    def append(self, line: JournalLine) -> None:
        """Write nothing."""

    def close(self) -> None:
        """Nothing to close."""


def _apply(live: LiveRun, line: JournalLine) -> None:
    """Re-make one journalled line on the rebuilt run."""
    if isinstance(line, Commanded):
        _command(live, line)
        return
    if isinstance(line, Undone):
        if live.fight is None or line.bout != live.fight.bout.number or \
                not live.fight.bout.steps:
            raise ArenaError(f"a take-back in bout {line.bout} out of place")
        if live.undo() != line.state_hash:
            raise ArenaError("state hash differs from the journal's after a take-back")
        return
    if live.fight is not None and live.fight.recorder.battle.over:
        live.end_bout()
    if isinstance(line, Routed):
        if line.step != live.run.step + 1:
            raise ArenaError(f"a road to step {line.step} out of place")
        reason = live.go(line.node)
        if reason is not None:
            raise ArenaError(f"the road taken is refused: {reason}")
        return
    if live.camp is None or line.camp != live.run.step:
        raise ArenaError(f"a camp choice at step {line.camp} out of place")
    if isinstance(line, Closed):
        live.leave_camp()
        return
    assert isinstance(line, Chosen)
    reason = live.choose(line.choice)
    if reason is not None:
        raise ArenaError(f"camp choice refused: {reason}")


def _command(live: LiveRun, line: Commanded) -> None:
    """Re-apply one journalled command, in its bout, to the same state."""
    if live.fight is None:
        if live.phase != "preview":
            raise ArenaError("a command outside a bout")
        live.begin_bout()
    assert live.fight is not None
    if line.bout != live.fight.bout.number or live.fight.recorder.battle.over:
        raise ArenaError(f"a command of bout {line.bout} out of place")
    recorder = live.fight.recorder
    before = len(recorder.steps)
    try:
        command = command_from_json(line.command)
    except ValueError as e:  # the decoder's one-line reason
        raise ArenaError(f"a recorded command is unreadable: {e}") from None
    recorder.apply(command, "player" if line.by is None else line.by)
    if len(recorder.steps) == before:
        raise ArenaError("a recorded command is refused")
    if recorder.steps[-1]["state_hash"] != line.state_hash:
        raise ArenaError("state hash differs from the journal's")
    live.record()
