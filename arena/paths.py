"""Where the game's files live: the assets folder, the saves folder, and how a save is named."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
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


def checkout_root() -> Path | None:
    """The project checkout arena runs from (its pyproject.toml beside the package), else None."""
    root = Path(__file__).parent.parent
    return root if (root / "pyproject.toml").is_file() else None


def saves_default(env: Mapping[str, str] = os.environ) -> tuple[Path, str]:
    """The saves folder without --saves, and what chose it (for --help; never checked here)."""
    if env.get("ARENA_SAVES"):
        return Path(env["ARENA_SAVES"]), "set by $ARENA_SAVES"
    root = checkout_root()
    if root is not None:
        return root / "saves", "arena runs from its checkout"
    import platformdirs  # noqa: PLC0415  (only an installed arena pays for it)

    return platformdirs.user_data_path("arena", appauthor=False) / "saves", "the user data folder"


def saves_root(flag: Path | None = None, env: Mapping[str, str] = os.environ) -> Path:
    """`--saves`, else `$ARENA_SAVES`, else the checkout's `saves/`, else the user data folder's."""
    folder, why = (flag, "set by --saves") if flag is not None else saves_default(env)
    if os.path.lexists(folder) and not folder.is_dir():
        raise ArenaError(f"the saves folder {folder} ({why}) is not a folder: cannot write "
                         "saves, replays, scores or morgues there")
    return folder


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
