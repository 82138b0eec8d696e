"""Camps and spoils: the choices, what each costs, and the documented policy of `--auto`.

A camp node of the run's map offers the costed choices; the spoils after a fight only the free
ones, and after an elite or a boss the pick of one of the goods (`SPOILS`). Free at both: take
loot (after a win) and pass a weapon to another member. At a camp node, up to `ACTIONS` of:
rest (each member regains two thirds of its lost HP, rounded up, and the
ruleset's heal hook ends what healing ends: d40 bleeding), repair one broken weapon (as it was
before it broke: an enchantment a break took never comes back, and a weapon the ruleset
destroyed cannot be mended: `repair_refusal`), tend one injury (bleeding ends, one injury
point goes; severed parts never heal), take one of the offered weapons, armour, shields or supplies,
recruit a level-1 replacement for a fallen member (costs `RECRUIT_COST` score). Or retire: the
run ends with what it has won. Using a supply from a member's pack is free: a potion heals its
dice' average (rounded up; the heal hook ends what healing ends), bandages stop bleeding, a
whetstone mends the member's first broken weapon that can be mended.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from arena.dice import parse_dice
from arena.model.stats import Armour, Supply, Weapon
from arena.rules.base import Ruleset
from arena.rules.protection import bears_shield
from arena.run.balance import rest_gain
from arena.run.decisions import (
    CampChoice,
    Give,
    Loot,
    Recruit,
    Repair,
    Rest,
    Retire,
    Take,
    Tend,
    Use,
)
from arena.run.injuries import tend, tendable
from arena.run.party import BROKEN, DEGRADED, WHOLE, Gear, Member, living

MAX_SUPPLIES = 8  # as a template's pack (arena/assets/templates.py)

ACTIONS = 2
MAX_GEAR = 3
RECRUIT_COST = 200
REST_BELOW = 2 / 3  # the auto policy rests when anyone is under two thirds of its HP
COSTED = ("rest", "repair", "tend", "take", "recruit")  # the kinds that take an action
SPOILS = frozenset({"take"})  # after an elite or a boss: the pick of one of the goods

Personal = Loot | Give | Repair | Tend | Take | Use  # the choices about one member


@dataclass(slots=True)
class Camp:
    """One camp: the party, the loot and offers on the table, and the actions left."""

    party: list[Member]
    ruleset: Ruleset
    loot: list[Weapon | None]
    offers: list[Weapon | Armour | Supply | None]
    recruit: Callable[[str], Member]
    actions: int = ACTIONS
    allowed: frozenset[str] = frozenset(COSTED)  # the costed kinds this camp offers
    rested: bool = False
    recruits: int = 0
    retired: bool = False
    log: list[str] = field(default_factory=list)


def _member(camp: Camp, index: int) -> Member | str:
    """The living member at party index `index`, or why not."""
    if not 0 <= index < len(camp.party):
        return f"no member #{index}"
    m = camp.party[index]
    return m if m.alive else f"{m.name} is dead"


def refusal(camp: Camp, choice: CampChoice) -> str | None:
    """Why `choice` cannot be made now (None: it can); checked before anything changes."""
    if choice.kind in COSTED and choice.kind not in camp.allowed:
        return f"no {choice.kind} here: only at a camp on the run's map"
    if choice.kind in COSTED and camp.actions <= 0:
        return "no camp actions left"
    if isinstance(choice, Rest | Retire | Recruit):
        return _party_refusal(camp, choice)
    m = _member(camp, choice.member)
    return m if isinstance(m, str) else _member_refusal(camp, m, choice)


def _party_refusal(camp: Camp, choice: Rest | Retire | Recruit) -> str | None:
    """Why a choice about the whole party cannot be made now."""
    if isinstance(choice, Rest):
        return "already rested at this camp" if camp.rested else None
    if isinstance(choice, Retire):
        return None
    fallen = [m for m in camp.party if not m.alive and not m.replaced]
    return None if fallen else "nobody has fallen (or each is replaced)"


def _member_refusal(camp: Camp, m: Member, choice: Personal) -> str | None:
    """Why a choice about living member `m` cannot be made now."""
    match choice:
        case Loot(item=k) | Take(item=k):
            pile: list[Weapon | Armour | Supply | None] = [*camp.loot] \
                if isinstance(choice, Loot) else camp.offers
            if not 0 <= k < len(pile) or pile[k] is None:
                return f"no {choice.kind} item #{k}"
            return cannot_take(m, pile[k]) or cannot_hold(camp.ruleset, m, pile[k])
        case Use(item=k):
            if not 0 <= k < len(m.supplies):
                return f"{m.name} has no supply #{k}"
            return _cannot_use(camp, m, m.supplies[k])
        case Repair(weapon=k) | Give(weapon=k):
            if not 0 <= k < len(m.gear):
                return f"{m.name} has no weapon #{k}"
            if isinstance(choice, Repair):
                return repair_refusal(camp, m.gear[k])
            return _cannot_give(camp, m, choice.to) or cannot_hold(
                camp.ruleset, camp.party[choice.to], m.gear[k].weapon)
        case Tend(injury=name):
            if name not in m.injuries:
                return f"{m.name} has no injury {name}"
            return None if tendable(name) else f"{name.replace('_', ' ')} never heals"
    return None


def repair_refusal(camp: Camp, g: Gear) -> str | None:
    """Why weapon `g` cannot be repaired (None: it can): whole, its magic lost, or destroyed."""
    name = g.weapon.name
    if g.state == WHOLE:
        return f"{name} needs no repair"
    if g.state == DEGRADED:
        return f"{name} lost its enchantment for good: a broken magic weapon never gets it back"
    if not camp.ruleset.mendable(g.weapon):
        return f"{name} is destroyed: a broken magic weapon cannot be mended"
    return None


def _mend(g: Gear) -> None:
    """Weapon `g` as it was before it broke: whole, or degraded if a break took some magic."""
    g.state = DEGRADED if g.weapon.magic < g.original.magic else WHOLE


def _cannot_give(camp: Camp, m: Member, to: int) -> str | None:
    """Why `m` cannot give a weapon to member `to`."""
    other = _member(camp, to)
    if isinstance(other, str) or other is m:
        return other if isinstance(other, str) else "give to someone else"
    return f"{other.name} carries {MAX_GEAR} weapons" if len(other.gear) >= MAX_GEAR else None


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


def no_room(camp: Camp, item: Weapon | Armour | Supply | None) -> str | None:
    """Why no living member can take `item`, and what would make room (None: someone can).

    The camp screen offers only what someone can take, and says this of the rest; the
    roster beside it lists what fills each member's slots.
    """
    team = living(camp.party)
    if item is None or not team or any(
            cannot_take(m, item) is None and cannot_hold(camp.ruleset, m, item) is None
            for m in team):
        return None
    if any(cannot_take(m, item) is None for m in team):  # a lost hand, not a full slot
        return "; ".join(str(cannot_take(m, item) or cannot_hold(camp.ruleset, m, item))
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


def _cannot_use(camp: Camp, m: Member, supply: Supply) -> str | None:
    """Why `m` gets nothing from using `supply` at camp."""
    if supply.repair and not any(repair_refusal(camp, g) is None for g in m.gear):
        return f"{m.name} has no broken weapon the {supply.name} can mend"
    if not supply.repair and m.hp >= m.max_hp and "bleeding" not in m.injuries:
        return f"{m.name} is neither hurt nor bleeding"
    return None


def choose(camp: Camp, choice: CampChoice) -> str | None:
    """Make `choice`; return a refusal reason (nothing changed) or None."""
    reason = refusal(camp, choice)
    if reason is not None:
        return reason
    camp.actions -= choice.kind in COSTED
    if isinstance(choice, Retire):
        camp.retired = True
        camp.log.append("the party retires")
    elif isinstance(choice, Rest):
        _rest(camp)
    elif isinstance(choice, Recruit):
        _recruit(camp)
    else:
        _personal(camp, camp.party[choice.member], choice)
    return None


def _rest(camp: Camp) -> None:
    """The rest share of lost HP back (balance.py); the heal hook ends what healing ends."""
    camp.rested = True
    for m in living(camp.party):
        back = rest_gain(m.max_hp, m.hp)
        m.hp += back
        kept = camp.ruleset.heal({n: a for n, (_, a) in m.injuries.items()}, back)
        m.injuries = {n: v for n, v in m.injuries.items() if n in kept}
        camp.log.append(f"{m.name} rests: +{back} HP")


def _recruit(camp: Camp) -> None:
    """A level-1 member of the first fallen member's kind joins."""
    fallen = next(m for m in camp.party if not m.alive and not m.replaced)
    fallen.replaced = True
    new = camp.recruit(fallen.template)
    camp.party.append(new)
    camp.recruits += 1
    camp.log.append(f"{new.name} joins (-{RECRUIT_COST} score)")


def _personal(camp: Camp, m: Member, choice: Personal) -> None:
    """Loot, take, use, repair, give or tend: choices about one member, `m`."""
    match choice:
        case Loot(item=k):
            weapon = camp.loot[k]
            assert weapon is not None
            camp.loot[k] = None
            m.gear.append(Gear(weapon, weapon))
            camp.log.append(f"{m.name} takes {weapon.name}")
        case Take(item=k):
            item = camp.offers[k]
            assert item is not None
            camp.offers[k] = None
            _take(m, item)
            camp.log.append(f"{m.name} takes {item.name}")
        case Use(item=k):
            _use(camp, m, m.supplies.pop(k))
        case Repair(weapon=k):
            g = m.gear[k]
            _mend(g)
            camp.log.append(f"{m.name}'s {g.weapon.name} is repaired")
        case Give(weapon=k, to=to):
            g = m.gear.pop(k)
            other = camp.party[to]
            other.gear.append(g)
            camp.log.append(f"{m.name} gives {g.weapon.name} to {other.name}")
        case Tend(injury=name):
            m.injuries = tend(m.injuries, name)
            camp.log.append(f"{m.name}'s {name.replace('_', ' ')} is tended")


def _take(m: Member, item: Weapon | Armour | Supply) -> None:
    """Weapons join the gear, armour and shields replace what was worn, supplies the pack."""
    if isinstance(item, Supply):
        m.supplies.append(item)
    elif isinstance(item, Armour) and item.shield:
        m.shield = item
    elif isinstance(item, Armour):
        m.armour = item
    else:
        m.gear.append(Gear(item, item))


def _use(camp: Camp, m: Member, supply: Supply) -> None:
    """A supply used at camp: the average of its healing (rounded up), staunching, mending."""
    if supply.repair:
        g = next(g for g in m.gear if repair_refusal(camp, g) is None)
        _mend(g)
        camp.log.append(f"{m.name} mends {g.weapon.name} with {supply.name}")
        return
    back = 0
    if supply.heal:
        dice = parse_dice(supply.heal)
        back = min(m.max_hp - m.hp, -(-(dice.count * (dice.sides + 1)) // 2) + dice.modifier)
        m.hp += max(0, back)
        kept = camp.ruleset.heal({n: a for n, (_, a) in m.injuries.items()}, back)
        m.injuries = {n: v for n, v in m.injuries.items() if n in kept}
    if supply.staunch:
        m.injuries.pop("bleeding", None)
    camp.log.append(f"{m.name} uses {supply.name}: +{max(0, back)} HP")


def _usable(m: Member) -> int:
    """How many weapons a member can fight with."""
    return sum(1 for g in m.gear if g.usable)


def _best(pile: list[Weapon | None] | list[Weapon | Armour | Supply | None]) -> int | None:
    """The pile's best weapon: highest magic, then first (armour and supplies are left)."""
    ranked = [(-w.magic, k) for k, w in enumerate(pile) if isinstance(w, Weapon)]
    return min(ranked)[1] if ranked else None


def auto_next(camp: Camp) -> CampChoice | None:
    """The `--auto` camp policy's next choice (docs/run.md), or None when it is done.

    Loot first, to whoever has fewest usable weapons while they have fewer than two (of those
    with the hands to hold it); then
    the costed actions in this order of priority: rest when anyone is below two thirds of its
    HP or bleeding; tend the first tendable injury; repair the first broken weapon that can
    be mended; recruit when one member stands; take the best offered weapon for whoever has
    fewest usable weapons.
    """
    team = living(camp.party)
    needy = sorted(team, key=lambda m: (_usable(m), camp.party.index(m)))
    k = _best(camp.loot)
    able = [] if k is None else [m for m in needy
                                 if cannot_hold(camp.ruleset, m, camp.loot[k]) is None]
    if k is not None and able and len(able[0].gear) < MAX_GEAR and _usable(able[0]) < 2:
        return Loot(k, camp.party.index(able[0]))
    for choice in _wishes(camp, team, needy):
        if refusal(camp, choice) is None:
            return choice
    return None


def _wishes(camp: Camp, team: list[Member], needy: list[Member]) -> Iterator[CampChoice]:
    """The costed choices the policy would like, best first."""
    if any(m.hp < REST_BELOW * m.max_hp or "bleeding" in m.injuries for m in team):
        yield Rest()
    for m in team:
        for name in sorted(m.injuries):
            if tendable(name):
                yield Tend(camp.party.index(m), name)
    for m in team:
        for k, g in enumerate(m.gear):
            if g.state == BROKEN:
                yield Repair(camp.party.index(m), k)
    if len(team) < 2:
        yield Recruit()
    offer = _best(camp.offers)
    if offer is not None and needy:
        yield Take(offer, camp.party.index(needy[0]))
