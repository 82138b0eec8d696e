"""The server's data folder: one place for its host key, accounts, players' saves and logs.

    DATA/host_key            the SSH host key (made on first start, mode 600)
    DATA/accounts.db         accounts (names and Argon2 hashes)
    DATA/players/NAME/       a player's home: config.toml, saves/ (the game's ARENA_SAVES)
    DATA/logs/server.log     the server's log

A player's folder is built from the account's registered name (`names.PATTERN`: no `/`, no
`..`), folded to lower case, and checked to lie inside `players/`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from arena.errors import ArenaError
from arena.server.names import name_error


@dataclass(frozen=True, slots=True)
class DataFolder:
    """The paths of a server's data folder."""

    root: Path

    @property
    def host_key(self) -> Path:
        """The SSH host key."""
        return self.root / "host_key"

    @property
    def accounts(self) -> Path:
        """The accounts database."""
        return self.root / "accounts.db"

    @property
    def logs(self) -> Path:
        """The logs folder."""
        return self.root / "logs"

    def player(self, name: str) -> Path:
        """The player's home folder (made if missing), refused if it would leave players/."""
        if name_error(name) is not None:
            raise ArenaError(f"not an account name: {name[:40]!r}")
        players = (self.root / "players").resolve()
        home = players / name.lower()
        if home.resolve().parent != players:
            raise ArenaError(f"refusing a player folder outside {players}")
        (home / "saves").mkdir(parents=True, exist_ok=True)
        return home

    def make(self) -> None:
        """Create the folder and its parts (private to the server's user)."""
        for folder in (self.root, self.root / "players", self.logs):
            folder.mkdir(parents=True, exist_ok=True)
        os.chmod(self.root, 0o700)
