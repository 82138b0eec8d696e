"""What each combatant has and what lies on the floor, as whole records: what a run carries home.

Read-only like the view (`arena/battle/view.py`), which names a shield and supplies where this
gives their records, and leaves out what only a run needs (non-lethal damage, who dropped what).
"""

from __future__ import annotations

from dataclasses import dataclass

import esper

from arena.battle.core import Battle
from arena.battle.view import ConditionView
from arena.ecs.components import Carried, Conditions, Dead, Health, Item, Pack, Side, Wielded, Worn
from arena.model.stats import Armour, Supply, Weapon


@dataclass(frozen=True, slots=True)
class Belongings:
    """One combatant's state and kit: `wielded` in hand, `carried` spare, `shield` on its arm.

    `sublethal` is the part of the damage taken that was not lethal (it wears off); `fallen`
    says it went down, dead or (with hit points left) knocked out.
    """

    id: int
    side: int
    fallen: bool
    hp: int
    sublethal: int
    conditions: tuple[ConditionView, ...]
    wielded: tuple[Weapon, ...]
    carried: tuple[Weapon, ...]
    shield: Armour | None
    supplies: tuple[Supply, ...]


@dataclass(frozen=True, slots=True)
class Dropped:
    """A weapon lying on the floor (entity `id`) and who dropped it (None: nobody)."""

    id: int
    weapon: Weapon
    owner: int | None


@dataclass(frozen=True, slots=True)
class Holdings:
    """Every combatant's belongings and every weapon on the floor, in entity-id order."""

    combatants: tuple[Belongings, ...]
    floor: tuple[Dropped, ...]

    def of(self, entity: int) -> Belongings:
        """The belongings of combatant `entity`."""
        return next(b for b in self.combatants if b.id == entity)


def _belongings(entity: int) -> Belongings:
    """Copy one combatant's components."""
    health = esper.component_for_entity(entity, Health)
    conditions = esper.component_for_entity(entity, Conditions)
    worn = esper.try_component(entity, Worn)
    pack = esper.try_component(entity, Pack)
    return Belongings(
        id=entity,
        side=esper.component_for_entity(entity, Side).index,
        fallen=esper.has_component(entity, Dead),
        hp=health.hp,
        sublethal=health.sublethal,
        conditions=tuple(ConditionView(name, rounds, conditions.amounts.get(name, 0))
                         for name, rounds in sorted(conditions.rounds.items())),
        wielded=tuple(esper.component_for_entity(entity, Wielded).weapons),
        carried=tuple(esper.component_for_entity(entity, Carried).weapons),
        shield=worn.shield if worn is not None else None,
        supplies=tuple(pack.supplies) if pack is not None else (),
    )


def holdings(battle: Battle) -> Holdings:
    """Copy the combatants' belongings and the weapons on the floor; the battle is not changed."""
    battle.world.activate()
    floor = tuple(Dropped(e, item.weapon, item.owner)
                  for e, item in sorted(esper.get_component(Item), key=lambda pair: pair[0]))
    return Holdings(tuple(_belongings(e) for e in sorted(battle.combatants)), floor)
