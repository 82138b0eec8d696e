"""The player's settings: a TOML file in the user's config folder, read with tomllib.

Keys: `palette` (default, colourblind, high-contrast), `pauses` (a --more-- pause when
important lines would scroll away unseen), `ai` (the AI level new battles use), `mouse`
(click a hex), `ask_end_turn` (ending a turn that could still strike asks once) and a
`[keys]` table rebinding actions: `undo = ["KEY_BACKSPACE", "U"]`.
The file is written by a small writer of our own, atomically; a bad file is one clear error:
it is read bounded (64 KiB) and strictly (nesting bounded before parsing), every value typed.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from arena.errors import ArenaError
from arena.files import parse_toml, read_text, write_atomically
from arena.text import one_line
from arena.tui.term import keymap, palette

AI_LEVELS = ("easy", "normal", "hard")
MAX_CONFIG_BYTES = 64 << 10  # a config file: 64 KiB (one written by `arena config --write`: 1 kB)
MAX_KEYS = 8  # keys one action may take
MAX_KEY_NAME = 40  # characters in a key's name (KEY_BACKSPACE: 13)
_BARE = re.compile(r"[A-Za-z0-9_-]+")


@dataclass(frozen=True, slots=True)
class Config:
    """The settings; `keys` maps an action to the keys replacing its defaults."""

    palette: str = "default"
    pauses: bool = True
    ai: str = "normal"
    mouse: bool = True
    keys: dict[str, tuple[str, ...]] = field(default_factory=dict)
    ask_end_turn: bool = True


def config_path(env: Mapping[str, str] = os.environ) -> Path:
    """`$ARENA_CONFIG`, else `$XDG_CONFIG_HOME/arena/config.toml`, else ~/.config's.

    >>> config_path({"XDG_CONFIG_HOME": "/x"}).as_posix()
    '/x/arena/config.toml'
    """
    if env.get("ARENA_CONFIG"):
        return Path(env["ARENA_CONFIG"])
    base = env.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "arena" / "config.toml"


def _one_of(doc: dict[str, Any], key: str, default: str, allowed: Sequence[str],
            where: str) -> str:
    """A setting that names one of `allowed` (a string, never a list or a table)."""
    value = doc.get(key, default)
    if not isinstance(value, str) or value not in allowed:
        raise ArenaError(f"{where}: {key}: must be one of {', '.join(allowed)}")
    return value


def _key_name(value: object) -> bool:
    """Whether a value can name a key: a short printable string."""
    return isinstance(value, str) and 0 < len(value) <= MAX_KEY_NAME and value.isprintable()


def _keys(doc: dict[str, Any], where: str) -> dict[str, tuple[str, ...]]:
    """The `[keys]` table: each action to a list of key names."""
    keys = doc.get("keys", {})
    if not isinstance(keys, dict) or not all(
            isinstance(v, list) and len(v) <= MAX_KEYS and all(_key_name(k) for k in v)
            for v in keys.values()):
        raise ArenaError(f"{where}: keys: each action takes a list of key names (at most "
                         f"{MAX_KEYS}, each 1..{MAX_KEY_NAME} printable characters)")
    table = {action: tuple(v) for action, v in keys.items()}
    try:
        keymap.rebound(table)
    except ValueError as e:
        raise ArenaError(f"{where}: keys: {one_line(str(e), 200)}") from None
    return table


def _check(doc: dict[str, Any], where: str) -> Config:
    """The settings in a parsed file; unknown keys and wrong values raise ArenaError."""
    unknown = sorted(set(doc) - {"palette", "pauses", "ai", "mouse", "keys", "ask_end_turn"})
    if unknown:
        raise ArenaError(f"{where}: unknown setting {one_line(repr(unknown[0]), 60)}")
    config = Config()
    name = _one_of(doc, "palette", config.palette, tuple(palette.PALETTES), where)
    ai = _one_of(doc, "ai", config.ai, AI_LEVELS, where)
    for flag in ("pauses", "mouse", "ask_end_turn"):
        if not isinstance(doc.get(flag, True), bool):
            raise ArenaError(f"{where}: {flag}: must be true or false")
    return Config(name, doc.get("pauses", True), ai, doc.get("mouse", True), _keys(doc, where),
                  doc.get("ask_end_turn", True))


def load(path: Path | None = None) -> Config:
    """Read the config file (bounded, strict TOML); a missing file gives the defaults."""
    path = path or config_path()
    if not os.path.lexists(path):
        return Config()
    where = one_line(str(path))
    text = read_text(path, where, MAX_CONFIG_BYTES)
    return _check(parse_toml(text, where, malformed="not valid TOML"), where)


def _value(v: object) -> str:
    """One TOML value: a string, a boolean or a list of strings."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return '"' + "".join(c if c.isprintable() and c not in '"\\' else f"\\u{ord(c):04x}"
                             for c in v) + '"'
    assert isinstance(v, (list, tuple))
    return "[" + ", ".join(_value(x) for x in v) + "]"


def dumps(config: Config) -> str:
    """The config as TOML text that `load` reads back to the same settings."""
    lines = [f"palette = {_value(config.palette)}", f"pauses = {_value(config.pauses)}",
             f"ai = {_value(config.ai)}", f"mouse = {_value(config.mouse)}",
             f"ask_end_turn = {_value(config.ask_end_turn)}", "", "[keys]"]
    for action, keys in sorted(config.keys.items()):
        name = action if _BARE.fullmatch(action) else _value(action)
        lines.append(f"{name} = {_value(list(keys))}")
    return "\n".join(lines) + "\n"


def save(config: Config, path: Path | None = None) -> Path:
    """Write the config atomically, creating its folder; return where it went."""
    path = path or config_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ArenaError(f"{path.parent}: cannot create: {e.strerror or e}") from None
    write_atomically(path, dumps(config))
    return path


def apply(config: Config) -> None:
    """Put the config's palette and keys in force."""
    palette.use(config.palette)
    keymap.use(keymap.rebound(config.keys))


def with_palette(config: Config, name: str | None) -> Config:
    """The config with a palette chosen on the command line (None keeps it)."""
    if name is None:
        return config
    if name not in palette.PALETTES:
        raise ArenaError(f"--palette must be one of {', '.join(palette.PALETTES)}, got {name!r}")
    return replace(config, palette=name)


def describe(config: Config, path: Path) -> list[str]:
    """`arena config`'s output: the file, each setting and every action's keys."""
    bindings = keymap.rebound(config.keys)
    rows = [f"config file: {path}{'' if path.exists() else ' (not written yet: defaults)'}",
            f"palette = {config.palette}    ({', '.join(palette.PALETTES)})",
            f"pauses = {_value(config.pauses)}    (--more-- before important lines scroll away)",
            f"ai = {config.ai}    ({', '.join(AI_LEVELS)})",
            f"mouse = {_value(config.mouse)}",
            f"ask_end_turn = {_value(config.ask_end_turn)}    (ending a turn that could still "
            "strike asks once)", "[keys]"]
    rows += [f"{b.action} = {_value(list(b.keys))}    # {b.help}" for b in bindings]
    return rows
