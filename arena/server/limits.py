"""What one game process may use: its resource limits (setrlimit), named settings."""

from __future__ import annotations

import resource
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Limits:
    """What one game process may use (setrlimit); documented in docs/server.md."""

    address_space: int = 2 << 30  # bytes (tcod and numpy map a few hundred MB)
    cpu_seconds: int = 4 * 3600
    open_files: int = 64
    processes: int = 64  # per user: only a non-root server user is held to it
    file_size: int = 64 << 20  # bytes: a save, a replay or a morgue

    def apply(self) -> None:
        """Set the limits on the calling process (the game, before exec)."""
        for kind, value in ((resource.RLIMIT_AS, self.address_space),
                            (resource.RLIMIT_CPU, self.cpu_seconds),
                            (resource.RLIMIT_NOFILE, self.open_files),
                            (resource.RLIMIT_NPROC, self.processes),
                            (resource.RLIMIT_FSIZE, self.file_size)):
            resource.setrlimit(kind, (value, value))
