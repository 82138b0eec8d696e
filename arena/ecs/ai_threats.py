"""What the tactical AI knows of the danger around a hex: threats, reach, exposure, risk.

The base of `ai_candidates.Planner`; every cache here lives for one decision (`reset`).
"""

from __future__ import annotations

import dataclasses

import esper

from arena.ecs import queries
from arena.ecs.ai_field import Field
from arena.ecs.ai_imagine import OddsCache
from arena.ecs.ai_rating import ARC, EXPOSE, GUARD, KILL, PRESS, PROGRESS, RETREAT
from arena.ecs.attacks import AttackSystem
from arena.ecs.components import ActionPoints, Conditions, Facing, Health, Stats, Wielded
from arena.ecs.cover import cover_quarters
from arena.ecs.movement import MovementSystem
from arena.hexgrid import Hex, hex_angle, hex_distance, hex_neighbors
from arena.rules.base import AttackContext

FRIENDLY_ARC = 30.0


def next_turn(ctx: AttackContext) -> AttackContext:
    """A copy of an enemy's attack as in its next turn: no attack made yet that turn.

    The engine's context reads the attacker's memory of its last turn (kept until its next
    turn starts); a threat is what the enemy can do when its turn comes, so an enemy that
    struck last turn (one attack a turn in `adnd`, `becmi`, `d40`) is no less dangerous.
    """
    return dataclasses.replace(ctx, weapon_attacks=0, turn_weapons=(),
                               turn_options=frozenset(), primary_attacked_target=False,
                               off_turn=False)


class Threats:
    """Threats, strike zones, exposure, risk and the way to the enemy, for one decision."""

    def __init__(self, attacks: AttackSystem, movement: MovementSystem, odds: OddsCache) -> None:
        self.attacks = attacks
        self.movement = movement
        self.odds = odds
        self.ruleset = attacks.ruleset
        self.threats: dict[tuple[object, ...], float] = {}
        self.costs: dict[int, int] = {}
        self.round = -1
        self.field: Field | None = None
        self.contexts: dict[tuple[int, int, int], AttackContext] = {}
        self.covers: dict[tuple[Hex, Hex], int] = {}


    def reset(self) -> None:
        """Forget the last decision's caches (the world has moved on).

        Threats are kept for the round, keyed by everything their context reads (hit points,
        weapons, hexes, facings, conditions), so a decision never depends on what an earlier
        one saw: a battle resumed or restored mid-round decides as one never stopped.
        """
        now = queries.clock().round
        if now != self.round:
            self.round = now
            self.threats.clear()
        self.costs.clear()  # the cheapest blow depends on the turn's memory: one decision only
        self.field = None
        self.contexts.clear()
        self.covers.clear()

    def threat(self, enemy: int, actor: int) -> float:
        """The enemy's best blow against `actor` at its best reach: mean damage + KILL·kill."""
        key = (enemy, actor, self.situation(enemy), self.situation(actor))
        if key not in self.threats:
            best = 0.0
            for slot, weapon in enumerate(self.attacks.weapons(enemy)):
                ctx = next_turn(self.context(enemy, actor, slot))
                if not weapon.is_ranged:
                    ctx.distance, ctx.position, ctx.run_up = 1, "front", 0
                ctx.cover = 0  # in the open: `exposure` shades archers' threat by cover
                ctx.bystanders = ()  # a threat is a rough measure: keep the odds cache warm
                if self.ruleset.attack_refusal(ctx) is not None:
                    continue
                seen = self.odds.outlook(ctx, actor)
                best = max(best, seen.damage + KILL * seen.kill)
            self.threats[key] = best
        return self.threats[key]

    def context(self, actor: int, target: int, slot: int) -> AttackContext:
        """The engine's context of this attack now, kept for the decision (do not mutate)."""
        key = (actor, target, slot)
        if key not in self.contexts:
            self.contexts[key] = self.attacks.context(actor, target, slot)
        return self.contexts[key]

    def cover(self, shooter: Hex, target: Hex) -> int:
        """Cover quarters of `target` against a missile from `shooter`, kept for the decision."""
        key = (shooter, target)
        if key not in self.covers:
            self.covers[key] = cover_quarters(self.attacks.hexmap, shooter, target)
        return self.covers[key]

    def reaches(self, enemy: int, spot: Hex) -> bool:
        """Whether `enemy` could strike `spot` in its next turn (a walk, then its reach)."""
        there = queries.hex_of(enemy)
        weapons = esper.component_for_entity(enemy, Wielded).weapons
        if any(w.is_ranged for w in weapons):
            return self.cover(there, spot) < 4
        step = self.ruleset.action_cost("move", None, False) or 1
        walk = (esper.component_for_entity(enemy, ActionPoints).maximum
                - self.blow_cost(enemy)) // step
        reach = max((w.reach for w in weapons if not w.is_ranged), default=1)
        return walk >= 0 and hex_distance(there, spot) <= walk + reach

    def situation(self, who: int) -> tuple[object, ...]:
        """What an attack context reads of `who` that changes in a round: HP, kit, hex, ..."""
        conditions = esper.component_for_entity(who, Conditions)
        wielded = esper.component_for_entity(who, Wielded)
        return (esper.component_for_entity(who, Health).hp, tuple(wielded.weapons),
                tuple(wielded.unloaded), queries.hex_of(who),
                esper.component_for_entity(who, Facing).direction,
                tuple(sorted(conditions.rounds.items())), tuple(sorted(conditions.amounts.items())))

    def blow_cost(self, enemy: int) -> int:
        """The AP of the enemy's cheapest blow (it must walk and still strike)."""
        key = enemy
        if key not in self.costs:
            costs = []
            for slot in range(len(self.attacks.weapons(enemy))):
                target = next((e for e in queries.enemies_of(enemy)), None)
                if target is None:
                    break
                cost = self.ruleset.attack_cost(next_turn(self.context(enemy, target, slot)))
                if cost is not None:
                    costs.append(cost)
            self.costs[key] = min(costs, default=0)
        return self.costs[key]

    def armed(self, enemy: int) -> tuple[str, ...]:
        """What `enemy` wields (weapon ids), a key of the round's caches."""
        return tuple(w.id for w in esper.component_for_entity(enemy, Wielded).weapons)

    def exposure(self, actor: int, spot: Hex, enemies: list[int]) -> float:
        """The exposure term of standing on `spot` when the enemies' turns come."""
        total = 0.0
        for enemy in enemies:
            if not self.reaches(enemy, spot):
                continue
            weapons = esper.component_for_entity(enemy, Wielded).weapons
            shade = 1.0
            if any(w.is_ranged for w in weapons):
                shade = 1 - self.cover(queries.hex_of(enemy), spot) / 4
            total += self.threat(enemy, actor) * shade
        return EXPOSE * total * (GUARD if self.wounded(actor) else 1.0)

    def wounded(self, actor: int) -> bool:
        """Below RETREAT of its HP, with an ally to fall back to."""
        health = esper.component_for_entity(actor, Health)
        side = queries.side_of(actor)
        allies = [e for e in queries.living() if e != actor and queries.side_of(e) == side]
        return bool(allies) and health.hp < RETREAT * health.max_hp

    def risk(self, actor: int, walked: list[Hex], enemies: list[int]) -> float:
        """Threat of the enemies offered an Action of Opportunity as `walked` is walked."""
        stats = esper.component_for_entity(actor, Stats).block
        if len(walked) < 2 or not self.ruleset.opens("move", None, stats):
            return 0.0
        total = 0.0
        for left in walked[:-1]:
            for enemy in enemies:
                there = queries.hex_of(enemy)
                reach = max((w.reach for w in self.attacks.weapons(enemy) if not w.is_ranged),
                            default=0)
                if 0 < hex_distance(there, left) <= reach:
                    total += self.threat(enemy, actor)
        return total

    def arc(self, actor: int, spot: Hex, enemies: list[int]) -> float:
        """ARC for each ally archer whose nearest target has `spot` in its 30° fire arc."""
        if not self.ruleset.wants_bystanders or not enemies:
            return 0.0
        side = queries.side_of(actor)
        penalty = 0.0
        for ally in queries.living():
            if ally == actor or queries.side_of(ally) != side:
                continue
            if not any(w.is_ranged for w in esper.component_for_entity(ally, Wielded).weapons):
                continue
            origin = queries.hex_of(ally)
            target = min(enemies, key=lambda e: (hex_distance(origin, queries.hex_of(e)), e))
            there = queries.hex_of(target)
            if spot in (origin, there) or hex_distance(origin, there) <= 1:
                continue
            if any(hex_distance(spot, queries.hex_of(e)) == 1 for e in enemies):
                continue  # in melee: the archer had better shoot elsewhere
            if hex_angle(origin, there, spot) <= FRIENDLY_ARC + 1e-6:
                penalty += ARC
        return penalty

    def progress(self, actor: int, walked: list[Hex], enemies: list[int], before: int) -> float:
        """PROGRESS per hex the walk takes off the way to the nearest enemy (negative: away).

        Walking into reach without a blow this turn hands the enemy the first blow: until
        the PRESS round (or first blood) only the hexes walked outside every enemy's strike
        zone count, so the AI waits on the zone's edge for the enemy to come.
        """
        after = self.way_to_enemies(actor, walked[-1], enemies)
        gain = before - (after if after is not None else before)
        if not self.pressing(actor):
            gain = min(gain, sum(1 for h in walked[1:]
                                 if not any(self.reaches(e, h) for e in enemies)))
        return PROGRESS * gain

    def way_to_enemies(self, actor: int, spot: Hex, enemies: list[int]) -> int | None:
        """Steps from `spot` to the nearest free hex next to an enemy (walls and bodies count).

        One distance field per decision, rooted at every such hex (tcod's Dijkstra).
        """
        if self.field is None:
            blocked = {h for h, e in queries.occupants().items() if e != actor}
            goals = {h for e in enemies for h in hex_neighbors(queries.hex_of(e))
                     if h not in blocked and self.movement.hexmap.passable(h)}
            self.field = Field(self.movement.base_costs, self.movement.hexmap.radius, goals,
                               blocked)
        return self.field.get(spot)

    def in_reach(self, actor: int, enemies: list[int]) -> bool:
        """Whether a wielded melee weapon reaches an enemy from where `actor` stands."""
        here = queries.hex_of(actor)
        reach = max((w.reach for w in esper.component_for_entity(actor, Wielded).weapons
                     if not w.is_ranged), default=0)
        return any(hex_distance(here, queries.hex_of(e)) <= reach for e in enemies)

    def pressing(self, actor: int) -> bool:
        """Whether to close in whatever the first blow: from round PRESS or an ally's melee.

        Once the melee has begun, waiting on the edge only leaves one's allies alone in it;
        arrows drawing blood from afar are no reason to walk into the enemy's first blow.
        """
        if queries.clock().round >= PRESS:
            return True
        side = queries.side_of(actor)
        foes = [queries.hex_of(e) for e in queries.enemies_of(actor)]
        return any(hex_distance(queries.hex_of(a), h) == 1 for a in queries.living()
                   if a != actor and queries.side_of(a) == side for h in foes)

