"""A simple deterministic AI: attack when able, else close in along a path, else end turn."""

from __future__ import annotations

import esper

from arena.ecs import queries
from arena.ecs.attacks import AttackSystem
from arena.ecs.components import ActionPoints, Carried, Conditions, Health, Wielded
from arena.ecs.items import ItemSystem
from arena.ecs.movement import MovementSystem
from arena.ecs.reactions import ReactionSystem
from arena.hexgrid import Hex, hex_distance, hex_neighbors
from arena.model.commands import Attack, Command, Draw, EndTurn, Move, React, Reload


class AISystem(esper.Processor):
    """Chooses the next command for the active combatant; never changes the world."""

    def __init__(
        self, attacks: AttackSystem, movement: MovementSystem, reactions: ReactionSystem,
        items: ItemSystem,
    ) -> None:
        self.items = items
        self.attacks = attacks
        self.movement = movement
        self.reactions = reactions

    def process(self) -> None:
        """Nothing runs per frame: the AI is asked for one command at a time."""

    def react(self, reactor: int) -> React:
        """Always take an Action of Opportunity that can be taken."""
        able = not self.incapacitated(reactor)
        return React(reactor, able and self.reactions.refusal(React(reactor, True)) is None)

    def incapacitated(self, actor: int) -> bool:
        """Whether the ruleset lets `actor` do nothing but end its turn."""
        conditions = frozenset(esper.component_for_entity(actor, Conditions).rounds)
        return bool(conditions) and self.attacks.ruleset.incapacity(conditions) is not None

    def decide(self, actor: int) -> Command:
        """The next command for `actor`: attack, move, or end the turn."""
        if self.incapacitated(actor):
            return EndTurn(actor)
        attack = self.best_attack(actor)
        if attack is not None:
            return attack
        ready = self.get_ready(actor)
        if ready is not None:
            return ready
        move = self.approach(actor)
        return move if move is not None else EndTurn(actor)

    def get_ready(self, actor: int) -> Draw | Reload | None:
        """Reload an empty crossbow, or draw a melee spare when an enemy is at arm's length."""
        wielded = esper.component_for_entity(actor, Wielded)
        items = self.items
        for slot, weapon in enumerate(wielded.weapons):
            if weapon.id in wielded.unloaded and items.reload_refusal(Reload(actor, slot)) is None:
                return Reload(actor, slot)
        here = queries.hex_of(actor)
        close = any(hex_distance(here, queries.hex_of(e)) == 1 for e in queries.enemies_of(actor))
        if close and all(w.is_ranged for w in wielded.weapons):
            spares = esper.component_for_entity(actor, Carried).weapons
            for index, weapon in enumerate(spares):
                if not weapon.is_ranged and items.draw_refusal(Draw(actor, index)) is None:
                    return Draw(actor, index)
        return None

    def best_attack(self, actor: int) -> Attack | None:
        """The valid attack on the weakest enemy in reach, nearest and lowest id breaking ties."""
        here = queries.hex_of(actor)
        options: list[tuple[int, int, int, int]] = []
        weapons = self.attacks.weapons(actor)
        if len(weapons) > 1 and self.attacks.ruleset.unarmed is not None:
            weapons = weapons[:-1]  # fists only when there is nothing else
        spares = esper.component_for_entity(actor, Carried).weapons
        has_melee = any(not w.is_ranged for w in [*weapons, *spares])
        for enemy in queries.enemies_of(actor):
            distance = hex_distance(here, queries.hex_of(enemy))
            hp = esper.component_for_entity(enemy, Health).hp
            for slot, weapon in enumerate(weapons):
                if weapon.is_ranged and distance == 1 and has_melee:
                    continue
                if self.attacks.refusal(Attack(actor, enemy, slot)) is None:
                    options.append((hp, distance, enemy, slot))
                    break
        if not options:
            return None
        _, _, enemy, slot = min(options)
        plan = self.attacks.plan(Attack(actor, enemy, slot))
        assert not isinstance(plan, str)
        chosen = self.attacks.ruleset.ai_options(plan[0])
        if chosen and self.attacks.refusal(Attack(actor, enemy, slot, chosen)) is None:
            return Attack(actor, enemy, slot, chosen)
        return Attack(actor, enemy, slot)

    def approach(self, actor: int) -> Move | None:
        """Walk toward the nearest free hex next to an enemy, as far as the AP allows."""
        ap = esper.component_for_entity(actor, ActionPoints).current
        step = self.movement.ruleset.action_cost("move", None, False)
        if not step or ap < step:
            return None
        weapons = esper.component_for_entity(actor, Wielded).weapons
        shooter = any(w.is_ranged for w in weapons[:1])
        paths = self.movement.paths_from(actor)
        goals: list[tuple[int, bool, int, int, int]] = []
        taken = queries.occupants()
        side = queries.side_of(actor)
        for enemy in queries.enemies_of(actor):
            there = queries.hex_of(enemy)
            for h in hex_neighbors(there):
                d = paths.distance(h)
                if d is not None and d > 0 and h not in taken:
                    # Prefer the hex opposite an ally already fighting this enemy: a flank.
                    opposite = taken.get(there + (there - h))
                    flank = opposite is not None and queries.side_of(opposite) == side
                    goals.append((d, not flank, enemy, h.q, h.r))
        if not goals:
            return None
        *_, q, r = min(goals)
        path = paths.path_to(Hex(q, r))
        assert path is not None
        # Shooters step one hex at a time so they stop as soon as they have a shot.
        steps = min(len(path) - 1, ap // step, 1 if shooter else len(path))
        return Move(actor, path[steps]) if steps > 0 else None
