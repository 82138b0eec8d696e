"""Camps, spoils, merchants and events: the choices, what each costs, and whether it can be made.

A camp node of the run's map offers one main action (`ACTIONS`) among rest, train, repair,
tend, forage and scout (`campwork.py` says what each does, and what it would do before it is
taken), take one of the goods, or hire one of the fighters offered for its wage in coin. The
spoils after a fight give only the free choices, and after an elite or a boss the pick of one
of the goods (`SPOILS`). A merchant (`MARKET`) sells its wares, buys the party's belongings
and hires out fighters, for coin and no action; an event (`MEETING`) is answered once
(`eventwork.py`). Free everywhere: take loot (after a win), pass a weapon to another member,
use a supply from a member's pack (a potion heals its dice' average, rounded up, and the heal
hook ends what healing ends; bandages stop bleeding; a whetstone mends the member's first
broken weapon that can be mended), or retire: the run ends with what it has won. The
`--auto` policy is `camppolicy.py`'s.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arena.model.stats import Armour, Supply, Weapon
from arena.rules.base import Ruleset
from arena.run import campwork, holding
from arena.run.appraisal import Foeman
from arena.run.campwork import Grounds, heals, mendable, repair_refusal
from arena.run.coin import Purse
from arena.run.config import PARTY_SIZE
from arena.run.decisions import (
    Answer,
    Buy,
    CampChoice,
    Drop,
    Forage,
    Give,
    Loot,
    Recruit,
    Repair,
    Rest,
    Retire,
    Scout,
    Sell,
    Swap,
    Take,
    Tend,
    Train,
    Use,
)
from arena.run.eventwork import Meeting, Table, happen
from arena.run.exchange import swap, take, use
from arena.run.holding import (
    MAX_GEAR,
    belongings,
    cannot_hold,
    cannot_part,
    cannot_receive,
    cannot_take,
    put_in,
    sort_of,
    take_out,
)
from arena.run.market import Hire, Market, enlist, part_with, sell_refusal
from arena.run.party import Gear, Member, living

__all__ = ["MAX_GEAR", "Camp", "cannot_hold", "cannot_take", "choose", "no_room", "refusal"]

ACTIONS = 1
MAIN = ("rest", "train", "repair", "tend", "forage", "scout")  # `campwork.py`'s actions
COSTED = frozenset({*MAIN, "take", "recruit"})  # a camp node's: each takes its action
SPOILS = frozenset({"take"})  # after an elite or a boss: the pick of one of the goods
MARKET = frozenset({"buy", "sell", "recruit"})  # a merchant's: none takes an action
MEETING = frozenset({"answer"})  # an event's: answered once
FREE = frozenset({"loot", "give", "swap", "drop", "use", "retire"})  # anywhere, no action

Personal = Loot | Give | Swap | Drop | Tend | Take | Use | Buy | Sell  # about one member


@dataclass(slots=True)
class Camp:
    """One camp: the party, the loot and offers on the table, and the actions left."""

    party: list[Member]
    ruleset: Ruleset
    loot: list[Weapon | None]
    offers: list[Weapon | Armour | Supply | None]
    purse: Purse = field(default_factory=Purse)
    hires: list[Hire] = field(default_factory=list)  # the fighters offered for hire here
    actions: int = ACTIONS
    allowed: frozenset[str] = COSTED  # the kinds beyond `FREE` this camp offers
    costed: frozenset[str] = COSTED  # ... and those that take one of its actions
    grounds: Grounds | None = None  # what the main actions draw on (None: the ruleset alone)
    market: Market | None = None  # a merchant's table
    ahead: tuple[Foeman, ...] = ()  # the foes items are appraised against (`appraisal.py`)
    meeting: Meeting | None = None  # an event, its outcomes drawn
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


WHERE = {"buy": "only at a merchant", "sell": "only at a merchant",
         "answer": "no event is held here"}


def refusal(camp: Camp, choice: CampChoice) -> str | None:
    """Why `choice` cannot be made now (None: it can); checked before anything changes."""
    if choice.kind not in FREE and choice.kind not in camp.allowed:
        where = WHERE.get(choice.kind, "only at a camp on the run's map")
        return f"no {choice.kind} here: {where}"
    if choice.kind in camp.costed and camp.actions <= 0:
        return "this camp's action is taken: march on"
    if isinstance(choice, Rest | Train | Repair | Forage | Scout | Retire | Recruit | Answer):
        return _party_refusal(camp, choice)
    m = _member(camp, choice.member)
    return m if isinstance(m, str) else _member_refusal(camp, m, choice)


PartyWide = Rest | Train | Repair | Forage | Scout | Retire | Recruit | Answer


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
        case Recruit(offer=k):
            return _hire_refusal(camp, k)
        case Answer(option=k):
            return _answer_refusal(camp, k)
    return None


def _hire_refusal(camp: Camp, k: int) -> str | None:
    """Why fighter `k` of those offered cannot be hired now."""
    if not 0 <= k < len(camp.hires) or camp.hires[k].joined:
        return f"no fighter #{k} for hire here"
    if len(living(camp.party)) >= PARTY_SIZE:
        return f"the party is full ({PARTY_SIZE} fighters)"
    offer = camp.hires[k]
    if offer.price > camp.purse.coin:
        return f"{offer.member.name} asks {offer.price} coin; the party has {camp.purse.coin}"
    return None


def _answer_refusal(camp: Camp, k: int) -> str | None:
    """Why the event cannot be answered with option `k`."""
    meeting = camp.meeting
    if meeting is None:
        return "no event is held here"
    if meeting.answered is not None:
        return "the event is answered: march on"
    if not 0 <= k < len(meeting.card.options):
        return f"no option #{k}"
    cost = meeting.card.options[k].price
    return f"it costs {cost} coin; the party has {camp.purse.coin}" \
        if cost > camp.purse.coin else None


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
        case Give(item=k, to=to):
            return cannot_part(m, k) or _cannot_give(camp, m, to) or cannot_receive(
                camp.ruleset, camp.party[to], belongings(m)[k])
        case Swap(item=k, to=to, other=j):
            return cannot_part(m, k) or _cannot_give(camp, m, to) or _cannot_swap(
                camp, m, k, camp.party[to], j)
        case Drop(item=k):
            return cannot_part(m, k)
        case Buy(item=k):
            return _buy_refusal(camp, m, k)
        case Sell(item=k):
            return "no merchant here" if camp.market is None else sell_refusal(m, k)
        case Tend():
            if heals(m):
                return None
            return f"{m.name} has no injury that care heals" if not m.injuries else \
                f"{m.name}'s {', '.join(n.replace('_', ' ') for n in sorted(m.injuries))} " \
                "never heals"
    return None


def _buy_refusal(camp: Camp, m: Member, k: int) -> str | None:
    """Why `m` cannot buy ware `k`."""
    wares = camp.market.wares if camp.market is not None else []
    ware = wares[k] if 0 <= k < len(wares) else None
    if ware is None:
        return f"no ware #{k}"
    if ware.price > camp.purse.coin:
        return f"{ware.item.name} costs {ware.price} coin; the party has {camp.purse.coin}"
    return cannot_take(m, ware.item) or cannot_hold(camp.ruleset, m, ware.item)


def no_room(camp: Camp, item: Weapon | Armour | Supply | None) -> str | None:
    """Why no living member can take `item`, and what would make room (`holding.no_room`)."""
    return holding.no_room(camp.party, camp.ruleset, item)


def _cannot_give(camp: Camp, m: Member, to: int) -> str | None:
    """Why `m` cannot hand anything to member `to` (dead, missing, itself)."""
    other = _member(camp, to)
    if isinstance(other, str) or other is m:
        return other if isinstance(other, str) else "give to someone else"
    return None


def _cannot_swap(camp: Camp, m: Member, k: int, other: Member, j: int) -> str | None:
    """Why `m`'s belonging `k` and `other`'s belonging `j` cannot change hands."""
    why = cannot_part(other, j)
    if why is not None:
        return why
    mine, theirs = belongings(m)[k], belongings(other)[j]
    if sort_of(mine) != sort_of(theirs):
        return f"{mine.name} and {theirs.name} are not of one sort: give or drop instead"
    return cannot_hold(camp.ruleset, other, mine) or cannot_hold(camp.ruleset, m, theirs)


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
    camp.actions -= choice.kind in camp.costed
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
        case Recruit(offer=k):
            _recruit(camp, camp.hires[k])
        case Answer(option=k):
            _answer(camp, k)
        case _:
            _personal(camp, camp.party[choice.member], choice)
    return None


def _recruit(camp: Camp, offer: Hire) -> None:
    """Fighter `offer` joins for its wage."""
    camp.purse.pay(offer.price)
    enlist(camp.party, offer)
    camp.recruits += 1
    camp.log.append(f"{offer.member.name} joins for {offer.price} coin")


def _answer(camp: Camp, k: int) -> None:
    """Answer the event with option `k`: pay its price, and its outcome happens."""
    meeting = camp.meeting
    assert meeting is not None
    meeting.answered = k
    option = meeting.card.options[k]
    camp.purse.pay(option.price)
    camp.log.append(f"{option.label}" + (f" (-{option.price} coin)" if option.price else ""))
    camp.log += happen(meeting.outcomes[k], table_of(camp))


def table_of(camp: Camp) -> Table:
    """What an event's outcome acts on at this camp (and what its preview reads)."""
    items = camp.meeting.items if camp.meeting is not None else {}
    return Table(camp.party, camp.purse, camp.hires, camp.ruleset, camp.land.xp_step, items)


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
            worn = (m.shield if item.shield else m.armour) if isinstance(item, Armour) else None
            take(m, item)
            camp.log.append(f"{m.name} takes {item.name}" + (
                f", leaving {worn.name} behind" if worn is not None else ""))
        case Use(item=k):
            camp.log.append(use(camp.ruleset, m, m.supplies.pop(k)))
        case Give(item=k, to=to):
            name, other = belongings(m)[k].name, camp.party[to]
            put_in(other, take_out(m, k))
            camp.log.append(f"{m.name} gives {name} to {other.name}")
        case Swap(item=k, to=to, other=j):
            camp.log.append(swap(m, k, camp.party[to], j))
        case Drop(item=k):
            name = belongings(m)[k].name
            take_out(m, k)
            camp.log.append(f"{m.name} leaves {name} behind")
        case Tend():
            camp.log += campwork.tend_all(m)
        case Buy(item=k):
            _buy(camp, m, k)
        case Sell(item=k):
            assert camp.market is not None
            item = part_with(m, k)
            paid = camp.market.sale(item)
            camp.purse.coin += paid
            camp.log.append(f"{m.name} sells {item.name} for {paid} coin")


def _buy(camp: Camp, m: Member, k: int) -> None:
    """`m` buys ware `k` at its price; armour or a shield worn before is traded in."""
    market = camp.market
    assert market is not None
    ware = market.wares[k]
    assert ware is not None
    market.wares[k] = None
    camp.purse.pay(ware.price)
    worn = (m.shield if ware.item.shield else m.armour) if isinstance(ware.item, Armour) \
        else None
    take(m, ware.item)
    camp.log.append(f"{m.name} buys {ware.item.name} for {ware.price} coin")
    if worn is not None:
        camp.purse.coin += market.sale(worn)
        camp.log.append(f"{worn.name} traded in for {market.sale(worn)} coin")
