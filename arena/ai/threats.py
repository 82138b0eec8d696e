"""`Threats`: what the tactical AI knows of the danger around a hex: reach, exposure, risk.

The base of `candidates.Planner`; every cache here lives for one decision (`reset`).
"""

from __future__ import annotations

from arena.ai.field import Field, Scene, read_scene
from arena.ai.imagine import OddsCache, copy_context
from arena.ai.kits import SHOOTER, Kits
from arena.ai.rating import EXPOSE, GUARD, HOLD_LINE, KILL, RETREAT
from arena.ai.sightings import by_distance, nearest_seen
from arena.ecs import occupancy, queries
from arena.ecs.attacks import AttackSystem
from arena.ecs.components import ActionPoints, Conditions, Facing, Health, Stats, Wielded
from arena.ecs.cover import cover_quarters
from arena.ecs.movement import MovementSystem
from arena.ecs.store import component_for_entity
from arena.hexgrid import Hex, hex_distance
from arena.rules.base import AttackContext

FRIENDLY_ARC = 30.0
TARGETS_NEAR = 10  # a shooter weighs shots at this many nearest enemies: no shipped side is bigger
SHOOTERS_NEAR = 8  # exposure weighs this many nearest archers that see a hex: one shoots a turn


def next_turn(ctx: AttackContext) -> AttackContext:
    """A copy of an enemy's attack as in its next turn: no attack made yet that turn.

    The engine's context reads the attacker's memory of its last turn (kept until its next
    turn starts); a threat is what the enemy can do when its turn comes, so an enemy that
    struck last turn (one attack a turn in `adnd`, `becmi`, `d40`) is no less dangerous.
    """
    new = copy_context(ctx)
    new.weapon_attacks, new.turn_weapons, new.turn_options = 0, (), frozenset()
    new.primary_attacked_target = new.off_turn = False
    return new


class Threats:
    """Threats, strike zones, exposure, risk and the way to the enemy, for one decision."""

    def __init__(self, attacks: AttackSystem, movement: MovementSystem, odds: OddsCache) -> None:
        self.attacks = attacks
        self.movement = movement
        self.odds = odds
        self.ruleset = attacks.ruleset
        self.threats: dict[tuple[object, ...], float] = {}
        self.seen: dict[tuple[int, int], float] = {}  # the decision's threats, by who and whom
        self.exposed: dict[tuple[object, ...], float] = {}  # the decision's exposure by hex
        self.costs: dict[tuple[object, ...], int] = {}
        self.round = -1
        self.field: Field | None = None
        self.nearest = -1  # the hex distance from the actor to its nearest enemy (-1: unread)
        self.contexts: dict[tuple[int, int, int], AttackContext] = {}
        self.scene = Scene([], {}, {})
        self.flags: dict[tuple[str, int], bool] = {}
        self.zones: dict[int, int] = {}
        self.lines: dict[int, list[tuple[Hex, Hex]]] = {}
        self.situations: dict[int, tuple[object, ...]] = {}
        self.bounds: dict[int, int] = {}
        self.kits = Kits(attacks.unarmed)  # kept for the battle
        self.widest: dict[tuple[int, ...], tuple[int, dict[int, int], list[int]]] = {}
        self.reaches_of: dict[tuple[int, ...], tuple[dict[int, int], int]] = {}
        self.order_of: list[int] | None = None  # the missile users `order` is of
        self.origin: Hex = Hex(0, 0)
        self.order: list[tuple[int, int, Hex]] = []

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
            self.costs.clear()
        self.field = None
        self.nearest = -1
        self.seen.clear()
        self.exposed.clear()
        self.contexts.clear()
        self.scene = read_scene(self.scene)
        self.flags.clear()
        self.zones.clear()
        self.lines.clear()
        self.situations.clear()
        self.bounds.clear()
        self.widest.clear()
        self.reaches_of.clear()
        self.order_of = None

    def enemies(self, actor: int) -> list[int]:
        """The living enemies of `actor`, by entity id (from the decision's scene)."""
        index = occupancy.index()  # the scene's source: its foes of a side, kept until a death
        if self.scene.source is index and self.scene.version == index.version:
            return list(index.foes(self.scene.sides[actor]))
        side = self.scene.sides[actor]
        return [e for e in self.scene.living if self.scene.sides[e] != side]

    def threat(self, enemy: int, actor: int) -> float:
        """The enemy's best blow at `actor` (its AI maneuvers too): mean damage + KILL·kill."""
        known = self.seen.get((enemy, actor))
        if known is not None:  # the situations do not change within a decision
            return known
        key = (enemy, actor, self.situation(enemy), self.situation(actor))
        if key not in self.threats:
            best = 0.0
            for ctx in self.threat_contexts(enemy, actor):
                if not ctx.weapon.is_ranged:
                    ctx.distance, ctx.position, ctx.run_up = 1, "front", 0
                ctx.cover = 0  # in the open: `exposure` shades archers' threat by cover
                ctx.bystanders = ()  # a threat is a rough measure: keep the odds cache warm
                if self.ruleset.attack_refusal(ctx) is not None:
                    continue
                self.maneuvers(ctx)  # its best blow: a smash where it pays
                seen = self.odds.outlook(ctx, actor)
                best = max(best, seen.damage + KILL * seen.kill)
            self.threats[key] = best
        return self.seen.setdefault((enemy, actor), self.threats[key])

    def maneuvers(self, ctx: AttackContext) -> tuple[str, ...]:
        """Add to `ctx` the maneuvers the ruleset picks for an AI's blow; return them."""
        chosen = self.ruleset.ai_options(ctx)
        if chosen:
            ctx.options = ctx.options | frozenset(chosen)
        return chosen

    def threat_contexts(self, enemy: int, actor: int) -> list[AttackContext]:
        """`next_turn` of the engine's context of each of the enemy's slots against `actor`.

        The engine's contexts of one attacker and target differ from slot to slot only in
        the weapon, the slot and the cover (which a threat sets to 0): one is built, the
        others copied from it (`tests/ai/test_prunings.py` holds the engine to that).
        """
        weapons = self.attacks.weapons(enemy)
        if not weapons:
            return []
        first = self.context(enemy, actor, 0)
        found = []
        for slot, weapon in enumerate(weapons):
            ctx = next_turn(first)
            ctx.weapon, ctx.slot = weapon, slot
            found.append(ctx)
        return found

    def strikable(self, actor: int, here: Hex, enemies: list[int]) -> list[int]:
        """The `enemies` a weapon `Planner.strikes` weighs from `here` could strike at all.

        Those within the longest melee reach (`strikes` finds no blow beyond it) and, with a
        loaded missile weapon, the TARGETS_NEAR nearest it sees without full cover (ties by
        id; every enemy when there are no more than that): a shooter weighs its nearest
        marks, not every enemy on the field. By entity id.
        """
        weapons = self.attacks.weapons(actor)
        if len(weapons) > 1 and self.ruleset.unarmed is not None:
            weapons = weapons[:-1]  # as `strikes`: fists only when there is nothing else
        unloaded = component_for_entity(actor, Wielded).unloaded
        usable = [w for w in weapons if w.id not in unloaded]
        reach = max((w.reach for w in usable if not w.is_ranged), default=-1)
        foes = set(enemies)
        if not any(w.is_ranged for w in usable):
            return [e for e in self.scene.near(here, reach) if e in foes]
        if len(enemies) <= TARGETS_NEAR:
            return enemies
        melee, shots = self.marks(here, enemies, reach)
        return sorted(melee + shots)

    def marks(self, here: Hex, enemies: list[int], reach: int) -> tuple[list[int], list[int]]:
        """Of `enemies`, those within `reach`, and the TARGETS_NEAR nearest others seen from here.

        Nearest first, ties by entity id.
        """
        hexes, hexmap = self.scene.hexes, self.attacks.hexmap
        melee: list[int] = []
        shots: list[int] = []
        for far, e in sorted((hex_distance(here, hexes[e]), e) for e in enemies):
            if far <= reach:
                melee.append(e)
            elif len(shots) == TARGETS_NEAR:
                break  # every enemy left is farther than the shots kept
            elif self.cover(here, hexes[e]) < 4 and hexmap.sees(here, hexes[e]):
                shots.append(e)
        return melee, shots

    def context(self, actor: int, target: int, slot: int) -> AttackContext:
        """The engine's context of this attack now, kept for the decision (do not mutate)."""
        key = (actor, target, slot)
        if key not in self.contexts:
            self.contexts[key] = self.attacks.context(actor, target, slot)
        return self.contexts[key]

    def cover(self, shooter: Hex, target: Hex) -> int:
        """Cover quarters of `target` against a missile from `shooter` (the map's memo)."""
        return cover_quarters(self.attacks.hexmap, shooter, target)

    def reaches(self, enemy: int, spot: Hex) -> bool:
        """Whether `enemy` could strike `spot` in its next turn (a walk, then its reach)."""
        there = self.scene.hexes[enemy]
        zone = self.zone(enemy)
        if zone == SHOOTER:
            return self.cover(there, spot) < 4
        return hex_distance(there, spot) <= zone

    def zone(self, enemy: int) -> int:
        """Hexes an enemy can strike next turn (walk plus reach), SHOOTER for missiles, -1 none."""
        if enemy not in self.zones:
            weapons = component_for_entity(enemy, Wielded).weapons
            if any(w.is_ranged for w in weapons):
                self.zones[enemy] = SHOOTER
            else:
                step = self.ruleset.action_cost("move", None, False) or 1
                walk = (component_for_entity(enemy, ActionPoints).maximum
                        - self.blow_cost(enemy)) // step
                reach = max((w.reach for w in weapons if not w.is_ranged), default=1)
                self.zones[enemy] = walk + reach if walk >= 0 else -1
        return self.zones[enemy]

    def bound(self, enemy: int) -> int:
        """An upper bound of `zone` read without any attack context (no blow costs 0 AP).

        Read once per decision.
        """
        found = self.bounds.get(enemy)
        if found is None:
            step = self.ruleset.action_cost("move", None, False) or 1
            found = self.bounds[enemy] = self.kits.get(enemy, step)[0]
        return found

    def in_melee_zone(self, spot: Hex, enemies: list[int]) -> bool:
        """Whether an enemy without a missile weapon could walk up and strike `spot` next turn.

        Waiting on the edge of this zone makes the enemy spend its AP walking; an archer's
        zone is all it sees, where waiting only hands it free shots, so it does not count.
        """
        widest, rows, _ = self.zones_of(enemies)
        if widest < 0:
            return False
        here = self.scene.hexes
        for e in self.scene.near(spot, widest):  # enemies beyond every bound cannot reach
            b = self.bound(e)
            if (b != SHOOTER and hex_distance(here[e], spot) <= b and e in rows
                    and self.reaches(e, spot)):
                return True
        return False

    def zones_of(self, enemies: list[int]) -> tuple[int, dict[int, int], list[int]]:
        """The widest melee `bound` (-1: none), each enemy's, and the missile users (by id).

        Read once per decision and list of enemies.
        """
        key = tuple(enemies)
        found = self.widest.get(key)
        if found is None:
            step = self.ruleset.action_cost("move", None, False) or 1
            rows: dict[int, int] = {}
            reaches: dict[int, int] = {}
            shooters: list[int] = []
            widest = -1
            kit = self.kits.get
            for e in enemies:
                bound, reaches[e] = kit(e, step)
                rows[e] = bound
                if bound == SHOOTER:
                    shooters.append(e)
                elif bound > widest:
                    widest = bound
            self.bounds.update(rows)
            self.reaches_of[key] = (reaches, max(reaches.values(), default=0))
            found = self.widest[key] = (widest, rows, shooters)
        return found

    def strikers(self, spot: Hex, enemies: list[int]) -> list[tuple[int, int]]:
        """The `enemies` that could strike `spot` next turn, each missile's cover (-1: melee).

        Every melee enemy that could walk up and strike, and of the missile users that see
        `spot` the SHOOTERS_NEAR nearest (ties by entity id): a combatant weighs the nearest
        archers, not a hundred at once. By entity id.
        """
        widest, rows, shooters = self.zones_of(enemies)
        hexes = self.scene.hexes
        found = [(e, -1) for e in self.scene.near(spot, widest)
                 if e in rows and rows[e] != SHOOTER and hex_distance(hexes[e], spot) <= rows[e]
                 and self.reaches(e, spot)]
        found += self.shooters_near(spot, shooters)
        found.sort()
        return found

    def shooters_near(self, spot: Hex, shooters: list[int]) -> list[tuple[int, int]]:
        """The SHOOTERS_NEAR `shooters` nearest `spot` that see it (ties by id), with cover."""
        if self.order_of is not shooters:  # ordered once a decision, from its first hex
            self.order_of, self.origin = shooters, spot
            self.order = by_distance(spot, shooters, self.scene.hexes)
        return nearest_seen(self.order, self.origin, spot, self.attacks.hexmap, SHOOTERS_NEAR)

    def situation(self, who: int) -> tuple[object, ...]:
        """What an attack context reads of `who` that changes in a round: HP, kit, hex, ...

        Read once per decision (the world does not change while the AI weighs it).
        """
        found = self.situations.get(who)
        if found is None:
            found = self.situations[who] = self.read_situation(who)
        return found

    def read_situation(self, who: int) -> tuple[object, ...]:
        """`situation` read off the components now."""
        conditions = component_for_entity(who, Conditions)
        wielded = component_for_entity(who, Wielded)
        return (component_for_entity(who, Health).hp, tuple(wielded.weapons),
                tuple(wielded.unloaded), queries.hex_of(who),
                component_for_entity(who, Facing).direction,
                tuple(sorted(conditions.rounds.items())), tuple(sorted(conditions.amounts.items())))

    def blow_cost(self, enemy: int) -> int:
        """The AP of the enemy's cheapest blow in its next turn (it must walk and still strike).

        Kept for the round, keyed like a threat by what the blow's context reads.
        """
        side = self.scene.sides[enemy]
        target = next((e for e in self.scene.living if self.scene.sides[e] != side), None)
        key = (enemy, target, self.situation(enemy),
               None if target is None else self.situation(target))
        if key not in self.costs:
            costs = []
            for slot in range(len(self.attacks.weapons(enemy))):
                if target is None:
                    break
                cost = self.ruleset.attack_cost(next_turn(self.context(enemy, target, slot)))
                if cost is not None:
                    costs.append(cost)
            self.costs[key] = min(costs, default=0)
        return self.costs[key]

    def armed(self, enemy: int) -> tuple[str, ...]:
        """What `enemy` wields (weapon ids), a key of the round's caches."""
        return tuple(w.id for w in component_for_entity(enemy, Wielded).weapons)

    def exposure(self, actor: int, spot: Hex, enemies: list[int]) -> float:
        """The exposure term of standing on `spot` when the enemies' turns come."""
        key = (actor, spot, tuple(enemies))  # walks can end on one hex: weighed once
        found = self.exposed.get(key)
        if found is None:
            found = self.exposed[key] = self.weigh_exposure(actor, spot, enemies)
        return found

    def weigh_exposure(self, actor: int, spot: Hex, enemies: list[int]) -> float:
        """`exposure` worked out."""
        total = 0.0
        for enemy, quarters in self.strikers(spot, enemies):
            shade = 1.0 if quarters < 0 else 1 - quarters / 4  # shaded by cover: missiles
            total += self.threat(enemy, actor) * shade
        return EXPOSE * total * (GUARD if self.wounded(actor) else 1.0)

    def wounded(self, actor: int) -> bool:
        """Below RETREAT of its HP, while its fresh allies number HOLD_LINE per enemy or more."""
        key = ("wounded", actor)
        if key not in self.flags:
            health = component_for_entity(actor, Health)
            found = False
            if health.hp < RETREAT * health.max_hp:  # the count only for the wounded
                side = self.scene.sides[actor]
                fresh = foes = 0
                for e in self.scene.living:
                    if self.scene.sides[e] != side:
                        foes += 1
                    elif e != actor:
                        other = component_for_entity(e, Health)
                        fresh += other.hp >= RETREAT * other.max_hp
                found = fresh > 0 and fresh >= HOLD_LINE * foes
            self.flags[key] = found
        return self.flags[key]

    def risk(self, actor: int, walked: list[Hex], enemies: list[int]) -> float:
        """Threat of the enemies offered an Action of Opportunity as `walked` is walked."""
        stats = component_for_entity(actor, Stats).block
        if len(walked) < 2 or not self.ruleset.opens("move", None, stats):
            return 0.0
        total = 0.0
        reaches, widest = self.melee_reaches(enemies)
        for left in walked[:-1]:
            for enemy in self.scene.near(left, widest):
                if enemy in reaches and 0 < hex_distance(self.scene.hexes[enemy],
                                                         left) <= reaches[enemy]:
                    total += self.threat(enemy, actor)
        return total

    def melee_reaches(self, enemies: list[int]) -> tuple[dict[int, int], int]:
        """Each enemy's longest melee reach (0 without one) and the longest of all.

        Read once per decision and list of enemies.
        """
        key = tuple(enemies)
        if key not in self.reaches_of:
            self.zones_of(enemies)  # read in the same pass as the strike-zone bounds
        return self.reaches_of[key]
