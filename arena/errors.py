"""Errors a user can cause: each carries one line that names the problem."""

from arena.text import one_line


class ArenaError(Exception):
    """A problem with the user's input, reported as one line and exit code 2."""

    def __init__(self, message: str = "") -> None:
        """Keep `message` as one safe line: a name from a file cannot add lines or escapes."""
        super().__init__(one_line(str(message)))


class DiceError(ArenaError):
    """Malformed dice notation, a malformed script, or a scripted face that does not fit."""


class AssetError(ArenaError):
    """An asset or scenario file that is missing, malformed or invalid (`file: key: message`)."""


class ReplayError(ArenaError):
    """A replay or save file that is missing, corrupt or from an incompatible version."""
