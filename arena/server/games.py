"""The games being played: one per player at most, found again when the player comes back.

A dropped connection leaves the game running and waiting (the journal keeps every command
anyway); logging in again reattaches to it. A game nobody has typed into for `idle_seconds`
is asked to save and quit (the next login continues it from its journal).
"""

from __future__ import annotations

import json
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

from arena.run.runjournal import NAME as JOURNAL
from arena.server.folders import DataFolder
from arena.server.game import Game
from arena.server.limits import Limits
from arena.server.names import name_error
from arena.server.warm import Template

IDLE_SECONDS = 30 * 60
MAX_JOURNAL = 8 << 20  # bytes of a run journal read for the watch list
MIN_FREE = 64 << 20  # bytes: a game's journal, saves and morgue with room to spare


@dataclass(frozen=True, slots=True)
class Listing:
    """One line of the watch list."""

    player: str
    idle: float  # seconds since the player last typed
    viewers: int
    size: tuple[int, int]
    doing: str = ""  # the run's ruleset and step, from the player's run journal


def where(journal: Path) -> str:
    """'ap, step 3' for a run in progress (its journal's header and roads), else ''.

    Read with bounds (the header's first line, then the roads taken in at most
    `MAX_JOURNAL` bytes); an unreadable journal says nothing.
    """
    try:
        with journal.open("rb") as source:
            head = json.loads(source.readline(4096) or b"{}")
            roads = source.read(MAX_JOURNAL).count(b'{"step":')
    except (OSError, ValueError):
        return ""
    config = head.get("config") if isinstance(head, dict) else None
    ruleset = config.get("ruleset") if isinstance(config, dict) else None
    if not isinstance(ruleset, str) or name_error(ruleset) is not None:
        return ""
    return f"{ruleset}, step {roads}"


@dataclass(slots=True)
class Games:
    """Running games by player (folded name)."""

    data: DataFolder
    limits: Limits = field(default_factory=Limits)
    argv: tuple[str, ...] = ()
    idle_seconds: float = IDLE_SECONDS
    running: dict[str, Game] = field(default_factory=dict)
    template: Template | None = None  # the warm process games are forked from
    min_free: int = MIN_FREE  # bytes free on the data folder's disk to start a new game

    async def open(self, player: str, cols: int, rows: int, term: str) -> Game | str:
        """The player's game: the one still running, else a new one; or why none starts."""
        key = player.lower()
        game = self.running.get(key)
        if game is not None and game.running:
            game.resize(cols, rows)
            return game
        free = shutil.disk_usage(self.data.root).free
        if free < self.min_free:
            return (f"the server's disk is nearly full ({free // (1 << 20)} MB free): new games "
                    "are refused for now; games being played go on")
        game = Game(player, self.data.player(player), cols, rows, term, self.limits, self.argv)
        await game.start(self.template)
        self.running[key] = game
        return game

    def listing(self) -> list[Listing]:
        """The games being played, the longest-running first."""
        now = time.monotonic()
        live = [g for g in self.running.values() if g.running]
        return [Listing(g.player, now - g.active, len(g.watchers), (g.cols, g.rows),
                        where(g.home / "saves" / JOURNAL))
                for g in sorted(live, key=lambda g: (g.started, g.player))]

    def find(self, player: str) -> Game | None:
        """The running game of `player`, if any."""
        game = self.running.get(player.lower())
        return game if game is not None and game.running else None

    def sweep(self) -> list[str]:
        """Stop games idle too long and forget ended ones; the players whose games stopped."""
        now = time.monotonic()
        stopped = []
        for key, game in sorted(self.running.items()):
            if not game.running:
                del self.running[key]
            elif now - game.active > self.idle_seconds:
                game.stop()
                stopped.append(game.player)
        return stopped

    def stop_all(self) -> None:
        """Ask every game to save and quit (the server is shutting down)."""
        for game in self.running.values():
            game.stop()
