"""Strict reading of a ruleset's table files (`assets/rules/<ruleset>/*.toml`).

Rulesets sit below the asset loader, so they read their own tables (through `arena.files`); every
problem is one `AssetError` line, `file: key: message`, naming the cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from arena.errors import AssetError
from arena.files import MAX_TOML_BYTES, parse_toml, read_text


def load_toml(path: Path, label: str) -> dict[str, object]:
    """Parse one TOML file through the bounded reader; any problem is an AssetError."""
    return parse_toml(read_text(path, label, MAX_TOML_BYTES, AssetError), label, AssetError)


def join(key: str, name: str) -> str:
    """`key.name`, or `name` at the top level."""
    return f"{key}.{name}" if key else name


def show(value: object) -> str:
    """A parsed value, briefly, for an error message."""
    text = "a table" if isinstance(value, dict) else repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


class TableFile:
    """One table file being read: its label for errors and its top-level table."""

    def __init__(self, root: Path, folder: Path, name: str) -> None:
        self.label = (folder / name).as_posix()
        self.data = load_toml(root / folder / name, self.label)

    def fail(self, key: str, message: str) -> AssetError:
        """An AssetError reading `file: key: message`."""
        return AssetError(f"{self.label}: {key}: {message}")

    def table(self, value: object, key: str, keys: Sequence[str] | None) -> dict[str, object]:
        """`value` as a table; with `keys`, exactly those keys (unknown and missing fail)."""
        if not isinstance(value, dict):
            raise self.fail(key or "(top level)", f"expected a table, got {show(value)}")
        if keys is not None:
            for name in value:
                if name not in keys:
                    raise self.fail(join(key, name), f"unknown key (known: {', '.join(keys)})")
            for name in keys:
                if name not in value:
                    raise self.fail(join(key, name), "missing")
        return value

    def integer(self, value: object, key: str, lo: int, hi: int) -> int:
        """`value` as an int in lo..hi (booleans are not numbers)."""
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(key, f"expected a whole number, got {show(value)}")
        if not lo <= value <= hi:
            raise self.fail(key, f"must be {lo}..{hi}, got {value}")
        return value

    def array(
        self, value: object, key: str, length: int, names: Sequence[str] | None = None
    ) -> list[object]:
        """`value` as a list of exactly `length` items; `names[i]` describes a missing item i."""
        if not isinstance(value, list):
            raise self.fail(key, f"expected a list, got {show(value)}")
        if names is None:
            if len(value) != length:
                raise self.fail(key, f"expected {length} entries, got {len(value)}")
        elif len(value) < length:
            raise self.fail(f"{key}[{len(value)}]{names[len(value)]}", "missing")
        elif len(value) > length:
            raise self.fail(f"{key}[{length}]", f"one too many (expected {length})")
        return value
