"""Supply system: using up a consumable from the pack (potions, bandages, whetstones)."""

from __future__ import annotations

from collections.abc import Mapping

import esper

from arena.dice import Dice, Roll
from arena.ecs.components import ActionPoints, Carried, Conditions, Health, Pack, Wielded
from arena.ecs.events import Event, UsedItem
from arena.model.commands import UseItem
from arena.model.stats import Supply, Weapon
from arena.rules.base import Ruleset

STAUNCHED = ("bleeding",)  # what bandages stop, whatever the ruleset says of healing


class SupplySystem:
    """Carries out `UseItem`: pays the ruleset's AP, heals, ends conditions, empties the slot."""

    def __init__(self, ruleset: Ruleset, dice: Dice,
                 originals: Mapping[int, tuple[Weapon, ...]] | None = None) -> None:
        self.ruleset = ruleset
        self.dice = dice
        self.originals = dict(originals or {})  # each combatant's weapons as brought in

    def damaged(self, actor: int) -> tuple[list[Weapon], int, Weapon] | None:
        """The first weapon in hand, then carried, that lost magic in this battle.

        With the list holding it, its index and the weapon as brought in; None when none did.
        """
        brought = {w.id: w for w in reversed(self.originals.get(actor, ()))}
        lists = (esper.component_for_entity(actor, Wielded).weapons,
                 esper.component_for_entity(actor, Carried).weapons)
        for held in lists:
            for index, weapon in enumerate(held):
                first = brought.get(weapon.id)
                if first is not None and weapon.magic < first.magic:
                    return held, index, first
        return None

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
        if supply.repair and not (supply.heal or supply.staunch) \
                and self.damaged(command.actor) is None:
            return f"no weapon lost anything to mend with {supply.name}"
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
        mended = self.mend(command.actor) if supply.repair else ""
        if self.ruleset.ends_turn("use_item"):
            ap.current = 0
        hp = esper.component_for_entity(command.actor, Health).hp
        return [UsedItem(command.actor, supply.id, healed, hp, ended, rolls, cost, ap.current,
                         mended)]

    def mend(self, actor: int) -> str:
        """Give the first weapon that lost magic its bonuses back; its id ("" when none)."""
        found = self.damaged(actor)
        if found is None:
            return ""
        held, index, first = found
        held[index] = first
        return first.id

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
