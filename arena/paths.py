"""Where the game's files live: the assets folder, and the only way to name a file in saves/."""

from __future__ import annotations

import os
import re
from pathlib import Path

from arena.errors import ArenaError
from arena.text import one_line


def asset_root() -> Path:
    """Return `$ARENA_ASSETS`, else the wheel's bundled `arena/_assets`, else the checkout's."""
    env = os.environ.get("ARENA_ASSETS")
    if env:
        return Path(env)
    bundled = Path(__file__).parent / "_assets"
    return bundled if bundled.is_dir() else Path(__file__).parent.parent / "assets"


_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,150}")


def saves_file(saves: Path, name: str) -> Path:
    """`saves/name`, built only from a safe file name and refused if it would leave `saves`.

    Every path the game writes from a file's contents (a scenario id) is built here.

    >>> saves_file(Path("saves"), "duel-3.replay.json").as_posix()
    'saves/duel-3.replay.json'
    """
    if not _NAME.fullmatch(name) or ".." in name:
        raise ArenaError(f"refusing to write {one_line(name, 80)!r}: not a plain file name")
    path = saves / name
    if path.resolve().parent != saves.resolve():
        raise ArenaError(f"refusing to write {path}: it is outside {saves}")
    return path
