"""Item system: weapons lying on the map and picking them up."""

from __future__ import annotations

from collections.abc import Callable

import esper

from arena.ecs import queries
from arena.ecs.components import ActionPoints, Conditions, Item, Position, Wielded
from arena.ecs.events import ActionFailed, Event, PickedUp
from arena.hexgrid import Hex
from arena.model.commands import Command, PickUp
from arena.rules.base import Ruleset


def items_at(h: Hex) -> list[int]:
    """Item entities lying on `h`, in entity-id order."""
    return sorted(e for e, (item, pos) in esper.get_components(Item, Position) if pos.hex == h)


class ItemSystem(esper.Processor):
    """Picks up items from the ground into free hands."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.offer: Callable[..., list[Event] | None] | None = None

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
        if self.offer is not None:
            offered = self.offer(command.actor, command, "pick_up", None, None)
            if offered is not None:
                return offered
        return self.take(command, None)

    def take(self, command: Command, opening: object) -> list[Event]:
        """Put the lowest-id item on the actor's hex into its hands (after any reactions)."""
        here = items_at(queries.hex_of(command.actor))
        if not here:
            return [ActionFailed(command.actor, command.type, "the item is gone")]
        item = esper.component_for_entity(here[0], Item)
        esper.component_for_entity(command.actor, Wielded).weapons.append(item.weapon)
        esper.delete_entity(here[0], immediate=True)
        cost = self.ruleset.action_cost("pick_up", item.weapon, False) or 0
        ap = esper.component_for_entity(command.actor, ActionPoints).current
        return [PickedUp(command.actor, here[0], item.weapon.id, cost, ap)]
