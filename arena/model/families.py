"""Weapon families: which kind of weapon a weapon is (a spear, a sword, a bow), by its tags or id.

A weapon's family is the first family its tags name (`tags = ["spear"]`: Giantsbane is a
spear), else the family of the first word of `FAMILIES` found in its id (`boar_spear` is a
spear, `gladius` a sword), else its own id. The run's generator swaps weapons within a family
(docs/procgen.md); `adnd` finds the spears and staves of its friendly-hit list by family.
"""

from __future__ import annotations

from arena.model.stats import Weapon

# A word of the weapon's id and the family it names, first match wins.
FAMILIES: tuple[tuple[str, str], ...] = (
    ("crossbow", "crossbow"), ("bow", "bow"), ("javelin", "javelin"), ("dart", "dart"),
    ("throwing", "throwing"), ("lance", "lance"), ("spear", "spear"), ("trident", "spear"),
    ("halberd", "polearm"), ("sword", "sword"), ("blade", "sword"), ("gladius", "sword"),
    ("dagger", "dagger"), ("stiletto", "dagger"), ("axe", "axe"), ("mace", "mace"),
    ("morning_star", "mace"), ("hammer", "hammer"), ("maul", "hammer"), ("flail", "flail"),
    ("club", "club"), ("staff", "staff"),
)


NAMES = frozenset(name for _, name in FAMILIES)


def family(weapon: Weapon) -> str:
    """The weapon's family: a family its tags name, else by a word of its id, else its id."""
    tagged = next((tag for tag in weapon.tags if tag in NAMES), None)
    if tagged is not None:
        return tagged
    return next((name for word, name in FAMILIES if word in weapon.id), weapon.id)
