"""What every asset loader shares: limits, the file being read and its references, ids."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from arena.assets.validate import Table, fail, show
from arena.model.stats import Armour, Supply, Weapon
from arena.model.terrain import HexMap, Terrain

T = TypeVar("T")

NAME_LIMIT = 40
DESCRIPTION_LIMIT = 600
MAX_ROUNDS_DEFAULT = 100
ID_PATTERN = re.compile(r"[a-z][a-z0-9_]*")
# A scenario's or map's id names files under saves/ (`<id>-<seed>.replay.json`): no separators,
# no leading dot, nothing a shell or a file system treats specially (docs/security.md).
FILE_ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")

# A template record: the keys it gives among name, glyph, hp, speed, weapons, armour and one
# partial stat table per ruleset.
Template = Mapping[str, object]


@dataclass(frozen=True, slots=True)
class Refs:
    """The file being read and what it may refer to; no `templates` makes template names labels."""

    file: str
    weapons: Mapping[str, Weapon] = field(default_factory=dict)
    armour: Mapping[str, Armour] = field(default_factory=dict)
    terrain: Mapping[str, Terrain] = field(default_factory=dict)
    templates: Mapping[str, Template] | None = None
    maps: Mapping[str, HexMap] = field(default_factory=dict)
    supplies: Mapping[str, Supply] = field(default_factory=dict)


def lookup(table: Mapping[str, T], kind: str, ident: str, file: str, key: str) -> T:
    """Return `table[ident]`, or fail naming the available ids."""
    if ident not in table:
        available = ", ".join(sorted(table)) or "none"
        raise fail(file, key, f"unknown {kind} {show(ident)} (available: {available})")
    return table[ident]


def check_id(ident: str, file: str, key: str) -> str:
    """Return `ident` if it is a lowercase id (`[a-z][a-z0-9_]*`)."""
    if not ID_PATTERN.fullmatch(ident):
        raise fail(file, key, f"bad id {show(ident)}: use a-z, 0-9 and _, starting with a letter")
    return ident


def read_glyph(t: Table) -> str:
    """Read `glyph`: one printable, single-width, non-space character."""
    glyph = t.string("glyph")
    ok = len(glyph) == 1 and glyph.isprintable() and not glyph.isspace()
    if not ok or unicodedata.combining(glyph) or unicodedata.east_asian_width(glyph) in ("W", "F"):
        raise fail(t.file, t.path("glyph"), f"must be one printable character, got {show(glyph)}")
    return glyph


def inline_id(t: Table) -> str:
    """Read the `id` of an inline weapon, armour or terrain table."""
    return check_id(t.string("id"), t.file, t.path("id"))


def file_id(ident: str, file: str, key: str) -> str:
    """Return `ident` if it is safe in a file name: letters, digits, `_`, `-`, `.`, 1..64 long."""
    if not FILE_ID_PATTERN.fullmatch(ident) or ".." in ident:
        raise fail(file, key, f"bad id {show(ident)}: use 1 to 64 letters, digits, _, - and ., "
                   "starting with a letter or digit")
    return ident


def text_id(t: Table, default: str | None) -> str:
    """Read the `id` of a map or scenario (defaulting to its file name): a file-safe id."""
    return file_id(t.string("id", default), t.file, t.path("id"))
