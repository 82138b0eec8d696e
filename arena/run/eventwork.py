"""An event node: which event it holds, what each answer would do, and doing it.

The event is drawn from `Stream("event-pick", seed, node)` among those whose items the ruleset
can use, and each option's outcome from `Stream("event", seed, node, option)` before anything
is chosen, so a node's event and its outcomes never depend on the road to it, nor on when or
how often the screen is opened. An option certain of its outcome shows it in numbers; a risky
one shows both outcomes and their chances (`preview`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from arena.model.eventcard import Effect, EventCard, EventOption
from arena.model.stats import Supply, Weapon
from arena.procgen.rng import Stream
from arena.rules.base import Ruleset
from arena.run import campwork
from arena.run.campwork import MAX_SUPPLIES
from arena.run.coin import Purse
from arena.run.config import PARTY_SIZE
from arena.run.growth import MAX_LEVEL, advance, needed
from arena.run.holding import cannot_hold, cannot_take
from arena.run.market import Hire, enlist
from arena.run.party import Gear, Member, living


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one option will do: its effect, whether its chance came up, the items it gives."""

    effect: Effect
    won: bool
    supply: Supply | None
    weapon: Weapon | None


@dataclass(slots=True)
class Meeting:
    """The event at a node, each option's outcome already drawn, and the answer given."""

    card: EventCard
    outcomes: tuple[Outcome, ...]
    answered: int | None = None
    items: Mapping[str, Supply | Weapon] = field(default_factory=dict)  # the card's, by id


def usable_events(events: Mapping[str, EventCard], ruleset: Ruleset,
                  weapons: Mapping[str, Weapon]) -> list[EventCard]:
    """The events whose every weapon the ruleset can field, by id."""
    return [card for _, card in sorted(events.items())
            if all(ruleset.weapon_problem(weapons[i]) is None for i in card.items()
                   if i in weapons)]


def meeting(cards: Sequence[EventCard], seed: int, node: str,
            weapons: Mapping[str, Weapon], supplies: Mapping[str, Supply]) -> Meeting | None:
    """The event at `node` with each option's outcome drawn (None: no event can be held)."""
    if not cards:
        return None
    card = Stream("event-pick", seed, node).pick(cards)
    outcomes = []
    for k, option in enumerate(card.options):
        won = Stream("event", seed, node, k).below(100) < option.chance
        effect = option.win if won or option.lose is None else option.lose
        outcomes.append(Outcome(effect, won, supplies.get(effect.supply),
                                weapons.get(effect.weapon)))
    items = {i: found for i in card.items()
             if (found := supplies.get(i) or weapons.get(i)) is not None}
    return Meeting(card, tuple(outcomes), items=items)


@dataclass(slots=True)
class Table:
    """What an outcome acts on: the party, its purse, the fighters here, the ruleset."""

    party: list[Member]
    purse: Purse
    hires: list[Hire]
    ruleset: Ruleset
    xp_step: int
    items: Mapping[str, Supply | Weapon] = field(default_factory=dict)  # an event's, by id


def describe(effect: Effect, table: Table) -> str:
    """What `effect` would do to the party now, in numbers ('nothing happens' if nothing)."""
    team, xp_step = living(table.party), table.xp_step
    parts = []
    if effect.coin:
        parts.append(f"{effect.coin:+d} coin")
    if effect.hp:
        parts.append(", ".join(f"{m.name} {change:+d} HP" for m in team
                               if (change := _hp_change(m, effect.hp))) or "no HP to gain")
    if effect.xp:
        parts.append(", ".join(f"{m.name} +{_xp_gain(m, effect.xp, xp_step)} XP" for m in team))
    for ident in (effect.supply, effect.weapon):
        if ident:
            parts.append(_bound(ident, table))
    if effect.join:
        parts.append(_joining(table))
    if effect.tend:
        parts.append("every injury care heals is healed")
    return "; ".join(parts) or "nothing happens"


def _bound(ident: str, table: Table) -> str:
    """Where an item the effect gives would go: `a healing potion for Ayla`."""
    item = table.items.get(ident)
    if item is None:
        return f"a {ident.replace('_', ' ')}"
    m = _receiver(living(table.party), item, table)
    return f"{item.name} for {m.name}" if m is not None else \
        f"{item.name} (nobody has room: it would stay behind)"


def _joining(table: Table) -> str:
    """Who an effect's `join` would bring, as things stand."""
    offer = next((h for h in table.hires if not h.joined), None)
    if offer is None:
        return "nobody is here to join"
    if len(living(table.party)) >= PARTY_SIZE:
        return f"{offer.member.name} would join, but the party is full"
    return f"{offer.member.name} joins for free"


def preview(option: EventOption, table: Table) -> str:
    """What answering with `option` would do: certain, or each outcome with its chance."""
    cost = f"costs {option.price} coin: " if option.price else ""
    if option.lose is None:
        return cost + describe(option.win, table)
    return (f"{cost}{option.chance}%: {describe(option.win, table)}; "
            f"{100 - option.chance}%: {describe(option.lose, table)}")


def _hp_change(m: Member, percent: int) -> int:
    """The HP `m` would gain (or lose: never below 1 HP, never above its maximum)."""
    change = m.max_hp * percent // 100 if percent > 0 else -((m.max_hp * -percent + 99) // 100)
    return max(1, min(m.max_hp, m.hp + change)) - m.hp


def _xp_gain(m: Member, percent: int, xp_step: int) -> int:
    """The experience `percent` of a level gives `m`."""
    span = needed(m.level, xp_step) - needed(m.level - 1, xp_step)
    return 0 if m.level >= MAX_LEVEL else span * percent // 100


def happen(outcome: Outcome, table: Table) -> list[str]:
    """Do what `outcome` does; what happened, in words (its text first)."""
    e, team = outcome.effect, living(table.party)
    said = [e.text] if e.text else []
    if e.coin:
        table.purse.coin = max(0, table.purse.coin + e.coin)
        said.append(f"{e.coin:+d} coin ({table.purse.coin} now)")
    for m in team:
        said += _body(m, e, table)
    if outcome.supply is not None:
        said.append(_give(team, outcome.supply, table))
    if outcome.weapon is not None:
        said.append(_give(team, outcome.weapon, table))
    if e.join:
        said.append(_join(table))
    return said


def _body(m: Member, e: Effect, table: Table) -> list[str]:
    """An outcome's HP, experience and care for member `m`."""
    said = []
    if e.hp:
        change = _hp_change(m, e.hp)
        m.hp += change
        if change > 0:
            kept = table.ruleset.heal({n: a for n, (_, a) in m.injuries.items()}, change)
            m.injuries = {n: v for n, v in m.injuries.items() if n in kept}
        if change:
            said.append(f"{m.name} {change:+d} HP")
    if e.xp:
        m.xp += _xp_gain(m, e.xp, table.xp_step)
        while m.level < MAX_LEVEL and m.xp >= needed(m.level, table.xp_step):
            said.append(f"{m.name} reaches {advance(m, table.ruleset.name)}")
    if e.tend:
        said += campwork.tend_all(m)
    return said


def _receiver(team: list[Member], item: Supply | Weapon, table: Table) -> Member | None:
    """Who would get `item`: of those with room and hands for it, the one with fewest of its sort.

    Fewest supplies for a supply, fewest weapons for a weapon; among equals the first in the
    party.
    """
    if isinstance(item, Supply):
        room = [m for m in team if len(m.supplies) < MAX_SUPPLIES]
    else:
        room = [m for m in team if cannot_take(m, item) is None
                and cannot_hold(table.ruleset, m, item) is None]
    if not room:
        return None
    return min(room, key=lambda x: (len(x.supplies) if isinstance(item, Supply) else len(x.gear),
                                    table.party.index(x)))


def _give(team: list[Member], item: Supply | Weapon, table: Table) -> str:
    """`item` to whoever `_receiver` names, if anyone."""
    m = _receiver(team, item, table)
    if m is None:
        return f"nobody has room for {item.name}: it stays behind"
    if isinstance(item, Supply):
        m.supplies.append(item)
    else:
        m.gear.append(Gear(item, item))
    return f"{m.name} takes {item.name}"


def _join(table: Table) -> str:
    """The first fighter offered here joins for nothing, if the party has room."""
    offer = next((h for h in table.hires if not h.joined), None)
    if offer is None:
        return "nobody is here to join"
    if len(living(table.party)) >= PARTY_SIZE:
        return f"{offer.member.name} would join, but the party is full"
    enlist(table.party, offer)
    return f"{offer.member.name} joins the party"

