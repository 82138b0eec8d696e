"""The `becmi` stat block: its fields, and strict readers for hit dice and weapon mastery.

The asset loader checks types, ranges and the class; `hd` and `mastery` are text whose format
only this ruleset knows, so `block_problem` checks them (the ruleset runs it on every combatant
when a battle starts, and `tests/rules/becmi/test_scenarios.py` on every asset file).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from arena.model.stats import StatBlock
from arena.rules.base import FieldSpec
from arena.rules.becmi.tables import HRM_CLASSES, MASTERY_LEVELS

CLASSES = (*HRM_CLASSES, "monster")
_HD = re.compile(r"(?:(1/2)|([0-9]{1,2})(?:([+-])([0-9]{1,2}))?)")
_ID = re.compile(r"[a-z][a-z0-9_]*")

FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("class", "str", "normal_man", "character class, or `monster` (uses `hd`)",
              choices=CLASSES),
    FieldSpec("level", "int", 1, "experience level (characters)", 1, 36),
    FieldSpec("hd", "str", "", "hit dice of a monster: N, N+M, N-M or 1/2; empty otherwise"),
    FieldSpec("str", "int", 10, "Strength score: adjustment to melee hit and damage rolls", 3, 18),
    FieldSpec("dex", "int", 10, "Dexterity score: adjustment to missile hit rolls", 3, 18),
    FieldSpec("ac", "int", 9, "armour class (descending: lower is better)", -20, 19),
    FieldSpec("mastery", "str", "",
              "weapon mastery, e.g. `longsword:expert,dagger:skilled`; unlisted = basic"),
    FieldSpec("curse", "int", 0, "penalty to hit rolls from a magical curse", 0, 10),
)


@dataclass(frozen=True, slots=True)
class HitDice:
    """A monster's hit dice: `whole` dice (0 for ½) and the sign of any bonus (`plus`)."""

    whole: int
    plus: int


@functools.lru_cache(maxsize=256)
def parse_hd(text: str) -> HitDice:
    """Parse "4", "4+1", "1-1" or "1/2"; anything else is a ValueError saying what is allowed.

    >>> parse_hd("4+1"), parse_hd("1/2")
    (HitDice(whole=4, plus=1), HitDice(whole=0, plus=0))
    """
    match = _HD.fullmatch(text.strip())
    if match is None or match.group(2) == "0" or match.group(4) == "0":
        raise ValueError(f"bad hit dice {text!r}: use N, N+M or N-M (N, M 1..99) or 1/2")
    if match.group(1):
        return HitDice(0, 0)
    sign = {"+": 1, "-": -1}.get(match.group(3) or "", 0)
    return HitDice(int(match.group(2)), sign)


@functools.lru_cache(maxsize=256)
def parse_mastery(text: str) -> Mapping[str, str]:
    """Parse "longsword:expert,dagger:skilled" into {weapon id: level}; errors are ValueErrors.

    >>> dict(parse_mastery("longsword:expert, dagger:grand_master"))
    {'longsword': 'expert', 'dagger': 'grand_master'}
    """
    result: dict[str, str] = {}
    for entry in (e.strip() for e in text.split(",")):
        if not entry and not text.strip():
            continue
        weapon, colon, level = (p.strip() for p in entry.partition(":"))
        if not colon or not _ID.fullmatch(weapon):
            raise ValueError(f"bad entry {entry!r}: use weapon_id:level, comma-separated")
        if level not in MASTERY_LEVELS:
            raise ValueError(f"unknown mastery level {level!r} for {weapon} "
                             f"(levels: {', '.join(MASTERY_LEVELS)})")
        if weapon in result:
            raise ValueError(f"{weapon} is listed twice")
        result[weapon] = level
    return MappingProxyType(result)


def block_problem(stats: StatBlock) -> str | None:
    """What is wrong with a `becmi` stat block ("field: message"), or None."""
    try:
        parse_mastery(stats.text("mastery"))
    except ValueError as exc:
        return f"mastery: {exc}"
    hd = stats.text("hd")
    if stats.text("class") != "monster":
        return f"hd: only a monster has hit dice (class {stats.text('class')})" if hd else None
    if not hd:
        return "hd: a monster needs its hit dice (N, N+M, N-M or 1/2)"
    try:
        parse_hd(hd)
    except ValueError as exc:
        return f"hd: {exc}"
    return None
