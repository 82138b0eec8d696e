"""Camps and spoils: the choices, what each costs, and whether it can be made now.

A camp node of the run's map offers one main action (`ACTIONS`) among rest, train, repair,
tend, forage and scout (`campwork.py` says what each does, and what it would do before it is
taken), take one of the goods, or recruit a level-1 replacement for a fallen member (costs
`RECRUIT_COST` score). The spoils after a fight give only the free choices, and after an elite
or a boss the pick of one of the goods (`SPOILS`). Free at both: take loot (after a win), pass
a weapon to another member, use a supply from a member's pack (a potion heals its dice'
average, rounded up, and the heal hook ends what healing ends; bandages stop bleeding; a
whetstone mends the member's first broken weapon that can be mended), or retire: the run ends
with what it has won. The `--auto` policy is `camppolicy.py`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from arena.dice import parse_dice
from arena.model.stats import Armour, Supply, Weapon
from arena.rules.base import Ruleset
from arena.rules.protection import bears_shield
from arena.run import campwork
from arena.run.campwork import MAX_SUPPLIES, Grounds, heals, mend, mendable, repair_refusal
from arena.run.decisions import (
    CampChoice,
    Forage,
    Give,
    Loot,
    Recruit,
    Repair,
    Rest,
    Retire,
    Scout,
    Take,
    Tend,
    Train,
    Use,
)
from arena.run.party import Gear, Member, living

ACTIONS = 1
MAX_GEAR = 3
RECRUIT_COST = 200
MAIN = ("rest", "train", "repair", "tend", "forage", "scout")  # `campwork.py`'s actions
COSTED = (*MAIN, "take", "recruit")  # the kinds that take the camp's action
SPOILS = frozenset({"take"})  # after an elite or a boss: the pick of one of the goods

Personal = Loot | Give | Tend | Take | Use  # the choices about one member


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
    grounds: Grounds | None = None  # what the main actions draw on (None: the ruleset alone)
    recruits: int = 0
    retired: bool = False
    scouted: bool = False
    log: list[str] = field(default_factory=list)

    @property
    def land(self) -> Grounds:
        """What the main actions draw on here."""
        return self.grounds if self.grounds is not None else Grounds(self.ruleset)


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
        return "this camp's action is taken: march on"
    if isinstance(choice, Rest | Train | Repair | Forage | Scout | Retire | Recruit):
        return _party_refusal(camp, choice)
    m = _member(camp, choice.member)
    return m if isinstance(m, str) else _member_refusal(camp, m, choice)


PartyWide = Rest | Train | Repair | Forage | Scout | Retire | Recruit


def _party_refusal(camp: Camp, choice: PartyWide) -> str | None:
    """Why a choice about the whole party cannot be made now (None: it can)."""
    team, land = living(camp.party), camp.land
    match choice:
        case Rest():
            hurt = any(m.hp < m.max_hp or "bleeding" in m.injuries for m in team)
            return None if hurt else "nobody needs rest: every member is whole"
        case Train():
            return None if any(campwork.train_xp(m, land.xp_step) for m in team) else \
                "nothing to train for here"
        case Repair():
            return None if mendable(camp.party, camp.ruleset) else "no broken weapon can be mended"
        case Forage():
            return None if land.found else "nothing to find here"
        case Scout():
            return None if land.beyond[0] else "nothing beyond to scout"
        case Recruit():
            fallen = [m for m in camp.party if not m.alive and not m.replaced]
            return None if fallen else "nobody has fallen"
    return None


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
        case Give(weapon=k):
            if not 0 <= k < len(m.gear):
                return f"{m.name} has no weapon #{k}"
            return _cannot_give(camp, m, choice.to) or cannot_hold(
                camp.ruleset, camp.party[choice.to], m.gear[k].weapon)
        case Tend():
            if heals(m):
                return None
            return f"{m.name} has no injury that care heals" if not m.injuries else \
                f"{m.name}'s {', '.join(n.replace('_', ' ') for n in sorted(m.injuries))} " \
                "never heals"
    return None


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
    if supply.repair and not any(repair_refusal(camp.ruleset, g) is None for g in m.gear):
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
    match choice:
        case Retire():
            camp.retired = True
            camp.log.append("the party retires")
        case Rest():
            camp.log += campwork.rest(camp.party, camp.ruleset)
        case Train():
            camp.log += campwork.train(camp.party, camp.land)
        case Repair():
            camp.log += campwork.repair(camp.party, camp.ruleset)
        case Forage():
            camp.log += campwork.forage(camp.party, camp.land.found)
        case Scout():
            camp.scouted = True
            first, last = camp.land.beyond
            camp.log.append(f"the scouts come back: the map shows steps {first}-{last}")
        case Recruit():
            _recruit(camp)
        case _:
            _personal(camp, camp.party[choice.member], choice)
    return None


def _recruit(camp: Camp) -> None:
    """A level-1 member of the first fallen member's kind joins."""
    fallen = next(m for m in camp.party if not m.alive and not m.replaced)
    fallen.replaced = True
    new = camp.recruit(fallen.template)
    camp.party.append(new)
    camp.recruits += 1
    camp.log.append(f"{new.name} joins (-{RECRUIT_COST} score)")


def _personal(camp: Camp, m: Member, choice: Personal) -> None:
    """Loot, take, use, give or tend: choices about one member, `m`."""
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
        case Give(weapon=k, to=to):
            g = m.gear.pop(k)
            other = camp.party[to]
            other.gear.append(g)
            camp.log.append(f"{m.name} gives {g.weapon.name} to {other.name}")
        case Tend():
            camp.log += campwork.tend_all(m)


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
        g = next(g for g in m.gear if repair_refusal(camp.ruleset, g) is None)
        mend(g)
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
