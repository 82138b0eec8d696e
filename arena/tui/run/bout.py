"""A bout of a run in the battle screen: the session journals every command in the run journal.

The battle screen (`App`) plays a `RunSession` as it plays any session; the differences are
the run's: each command goes to the run journal (not a battle journal), a finished bout writes
no replay of its own (the run record holds it), and a command is taken back only as far as a
skirmish's (the player's die-free steps and turns of this turn: nothing rolled, nothing
save-scummed), through the run journal.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import tcod.console

from arena.model.commands import Command, EndTurn
from arena.replay.file import Recorder
from arena.run.live import LiveRun
from arena.tui.battle.app import App
from arena.tui.battle.modes import Mode, UiState
from arena.tui.battle.session import AI_LIMIT, Session
from arena.tui.term.keymap import KEYMAP


class RunSession(Session):
    """The session of the bout `live` is fighting; the player commands side 0."""

    abandon_question = "Abandon the run? It ends here; its journal is kept aside. (y/n)"
    unavailable = MappingProxyType({})  # auto-fight: BoutScreen plays it
    saving = "Saved as you play, in the run's journal (run arena again to continue the run)"

    def __init__(self, live: LiveRun, saves: Path) -> None:
        assert live.fight is not None
        self.live = live
        super().__init__(live.fight.recorder, frozenset({0}), saves, journal=False)

    def submit(self, command: Command, by: str = "player") -> str | None:
        """Apply a command; once accepted it is in the run journal before anything is drawn."""
        count = len(self.recorder.steps)
        reason = super().submit(command, by)
        if reason is None and len(self.recorder.steps) > count:
            self.live.record()
        return reason

    def _without_last(self) -> Recorder:
        """The bout rebuilt without its last command, taken back in the run journal."""
        self.live.undo()
        assert self.live.fight is not None
        return self.live.fight.recorder

    def save(self) -> Path:
        """Leave the bout for later: the run journal already holds every command."""
        return self.live.journal.path

    def abandon(self) -> None:
        """The run's flow (flow.py) decides what abandoning a bout means (the run ends)."""

    def _finish(self) -> None:
        """No replay per bout: the run record holds every bout."""


class BoutScreen:
    """The battle screen for a bout, plus auto-fight (as DCSS's Tab): the AI plays a turn."""

    hover = True  # pointer moves reach the battle screen (look by hovering)

    def __init__(self, session: RunSession, pauses: bool = True, ask_end_turn: bool = True
                 ) -> None:
        self.session = session
        self.app = App(session, pauses, ask_end_turn)

    @property
    def done(self) -> bool:
        """True once the player leaves the battle screen."""
        return self.app.done

    @property
    def flush_input(self) -> bool:
        """Whether the terminal should drop typed-ahead keys (the battle just ended)."""
        return self.app.flush_input

    @flush_input.setter
    def flush_input(self, value: bool) -> None:
        self.app.flush_input = value

    def feed(self, key: str) -> None:
        """Auto-fight (`A`) in the normal mode on the player's turn; else the battle screen."""
        session = self.session
        actor = session.view.active
        if KEYMAP.get(key) != "auto_fight" or self.app.state.mode != Mode.NORMAL \
                or not session.player_turn or actor is None:
            self.app.feed(key)
            return
        for _ in range(AI_LIMIT):
            if session.view.over or session.view.active != actor or not session.player_turn:
                break
            if session.submit(session.battle.decide(), "auto") is not None and \
                    session.submit(EndTurn(actor), "auto") is not None:
                break
        session.run_ai()
        self.app.state = replace(self.app.state, hint="")  # an older hint no longer holds
        if session.view.over:
            self.app.state = UiState(mode=Mode.SUMMARY)
            self.app.flush_input = True

    def draw(self, console: tcod.console.Console) -> None:
        """The battle screen."""
        self.app.draw(console)
