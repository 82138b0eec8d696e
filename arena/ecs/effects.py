"""Effects system: puts a ruleset's effect records on the map: conditions, drops, pushes, deaths."""

from __future__ import annotations

import esper

from arena.ecs import queries
from arena.ecs.components import Conditions, Dead, Facing, Health, Item, Position, Wielded
from arena.ecs.events import (
    ConditionAdded,
    ConditionEnded,
    Died,
    Event,
    KnockedBack,
    WeaponDropped,
)
from arena.hexgrid import Hex, direction_to, hex_neighbor
from arena.model.terrain import HexMap
from arena.rules.base import Effect


class EffectSystem(esper.Processor):
    """Applies effect records in the order the ruleset gave them."""

    def __init__(self, hexmap: HexMap) -> None:
        self.hexmap = hexmap

    def process(self) -> None:
        """Nothing runs per frame: effects follow attacks, conditions tick at turn ends."""

    def apply(self, effects: tuple[Effect, ...], attacker: int, defender: int) -> list[Event]:
        """Apply each effect to the attacker or the defender; return what happened."""
        events: list[Event] = []
        for effect in effects:
            who = attacker if effect.who == "attacker" else defender
            other = defender if effect.who == "attacker" else attacker
            if not queries.is_alive(who):
                continue
            if effect.kind == "condition":
                events.append(self.add_condition(who, effect.name, effect.rounds, effect.amount))
            elif effect.kind == "drop_weapon":
                events.extend(self.drop(who, effect.slot, effect.direction, effect.amount))
            elif effect.kind == "knockback":
                events.extend(self.knock_back(who, other, effect.amount))
            elif effect.kind == "kill":
                events.extend(self.kill(who, other))
        return events

    def add_condition(self, who: int, name: str, rounds: int, amount: int) -> Event:
        """Afflict `who` with a condition; a longer or permanent one wins over a shorter one."""
        conditions = esper.component_for_entity(who, Conditions)
        old = conditions.rounds.get(name)
        if old is not None and (old == 0 or (rounds != 0 and old > rounds)):
            rounds = old
        conditions.rounds[name] = rounds
        conditions.amounts[name] = max(amount, conditions.amounts.get(name, 0))
        return ConditionAdded(who, name, rounds, conditions.amounts[name])

    def tick(self, who: int) -> list[Event]:
        """At the end of `who`'s turn, count down its timed conditions and end the spent ones."""
        conditions = esper.component_for_entity(who, Conditions)
        ended: list[Event] = []
        for name in sorted(conditions.rounds):
            left = conditions.rounds[name]
            if left == 0:
                continue
            if left == 1:
                del conditions.rounds[name]
                conditions.amounts.pop(name, None)
                ended.append(ConditionEnded(who, name))
            else:
                conditions.rounds[name] = left - 1
        return ended

    def remove_condition(self, who: int, name: str) -> list[Event]:
        """End a condition at once (e.g. `lose_initiative` once it has been used)."""
        conditions = esper.component_for_entity(who, Conditions)
        if conditions.rounds.pop(name, None) is None:
            return []
        conditions.amounts.pop(name, None)
        return [ConditionEnded(who, name)]

    def drop(self, who: int, slot: int, direction: int | None, distance: int) -> list[Event]:
        """Drop the weapon in `slot`: it flies `distance` hexes, rebounds or is lost."""
        wielded = esper.component_for_entity(who, Wielded)
        if slot >= len(wielded.weapons):
            return []
        weapon = wielded.weapons.pop(slot)
        here = queries.hex_of(who)
        spot, how = here, "at its feet"
        if direction is not None and distance > 0:
            absolute = (esper.component_for_entity(who, Facing).direction + direction) % 6
            spot, how = self._flight(here, absolute, distance)
        terrain = self.hexmap.terrain(spot)
        if terrain is not None and terrain.hazard:
            return [WeaponDropped(who, weapon.id, None, spot, f"lost in the {terrain.name}")]
        item = esper.create_entity(Item(weapon, who), Position(spot))
        return [WeaponDropped(who, weapon.id, item, spot, how)]

    def _flight(self, start: Hex, direction: int, distance: int) -> tuple[Hex, str]:
        """Where a weapon thrown from `start` lands: obstacles and the map's edge rebound it."""
        spot = start
        for _ in range(distance):
            nxt = hex_neighbor(spot, direction)
            terrain = self.hexmap.terrain(nxt)
            if terrain is None or terrain.obstacle:
                return start, "rebounds into its hex"
            spot = nxt
            if terrain.hazard:
                break
        return spot, f"lands {distance if spot != start else 0} hex away"

    def knock_back(self, who: int, other: int, distance: int) -> list[Event]:
        """Push `who` straight away from `other`, stopping before walls and combatants."""
        away = direction_to(queries.hex_of(other), queries.hex_of(who))
        taken = queries.occupants()
        path = [queries.hex_of(who)]
        for _ in range(distance):
            nxt = hex_neighbor(path[-1], away)
            if not self.hexmap.passable(nxt) or nxt in taken:
                break
            path.append(nxt)
        if len(path) == 1:
            return []
        esper.component_for_entity(who, Position).hex = path[-1]
        return [KnockedBack(who, tuple(path))]

    def kill(self, who: int, by: int) -> list[Event]:
        """Kill `who` outright."""
        health = esper.component_for_entity(who, Health)
        health.hp = min(0, health.hp)
        esper.add_component(who, Dead(queries.clock().round))
        return [Died(who, by, "killed")]
