"""Where the game's data lives: the assets folder, found the same way by every layer."""

from __future__ import annotations

import os
from pathlib import Path


def asset_root() -> Path:
    """Return `$ARENA_ASSETS`, else the wheel's bundled `arena/_assets`, else the checkout's."""
    env = os.environ.get("ARENA_ASSETS")
    if env:
        return Path(env)
    bundled = Path(__file__).parent / "_assets"
    return bundled if bundled.is_dir() else Path(__file__).parent.parent / "assets"
