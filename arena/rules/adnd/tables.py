"""The `adnd` ruleset's tables, read from `assets/rules/adnd/*.toml` and validated strictly.

THAC0 by class group and level, the Strength and Dexterity adjustments, and the break dice and
sweeping weapons of the shared weapons that do not carry them. Every problem is an AssetError
reading `file: key: message`. The rules layer may not import the asset loader, so this module
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
from arena.rules.tablefile import TableFile, join, show

FOLDER = Path("rules") / "adnd"
CLASSES = ("warrior", "priest", "rogue", "wizard")
LEVELS = 20
SCORES = tuple(range(3, 19))
EXCEPTIONAL_BANDS = (50, 75, 90, 99, 100)
_ID = re.compile(r"[a-z][a-z0-9_]*")


@dataclass(frozen=True, slots=True)
class Tables:
    """Everything `adnd` looks up: THAC0, Strength, exceptional Strength, Dexterity, weapons."""

    thac0: Mapping[str, tuple[int, ...]]
    strength: Mapping[int, tuple[int, int]]
    exceptional: tuple[tuple[int, tuple[int, int]], ...]
    dexterity: Mapping[int, int]
    break_dice: Mapping[str, int]
    sweeping: frozenset[str]

    def thac0_of(self, group: str, level: int) -> int:
        """THAC0 of a class group at `level` (levels above 20 use level 20)."""
        return self.thac0[group][min(max(level, 1), LEVELS) - 1]

    def strength_of(self, score: int, percentile: int) -> tuple[int, int]:
        """(to-hit, damage) of a Strength score; `percentile` 1..100 is 18/01..18/00 at 18."""
        if score == 18 and percentile:
            return next(adj for top, adj in self.exceptional if percentile <= top)
        return self.strength[score]


class _File(TableFile):
    """One table file of this ruleset being read."""

    def __init__(self, root: Path, name: str) -> None:
        super().__init__(root, FOLDER, name)

    def pair(self, value: object, key: str, lo: int, hi: int) -> tuple[int, int]:
        """`value` as [a, b], both in lo..hi."""
        a, b = self.array(value, key, 2)
        return self.integer(a, f"{key}[0]", lo, hi), self.integer(b, f"{key}[1]", lo, hi)


def load_thac0(root: Path) -> dict[str, tuple[int, ...]]:
    """Read `thac0.toml`: 20 values (levels 1..20) per class group, each 1..20."""
    f = _File(root, "thac0.toml")
    groups = f.table(f.data, "", CLASSES)
    return {
        group: tuple(f.integer(v, f"{group}[{i}] (level {i + 1})", 1, 20)
                     for i, v in enumerate(f.array(groups[group], group, LEVELS)))
        for group in CLASSES
    }


def load_abilities(
    root: Path,
) -> tuple[dict[int, tuple[int, int]], tuple[tuple[int, tuple[int, int]], ...], dict[int, int]]:
    """Read `abilities.toml`: Strength, exceptional Strength and Dexterity adjustments."""
    f = _File(root, "abilities.toml")
    f.table(f.data, "", ("strength", "exceptional", "dexterity"))
    names = [str(s) for s in SCORES]
    strength_t = f.table(f.data["strength"], "strength", names)
    strength = {s: f.pair(strength_t[str(s)], f"strength.{s}", -5, 10) for s in SCORES}
    bands = [str(b) for b in EXCEPTIONAL_BANDS]
    exceptional_t = f.table(f.data["exceptional"], "exceptional", bands)
    exceptional = tuple(
        (b, f.pair(exceptional_t[str(b)], f"exceptional.{b}", -5, 10)) for b in EXCEPTIONAL_BANDS
    )
    dexterity_t = f.table(f.data["dexterity"], "dexterity", names)
    dexterity = {s: f.integer(dexterity_t[str(s)], f"dexterity.{s}", -5, 5) for s in SCORES}
    return strength, exceptional, dexterity


def load_weapons(root: Path) -> tuple[dict[str, int], frozenset[str]]:
    """Read `weapons.toml`: break die by weapon id (2..20 sides) and the sweeping weapon ids."""
    f = _File(root, "weapons.toml")
    f.table(f.data, "", ("break_die", "sweeping"))
    dice_t = f.table(f.data["break_die"], "break_die", None)
    dice = {}
    for ident, sides in dice_t.items():
        if not _ID.fullmatch(ident):
            raise f.fail(join("break_die", ident), "bad weapon id: use a-z, 0-9 and _")
        dice[ident] = f.integer(sides, join("break_die", ident), 2, 20)
    sweeping_t = f.table(f.data["sweeping"], "sweeping", ("weapons",))
    raw = sweeping_t["weapons"]
    if not isinstance(raw, list):
        raise f.fail("sweeping.weapons", f"expected a list, got {show(raw)}")
    for i, ident in enumerate(raw):
        if not isinstance(ident, str) or not _ID.fullmatch(ident):
            raise f.fail(f"sweeping.weapons[{i}]", f"expected a weapon id, got {show(ident)}")
    return dice, frozenset(raw)


def load_tables(root: Path) -> Tables:
    """Read and validate every `adnd` table under the asset folder `root`."""
    strength, exceptional, dexterity = load_abilities(root)
    dice, sweeping = load_weapons(root)
    return Tables(
        thac0=MappingProxyType(load_thac0(root)),
        strength=MappingProxyType(strength),
        exceptional=exceptional,
        dexterity=MappingProxyType(dexterity),
        break_dice=MappingProxyType(dice),
        sweeping=sweeping,
    )


class TableOwner:
    """The `adnd` ruleset as its odds see it: the owner of the tables (`AdndRuleset`'s base)."""

    @functools.cached_property
    def tables(self) -> Tables:
        """The ruleset's tables, read from the asset folder on first use."""
        return load_tables(asset_root())
