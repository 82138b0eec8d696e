"""Coin: what the party starts with, what a won fight pays, and what goods and fighters cost.

Prices are measured against the run's own party, so they mean the same in every ruleset:

- a fight pays `BOUNTY` coin for felling foes as strong as the starting party (the side
  strength of the foes felled, by the generator's measure, over the starting party's), an
  elite's half as much again and a boss's double (`BOUNTY_RATE`); a bout lost pays for what
  it felled all the same;
- an item costs its value (`procgen/values.py`, assets/README.md "Item values"), at least
  `MIN_PRICE`; the merchant buys at half its price (`SALE`);
- a fighter's wage is `WAGE` for one as strong as the average starting member (the party's
  side strength is the square of the sum of its roots, so an average member of a party of
  `PARTY_SIZE` has a ninth of it), in proportion to its threat, at least `MIN_WAGE`.
"""

from __future__ import annotations

from dataclasses import dataclass

from arena.model.stats import Armour, Supply, Weapon
from arena.procgen.values import item_value
from arena.run.config import PARTY_SIZE
from arena.run.route import BOSS, ELITE

START_COIN = 30
BOUNTY = 100  # coin for defeating foes as strong as the whole starting party
BOUNTY_RATE = {ELITE: (3, 2), BOSS: (2, 1)}  # kind -> (numerator, denominator); others 1
MIN_PRICE = 2
SALE = (1, 2)  # the merchant pays this share of an item's price
WAGE = 60  # an average starting member's wage
MIN_WAGE = 15


@dataclass(slots=True)
class Purse:
    """The party's coin: one purse the run, its camps and its merchant share."""

    coin: int = START_COIN

    def pay(self, amount: int) -> None:
        """Spend `amount` (the caller has checked there is enough)."""
        assert 0 <= amount <= self.coin, "pay only what the purse holds"
        self.coin -= amount


def bounty(threat: int, start_threat: int, kind: str) -> int:
    """The coin a fight at a node of `kind` pays for `threat` defeated."""
    num, den = BOUNTY_RATE.get(kind, (1, 1))
    return threat * BOUNTY * num // (max(1, start_threat) * den)


def price(ruleset: str, item: Weapon | Armour | Supply, reference: Weapon | None) -> int:
    """What the merchant asks for `item`: its value, at least `MIN_PRICE`."""
    value = item_value(ruleset, item, reference) if reference is not None else 0
    return max(MIN_PRICE, value)


def sale(ruleset: str, item: Weapon | Armour | Supply, reference: Weapon | None) -> int:
    """What the merchant pays for `item`: `SALE` of its price."""
    num, den = SALE
    return price(ruleset, item, reference) * num // den


def wage(threat: int, start_threat: int) -> int:
    """A fighter's price: `WAGE` for the average starting member, in proportion to threat."""
    return max(MIN_WAGE, WAGE * threat * PARTY_SIZE * PARTY_SIZE // max(1, start_threat))
