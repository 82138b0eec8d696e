"""The `d40` ruleset's tables, read from `assets/rules/d40/*.toml` and validated strictly.

Every problem is an AssetError reading `file: key: message`, the key naming the cell
(`rules/d40/attack_table.toml: rows[4].needed[15] (AC -6, column P): missing`). The rules layer
may not import the asset loader, so this module reads its three small files with `tomllib`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from arena.paths import asset_root
from arena.rules.tablefile import TableFile, show

FOLDER = Path("rules") / "d40"
COLUMNS: tuple[str, ...] = tuple("ABCDEFGHIJKLMNOP")
ACS: tuple[int, ...] = tuple(range(-10, 11))
LEVELS = 17
CLASSES = ("warrior", "mage", "rogue", "savant", "monk", "assassin", "huntsman", "shaman")
GROUPS = ("warrior", "mage", "rogue", "savant", "monk_assassin_huntsman_shaman")
SCORES: tuple[int, ...] = tuple(range(3, 19))
MAX_NEEDED = 60


@dataclass(frozen=True, slots=True)
class Tables:
    """Everything `d40` looks up: the Attack Table, the progression, the ability adjustment."""

    needed: Mapping[tuple[int, str], int]
    columns: Mapping[str, tuple[str, ...]]
    adjustment: Mapping[int, int]

    def column(self, klass: str, level: int) -> str:
        """The Attack Table column of `klass` at `level` (levels above 17 use 17)."""
        return self.columns[klass][min(max(level, 1), LEVELS) - 1]

    def roll_needed(self, ac: int, column: str) -> int:
        """The 2d20 roll needed against armour class `ac` (clamped to −10..10) in `column`."""
        return self.needed[(min(max(ac, ACS[0]), ACS[-1]), column)]

    def adjust(self, score: int) -> int:
        """The adjustment of an ability score (clamped to 3..18)."""
        return self.adjustment[min(max(score, SCORES[0]), SCORES[-1])]


class _File(TableFile):
    """One table file of this ruleset being read."""

    def __init__(self, root: Path, name: str) -> None:
        super().__init__(root, FOLDER, name)

    def column(self, value: object, key: str) -> str:
        """`value` as a column letter A..P."""
        if not isinstance(value, str) or value not in COLUMNS:
            raise self.fail(key, f"expected a column A..P, got {show(value)}")
        return value


def _check_columns(f: _File) -> None:
    """`columns` must list A..P, in order, each once."""
    raw = f.array(f.data["columns"], "columns", len(COLUMNS),
                  [f" (column {c})" for c in COLUMNS])
    for i, (value, want) in enumerate(zip(raw, COLUMNS, strict=True)):
        letter = f.column(value, f"columns[{i}]")
        if letter in raw[:i]:
            raise f.fail(f"columns[{i}]", f"column {letter} is listed twice")
        if letter != want:
            raise f.fail(f"columns[{i}]", f"expected column {want} here, got {letter}")


def _row(f: _File, value: object, i: int, seen: dict[int, int]) -> dict[tuple[int, str], int]:
    """One `[[rows]]` entry: its AC (not seen before) and its 16 cells."""
    key = f"rows[{i}]"
    t = f.table(value, key, ("ac", "needed"))
    ac = f.integer(t["ac"], f"{key}.ac", ACS[0], ACS[-1])
    if ac in seen:
        raise f.fail(f"{key}.ac", f"AC {ac} is listed twice (also rows[{seen[ac]}])")
    seen[ac] = i
    names = [f" (AC {ac}, column {c})" for c in COLUMNS]
    cells = f.array(t["needed"], f"{key}.needed", len(names), names)
    return {
        (ac, c): f.integer(v, f"{key}.needed[{j}]{names[j]}", 2, MAX_NEEDED)
        for j, (c, v) in enumerate(zip(COLUMNS, cells, strict=True))
    }


def load_attack_table(root: Path) -> dict[tuple[int, str], int]:
    """Read `attack_table.toml` into {(AC, column): roll needed}."""
    f = _File(root, "attack_table.toml")
    f.table(f.data, "", ("columns", "rows"))
    _check_columns(f)
    rows = f.data["rows"]
    if not isinstance(rows, list):
        raise f.fail("rows", f"expected a list of tables, got {show(rows)}")
    seen: dict[int, int] = {}
    needed: dict[tuple[int, str], int] = {}
    for i, value in enumerate(rows):
        needed.update(_row(f, value, i, seen))
    for ac in ACS:
        if ac not in seen:
            raise f.fail("rows", f"AC {ac} is missing")
    return needed


def load_progression(root: Path) -> dict[str, tuple[str, ...]]:
    """Read `progression.toml` into {class: column per level 1..17}."""
    f = _File(root, "progression.toml")
    f.table(f.data, "", ("columns", "classes"))
    groups = f.table(f.data["columns"], "columns", GROUPS)
    names = [f" (level {n})" for n in range(1, LEVELS + 1)]
    by_group = {}
    for group in GROUPS:
        key = f"columns.{group}"
        row = f.array(groups[group], key, len(names), names)
        by_group[group] = tuple(f.column(v, f"{key}[{i}]{names[i]}") for i, v in enumerate(row))
    classes = f.table(f.data["classes"], "classes", CLASSES)
    result = {}
    for klass in CLASSES:
        name = classes[klass]
        if not isinstance(name, str) or name not in GROUPS:
            raise f.fail(f"classes.{klass}", f"must be one of {', '.join(GROUPS)}, "
                                             f"got {show(name)}")
        result[klass] = by_group[name]
    return result


def load_adjustment(root: Path) -> dict[int, int]:
    """Read `abilities.toml` into {score 3..18: adjustment}."""
    f = _File(root, "abilities.toml")
    f.table(f.data, "", ("adjustment",))
    table = f.table(f.data["adjustment"], "adjustment", [str(s) for s in SCORES])
    return {s: f.integer(table[str(s)], f"adjustment.{s}", -5, 5) for s in SCORES}


def load_tables(root: Path) -> Tables:
    """Read and validate every `d40` table under the asset folder `root`."""
    return Tables(
        needed=MappingProxyType(load_attack_table(root)),
        columns=MappingProxyType(load_progression(root)),
        adjustment=MappingProxyType(load_adjustment(root)),
    )


class TableOwner:
    """The `d40` ruleset as its odds see it: the owner of the tables (`D40Ruleset`'s base)."""

    @functools.cached_property
    def tables(self) -> Tables:
        """The ruleset's tables, read from the asset folder on first use."""
        return load_tables(asset_root())
