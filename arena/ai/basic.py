"""The `basic` AI (`AISystem`): tend its kit, attack when able, else close in, else end turn."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from arena.ecs import queries
from arena.ecs.attacks import AttackSystem
from arena.ecs.auras import AuraSystem
from arena.ecs.components import (
    ActionPoints,
    Carried,
    Health,
    Item,
    Position,
    TurnMemory,
    Wielded,
)
from arena.ecs.items import ItemSystem, items_at, kickable, takeable, weapon_hands
from arena.ecs.movement import MovementSystem
from arena.ecs.reactions import ReactionSystem
from arena.ecs.shields import takeable_shields
from arena.ecs.store import component_for_entity, get_components
from arena.hexgrid import Hex, hex_distance, hex_neighbors
from arena.model.commands import (
    Attack,
    Command,
    Draw,
    EndTurn,
    Kick,
    Move,
    PickUp,
    React,
    Reload,
    StandUp,
)
from arena.rules.base import Extras
from arena.rules.odds import expected_damage

if TYPE_CHECKING:
    from arena.ai.candidates import Candidate


class AISystem:
    """Chooses the next command for the active combatant; never changes the world."""

    def __init__(
        self, attacks: AttackSystem, movement: MovementSystem, reactions: ReactionSystem,
        items: ItemSystem, auras: AuraSystem | None = None,
    ) -> None:
        self.items = items
        self.attacks = attacks
        self.movement = movement
        self.reactions = reactions
        self.auras = auras
        # Rulesets with extras (adnd) scatter weapons and have buffs: the AI tends to both.
        self.extras = isinstance(attacks.ruleset, Extras)

    def react(self, reactor: int) -> React:
        """Always take an Action of Opportunity that can be taken."""
        able = not self.incapacitated(reactor)
        return React(reactor, able and self.reactions.refusal(React(reactor, True)) is None)

    def explain(self, actor: int) -> tuple[Command, list[Candidate]]:
        """The command `decide` gives; the basic AI rates no candidates."""
        return self.decide(actor), []

    def incapacitated(self, actor: int) -> bool:
        """Whether the ruleset lets `actor` do nothing but end its turn."""
        return queries.incapacity(self.attacks.ruleset, actor) is not None

    def decide(self, actor: int) -> Command:
        """The next command for `actor`: tend weapons and buffs, attack, move, or end the turn."""
        if self.incapacitated(actor):
            return EndTurn(actor)
        if self.shield_back(actor):
            return PickUp(actor)
        if self.extras:
            tended = self.tend(actor)
            if tended is not None:
                return tended
        attack = self.best_attack(actor)
        if attack is not None:
            return attack
        ready = self.get_ready(actor)
        if ready is not None:
            return ready
        if self.extras and self.holds(actor):
            return EndTurn(actor)
        if queries.prone(actor):
            return StandUp(actor) if self.can_stand(actor) else EndTurn(actor)
        move = self.approach(actor)
        return move if move is not None else EndTurn(actor)

    def can_stand(self, actor: int) -> bool:
        """Whether `actor` lies prone and may stand up now (no lost leg keeps it down)."""
        return queries.prone(actor) and not isinstance(self.movement.stand_up(StandUp(actor)), str)

    def free_hands(self, actor: int) -> int:
        """Hands `actor` has free for one more weapon (a shield and the weapons held count)."""
        held = sum(w.hands for w in component_for_entity(actor, Wielded).weapons)
        return weapon_hands(self.items.ruleset, actor) - held

    def shield_back(self, actor: int) -> bool:
        """Whether to put a shield lying at its feet back on: only with no enemy adjacent."""
        if not takeable_shields(actor) or takeable(actor):
            return False
        here = queries.hex_of(actor)
        if any(hex_distance(here, queries.hex_of(e)) == 1 for e in queries.enemies_of(actor)):
            return False
        return isinstance(self.items.pick_up_refusal(PickUp(actor)), int)

    def tend(self, actor: int) -> Command | None:
        """Keep a chant up, recover dropped weapons, or start a buff (rulesets with extras)."""
        close = any(hex_distance(queries.hex_of(actor), queries.hex_of(e)) == 1
                    for e in queries.enemies_of(actor))
        if self.auras is not None and self.auras.keeps_up(actor) and not close:
            return EndTurn(actor)
        recovered = self.recover(actor, close)
        if recovered is not None:
            return recovered
        return self.auras.ai_invoke(actor) if self.auras is not None else None

    def recover(self, actor: int, close: bool) -> Command | None:
        """Kick an ally's weapon back, pick up one's own (or a foe's), draw or fetch when bare.

        A beast (natural weapons only) leaves weapons lying: it can use none.
        """
        if queries.natural_only(actor):
            return None
        if kickable(actor) is not None and isinstance(self.items.kick_refusal(Kick(actor)), int):
            return Kick(actor)
        bare = not component_for_entity(actor, Wielded).weapons
        side = queries.side_of(actor)
        for e in takeable(actor):
            owner = component_for_entity(e, Item).owner
            mine_or_foes = owner == actor or owner is None or queries.side_of(owner) != side
            if (bare or mine_or_foes) and isinstance(
                    self.items.pick_up_refusal(PickUp(actor)), int):
                return PickUp(actor)
            break
        if not bare:
            return None
        free = self.free_hands(actor)
        mine = [e for e in items_at(queries.hex_of(actor))
                if component_for_entity(e, Item).owner == actor
                and component_for_entity(e, Item).weapon.hands <= free]
        if mine and not close:
            return EndTurn(actor)  # its weapon lies at its feet: it takes it back next round
        fetched = self.fetch(actor, close)
        if fetched is not None:
            return fetched
        spares = component_for_entity(actor, Carried).weapons
        for index in sorted(range(len(spares)), key=lambda i: close != spares[i].is_ranged):
            if self.items.draw_refusal(Draw(actor, index)) is None:
                return Draw(actor, index)
        return None

    def holds(self, actor: int) -> bool:
        """Hold the place once the turn's one attack is made, or with a foe at hand and no AP.

        Rulesets with one attack a turn: walking on would only shuffle round the foe.
        """
        here = queries.hex_of(actor)
        close = any(hex_distance(here, queries.hex_of(e)) == 1 for e in queries.enemies_of(actor))
        return close or component_for_entity(actor, TurnMemory).attacks > 0

    def fetch(self, actor: int, close: bool) -> Move | None:
        """Walk onto the nearest weapon lying within reach this turn that one could take."""
        ap = component_for_entity(actor, ActionPoints).current
        step = self.movement.ruleset.action_cost("move", None, False)
        if not step or queries.prone(actor) or queries.natural_only(actor):
            return None
        paths = self.movement.paths_from(actor)
        taken = queries.occupants()
        now, side = queries.clock().round, queries.side_of(actor)
        goals = []
        free = self.free_hands(actor)
        for e, (item, pos) in get_components(Item, Position):
            ally_owned = item.owner not in (None, actor) and queries.side_of(item.owner) == side
            d = paths.distance(pos.hex)
            if ally_owned or d is None or d == 0 or pos.hex in taken or d * step > ap:
                continue
            if item.weapon.hands > free:
                continue  # no hand to hold it (a lost hand, a shield in the one left)
            if close and (item.ready > now or d * step + 1 > ap):
                continue  # with a foe at hand, only a weapon to be had this very turn
            goals.append((d, e, pos.hex))
        if not goals:
            return None
        _, _, spot = min(goals)
        return Move(actor, spot)

    def get_ready(self, actor: int) -> Draw | Reload | None:
        """Reload an empty crossbow, or draw a melee spare when an enemy is at arm's length."""
        wielded = component_for_entity(actor, Wielded)
        items = self.items
        for slot, weapon in enumerate(wielded.weapons):
            if weapon.id in wielded.unloaded and items.reload_refusal(Reload(actor, slot)) is None:
                return Reload(actor, slot)
        here = queries.hex_of(actor)
        side = queries.side_of(actor)
        close = any(e is not None and queries.side_of(e) != side
                    for e in map(queries.occupant, hex_neighbors(here)))  # an enemy next to it
        if close and all(w.is_ranged for w in wielded.weapons):
            spares = component_for_entity(actor, Carried).weapons
            for index, weapon in enumerate(spares):
                if not weapon.is_ranged and items.draw_refusal(Draw(actor, index)) is None:
                    return Draw(actor, index)
        return None

    def best_attack(self, actor: int) -> Attack | None:
        """The valid attack of highest exact expected damage, by the odds engine.

        Each enemy in reach and each weapon is weighed with the maneuvers the ruleset chooses
        for the AI; ties go to the weakest enemy, then the nearest, the lowest id and the lowest
        weapon slot. Without odds for the ruleset, only the ties count.
        """
        here = queries.hex_of(actor)
        options: list[tuple[Fraction, int, int, int, int, tuple[str, ...]]] = []
        weapons = self.attacks.weapons(actor)
        if len(weapons) > 1 and self.attacks.ruleset.unarmed is not None:
            weapons = weapons[:-1]  # fists only when there is nothing else
        spares = component_for_entity(actor, Carried).weapons
        has_melee = any(not w.is_ranged for w in [*weapons, *spares])
        for enemy in queries.enemies_of(actor):
            distance = hex_distance(here, queries.hex_of(enemy))
            hp = component_for_entity(enemy, Health).hp
            for slot, weapon in enumerate(weapons):
                if weapon.is_ranged and distance == 1 and has_melee:
                    continue
                plan = self.attacks.plan(Attack(actor, enemy, slot))
                if isinstance(plan, str):
                    continue
                ctx, chosen = plan[0], self.attacks.ruleset.ai_options(plan[0])
                if chosen:
                    with_options = self.attacks.plan(Attack(actor, enemy, slot, chosen))
                    if isinstance(with_options, str):
                        chosen = ()
                    else:
                        ctx = with_options[0]
                worth = expected_damage(self.attacks.ruleset, ctx) or Fraction(0)
                options.append((-worth, hp, distance, enemy, slot, chosen))
        if not options:
            return None
        *_, enemy, slot, chosen = min(options)
        return Attack(actor, enemy, slot, chosen)

    def approach(self, actor: int) -> Move | None:
        """Walk toward the nearest free hex next to an enemy, as far as the AP allows."""
        ap = component_for_entity(actor, ActionPoints).current
        step = self.movement.ruleset.action_cost("move", None, False)
        if not step or ap < step or queries.prone(actor):
            return None
        weapons = component_for_entity(actor, Wielded).weapons
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
        walk = paths.affordable(path, ap // step)
        steps = min(len(walk) - 1, 1 if shooter else len(walk))
        return Move(actor, path[steps]) if steps > 0 else None
