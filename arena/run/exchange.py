"""What changes hands at camp: an item taken, a supply used, two belongings traded.

The camp (`camp.py`) says whether a choice can be made; these make it, on the members alone.
"""

from __future__ import annotations

from arena.dice import parse_dice
from arena.model.stats import Armour, Supply, Weapon
from arena.rules.base import Ruleset
from arena.run.campwork import mend, repair_refusal
from arena.run.holding import belongings
from arena.run.party import Gear, Member


def take(m: Member, item: Weapon | Armour | Supply) -> None:
    """Weapons join the gear, armour and shields replace what was worn, supplies the pack."""
    if isinstance(item, Supply):
        m.supplies.append(item)
    elif isinstance(item, Armour) and item.shield:
        m.shield = item
    elif isinstance(item, Armour):
        m.armour = item
    else:
        m.gear.append(Gear(item, item))


def swap(m: Member, k: int, other: Member, j: int) -> str:
    """`m` and `other` trade belongings `k` and `j` (of one sort), each in the other's place."""
    mine, theirs = belongings(m)[k], belongings(other)[j]
    if isinstance(mine, Weapon):
        a, b = k, j
        m.gear[a], other.gear[b] = other.gear[b], m.gear[a]
    elif isinstance(mine, Supply):
        a = k - (len(belongings(m)) - len(m.supplies))
        b = j - (len(belongings(other)) - len(other.supplies))
        m.supplies[a], other.supplies[b] = other.supplies[b], m.supplies[a]
    elif mine.shield:
        m.shield, other.shield = other.shield, m.shield
    else:
        m.armour, other.armour = other.armour, m.armour
    return f"{m.name} trades {mine.name} for {other.name}'s {theirs.name}"


def use(ruleset: Ruleset, m: Member, supply: Supply) -> str:
    """A supply used at camp: the average of its healing (rounded up), staunching, mending."""
    if supply.repair:
        g = next(g for g in m.gear if repair_refusal(ruleset, g) is None)
        mend(g)
        return f"{m.name} mends {g.weapon.name} with {supply.name}"
    back = 0
    if supply.heal:
        dice = parse_dice(supply.heal)
        back = min(m.max_hp - m.hp, -(-(dice.count * (dice.sides + 1)) // 2) + dice.modifier)
        m.hp += max(0, back)
        kept = ruleset.heal({n: a for n, (_, a) in m.injuries.items()}, back)
        m.injuries = {n: v for n, v in m.injuries.items() if n in kept}
    if supply.staunch:
        m.injuries.pop("bleeding", None)
    return f"{m.name} uses {supply.name}: +{max(0, back)} HP"
