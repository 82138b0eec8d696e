"""Attack system: checks reach, sight and AP, asks the ruleset, applies damage and death."""

from __future__ import annotations

import esper

from arena.dice import Dice
from arena.ecs import queries
from arena.ecs.components import ActionPoints, Dead, Facing, Health, Stats, Wielded
from arena.ecs.events import Attacked, Died, Event
from arena.hexgrid import direction_to, hex_distance, line_of_sight, relative_position
from arena.model.commands import Attack
from arena.model.stats import Weapon
from arena.model.terrain import HexMap
from arena.rules.base import AttackContext, Ruleset


class AttackSystem(esper.Processor):
    """Turns an Attack command into a ruleset resolution on the map."""

    def __init__(self, ruleset: Ruleset, dice: Dice, hexmap: HexMap) -> None:
        self.ruleset = ruleset
        self.dice = dice
        self.hexmap = hexmap

    def process(self) -> None:
        """Nothing runs per frame: attacks happen on commands."""

    def context(self, actor: int, target: int, weapon: Weapon) -> AttackContext:
        """The situation of an attack as the map shows it now."""
        here, there = queries.hex_of(actor), queries.hex_of(target)
        facing = esper.component_for_entity(target, Facing).direction
        return AttackContext(
            attacker=esper.component_for_entity(actor, Stats).block,
            defender=esper.component_for_entity(target, Stats).block,
            weapon=weapon,
            distance=hex_distance(here, there),
            position=relative_position(there, facing, here),
            here=here,
            there=there,
        )

    def refusal(self, command: Attack) -> str | None:
        """Why this attack cannot be made now, or None; checked before any die or AP."""
        plan = self.plan(command)
        return plan if isinstance(plan, str) else None

    def plan(self, command: Attack) -> str | tuple[AttackContext, int]:
        """The attack's context and AP cost, or why it cannot be made; changes nothing."""
        actor, target = command.actor, command.target
        if not queries.is_alive(target):
            return f"#{target} is not a living combatant"
        if queries.side_of(target) == queries.side_of(actor):
            return f"{queries.name_of(target)} is on your side"
        weapons = esper.component_for_entity(actor, Wielded).weapons
        if command.weapon >= len(weapons):
            return f"no weapon in slot {command.weapon} (wielding {len(weapons)})"
        weapon = weapons[command.weapon]
        ctx = self.context(actor, target, weapon)
        if weapon.is_ranged and not line_of_sight(ctx.here, ctx.there, self.hexmap.blocks_sight):
            return f"no line of sight to {queries.name_of(target)}"
        reason = self.ruleset.attack_refusal(ctx)
        if reason is not None:
            return reason
        cost = self.cost(weapon)
        if cost is None:
            return f"this ruleset does not allow attacking with {weapon.name} now"
        ap = esper.component_for_entity(actor, ActionPoints).current
        if cost > ap:
            return f"needs {cost} AP to attack with {weapon.name}, has {ap}"
        return ctx, cost

    def cost(self, weapon: Weapon) -> int | None:
        """AP cost of an own-turn attack with `weapon`."""
        return self.ruleset.action_cost("ranged" if weapon.is_ranged else "melee", weapon, False)

    def attack(self, command: Attack) -> str | list[Event]:
        """Resolve the attack: face the target (free on one's turn), pay AP, roll, apply damage."""
        plan = self.plan(command)
        if isinstance(plan, str):
            return plan
        ctx, cost = plan
        actor, target = command.actor, command.target
        ap = esper.component_for_entity(actor, ActionPoints)
        ap.current -= cost
        esper.component_for_entity(actor, Facing).direction = direction_to(ctx.here, ctx.there)
        result = self.ruleset.resolve_attack(ctx, self.dice)
        health = esper.component_for_entity(target, Health)
        health.hp -= result.damage
        events: list[Event] = [
            Attacked(actor, target, ctx.weapon.id, ctx.distance, ctx.position, result, cost,
                     ap.current, health.hp)
        ]
        if health.hp <= 0:
            esper.add_component(target, Dead(queries.clock().round))
            events.append(Died(target, actor))
        return events
