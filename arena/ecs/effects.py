"""Effects system: puts a ruleset's effect records on the map: conditions, drops, pushes, deaths.

An effect that asks for an attack (a free strike, a provoked opening) is not made here: the
system yields a request for the battle's door to carry out before it applies the next effect.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import esper

from arena.dice import Dice
from arena.ecs import occupancy, queries, shields
from arena.ecs.components import (
    ActionPoints,
    Conditions,
    Facing,
    Health,
    Item,
    Position,
    Wielded,
)
from arena.ecs.events import (
    ConditionAdded,
    ConditionEnded,
    Died,
    Event,
    KnockedBack,
    Upkept,
    WeaponBroken,
    WeaponDropped,
)
from arena.ecs.plans import FollowUp, FreeStrike, Provoke
from arena.hexgrid import Hex, direction_to, hex_neighbor
from arena.model.stats import Weapon
from arena.model.terrain import HexMap, Terrain
from arena.rules.base import Effect, Ruleset


class EffectSystem:
    """Applies effect records in the order the ruleset gave them."""

    def __init__(self, hexmap: HexMap, ruleset: Ruleset, dice: Dice) -> None:
        self.hexmap = hexmap
        self.ruleset = ruleset
        self.dice = dice

    def apply(
        self, effects: tuple[Effect, ...], attacker: int, defender: int,
        weapon: Weapon | None = None,
    ) -> Iterator[Event | FollowUp]:
        """Apply each effect to the attacker or the defender, in order, yielding what happened.

        Where an effect asks for an attack (`strike`, `provoke`) it yields the request and goes
        on once the door has carried it out: the next effect sees the world after it. `weapon`
        is the one the attacker struck with: its free strikes use it again.
        """
        for effect in effects:
            who = attacker if effect.who == "attacker" else defender
            other = defender if effect.who == "attacker" else attacker
            if not queries.is_alive(who):
                continue
            kind = effect.kind
            if kind == "condition":
                yield self.add_condition(who, effect.name, effect.rounds, effect.amount,
                                         "stack" in effect.options)
            elif kind == "drop_weapon":
                yield from self.drop(who, effect.slot, effect.direction, effect.amount,
                                     effect.rounds)
            elif kind == "knockback":
                yield from self.knock_back(who, other, effect.amount)
            elif kind == "kill":
                yield from self.kill(who, other)
            elif kind == "provoke":
                yield Provoke(who)
            elif kind == "strike":
                target = effect.other if effect.other is not None else other
                if target != who and queries.is_alive(target):
                    arms = weapon if effect.who == "attacker" else None
                    yield FreeStrike(who, target, effect.options, arms)
            else:
                yield from self.apply_more(effect, who, other)

    def apply_more(self, effect: Effect, who: int, other: int) -> list[Event]:
        """The effects that hurt or disarm: damage, end_turn, weapons and shields."""
        if effect.kind == "damage":
            return self.hurt(who, effect.amount, effect.name, other)
        if effect.kind == "end_turn":
            return self.end_actions(who)
        if effect.kind in ("break_weapon", "degrade_weapon"):
            return self.spoil(who, effect.slot, effect.amount if effect.kind == "degrade_weapon"
                              else None)
        if effect.kind == "drop_shield":
            return self.drop_shield(who, effect.direction, effect.amount)
        if effect.kind == "break_shield":
            shield = shields.take_off(self.ruleset, who)
            return [] if shield is None else [WeaponBroken(who, shield.id, 0, ())]
        return []

    def end_actions(self, who: int) -> list[Event]:
        """`who` does nothing more this round (`actions_ended`, cleared as the next begins).

        Off its own turn (a blunder in a reaction or a free blow) it loses its next own turn
        too (`turn_lost`, which ends with that turn).
        """
        esper.component_for_entity(who, ActionPoints).current = 0
        events = [self.add_condition(who, "actions_ended", 0, 0)]
        if queries.clock().active != who:
            events.append(self.add_condition(who, "turn_lost", 1, 0))
        return events

    def hurt(self, who: int, amount: int, why: str, by: int) -> list[Event]:
        """Take damage outside an attack (a blow to oneself, a torn wound)."""
        health = esper.component_for_entity(who, Health)
        health.hp -= amount
        events: list[Event] = [Upkept(who, amount, (), (why,) if why else (), health.hp)]
        if health.hp <= 0:
            occupancy.fell(who, queries.clock().round)
            events.append(Died(who, by))
        return events

    def spoil(self, who: int, slot: int, magic_lost: int | None) -> list[Event]:
        """Destroy the weapon in `slot` (None) or take `magic_lost` from its magic bonus."""
        wielded = esper.component_for_entity(who, Wielded)
        if slot >= len(wielded.weapons):
            return []
        weapon = wielded.weapons[slot]
        if magic_lost is None:
            wielded.weapons.pop(slot)
            return [WeaponBroken(who, weapon.id, 0, ())]
        wielded.weapons[slot] = weaken(weapon, magic_lost)
        return [WeaponBroken(who, weapon.id, magic_lost, ())]

    def add_condition(
        self, who: int, name: str, rounds: int, amount: int, stack: bool = False
    ) -> Event:
        """Afflict `who` with a condition; a longer or permanent one wins over a shorter one.

        The strength is the larger of the old and the new, or their sum when they `stack`.
        """
        conditions = esper.component_for_entity(who, Conditions)
        old = conditions.rounds.get(name)
        if old is not None and (old == 0 or (rounds != 0 and old > rounds)):
            rounds = old
        conditions.rounds[name] = rounds
        before = conditions.amounts.get(name, 0)
        conditions.amounts[name] = before + amount if stack else max(amount, before)
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

    def drop(
        self, who: int, slot: int, direction: int | None, distance: int, wait: int = 0
    ) -> list[Event]:
        """Drop the weapon in `slot`: it flies `distance` hexes, rebounds or is lost.

        Its owner may pick it up again `wait` rounds from now (0: at once).
        """
        wielded = esper.component_for_entity(who, Wielded)
        if slot >= len(wielded.weapons) or wielded.weapons[slot].natural:
            return []  # a natural weapon is part of the body: it never leaves it
        weapon = wielded.weapons.pop(slot)
        here = queries.hex_of(who)
        spot, how, struck = here, "falls at its feet", None
        if direction is not None and distance > 0:
            absolute = (esper.component_for_entity(who, Facing).direction + direction) % 6
            spot, how, struck = self.flight(here, absolute, distance)
        ready = queries.clock().round + wait if wait else 0
        return self.land(who, weapon, spot, how, struck, ready)

    def drop_shield(self, who: int, direction: int | None, distance: int) -> list[Event]:
        """Take `who`'s shield off its arm: it flies `distance` hexes as a weapon would.

        It cannot break on landing (shields are made to take blows); a hazard loses it.
        """
        shield = shields.take_off(self.ruleset, who)
        if shield is None:
            return []
        here = queries.hex_of(who)
        spot, how = here, "falls at its feet"
        if direction is not None and distance > 0:
            absolute = (esper.component_for_entity(who, Facing).direction + direction) % 6
            spot, how, _ = self.flight(here, absolute, distance)
        terrain = self.hexmap.terrain(spot)
        if terrain is not None and terrain.hazard:
            return [WeaponDropped(who, shield.id, None, spot, f"is lost in the {terrain.name}")]
        item = shields.lay(shield, who, spot, 0)
        return [WeaponDropped(who, shield.id, item, spot, how)]

    def land(
        self, who: int, weapon: Weapon, spot: Hex, how: str, struck: Terrain | None = None,
        ready: int = 0,
    ) -> list[Event]:
        """A weapon lands on `spot`: lost in a hazard, perhaps broken by a hard surface.

        A weapon that rebounded off a hard obstacle (`struck`) lands as hard as on stone.
        """
        terrain = self.hexmap.terrain(spot)
        if terrain is not None and terrain.hazard:
            return [WeaponDropped(who, weapon.id, None, spot, f"is lost in the {terrain.name}")]
        surface = terrain.surface if terrain is not None else "hard"
        if struck is not None and struck.surface == "hard":
            surface = "hard"
        landing = self.ruleset.landing(weapon, surface, self.dice)
        if landing.broken:
            return [WeaponDropped(who, weapon.id, None, spot, how),
                    WeaponBroken(who, weapon.id, 0, landing.rolls)]
        events: list[Event] = []
        rolls = landing.rolls
        if landing.magic_lost:
            events.append(WeaponBroken(who, weapon.id, landing.magic_lost, landing.rolls))
            weapon, rolls = weaken(weapon, landing.magic_lost), ()
        item = esper.create_entity(Item(weapon, who, ready), Position(spot))
        return [WeaponDropped(who, weapon.id, item, spot, how, rolls), *events]

    def flight(
        self, start: Hex, direction: int, distance: int
    ) -> tuple[Hex, str, Terrain | None]:
        """Where a weapon thrown from `start` lands, and the obstacle it rebounded off, if any.

        Obstacles and the map's edge rebound it into `start`; a hazard stops it.
        """
        spot = start
        for _ in range(distance):
            nxt = hex_neighbor(spot, direction)
            terrain = self.hexmap.terrain(nxt)
            if terrain is None or terrain.obstacle:
                return start, "rebounds into its hex", terrain
            spot = nxt
            if terrain.hazard:
                break
        return spot, f"lands {distance if spot != start else 0} hex away", None

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
        occupancy.moved(who, path[-1])
        return [KnockedBack(who, tuple(path))]

    def kill(self, who: int, by: int) -> list[Event]:
        """Kill `who` outright."""
        health = esper.component_for_entity(who, Health)
        health.hp = min(0, health.hp)
        occupancy.fell(who, queries.clock().round)
        return [Died(who, by, "killed")]


def weaken(weapon: Weapon, points: int) -> Weapon:
    """`weapon` with `points` taken from its magic bonus and from each conditional bonus."""
    return dataclasses.replace(
        weapon, magic=weapon.magic - points,
        conditional=tuple((kind, bonus - points) for kind, bonus in weapon.conditional),
    )
