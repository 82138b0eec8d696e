"""Shared helpers for the `d40` tests: stat blocks, weapons, attack contexts, scripted dice."""

from __future__ import annotations

from arena.dice import Dice
from arena.model.stats import StatBlock, Weapon
from arena.rules.base import AttackContext, Bystander
from arena.rules.d40 import D40Ruleset
from arena.rules.d40.stats import FIELDS, UNARMED

D40 = D40Ruleset()
SWORD = Weapon("longsword", "longsword", "d8", quality=1, crushing_save=12)
MAGIC_SWORD = Weapon("flame_blade", "flame blade", "d8", magic=2, quality=2, crushing_save=12)
BOW = Weapon("shortbow", "shortbow", "d6", kind="ranged", hands=2, range_ft=50, crushing_save=14)
JAVELIN = Weapon("javelin", "javelin", "d6", kind="thrown", range_ft=20, crushing_save=10)
BRITTLE = Weapon("club", "club", "d6")  # crushing_save 0: saves with its wielder's number


def d40_stats(**values: object) -> StatBlock:
    """A `d40` stat block: the field defaults, with `klass` standing for `class`."""
    if "klass" in values:
        values["class"] = values.pop("klass")
    base = {f.name: f.default for f in FIELDS}
    unknown = set(values) - set(base)
    assert not unknown, unknown
    return StatBlock("d40", {**base, **values})  # type: ignore[dict-item]


def ctx(
    weapon: Weapon = SWORD, distance: int = 1, attacker: StatBlock | None = None,
    defender: StatBlock | None = None, position: str = "front", **kw: object,
) -> AttackContext:
    """An attack context: a 1st-level warrior with a longsword against a default defender."""
    kw.setdefault("wielded", (weapon, UNARMED) if weapon != UNARMED else (UNARMED,))
    return AttackContext(
        attacker if attacker is not None else d40_stats(),
        defender if defender is not None else d40_stats(),
        weapon, distance, position, **kw,  # type: ignore[arg-type]
    )


def dice(*faces: int) -> Dice:
    """Dice that give `faces` first (seed 1 afterwards)."""
    return Dice(1, faces)


def bystander(entity: int, distance: int, beyond: int, angle: float, ally: bool = False,
              position: str = "front") -> Bystander:
    """Another combatant near the attack."""
    return Bystander(entity, ally, distance, beyond, angle, position)


def purposes(result: object) -> list[str]:
    """The purposes of an attack result's dice, in the order rolled."""
    return [r.purpose for r in result.rolls]  # type: ignore[attr-defined]
