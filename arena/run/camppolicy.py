"""The documented camp policy of `arena run --auto` (docs/run.md, "Camp and spoils")."""

from __future__ import annotations

from collections.abc import Iterator

from arena.model.eventcard import Effect
from arena.model.stats import Armour, Supply, Weapon
from arena.run.camp import MAX_GEAR, Camp, cannot_hold, refusal
from arena.run.campwork import heals, staunches
from arena.run.config import PARTY_SIZE
from arena.run.decisions import (
    Answer,
    Buy,
    CampChoice,
    Drop,
    Forage,
    Loot,
    Recruit,
    Repair,
    Rest,
    Take,
    Tend,
    Train,
)
from arena.run.market import Market
from arena.run.party import Member, living

REST_BELOW = 2 / 3  # the policy rests when anyone is under two thirds of its HP
TEND_AT = 2  # ... and tends a member with this many injury points, or a wound that bleeds on
RESERVE = 20  # coin the merchant policy keeps back from buying gear
# What the event policy counts each effect worth, in coin (docs/run.md, "The auto policy"):
WORTH_HP = 2  # per percent of max HP, while anyone is hurt (else 0; a loss always counts)
WORTH_XP = 1  # per percent of a level
WORTH_ITEM = 15  # a supply or a weapon
WORTH_JOIN = 80  # a fighter joining, while the party has room
WORTH_TEND = 40  # care, while anyone has an injury it heals


def _usable(m: Member) -> int:
    """How many weapons a member can fight with."""
    return sum(1 for g in m.gear if g.usable)


def _best(pile: list[Weapon | None] | list[Weapon | Armour | Supply | None]) -> int | None:
    """The pile's best weapon: highest magic, then first (armour and supplies are left)."""
    ranked = [(-w.magic, k) for k, w in enumerate(pile) if isinstance(w, Weapon)]
    return min(ranked)[1] if ranked else None


def _worst(m: Member) -> int | None:
    """The weapon a full member leaves behind: a broken one (the first), else the least magic."""
    ranked = [(g.usable, g.weapon.magic, k) for k, g in enumerate(m.gear) if not g.weapon.natural]
    return min(ranked)[2] if ranked else None


def hurt(m: Member) -> bool:
    """Whether the policy counts `m` as needing rest."""
    return m.hp < REST_BELOW * m.max_hp or "bleeding" in m.injuries


def auto_next(camp: Camp) -> CampChoice | None:
    """The `--auto` camp policy's next choice, or None when it is done.

    At an event: the option of highest expected worth (`_answer`). At a merchant: hire, then
    buy (`_shop`). Elsewhere:
    loot first, to whoever has fewest usable weapons while they have fewer than two (of those
    with the hands to hold it; one whose slots are full of broken weapons drops one first);
    then the first of these the camp accepts, as its main action:
    hire the strongest fighter it can pay for when one member stands; tend a member whose
    wounds bleed on where rest would not stop them, or who carries `TEND_AT` injury points;
    rest when anyone is below two thirds of its HP or bleeding; repair when a weapon can be
    mended; take the best offered weapon for whoever has fewer than two usable weapons;
    forage; train.
    """
    team = living(camp.party)
    needy = sorted(team, key=lambda m: (_usable(m), camp.party.index(m)))
    if camp.meeting is not None:
        return _answer(camp) if camp.meeting.answered is None else None
    if camp.market is not None:
        return _shop(camp, camp.market, team)
    k = _best(camp.loot)
    able = [] if k is None else [m for m in needy
                                 if cannot_hold(camp.ruleset, m, camp.loot[k]) is None]
    if k is not None and able and _usable(able[0]) < 2:
        worst = _worst(able[0])
        if len(able[0].gear) < MAX_GEAR:
            return Loot(k, camp.party.index(able[0]))
        if worst is not None:  # full of broken weapons: the worst is left behind
            return Drop(camp.party.index(able[0]), worst)
    for choice in _wishes(camp, team, needy):
        if refusal(camp, choice) is None:
            return choice
    return None


def _wishes(camp: Camp, team: list[Member], needy: list[Member]) -> Iterator[CampChoice]:
    """The main actions the policy would like, best first."""
    if len(team) < 2 and camp.hires:
        yield Recruit(_hire(camp))
    for m in team:
        points = m.injuries.get("injured", (0, 0))[1]
        bleeds = "bleeding" in m.injuries and not staunches(camp.ruleset)
        if heals(m) and (bleeds or points >= TEND_AT):
            yield Tend(camp.party.index(m))
    if any(hurt(m) for m in team):
        yield Rest()
    yield Repair()
    offer = _best(camp.offers)
    if offer is not None and needy and _usable(needy[0]) < 2:
        yield Take(offer, camp.party.index(needy[0]))
    yield Forage()
    yield Train()


def _hire(camp: Camp) -> int:
    """The fighter the policy hires: the dearest it can pay for (the strongest), else the first."""
    affordable = [(-h.price, k) for k, h in enumerate(camp.hires)
                  if not h.joined and h.price <= camp.purse.coin]
    return min(affordable)[1] if affordable else 0


def _shop(camp: Camp, market: Market, team: list[Member]) -> CampChoice | None:
    """At a merchant: hire while the party has room; then the best ware it can use and pay for.

    A ware is wanted when it is body armour or a shield worth more than the one its buyer
    wears, a weapon worth more than the buyer's best (for whoever has fewest usable weapons),
    or a healing supply for whoever carries none; the dearest wanted ware first, keeping
    `RESERVE` coin back.
    """
    if len(team) < PARTY_SIZE and camp.hires and refusal(camp, Recruit(_hire(camp))) is None:
        return Recruit(_hire(camp))
    wanted = []
    for k, ware in enumerate(market.wares):
        if ware is None or ware.price + RESERVE > camp.purse.coin:
            continue
        for m in team:
            if _gains(m, ware.item, market) and refusal(camp, Buy(k, camp.party.index(m))) is None:
                wanted.append((-ware.price, k, camp.party.index(m)))
                break
    return Buy(min(wanted)[1], min(wanted)[2]) if wanted else None


def _gains(m: Member, item: Weapon | Armour | Supply, market: Market) -> bool:
    """Whether `item` would be an upgrade for `m` (`_shop`)."""
    if isinstance(item, Supply):
        return bool(item.heal) and not any(s.heal for s in m.supplies)
    if isinstance(item, Armour):
        worn = m.shield if item.shield else m.armour
        return worn is None or market.price(item) > market.price(worn)
    best = max((market.price(g.weapon) for g in m.gear if g.usable), default=0)
    return _usable(m) < 2 and market.price(item) > best


def worth(effect: Effect, camp: Camp) -> int:
    """What the event policy counts `effect` worth, in coin (the `WORTH_*` weights)."""
    team = living(camp.party)
    value = effect.coin + WORTH_XP * effect.xp
    hurt_now = any(m.hp < m.max_hp for m in team)
    value += WORTH_HP * effect.hp if effect.hp < 0 or hurt_now else 0
    value += WORTH_ITEM * (bool(effect.supply) + bool(effect.weapon))
    value += WORTH_JOIN if effect.join and len(team) < PARTY_SIZE and camp.hires else 0
    value += WORTH_TEND if effect.tend and any(heals(m) for m in team) else 0
    return value


def _answer(camp: Camp) -> CampChoice | None:
    """The event option whose expected worth, less its price, is highest (ties: the first)."""
    assert camp.meeting is not None
    rated = []
    for k, option in enumerate(camp.meeting.card.options):
        if refusal(camp, Answer(k)) is not None:
            continue
        lose = worth(option.lose, camp) if option.lose is not None else 0
        expected = (option.chance * worth(option.win, camp) + (100 - option.chance) * lose)
        rated.append((-(expected - 100 * option.price), k))
    return Answer(min(rated)[1]) if rated else None
