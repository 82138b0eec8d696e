"""The merchant's table: wares at their prices, what a member can sell, and fighters for hire.

A merchant node sells its stock (`goods.stock`) at each item's price (`coin.price`) and buys a
member's weapons, armour, shield and supplies at half of theirs (`coin.sale`); a broken weapon
or a natural one (claws, fists) finds no buyer. Fighters for hire stand at camps, merchants
and events (`goods.hires`): two or three different ones, each at its wage (`coin.wage`).
"""

from __future__ import annotations

from dataclasses import dataclass

from arena.model.stats import Armour, Supply, Weapon
from arena.run.coin import price, sale
from arena.run.holding import belongings, take_out
from arena.run.party import BROKEN, Gear, Member

Item = Weapon | Armour | Supply


@dataclass(frozen=True, slots=True)
class Ware:
    """An item on the merchant's table and its price."""

    item: Item
    price: int


@dataclass(slots=True)
class Hire:
    """A fighter offered for hire: the member it would be (level 1) and its wage."""

    member: Member
    price: int
    joined: bool = False


@dataclass(slots=True)
class Market:
    """A merchant: its wares (None: sold) and the prices it pays under one ruleset."""

    ruleset: str
    reference: Weapon | None  # the weapon item values are measured against
    wares: list[Ware | None]

    def price(self, item: Item) -> int:
        """What the merchant asks for `item`."""
        return price(self.ruleset, item, self.reference)

    def sale(self, item: Item) -> int:
        """What the merchant pays for `item`."""
        return sale(self.ruleset, item, self.reference)


def sell_refusal(m: Member, k: int) -> str | None:
    """Why `m` cannot sell belonging `k` (None: it can)."""
    items = belongings(m)
    if not 0 <= k < len(items):
        return f"{m.name} has no belonging #{k}"
    if k < len(m.gear):
        g = m.gear[k]
        if g.weapon.natural:
            return f"{g.weapon.name} is part of {m.name}: nobody buys it"
        if g.state == BROKEN:
            return f"{g.weapon.name} is broken: the merchant buys no broken weapon"
    return None


def part_with(m: Member, k: int) -> Item:
    """Take belonging `k` (`belongings` order) away from `m`; return it."""
    taken = take_out(m, k)
    return taken.weapon if isinstance(taken, Gear) else taken


def enlist(party: list[Member], offer: Hire) -> None:
    """Fighter `offer` joins `party`, taking the place of the first fallen member not replaced."""
    fallen = next((m for m in party if not m.alive and not m.replaced), None)
    if fallen is not None:
        fallen.replaced = True
    offer.joined = True
    party.append(offer.member)
