"""Supply system: using up a consumable from the pack (potions, bandages).

A whetstone mends nothing in battle: a broken weapon is mended at camp (arena/run/camp.py),
and an enchantment a break took never comes back (document 002, "permanently losing its
magical properties").
"""

from __future__ import annotations

import esper

from arena.dice import Dice, Roll
from arena.ecs.components import ActionPoints, Conditions, Health, Pack
from arena.ecs.events import Event, UsedItem
from arena.model.commands import UseItem
from arena.model.stats import Supply
from arena.rules.base import Ruleset

STAUNCHED = ("bleeding",)  # what bandages stop, whatever the ruleset says of healing


class SupplySystem:
    """Carries out `UseItem`: pays the ruleset's AP, heals, ends conditions, empties the slot."""

    def __init__(self, ruleset: Ruleset, dice: Dice) -> None:
        self.ruleset = ruleset
        self.dice = dice

    def refusal(self, command: UseItem) -> str | int:
        """Why the item cannot be used now, or its AP cost."""
        pack = esper.try_component(command.actor, Pack)
        held = pack.supplies if pack is not None else []
        if command.item >= len(held):
            return f"no item {command.item} in the pack (carrying {len(held)})"
        cost = self.ruleset.action_cost("use_item", None, False)
        if cost is None:
            return "this ruleset does not allow using items"
        ap = esper.component_for_entity(command.actor, ActionPoints).current
        if cost > ap:
            return f"needs {cost} AP to use {held[command.item].name}, has {ap}"
        supply = held[command.item]
        if supply.repair and not (supply.heal or supply.staunch):
            return (f"{supply.name} mends nothing in battle: a broken weapon is mended at "
                    "camp, and a lost enchantment never comes back")
        return cost

    def use(self, command: UseItem) -> str | list[Event]:
        """Use the item: heal its dice (the ruleset's heal hook ends what healing ends)."""
        cost = self.refusal(command)
        if isinstance(cost, str):
            return cost
        supply = esper.component_for_entity(command.actor, Pack).supplies.pop(command.item)
        ap = esper.component_for_entity(command.actor, ActionPoints)
        ap.current -= cost
        healed, rolls, ended = self.apply(command.actor, supply)
        if self.ruleset.ends_turn("use_item"):
            ap.current = 0
        hp = esper.component_for_entity(command.actor, Health).hp
        return [UsedItem(command.actor, supply.id, healed, hp, ended, rolls, cost, ap.current)]

    def apply(self, actor: int, supply: Supply) -> tuple[int, tuple[Roll, ...], tuple[str, ...]]:
        """Heal and end conditions on `actor`: (hit points healed, dice, conditions ended)."""
        health = esper.component_for_entity(actor, Health)
        conditions = esper.component_for_entity(actor, Conditions)
        rolls: tuple[Roll, ...] = ()
        amount = 0
        if supply.heal:
            roll = self.dice.roll(supply.heal, f"{supply.name} {supply.heal}")
            rolls, amount = (roll,), max(0, roll.total)
        healed = max(0, min(amount, health.max_hp - health.hp))
        health.hp += healed
        before = dict(conditions.amounts) | {n: conditions.amounts.get(n, 0)
                                              for n in conditions.rounds}
        kept = self.ruleset.heal(before, amount) if supply.heal else dict(before)
        if supply.staunch:
            kept = {n: a for n, a in kept.items() if n not in STAUNCHED}
        ended = tuple(sorted(n for n in conditions.rounds if n not in kept))
        for name in ended:
            conditions.rounds.pop(name, None)
            conditions.amounts.pop(name, None)
        return healed, rolls, ended
