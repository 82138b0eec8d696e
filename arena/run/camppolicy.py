"""The documented camp policy of `arena run --auto` (docs/run.md, "Camp and spoils")."""

from __future__ import annotations

from collections.abc import Iterator

from arena.model.stats import Armour, Supply, Weapon
from arena.run.camp import MAX_GEAR, Camp, cannot_hold, refusal
from arena.run.campwork import heals, staunches
from arena.run.decisions import CampChoice, Forage, Loot, Recruit, Repair, Rest, Take, Tend, Train
from arena.run.party import Member, living

REST_BELOW = 2 / 3  # the policy rests when anyone is under two thirds of its HP
TEND_AT = 2  # ... and tends a member with this many injury points, or a wound that bleeds on


def _usable(m: Member) -> int:
    """How many weapons a member can fight with."""
    return sum(1 for g in m.gear if g.usable)


def _best(pile: list[Weapon | None] | list[Weapon | Armour | Supply | None]) -> int | None:
    """The pile's best weapon: highest magic, then first (armour and supplies are left)."""
    ranked = [(-w.magic, k) for k, w in enumerate(pile) if isinstance(w, Weapon)]
    return min(ranked)[1] if ranked else None


def hurt(m: Member) -> bool:
    """Whether the policy counts `m` as needing rest."""
    return m.hp < REST_BELOW * m.max_hp or "bleeding" in m.injuries


def auto_next(camp: Camp) -> CampChoice | None:
    """The `--auto` camp policy's next choice, or None when it is done.

    Loot first, to whoever has fewest usable weapons while they have fewer than two (of those
    with the hands to hold it); then the first of these the camp accepts, as its main action:
    recruit when one member stands; tend a member whose wounds bleed on where rest would not
    stop them, or who carries `TEND_AT` injury points; rest when anyone is below two thirds of
    its HP or bleeding; repair when a weapon can be mended; take the best offered weapon for
    whoever has fewer than two usable weapons; forage; train.
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
    """The main actions the policy would like, best first."""
    if len(team) < 2:
        yield Recruit()
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
