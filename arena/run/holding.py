"""What a member can carry and hold: the gear and pack limits, and the hands a lost limb leaves.

A member carries at most `MAX_GEAR` weapons and `MAX_SUPPLIES` supplies; a shield needs a free
off hand beside the weapons it fights with, and a two-handed weapon two hands
(`protection.bears_shield`, the ruleset's `hands`).
"""

from __future__ import annotations

from arena.model.stats import Armour, Supply, Weapon
from arena.rules.base import Ruleset
from arena.rules.protection import bears_shield
from arena.run.campwork import MAX_SUPPLIES
from arena.run.party import Gear, Member, living

MAX_GEAR = 3
Item = Weapon | Armour | Supply
Belonging = Gear | Armour | Supply  # a weapon keeps its state when it changes hands
WEAPON, ARMOUR, SHIELD, SUPPLY = "weapon", "armour", "shield", "supply"


def belongings(m: Member) -> list[Item]:
    """What `m` owns, in the order choices count it: weapons, armour, shield, supplies."""
    worn = [a for a in (m.armour, m.shield) if a is not None]
    return [*(g.weapon for g in m.gear), *worn, *m.supplies]


def sort_of(item: Item) -> str:
    """Which of a member's slots `item` fills: weapon, armour, shield or supply."""
    if isinstance(item, Supply):
        return SUPPLY
    if isinstance(item, Armour):
        return SHIELD if item.shield else ARMOUR
    return WEAPON


def take_out(m: Member, k: int) -> Belonging:
    """Take belonging `k` (`belongings` order) away from `m`; return it (a weapon as Gear)."""
    if k < len(m.gear):
        return m.gear.pop(k)
    k -= len(m.gear)
    if m.armour is not None:
        if k == 0:
            worn, m.armour = m.armour, None
            return worn
        k -= 1
    if m.shield is not None:
        if k == 0:
            held, m.shield = m.shield, None
            return held
        k -= 1
    return m.supplies.pop(k)


def put_in(m: Member, b: Belonging) -> None:
    """Weapons join the gear (their state kept), armour and shields are worn, supplies packed."""
    if isinstance(b, Gear):
        m.gear.append(b)
    elif isinstance(b, Supply):
        m.supplies.append(b)
    elif b.shield:
        m.shield = b
    else:
        m.armour = b


def cannot_part(m: Member, k: int) -> str | None:
    """Why `m` cannot part with belonging `k` (a natural weapon is part of it)."""
    items = belongings(m)
    if not 0 <= k < len(items):
        return f"{m.name} has no belonging #{k}"
    item = items[k]
    return f"{item.name} is part of {m.name}" if isinstance(item, Weapon) and item.natural \
        else None


def cannot_receive(ruleset: Ruleset, m: Member, item: Item) -> str | None:
    """Why `m` cannot be given `item` as it stands (room, a worn one, the hands)."""
    kind = sort_of(item)
    worn = m.shield if kind == SHIELD else m.armour if kind == ARMOUR else None
    if worn is not None:
        return f"{m.name} wears {worn.name}: swap them instead"
    full = cannot_take(m, item)
    if full is not None:
        return full + (": swap instead" if kind in (WEAPON, SUPPLY) else "")
    return cannot_hold(ruleset, m, item)


def cannot_take(m: Member, item: Weapon | Armour | Supply | None) -> str | None:
    """Why `m` cannot take `item` (weapons: the gear limit; shields: a free off hand)."""
    if isinstance(item, Supply):
        full = len(m.supplies) >= MAX_SUPPLIES
        return f"{m.name} carries {MAX_SUPPLIES} supplies" if full else None
    if isinstance(item, Armour):
        usable = [g.weapon for g in m.gear if g.usable]
        if item.shield and usable and all(w.hands > 1 for w in usable):
            return f"{m.name} fights two-handed: {item.name} needs a free off hand"
        return None
    return f"{m.name} carries {MAX_GEAR} weapons" if len(m.gear) >= MAX_GEAR else None


def slot_full(m: Member, item: Weapon | Armour | Supply | None) -> bool:
    """Whether `m` must drop one of `item`'s sort to take it (weapons and supplies only)."""
    if isinstance(item, Supply):
        return len(m.supplies) >= MAX_SUPPLIES
    return isinstance(item, Weapon) and len(m.gear) >= MAX_GEAR


def no_room(party: list[Member], ruleset: Ruleset, item: Weapon | Armour | Supply | None
            ) -> str | None:
    """Why no living member can take `item`, and what would make room (None: someone can).

    The camp screen offers only what someone can take, and says this of the rest; the
    roster beside it lists what fills each member's slots.
    """
    team = living(party)
    if item is None or not team or any(
            cannot_take(m, item) is None and cannot_hold(ruleset, m, item) is None
            for m in team):
        return None
    if any(cannot_take(m, item) is None for m in team):  # a lost hand, not a full slot
        return "; ".join(str(cannot_take(m, item) or cannot_hold(ruleset, m, item))
                         for m in team)
    who = team[0].name if len(team) == 1 else "every member"
    if isinstance(item, Supply):
        return f"{who} carries {MAX_SUPPLIES} supplies: use or drop one to make room"
    if isinstance(item, Weapon):
        return f"{who} carries {MAX_GEAR} weapons: drop one to make room"
    return "; ".join(str(cannot_take(m, item)) for m in team)


def cannot_hold(ruleset: Ruleset, m: Member, item: Weapon | Armour | Supply | None
                ) -> str | None:
    """Why `m`, with a hand or an arm lost, cannot hold `item` (a shield, a two-handed weapon).

    A shield takes a hand of its own beside the weapon's (`protection.bears_shield`).
    """
    if isinstance(item, Supply) or item is None or (isinstance(item, Armour) and not item.shield):
        return None
    if isinstance(item, Armour):
        if bears_shield(ruleset, m.injuries):
            return None
        why = f"the hand left holds the weapon, none is free for {item.name}"
    elif item.hands > ruleset.hands(frozenset(m.injuries)):
        why = f"{item.name} needs {item.hands} hands"
    else:
        return None
    lost = [n for n in sorted(m.injuries) if ruleset.hands(frozenset({n})) < 2]
    parts = " and the ".join(n.removesuffix("_severed").replace("_", " ") for n in lost)
    return f"{m.name} has lost the {parts}: {why}"
