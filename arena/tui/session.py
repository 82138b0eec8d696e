"""A battle in play: every command goes through the recorder, then the journal and the log.

The player's commands and the AI's both pass through `Battle.apply` (via `Recorder.apply`),
so a session is exactly as deterministic as `arena sim`; nothing here rolls a die.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from arena.ecs.events import Event, Refused
from arena.model.commands import Command, EndTurn
from arena.narrate import narrate
from arena.replay import Journal, Recorder, save
from arena.tui import palette
from arena.tui.text import sanitise
from arena.view import BattleView, snapshot

JOURNAL_NAME = "current.journal.jsonl"
AI_LIMIT = 10_000


@dataclass(frozen=True, slots=True)
class LogLine:
    """One narrated event and its colour."""

    text: str
    colour: palette.RGB


def event_colour(event: Event) -> palette.RGB:
    """The log colour of an event; unknown event types are plain text."""
    result = getattr(event, "result", None)
    if result is not None and hasattr(result, "hit"):
        return palette.HIT if result.hit else palette.MISS
    return palette.LOG.get(str(getattr(event, "type", "")), palette.TEXT)


class Session:
    """The battle, its recorder and journal, who plays which side, and the message log."""

    def __init__(
        self, recorder: Recorder, players: frozenset[int], saves: Path, journal: bool = True,
        source: Path | None = None,
    ) -> None:
        self.recorder = recorder
        self.battle = recorder.battle
        self.players = players
        self.saves = saves
        self.names = self.battle.names()
        self.side_names = {i: s.name for i, s in enumerate(self.battle.scenario.sides)}
        self.log: list[LogLine] = []
        self.replay_path: Path | None = None
        self.journal: Journal | None = None
        if journal and not self.battle.over:
            settings: dict[str, object] = {"players": sorted(players)}
            self.journal = Journal(saves / JOURNAL_NAME, recorder, settings)
        self._narrate(self.battle.log)
        self.view: BattleView = snapshot(self.battle)
        if self.battle.over:
            self.replay_path = source

    @property
    def player_turn(self) -> bool:
        """True when the active combatant is on a side the player commands."""
        active = self.view.combatant(self.view.active)
        return active is not None and active.side in self.players

    def submit(self, command: Command, by: str = "player") -> str | None:
        """Apply a command; return the reason if refused (nothing changed), else None."""
        events = self.recorder.apply(command, by)
        if len(events) == 1 and isinstance(events[0], Refused):
            return events[0].reason
        if self.journal is not None:
            self.journal.append(self.recorder.steps[-1])
        self._narrate(events)
        self.view = snapshot(self.battle)
        if self.battle.over:
            self._finish()
        return None

    def run_ai(self) -> None:
        """Let the AI play every turn until a player's combatant acts or the battle ends."""
        for _ in range(AI_LIMIT):
            active = self.view.active
            if self.view.over or active is None or self.player_turn:
                return
            reason = self.submit(self.battle.decide(), "ai")
            if reason is not None and self.submit(EndTurn(active), "ai") is not None:
                return

    def _narrate(self, events: Sequence[Event]) -> None:
        """Add the events' log lines, made safe to draw."""
        for event in events:
            text = sanitise(narrate(event, self.names, self.side_names))
            self.log.append(LogLine(text, event_colour(event)))

    def save_path(self) -> Path:
        """Where save-and-quit writes: saves/<scenario>-<seed>.save.json."""
        return self.saves / f"{self.battle.scenario.id}-{self.battle.seed}.save.json"

    def save(self) -> Path:
        """Write the battle so far in the replay format; the journal stays for resuming."""
        path = self.save_path()
        save(self.recorder, path)
        self.close()
        return path

    def _finish(self) -> None:
        """The battle is over: write its replay and drop the journal."""
        stem = f"{self.battle.scenario.id}-{self.battle.seed}"
        path, n = self.saves / f"{stem}.replay.json", 1
        while path.exists():
            n += 1
            path = self.saves / f"{stem}-{n}.replay.json"
        save(self.recorder, path)
        self.replay_path = path
        if self.journal is not None:
            self.journal.discard()
            self.journal = None

    def abandon(self) -> None:
        """The player gives the battle up: its journal is deleted."""
        if self.journal is not None:
            self.journal.discard()
            self.journal = None

    def close(self) -> None:
        """Close the journal, keeping it for the next `arena` to resume."""
        if self.journal is not None:
            self.journal.close()
            self.journal = None
