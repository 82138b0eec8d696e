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
from arena.run.party import Member, living

MAX_GEAR = 3


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
        return f"{who} carries {MAX_SUPPLIES} supplies; using one at camp makes room"
    if isinstance(item, Weapon):
        return f"{who} carries {MAX_GEAR} weapons; none can be dropped at camp, so it stays " \
               "behind"
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
