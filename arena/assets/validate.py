"""Strict readers for parsed TOML tables: every problem becomes one `file: key: message` line."""

from __future__ import annotations

import contextlib
import re
import unicodedata
from collections.abc import Collection
from pathlib import Path

from arena.errors import AssetError
from arena.files import MAX_TOML_BYTES, parse_toml, read_text
from arena.text import one_line

SHOW_LIMIT = 40
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


RAW_TEXT_FACTOR = 4  # a display string may shrink this much when cleaned; longer is refused


def fail(file: str, key: str, message: str) -> AssetError:
    """Build an AssetError reading `file: key: message` (`file: message` without a key)."""
    return AssetError(one_line(": ".join(p for p in (file, key, message) if p)))


def file_label(path: Path, root: Path | None = None) -> str:
    """`path` relative to `root` (POSIX style) when it lies under it, else `path` as given."""
    if root is not None:
        with contextlib.suppress(ValueError, OSError):
            return path.resolve().relative_to(root.resolve()).as_posix()
    return str(path)


def load_toml(path: Path, root: Path | None = None, limit: int = MAX_TOML_BYTES
              ) -> dict[str, object]:
    """Parse the TOML file `path` of at most `limit` bytes, boundedly; problems are AssetError."""
    label = one_line(file_label(path, root))
    text = read_text(path, label, limit, AssetError)
    return parse_toml(text, label, AssetError)


def join_key(prefix: str, key: str | int) -> str:
    """`prefix.key` for a table key (quoted unless bare) or `prefix[i]` for a list index.

    >>> join_key(join_key(join_key("", "combatants"), 0), "at"), join_key("", "a b")
    ('combatants[0].at', "'a b'")
    """
    if isinstance(key, int):
        return f"{prefix}[{key}]"
    part = key if _BARE_KEY.fullmatch(key) else repr(key)
    return f"{prefix}.{part}" if prefix else part


def show(value: object) -> str:
    """Render a parsed TOML value briefly, on one line, for an error message."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    text = repr(value)
    return text if len(text) <= SHOW_LIMIT else text[: SHOW_LIMIT - 1] + "…"


def clean_text(text: str) -> str:
    r"""`text` without control characters (category C), whitespace runs folded to one space.

    >>> clean_text("Ko\x1b[2Jrg\u200b  the\nBold\x07")
    'Ko[2Jrg the Bold'
    """
    kept = (c for c in text if c.isspace() or not unicodedata.category(c).startswith("C"))
    return " ".join("".join(kept).split())


def _range(lo: int | None, hi: int | None) -> str:
    """`lo..hi`, `at least lo` or `at most hi`."""
    if lo is not None and hi is not None:
        return f"{lo}..{hi}"
    return f"at least {lo}" if lo is not None else f"at most {hi}"


def expect_int(
    value: object, file: str, key: str, lo: int | None = None, hi: int | None = None
) -> int:
    """`value` as an integer (never a bool) within `lo..hi`."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise fail(file, key, f"expected an integer, got {show(value)}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise fail(file, key, f"must be {_range(lo, hi)}, got {value}")
    return value


def expect_str(value: object, file: str, key: str, choices: Collection[str] = ()) -> str:
    """`value` as a string, one of `choices` when given."""
    if not isinstance(value, str):
        raise fail(file, key, f"expected a string, got {show(value)}")
    if choices and value not in choices:
        raise fail(file, key, f"must be one of {', '.join(choices)}, got {show(value)}")
    return value


def expect_bool(value: object, file: str, key: str) -> bool:
    """`value` as true or false."""
    if not isinstance(value, bool):
        raise fail(file, key, f"expected true or false, got {show(value)}")
    return value


def expect_table(value: object, file: str, key: str) -> dict[str, object]:
    """`value` as a table."""
    if not isinstance(value, dict):
        raise fail(file, key, f"expected a table, got {show(value)}")
    return value


def expect_list(value: object, file: str, key: str) -> list[object]:
    """`value` as a list."""
    if not isinstance(value, list):
        raise fail(file, key, f"expected a list, got {show(value)}")
    return value


def _is_int(value: object) -> bool:
    """Tell whether `value` is an integer and not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def expect_pair(value: object, file: str, key: str) -> tuple[int, int]:
    """`value` as a list of exactly two integers, such as a hex `[q, r]`."""
    if isinstance(value, list) and len(value) == 2:
        q, r = value
        if isinstance(q, int) and isinstance(r, int) and _is_int(q) and _is_int(r):
            return (q, r)
    raise fail(file, key, f"expected [q, r] (two integers), got {show(value)}")


class Table:
    """One table read strictly: unknown keys are rejected up front, then each read is typed."""

    def __init__(self, value: object, file: str, key: str, keys: Collection[str]) -> None:
        """Check `value` is a table whose keys are all in `keys`."""
        self.data = expect_table(value, file, key)
        self.file, self.key, self.keys = file, key, frozenset(keys)
        for name in self.data:
            if name not in self.keys:
                valid = ", ".join(sorted(self.keys))
                raise fail(file, join_key(key, name), f"unknown key (valid: {valid})")

    def has(self, name: str) -> bool:
        """Tell whether the table gives `name`."""
        return name in self.data

    def path(self, name: str) -> str:
        """Return the dotted key of `name` for error messages."""
        return join_key(self.key, name)

    def raw(self, name: str) -> object:
        """Return the value of the required key `name`, unchecked."""
        assert name in self.keys, name
        if name not in self.data:
            raise fail(self.file, self.path(name), "required key is missing")
        return self.data[name]

    def integer(
        self, name: str, default: int | None = None, lo: int | None = None, hi: int | None = None
    ) -> int:
        """Read an integer within `lo..hi`; required unless `default` is given."""
        if default is not None and name not in self.data:
            return default
        return expect_int(self.raw(name), self.file, self.path(name), lo, hi)

    def string(self, name: str, default: str | None = None, choices: Collection[str] = ()) -> str:
        """Read a string, one of `choices` if given; required unless `default` is given."""
        if default is not None and name not in self.data:
            return default
        return expect_str(self.raw(name), self.file, self.path(name), choices)

    def text(self, name: str, default: str | None = None, limit: int = 80) -> str:
        """Read display text without control characters; required and non-empty unless defaulted."""
        if default is not None and name not in self.data:
            return default
        raw = self.string(name)
        if len(raw) > RAW_TEXT_FACTOR * limit:  # checked before the character-by-character clean
            message = f"must be at most {limit} characters, got {len(raw)}"
            raise fail(self.file, self.path(name), message)
        text = clean_text(raw)
        if default is None and not text:
            raise fail(self.file, self.path(name), "must not be empty")
        if len(text) > limit:
            message = f"must be at most {limit} characters, got {len(text)}"
            raise fail(self.file, self.path(name), message)
        return text

    def flag(self, name: str, default: bool | None = None) -> bool:
        """Read true or false; required unless `default` is given."""
        if default is not None and name not in self.data:
            return default
        return expect_bool(self.raw(name), self.file, self.path(name))

    def strings(self, name: str, default: tuple[str, ...] | None = None) -> tuple[str, ...]:
        """Read a list of strings; required unless `default` is given."""
        if default is not None and name not in self.data:
            return default
        return tuple(expect_str(v, self.file, k) for k, v in self.items(name))

    def pair(self, name: str) -> tuple[int, int]:
        """Read a required `[q, r]` pair of integers."""
        return expect_pair(self.raw(name), self.file, self.path(name))

    def items(self, name: str, optional: bool = False) -> list[tuple[str, object]]:
        """Return a list's elements with their keys (`name[i]`); optional lists default to []."""
        if optional and name not in self.data:
            return []
        values = expect_list(self.raw(name), self.file, self.path(name))
        return [(join_key(self.path(name), i), v) for i, v in enumerate(values)]
