"""The `becmi` ruleset's tables, read from `assets/rules/becmi/*.toml` and validated strictly.

Every problem is an AssetError reading `file: key: message`, the key naming the cell
(`needed.5[3] (AC 16)`). The rules layer may not import the asset loader, so this module
reads its three small files itself with `tomllib`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from arena.paths import asset_root
from arena.rules.tablefile import TableFile, show

FOLDER = Path("rules") / "becmi"
ACS: tuple[int, ...] = tuple(range(19, -21, -1))
MAX_HRM = 23
LEVELS = 36
HRM_CLASSES = (
    "fighter", "cleric", "magic_user", "thief", "dwarf", "elf", "halfling", "mystic", "druid",
    "normal_man",
)
GROUPS = ("fighter", "cleric", "magic_user", "normal_man")
MASTERY_LEVELS = ("basic", "skilled", "expert", "master", "grand_master")
_AUTO = re.compile(r"1\+([0-9]{1,2})")


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell of the Attack Rolls Table: the roll needed, or "1+N" (automatic, N bonus damage)."""

    needed: int
    automatic: bool = False
    bonus: int = 0

    def __str__(self) -> str:
        return f"1+{self.bonus}" if self.automatic else str(self.needed)


@dataclass(frozen=True, slots=True)
class Tables:
    """Everything the `becmi` ruleset looks up: attack rolls, HRM, ability, mastery, cover."""

    needed: Mapping[tuple[int, int], Cell]
    class_hrm: Mapping[str, tuple[int, ...]]
    monster_bands: tuple[tuple[int, int], ...]
    monster_above: int
    ability: Mapping[int, int]
    mastery: Mapping[str, tuple[int, int]]
    cover: Mapping[int, int]

    def cell(self, hrm: int, ac: int) -> Cell:
        """The table entry for an attacker of `hrm` against armour class `ac` (both clamped)."""
        return self.needed[(min(max(hrm, 0), MAX_HRM), min(max(ac, ACS[-1]), ACS[0]))]

    def hrm_of_class(self, klass: str, level: int) -> int:
        """HRM of a character class at `level` (1..36)."""
        return self.class_hrm[klass][min(max(level, 1), LEVELS) - 1]

    def hrm_of_monster(self, whole: int, plus: int) -> int:
        """HRM of a monster of `whole` hit dice; `plus` > 0 for "N+M" dice (above N)."""
        for up_to, hrm in self.monster_bands:
            if whole < up_to or (whole == up_to and plus <= 0):
                return hrm
        return self.monster_above


class _File(TableFile):
    """One table file of this ruleset being read."""

    def __init__(self, root: Path, name: str) -> None:
        super().__init__(root, FOLDER, name)



def _columns(f: _File) -> tuple[int, ...]:
    """Read `ac`: the 40 columns 19..-20, each once, in any order."""
    raw = f.array(f.data["ac"], "ac", len(ACS), [""] * (len(ACS) + 1))
    columns = tuple(f.integer(v, f"ac[{i}]", ACS[-1], ACS[0]) for i, v in enumerate(raw))
    for i, ac in enumerate(columns):
        if ac in columns[:i]:
            raise f.fail(f"ac[{i}]", f"AC {ac} is listed twice")
    return columns


def _cell(f: _File, value: object, key: str) -> Cell:
    """Read one cell: a whole number 1..40, or "1+N" (N 0..40)."""
    if isinstance(value, str):
        match = _AUTO.fullmatch(value)
        if match and int(match.group(1)) <= 40:
            return Cell(1, True, int(match.group(1)))
        raise f.fail(key, f'expected a number 1..40 or "1+N", got {show(value)}')
    return Cell(f.integer(value, key, 1, 40))


def load_attack_rolls(root: Path) -> dict[tuple[int, int], Cell]:
    """Read `attack_rolls.toml` into {(HRM, AC): cell}."""
    f = _File(root, "attack_rolls.toml")
    f.table(f.data, "", ("ac", "needed"))
    columns = _columns(f)
    rows = f.table(f.data["needed"], "needed", [str(h) for h in range(MAX_HRM + 1)])
    names = [f" (AC {ac})" for ac in columns] + [""]
    cells = {}
    for hrm in range(MAX_HRM + 1):
        key = f"needed.{hrm}"
        row = f.array(rows[str(hrm)], key, len(columns), names)
        for i, (ac, value) in enumerate(zip(columns, row, strict=True)):
            cells[(hrm, ac)] = _cell(f, value, f"{key}[{i}]{names[i]}")
    return cells


def _groups(f: _File) -> dict[str, tuple[int, ...]]:
    """Read `groups`: one HRM per level 1..36 for each attack group."""
    groups = f.table(f.data["groups"], "groups", GROUPS)
    names = [f" (level {n})" for n in range(1, LEVELS + 2)]
    result = {}
    for group in GROUPS:
        key = f"groups.{group}"
        row = f.array(groups[group], key, LEVELS, names)
        result[group] = tuple(
            f.integer(v, f"{key}[{i}]{names[i]}", 0, MAX_HRM) for i, v in enumerate(row)
        )
    return result


def _monsters(f: _File) -> tuple[tuple[tuple[int, int], ...], int]:
    """Read `monsters`: hit-dice bands (up_to, HRM), strictly rising, and the HRM above them."""
    t = f.table(f.data["monsters"], "monsters", ("up_to", "hrm", "above"))
    up_raw = t["up_to"]
    size = len(up_raw) if isinstance(up_raw, list) else 0
    ups = f.array(up_raw, "monsters.up_to", size, [""] * (size + 1))
    hrms = f.array(t["hrm"], "monsters.hrm", size, [""] * (size + 1))
    bands: list[tuple[int, int]] = []
    for i, (up, hrm) in enumerate(zip(ups, hrms, strict=True)):
        low = bands[-1][0] + 1 if bands else 1
        bands.append((f.integer(up, f"monsters.up_to[{i}]", low, 99),
                      f.integer(hrm, f"monsters.hrm[{i}]", 0, MAX_HRM)))
    return tuple(bands), f.integer(t["above"], "monsters.above", 0, MAX_HRM)


def load_hit_roll_modifiers(
    root: Path,
) -> tuple[dict[str, tuple[int, ...]], tuple[tuple[int, int], ...], int]:
    """Read `hit_roll_modifiers.toml`: HRM per class and level, and the monster bands."""
    f = _File(root, "hit_roll_modifiers.toml")
    f.table(f.data, "", ("classes", "groups", "monsters"))
    classes = f.table(f.data["classes"], "classes", HRM_CLASSES)
    groups = _groups(f)
    by_class = {}
    for klass in HRM_CLASSES:
        group = classes[klass]
        if not isinstance(group, str) or group not in GROUPS:
            raise f.fail(f"classes.{klass}", f"must be one of {', '.join(GROUPS)}, "
                                             f"got {show(group)}")
        by_class[klass] = groups[group]
    bands, above = _monsters(f)
    return by_class, bands, above


def load_modifiers(
    root: Path,
) -> tuple[dict[int, int], dict[str, tuple[int, int]], dict[int, int]]:
    """Read `modifiers.toml`: ability adjustments, mastery bonuses, cover penalties."""
    f = _File(root, "modifiers.toml")
    f.table(f.data, "", ("ability", "mastery", "cover"))
    ability_t = f.table(f.data["ability"], "ability", [str(s) for s in range(3, 19)])
    ability = {s: f.integer(ability_t[str(s)], f"ability.{s}", -5, 5) for s in range(3, 19)}
    mastery_t = f.table(f.data["mastery"], "mastery", MASTERY_LEVELS)
    mastery = {}
    for level in MASTERY_LEVELS:
        key = f"mastery.{level}"
        pair = f.array(mastery_t[level], key, 2, [" (primary)", " (secondary)", ""])
        primary, secondary = (f.integer(v, f"{key}[{i}]", 0, 20) for i, v in enumerate(pair))
        mastery[level] = (primary, secondary)
    cover_t = f.table(f.data["cover"], "cover", ("1", "2", "3"))
    cover = {q: f.integer(cover_t[str(q)], f"cover.{q}", -20, 0) for q in (1, 2, 3)}
    return ability, mastery, cover


def load_tables(root: Path) -> Tables:
    """Read and validate every `becmi` table under the asset folder `root`."""
    by_class, bands, above = load_hit_roll_modifiers(root)
    ability, mastery, cover = load_modifiers(root)
    return Tables(
        needed=MappingProxyType(load_attack_rolls(root)),
        class_hrm=MappingProxyType(by_class),
        monster_bands=bands,
        monster_above=above,
        ability=MappingProxyType(ability),
        mastery=MappingProxyType(mastery),
        cover=MappingProxyType(cover),
    )


class TableOwner:
    """The `becmi` ruleset as its odds see it: the owner of the tables (`BecmiRuleset`'s base)."""

    @functools.cached_property
    def tables(self) -> Tables:
        """The ruleset's tables, read from the asset folder on first use."""
        return load_tables(asset_root())
