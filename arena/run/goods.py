"""The goods of a node: camp and boss offers, the merchant's stock, hires, and what is foraged.

Each is drawn from (run seed, node id) alone, on streams of its own, so the road taken never
changes what a node holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from arena.assets.library import Library
from arena.model.stats import Armour, Supply, Weapon
from arena.procgen.rng import Stream
from arena.procgen.roster import Member as PoolMember
from arena.procgen.roster import Pool
from arena.procgen.values import REFERENCE_WEAPON, item_value
from arena.rules.base import Ruleset
from arena.run.route import Node

Good = TypeVar("Good", Armour, Supply)
FORAGE = 2  # supplies foraging at a camp node finds
GOODS_BOUTS = 10  # camp goods: the cheapest (step + 1) tenths by value are on offer
STOCK = (4, 2, 2)  # the merchant's weapons, armour or shields, supplies
STOCK_AHEAD = 3  # the merchant's armour: the cheapest (step + 1 + this) tenths by value
HIRES = (2, 3)  # how many fighters a node offers for hire (drawn)
HIRED_ROLES = ("soldier", "leader")  # who hires out (never a boss)


def offers(library: Library, ruleset: Ruleset, seed: int, node: Node
           ) -> list[Weapon | Armour | Supply]:
    """Three weapons, one armour or shield, one supply: drawn from (run seed, node) alone.

    The goods come from a stream of their own, so the weapons drawn are as they were.
    """
    usable = sorted(i for i, w in library.weapons.items()  # no claws for sale
                    if ruleset.weapon_problem(w) is None and not w.natural)
    drawn = Stream("offers", seed, node.id).shuffled(usable)[:3]
    name, reference = ruleset.name, library.weapons.get(REFERENCE_WEAPON)
    worn = [a for a in library.armour.values() if a.given(name) is not None]
    stream = Stream("goods", seed, node.id)
    armour = stream.shuffled(_cheapest(worn, node.step, name, reference))[:1]
    supplies = stream.shuffled(_cheapest(list(library.supplies.values()), node.step, name,
                                         reference))[:1]
    return [*(library.weapons[i] for i in drawn), *armour, *supplies]


def stock(library: Library, ruleset: Ruleset, seed: int, node: Node
          ) -> list[Weapon | Armour | Supply]:
    """The merchant's stock at `node` (`STOCK`), from (run seed, node) alone.

    Any weapon the ruleset fields (no claws), armour and shields a little ahead of the camps'
    (`STOCK_AHEAD`), and any supplies.
    """
    rng = Stream("stock", seed, node.id)
    usable = sorted(i for i, w in library.weapons.items()
                    if ruleset.weapon_problem(w) is None and not w.natural)
    name, reference = ruleset.name, library.weapons.get(REFERENCE_WEAPON)
    worn = [a for a in library.armour.values() if a.given(name) is not None]
    armour = rng.shuffled(_cheapest(worn, node.step + STOCK_AHEAD, name, reference))
    supplies = rng.shuffled(sorted(library.supplies.values(), key=lambda x: x.id))
    weapons, worn_count, packs = STOCK
    return [*(library.weapons[i] for i in rng.shuffled(usable)[:weapons]),
            *armour[:worn_count], *supplies[:packs]]


def spare(library: Library, ruleset: Ruleset) -> Weapon:
    """The camp stores' weapon for an unarmed member: a dagger, else a plain one-hander."""
    usable = [w for _, w in sorted(library.weapons.items())
              if ruleset.weapon_problem(w) is None and w.kind == "melee" and not w.natural
              and w.hands == 1 and w.magic == 0]
    daggers = [w for w in usable if w.id == "dagger"]
    return (daggers or usable)[0]


def hires(fighters: Pool, seed: int, node: Node) -> list[PoolMember]:
    """The fighters for hire at `node`: two or three different ones, from (run seed, node)."""
    rng = Stream("recruits", seed, node.id)
    count = rng.pick(HIRES)
    return rng.shuffled(fighters.of(*HIRED_ROLES))[:count]


def found(library: Library, ruleset: str, seed: int, node: Node) -> list[Supply]:
    """What foraging at camp node `node` finds: `FORAGE` supplies drawn from (seed, node)."""
    supplies = sorted(library.supplies.values(), key=lambda x: x.id)
    pool = _cheapest(supplies, node.step, ruleset, library.weapons.get(REFERENCE_WEAPON))
    rng = Stream("forage", seed, node.id)
    return [rng.pick(pool) for _ in range(FORAGE)] if pool else []


def _cheapest(items: Sequence[Good], bout: int, ruleset: str,
              reference: Weapon | None) -> list[Good]:
    """The goods a camp may offer after `bout`: the cheapest share by value, ties by id.

    A tenth more of them each bout (`procgen/values.py`), all from bout 9 on.
    """
    ranked = sorted(items, key=lambda x: (
        item_value(ruleset, x, reference) if reference is not None else 0, x.id))
    return ranked[:max(1, -(-len(ranked) * min(GOODS_BOUTS, bout + 1) // GOODS_BOUTS))]
