"""The `adnd` ruleset's tables, read from `assets/rules/adnd/*.toml` and validated strictly.

THAC0 by class group and level, the Strength and Dexterity adjustments, and the break dice and
sweeping weapons of the shared weapons that do not carry them. Every problem is an AssetError
reading `file: key: message`. The rules layer may not import the asset loader, so this module
reads its three small files itself with `tomllib`.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from arena.errors import AssetError

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


class _File:
    """One table file being read: its label for errors and its top-level table."""

    def __init__(self, root: Path, name: str) -> None:
        self.label = (FOLDER / name).as_posix()
        self.data = _load(root / FOLDER / name, self.label)

    def fail(self, key: str, message: str) -> AssetError:
        """An AssetError reading `file: key: message`."""
        return AssetError(f"{self.label}: {key}: {message}")

    def table(self, value: object, key: str, keys: Sequence[str] | None) -> dict[str, object]:
        """`value` as a table; with `keys`, exactly those keys (unknown and missing fail)."""
        if not isinstance(value, dict):
            raise self.fail(key or "(top level)", f"expected a table, got {_show(value)}")
        if keys is not None:
            for name in value:
                if name not in keys:
                    raise self.fail(_join(key, name), f"unknown key (known: {', '.join(keys)})")
            for name in keys:
                if name not in value:
                    raise self.fail(_join(key, name), "missing")
        return value

    def integer(self, value: object, key: str, lo: int, hi: int) -> int:
        """`value` as an int in lo..hi (booleans are not numbers)."""
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(key, f"expected a whole number, got {_show(value)}")
        if not lo <= value <= hi:
            raise self.fail(key, f"must be {lo}..{hi}, got {value}")
        return value

    def array(self, value: object, key: str, length: int) -> list[object]:
        """`value` as a list of exactly `length` items."""
        if not isinstance(value, list):
            raise self.fail(key, f"expected a list, got {_show(value)}")
        if len(value) != length:
            raise self.fail(key, f"expected {length} entries, got {len(value)}")
        return value

    def pair(self, value: object, key: str, lo: int, hi: int) -> tuple[int, int]:
        """`value` as [a, b], both in lo..hi."""
        a, b = self.array(value, key, 2)
        return self.integer(a, f"{key}[0]", lo, hi), self.integer(b, f"{key}[1]", lo, hi)


def _load(path: Path, label: str) -> dict[str, object]:
    """Parse one TOML file; missing or malformed is an AssetError."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise AssetError(f"{label}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise AssetError(f"{label}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise AssetError(f"{label}: malformed TOML: {' '.join(str(exc).split())}") from None


def _join(key: str, name: str) -> str:
    """`key.name`, or `name` at the top level."""
    return f"{key}.{name}" if key else name


def _show(value: object) -> str:
    """A parsed value, briefly, for an error message."""
    text = "a table" if isinstance(value, dict) else repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


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
            raise f.fail(_join("break_die", ident), "bad weapon id: use a-z, 0-9 and _")
        dice[ident] = f.integer(sides, _join("break_die", ident), 2, 20)
    sweeping_t = f.table(f.data["sweeping"], "sweeping", ("weapons",))
    raw = sweeping_t["weapons"]
    if not isinstance(raw, list):
        raise f.fail("sweeping.weapons", f"expected a list, got {_show(raw)}")
    for i, ident in enumerate(raw):
        if not isinstance(ident, str) or not _ID.fullmatch(ident):
            raise f.fail(f"sweeping.weapons[{i}]", f"expected a weapon id, got {_show(ident)}")
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
