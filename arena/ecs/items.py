"""Item system: weapons lying on the map and picking them up."""

from __future__ import annotations

import esper

from arena.ecs import queries
from arena.ecs.components import ActionPoints, Conditions, Item, Position, Wielded
from arena.ecs.events import Event, PickedUp
from arena.hexgrid import Hex
from arena.model.commands import PickUp
from arena.rules.base import Ruleset


def items_at(h: Hex) -> list[int]:
    """Item entities lying on `h`, in entity-id order."""
    return sorted(e for e, (item, pos) in esper.get_components(Item, Position) if pos.hex == h)


class ItemSystem(esper.Processor):
    """Picks up items from the ground into free hands."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset

    def process(self) -> None:
        """Nothing runs per frame: items move on commands and effects."""

    def pick_up(self, command: PickUp) -> str | list[Event]:
        """Take the lowest-id item on the actor's hex into free hands."""
        here = items_at(queries.hex_of(command.actor))
        if not here:
            return "nothing here to pick up"
        item = esper.component_for_entity(here[0], Item)
        wielded = esper.component_for_entity(command.actor, Wielded)
        conditions = frozenset(esper.component_for_entity(command.actor, Conditions).rounds)
        hands = self.ruleset.hands(conditions)
        if sum(w.hands for w in wielded.weapons) + item.weapon.hands > hands:
            return f"no free hand for {item.weapon.name}"
        cost = self.ruleset.action_cost("pick_up", item.weapon, False)
        if cost is None:
            return "this ruleset does not allow picking up"
        ap = esper.component_for_entity(command.actor, ActionPoints)
        if cost > ap.current:
            return f"needs {cost} AP to pick up, has {ap.current}"
        ap.current -= cost
        wielded.weapons.append(item.weapon)
        esper.delete_entity(here[0], immediate=True)
        return [PickedUp(command.actor, here[0], item.weapon.id, cost, ap.current)]
