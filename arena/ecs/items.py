"""Item system: weapons (and shields) lying on the map and picking them up."""

from __future__ import annotations

import esper

from arena.ecs import queries, shields
from arena.ecs.components import (
    ActionPoints,
    Carried,
    Conditions,
    Item,
    LyingShield,
    Position,
    Wielded,
    Worn,
)
from arena.ecs.events import ActionFailed, Drew, Event, PickedUp, Reloaded, WeaponKicked
from arena.ecs.plans import Plan
from arena.hexgrid import Hex, hex_distance
from arena.model.commands import Draw, Kick, PickUp, Reload
from arena.rules.base import Extras, Ruleset


def items_at(h: Hex) -> list[int]:
    """Item entities lying on `h`, in entity-id order."""
    return sorted(e for e, (item, pos) in esper.get_components(Item, Position) if pos.hex == h)


def takeable(actor: int) -> list[int]:
    """Items on `actor`'s hex it may pick up now: not its own weapon before the `ready` round."""
    now = queries.clock().round
    return [e for e in items_at(queries.hex_of(actor))
            if not (esper.component_for_entity(e, Item).owner == actor
                    and esper.component_for_entity(e, Item).ready > now)]


def kickable(actor: int) -> int | None:
    """The lowest-id item on `actor`'s hex dropped by a living ally standing next to it."""
    here = queries.hex_of(actor)
    for e in items_at(here):
        owner = esper.component_for_entity(e, Item).owner
        if (owner is not None and owner != actor and queries.is_alive(owner)
                and queries.side_of(owner) == queries.side_of(actor)
                and hex_distance(queries.hex_of(owner), here) == 1):
            return e
    return None


def weapon_hands(ruleset: Ruleset, actor: int) -> int:
    """Hands free for weapons: the ruleset's, less the hand a shield takes (none with one left)."""
    hands = ruleset.hands(frozenset(esper.component_for_entity(actor, Conditions).rounds))
    worn = esper.try_component(actor, Worn)
    return max(0, hands - 1) if worn is not None and worn.shield is not None else hands


class ItemSystem:
    """Picks up items from the ground into free hands."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset

    def pick_up_refusal(self, command: PickUp) -> str | int:
        """Why nothing can be picked up now, or the AP cost of picking up the first item."""
        here = items_at(queries.hex_of(command.actor))
        if not takeable(command.actor) and shields.takeable_shields(command.actor):
            return self.shield_refusal(command)
        if not here:
            return "nothing here to pick up"
        refused = queries.weapon_refusal(command.actor)
        if refused is not None:
            return refused
        free = takeable(command.actor)
        if not free:
            item = esper.component_for_entity(here[0], Item)
            return f"can pick up its {item.weapon.name} again from round {item.ready}"
        item = esper.component_for_entity(free[0], Item)
        wielded = esper.component_for_entity(command.actor, Wielded)
        hands = weapon_hands(self.ruleset, command.actor)
        if sum(w.hands for w in wielded.weapons) + item.weapon.hands > hands:
            return f"no free hand for {item.weapon.name}"
        return queries.afford(self.ruleset, "pick_up", item.weapon, command.actor)

    def shield_refusal(self, command: PickUp) -> str | int:
        """Why the shield lying here cannot be put back on now, or the AP cost (as a weapon's)."""
        if queries.natural_only(command.actor):
            return f"{queries.name_of(command.actor)} cannot use shields"
        entity = shields.takeable_shields(command.actor)[0]
        shield = esper.component_for_entity(entity, LyingShield).shield
        hands = self.ruleset.hands(
            frozenset(esper.component_for_entity(command.actor, Conditions).rounds))
        if not shields.arm_free(command.actor, hands):
            return f"no free hand for {shield.name}"
        return queries.afford(self.ruleset, "pick_up", None, command.actor)

    def pick_up(self, command: PickUp) -> str | Plan:
        """The plan of taking the lowest-id item the actor may take from its hex (`take`)."""
        cost = self.pick_up_refusal(command)
        if isinstance(cost, str):
            return cost
        return Plan(command, "pick_up", cost)

    def take(self, command: PickUp) -> list[Event]:
        """Put the lowest-id item the actor may take into its hands (paid; after any reactions)."""
        here = takeable(command.actor)
        if not here and shields.takeable_shields(command.actor):
            return self.take_shield(command.actor)
        if not here:
            return [ActionFailed(command.actor, command.type, "the item is gone")]
        item = esper.component_for_entity(here[0], Item)
        esper.component_for_entity(command.actor, Wielded).weapons.append(item.weapon)
        esper.delete_entity(here[0], immediate=True)
        cost = self.ruleset.action_cost("pick_up", item.weapon, False) or 0
        ap = esper.component_for_entity(command.actor, ActionPoints)
        if self.ruleset.ends_turn("pick_up"):  # it takes the rest of the turn ("1 round")
            cost, ap.current = cost + ap.current, 0
        return [PickedUp(command.actor, here[0], item.weapon.id, cost, ap.current)]

    def take_shield(self, actor: int) -> list[Event]:
        """Put the lowest-id shield the actor may take back on its arm (costed as a weapon)."""
        entity = shields.takeable_shields(actor)[0]
        shield = esper.component_for_entity(entity, LyingShield).shield
        shields.put_on(self.ruleset, actor, shield)
        esper.delete_entity(entity, immediate=True)
        cost = self.ruleset.action_cost("pick_up", None, False) or 0
        ap = esper.component_for_entity(actor, ActionPoints)
        if self.ruleset.ends_turn("pick_up"):
            cost, ap.current = cost + ap.current, 0
        return [PickedUp(actor, entity, shield.id, cost, ap.current)]

    def kick_refusal(self, command: Kick) -> str | int:
        """Why no weapon can be kicked back now, or the AP cost of kicking it."""
        if not isinstance(self.ruleset, Extras):
            return "this ruleset does not allow kicking weapons"
        if kickable(command.actor) is None:
            return "no dropped weapon of an ally next to you lies here"
        ap = esper.component_for_entity(command.actor, ActionPoints).current
        cost = self.ruleset.kick_cost
        return f"needs {cost} AP to kick, has {ap}" if cost > ap else cost

    def kick(self, command: Kick) -> str | list[Event]:
        """Kick an adjacent ally's dropped weapon from the actor's hex onto the ally's hex."""
        cost = self.kick_refusal(command)
        if isinstance(cost, str):
            return cost
        entity = kickable(command.actor)
        assert entity is not None
        item = esper.component_for_entity(entity, Item)
        assert item.owner is not None
        to = queries.hex_of(item.owner)
        esper.component_for_entity(entity, Position).hex = to
        ap = esper.component_for_entity(command.actor, ActionPoints)
        ap.current -= cost
        return [WeaponKicked(command.actor, entity, item.weapon.id, item.owner, to, cost,
                             ap.current)]

    def draw_refusal(self, command: Draw) -> str | None:
        """Why this spare cannot be drawn now, or None."""
        carried = esper.component_for_entity(command.actor, Carried)
        if command.spare >= len(carried.weapons):
            return f"no spare weapon {command.spare} (carrying {len(carried.weapons)})"
        weapon = carried.weapons[command.spare]
        refused = queries.weapon_refusal(command.actor, weapon)
        if refused is not None:
            return refused
        if weapon.hands > weapon_hands(self.ruleset, command.actor):
            shield = esper.component_for_entity(command.actor, Worn).shield
            if shield is not None and weapon_hands(self.ruleset, command.actor) == 0:
                return f"cannot wield {weapon.name}: {shield.name} takes the hand left"
            if shield is not None:
                return f"cannot wield {weapon.name} (two hands): {shield.name} takes the off hand"
            return f"cannot wield {weapon.name} with the hands left"
        cost = queries.afford(self.ruleset, "draw", weapon, command.actor)
        return cost if isinstance(cost, str) else None

    def draw(self, command: Draw) -> str | list[Event]:
        """Draw a spare weapon; weapons in the way go back to the spares, last first."""
        reason = self.draw_refusal(command)
        if reason is not None:
            return reason
        carried = esper.component_for_entity(command.actor, Carried)
        weapon = carried.weapons[command.spare]
        hands = weapon_hands(self.ruleset, command.actor)
        cost = self.ruleset.action_cost("draw", weapon, False) or 0
        ap = esper.component_for_entity(command.actor, ActionPoints)
        ap.current -= cost
        wielded = esper.component_for_entity(command.actor, Wielded)
        carried.weapons.pop(command.spare)
        stowed: list[str] = []
        while wielded.weapons and sum(w.hands for w in wielded.weapons) + weapon.hands > hands:
            put_away = wielded.weapons.pop()
            carried.weapons.append(put_away)
            stowed.append(put_away.id)
        wielded.weapons.append(weapon)
        return [Drew(command.actor, weapon.id, tuple(stowed), cost, ap.current)]

    def reload_refusal(self, command: Reload) -> str | None:
        """Why this weapon cannot be reloaded now, or None."""
        wielded = esper.component_for_entity(command.actor, Wielded)
        if command.weapon >= len(wielded.weapons):
            return f"no weapon in slot {command.weapon}"
        weapon = wielded.weapons[command.weapon]
        if weapon.id not in wielded.unloaded:
            return f"{weapon.name} is loaded"
        cost = queries.afford(self.ruleset, "reload", weapon, command.actor)
        return cost if isinstance(cost, str) else None

    def reload(self, command: Reload) -> str | Plan:
        """The plan of reloading a wielded crossbow (Open where the ruleset says so)."""
        reason = self.reload_refusal(command)
        if reason is not None:
            return reason
        weapon = esper.component_for_entity(command.actor, Wielded).weapons[command.weapon]
        return Plan(command, "reload", self.ruleset.action_cost("reload", weapon, False) or 0)

    def load(self, command: Reload) -> list[Event]:
        """Finish reloading (paid; after any reactions)."""
        wielded = esper.component_for_entity(command.actor, Wielded)
        if command.weapon >= len(wielded.weapons):
            return [ActionFailed(command.actor, command.type, "the crossbow is gone")]
        weapon = wielded.weapons[command.weapon]
        if weapon.id in wielded.unloaded:
            wielded.unloaded.remove(weapon.id)
        cost = self.ruleset.action_cost("reload", weapon, False) or 0
        ap = esper.component_for_entity(command.actor, ActionPoints).current
        return [Reloaded(command.actor, weapon.id, cost, ap)]
