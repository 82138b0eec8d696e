"""`Candidate` and `Planner`: the tactical AI's candidate actions, each rated by `rating`.

Candidates: every valid attack from here; walk to a hex and attack from it (melee hexes around
each enemy in reach this turn, shooting hexes a step or two away); approach the best target;
fall back to allies when wounded; after the turn's blow, step back to a hex fewer enemies
can strike; tend weapons (pick up, kick, draw, reload, chant); hold.
Enemies out of reach are pruned before any attack context is built.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from arena.ai.approach import Approach
from arena.ai.imagine import imagine, run_up_along
from arena.ai.rating import (
    ALLY,
    KEEP_AP,
    LANE,
    REVISIT,
    Rating,
    strike_value,
)
from arena.ecs import queries
from arena.ecs.components import ActionPoints, Carried, Health, TurnMemory, Wielded
from arena.ecs.pathing import Paths
from arena.ecs.store import component_for_entity
from arena.hexgrid import Hex, hex_distance, hex_neighbors, hex_ring
from arena.model.commands import Attack, Command, EndTurn, Move
from arena.model.stats import Weapon
from arena.rules.base import AttackContext

CHARGE_TAGS = ("lance", "charge")
WALK_TOP = 8  # walk-and-attack hexes rated in full, best blows first
WALK_FOES = 4  # walk-and-attack looks at the nearest enemies within reach this turn
SHOOT_STEPS = 2  # shooters look for a better shooting hex this many steps away
APPROACHES = 4  # close-in and fall-back walks rated, nearest goals first
FADE = True  # after the turn's blow, rate stepping back (False: it holds)


@dataclass
class Candidate:
    """One action the AI could take now, what it is for, and its rating."""

    command: Command
    label: str
    rating: Rating
    end: Hex
    walked: tuple[Hex, ...] = ()


class Planner(Approach):
    """Builds and rates the candidates for one combatant's decision."""

    def strikes(self, actor: int, enemy: int, spot: Hex, walked: list[Hex],
                ap: int) -> Iterator[tuple[float, Attack, str]]:
        """Each attack on `enemy` from `spot` after walking `walked`, with its strike term."""
        here = queries.hex_of(actor)
        weapons = self.attacks.weapons(actor)
        if len(weapons) > 1 and self.ruleset.unarmed is not None:
            weapons = weapons[:-1]  # fists only when there is nothing else
        health = component_for_entity(enemy, Health)
        wounded = 1 - health.hp / health.max_hp if health.max_hp else 0.0
        there = queries.hex_of(enemy)
        distance = hex_distance(spot, there)
        wielded = component_for_entity(actor, Wielded)
        unloaded, beast = wielded.unloaded, wielded.natural_only
        for slot, weapon in enumerate(weapons):
            if weapon.id in unloaded or (not weapon.is_ranged and distance > weapon.reach):
                continue
            if beast and not weapon.natural:
                continue  # a beast strikes with its own body only (`queries.weapon_refusal`)
            if weapon.is_ranged and distance == 1 and self.has_melee(actor):
                continue
            if weapon.is_ranged and self.hidden(spot, there, spot == here):
                continue  # refused by `plan` or `attack_context`: no context is built
            ctx = self.attack_context(actor, enemy, slot, weapon, spot, walked, here)
            if ctx is None:
                continue
            cost = self.ruleset.attack_cost(ctx)
            if cost is None or cost > ap:
                continue
            chosen = self.maneuvers(ctx)
            seen = self.odds.outlook(ctx, enemy)
            threat = self.threat(enemy, actor)
            mine = component_for_entity(actor, Health).hp
            danger = 0.0 if self.wounded(actor) else min(1.0, threat / max(mine, 1))
            value = strike_value(seen.damage, seen.kill, wounded, threat, seen.friendly_fire,
                                 self.engaged(actor, enemy), danger,
                                 threat / max(health.hp, 1))
            yield value, Attack(actor, enemy, slot, chosen), weapon.name

    def attack_context(self, actor: int, enemy: int, slot: int, weapon: Weapon, spot: Hex,
                       walked: list[Hex], here: Hex) -> AttackContext | None:
        """The attack's context now (engine-checked) or as imagined from `spot`."""
        if spot == here:
            plan = self.attacks.plan(Attack(actor, enemy, slot))
            return None if isinstance(plan, str) else plan[0]
        ctx = self.context(actor, enemy, slot)
        ctx = imagine(ctx, actor, enemy, spot, run_up_along(actor, walked, queries.hex_of(enemy)),
                      self.attacks.hexmap, self.ruleset.wants_bystanders,
                      occupied=self.scene.occupants)
        if weapon.is_ranged and ctx.cover >= 4:
            return None
        if self.ruleset.attack_refusal(ctx) is not None:
            return None
        return ctx

    def hidden(self, spot: Hex, there: Hex, standing: bool) -> bool:
        """Whether a missile from `spot` is refused: full cover, or (`standing`) no sight.

        The engine's `plan` refuses both for a shot from where the actor stands;
        `attack_context` refuses full cover for one imagined from another hex.
        """
        return self.cover(spot, there) >= 4 or (
            standing and not self.attacks.hexmap.sees(spot, there))

    def engaged(self, actor: int, enemy: int) -> bool:
        """Whether an ally of `actor` already stands at arm's length of `enemy` (gang up)."""
        side = self.scene.sides[actor]
        return any(a != actor and self.scene.sides[a] == side
                   for a in self.scene.adjacent(self.scene.hexes[enemy]))

    def has_melee(self, actor: int) -> bool:
        """Whether the actor wields or carries a melee weapon."""
        spares = component_for_entity(actor, Carried).weapons
        return any(not w.is_ranged for w in [*self.attacks.weapons(actor)[:-1], *spares])

    def remaining(self, actor: int, spot: Hex, enemies: list[int]) -> int:
        """Hexes still to go from `spot` before an enemy is within reach of a wielded weapon."""
        weapons = component_for_entity(actor, Wielded).weapons
        ranged = any(w.is_ranged for w in weapons)
        best = 99
        for enemy in enemies:
            there = queries.hex_of(enemy)
            if ranged and self.cover(spot, there) < 4:
                return 0
            best = min(best, max(0, hex_distance(spot, there) - 1))
        return best

    def place(self, actor: int, spot: Hex, walked: list[Hex], enemies: list[int],
              visited: set[Hex]) -> Rating:
        """The rating terms of ending a walk (or the turn) on `spot`."""
        rating = Rating()
        rating.add("risk", -self.risk(actor, walked, enemies))
        rating.add("exposure", -self.exposure(actor, spot, enemies))
        rating.add("fire arc", -self.arc(actor, spot, enemies))
        rating.add("dither", -REVISIT * sum(1 for h in walked[1:] if h in visited))
        if self.wounded(actor):
            side = self.scene.sides[actor]
            near = sum(1 for e in self.scene.near(spot, 2)
                       if e != actor and self.scene.sides[e] == side)
            rating.add("allies near", ALLY * near)
        if self.lane(actor, spot, enemies):
            rating.add("lane", LANE)
        return rating

    def lane(self, actor: int, spot: Hex, enemies: list[int]) -> bool:
        """A charger on a straight, free line of 4+ hexes to an enemy (a run-up lane)."""
        weapons = component_for_entity(actor, Wielded).weapons
        if not any(t in w.tags for w in weapons for t in CHARGE_TAGS):
            return False
        taken = self.scene.occupants
        for enemy in enemies:
            there = self.scene.hexes[enemy]
            d = hex_distance(spot, there)
            if d < 4 or d > 8:
                continue
            delta = spot - there
            if 0 not in (delta.q, delta.r, delta.s):
                continue  # not on one of the six straight lines
            unit = Hex(delta.q // d, delta.r // d)
            line = [there + Hex(unit.q * i, unit.r * i) for i in range(1, d)]
            if all(h not in taken and self.attacks.hexmap.passable(h) for h in line):
                return True
        return False

    def candidates(self, actor: int, visited: set[Hex], flanks: bool) -> list[Candidate]:
        """Every candidate for `actor` now, rated; `flanks` False looks only at the near hexes."""
        self.reset()
        here = queries.hex_of(actor)
        ap = component_for_entity(actor, ActionPoints).current
        enemies = self.enemies(actor)
        hold = self.place(actor, here, [here], enemies, visited)
        out: list[Candidate] = []
        for enemy in self.strikable(actor, here, enemies):
            for value, command, name in self.strikes(actor, enemy, here, [here], ap):
                rating = Rating(dict(hold.terms))
                rating.add("strike", value)
                out.append(Candidate(command, f"attack {queries.name_of(enemy)} with {name}",
                                     rating, here))
        hold.add("AP kept", KEEP_AP * ap)
        out.append(Candidate(EndTurn(actor), "hold this hex", hold, here))
        step = self.ruleset.action_cost("move", None, False)
        if queries.prone(actor):
            return out  # it must stand up before it walks (a lost leg: never)
        if step and ap >= step and not component_for_entity(actor, TurnMemory).attacks:
            out.extend(self.walks(actor, ap, step, enemies, visited, flanks))
        elif step and ap >= step and FADE and self.in_melee_zone(here, enemies):
            out.extend(self.fades(actor, ap // step, enemies, visited))
        return out

    def fades(self, actor: int, budget: int, enemies: list[int],
              visited: set[Hex]) -> Iterator[Candidate]:
        """After the blow, in a melee foe's reach: step back to a hex fewer enemies can strike."""
        here = queries.hex_of(actor)
        spots = [h for r in range(1, budget + 1) for h in hex_ring(here, r)]
        yield from self.steps(actor, self.movement.paths_from(actor), budget, spots, enemies,
                              visited, "step back after the blow")

    def steps(self, actor: int, paths: Paths, budget: int, spots: list[Hex], enemies: list[int],
              visited: set[Hex], label: str, wanted: Callable[[Hex], bool] | None = None,
              ) -> Iterator[Candidate]:
        """A walk to each free `spot` within `budget` steps (and `wanted`), rated as a place."""
        taken = self.scene.occupants
        for spot in spots:
            d = paths.distance(spot)
            if spot in taken or d is None or not 0 < d <= budget:
                continue
            if wanted is not None and not wanted(spot):
                continue
            path = paths.path_to(spot)
            assert path is not None
            rating = self.place(actor, spot, path, enemies, visited)
            yield Candidate(Move(actor, spot), label, rating, spot, tuple(path))

    def walks(self, actor: int, ap: int, step: int, enemies: list[int], visited: set[Hex],
              flanks: bool) -> Iterator[Candidate]:
        """Walk-and-attack, approach and fall-back candidates."""
        paths = self.movement.paths_from(actor)
        here = queries.hex_of(actor)
        budget = ap // step
        taken = self.scene.occupants
        weapons = component_for_entity(actor, Wielded).weapons
        reach = max((w.reach for w in weapons if not w.is_ranged), default=1)
        shooter = any(w.is_ranged for w in weapons)
        spots: dict[Hex, list[int]] = {}
        limit = budget + max(reach, SHOOT_STEPS * 3 if shooter else 0)
        foes = set(enemies)
        for _, enemy in sorted((hex_distance(here, self.scene.hexes[e]), e)
                               for e in self.scene.near(here, limit) if e in foes)[:WALK_FOES]:
            there = queries.hex_of(enemy)  # pruned by reach before any context is built
            ring = [h for r in range(1, reach + 1) for h in hex_ring(there, r)]
            if shooter:
                ring += [*hex_neighbors(here), *hex_ring(here, 2)]
            near = sorted((d, h.q, h.r) for h in ring if h not in taken
                          for d in (paths.distance(h),) if d is not None and 0 < d <= budget)
            for _, q, r in (near if flanks else near[:2]):
                spots.setdefault(Hex(q, r), []).append(enemy)
        rated: list[tuple[float, Hex, list[Hex], Attack]] = []
        for spot in sorted(spots, key=lambda h: (h.q, h.r)):
            path = paths.path_to(spot)
            assert path is not None
            left = ap - (paths.distance(spot) or 0) * step  # difficult ground costs more
            best: tuple[float, Attack, str] | None = None
            for enemy in spots[spot]:
                for option in self.strikes(actor, enemy, spot, path, left):
                    if best is None or option[0] > best[0]:
                        best = option
            if best is not None:
                rated.append((best[0], spot, path, best[1]))
        # Only the most promising blows are weighed against their place (exposure is dear).
        rated.sort(key=lambda r: -r[0])
        for value, spot, path, attack in rated[:WALK_TOP]:
            place = self.place(actor, spot, path, enemies, visited)
            place.add("strike", value * 0.95)  # a blow after a walk can still be forestalled
            target = queries.name_of(attack.target)
            yield Candidate(Move(actor, spot), f"walk to {spot.q},{spot.r} to attack {target}",
                            place, spot, tuple(path))
        yield from self.approaches(actor, paths, budget, enemies, visited, taken)
        if self.arc(actor, here, enemies):
            yield from self.sidesteps(actor, paths, budget, enemies, visited)

    def sidesteps(self, actor: int, paths: Paths, budget: int, enemies: list[int],
                  visited: set[Hex]) -> Iterator[Candidate]:
        """Step out of an ally archer's fire arc to a hex one or two steps away."""
        here = queries.hex_of(actor)
        yield from self.steps(actor, paths, budget, [*hex_neighbors(here), *hex_ring(here, 2)],
                              enemies, visited, "step out of an ally's fire arc",
                              lambda spot: not self.arc(actor, spot, enemies))

    def approaches(self, actor: int, paths: Paths, budget: int, enemies: list[int],
                   visited: set[Hex], taken: dict[Hex, int]) -> Iterator[Candidate]:
        """Close in on each of the nearest enemies, or fall back to allies when wounded."""
        goals = self.nearest_goals(actor, paths, enemies, taken)
        side = queries.side_of(actor)
        shot = self.remaining(actor, queries.hex_of(actor), enemies) == 0 and any(
            w.is_ranged for w in component_for_entity(actor, Wielded).weapons)
        if self.wounded(actor):
            for ally in self.scene.side_members(side):
                if ally != actor:
                    for h in hex_neighbors(self.scene.hexes[ally]):
                        far = paths.distance(h)
                        if h not in taken and far is not None and far > 0:
                            goals.append((far, -ally, h))
        goals.sort(key=lambda g: (g[0], g[1]))
        if goals and (goals[0][1] < 0 or self.in_reach(actor, enemies)):
            goals = [g for g in goals if g[1] < 0]  # at arm's length already: no closing in
        # Progress is measured on one field (from here too): a combatant already next to an
        # enemy whose other sides are walls or water has nothing to gain by walking off.
        before = self.way_to_enemies(actor, queries.hex_of(actor), enemies)
        for _, who, goal in goals[:APPROACHES]:
            path = paths.path_to(goal)
            assert path is not None
            for walked in self.closing(actor, paths.affordable(path, budget), enemies, who > 0):
                yield self.approach(actor, walked, who, enemies, visited,
                                    goals[0][0] if before is None else before, shot)

    def nearest_goals(self, actor: int, paths: Paths, enemies: list[int],
                      taken: dict[Hex, int]) -> list[tuple[int, int, Hex]]:
        """The APPROACHES enemies nearest by walk, each with its nearest free neighbour hex.

        Enemies are looked at nearest by hex distance first: a walk to a hex next to an enemy
        `n` hexes away costs at least `n - 1`, so once APPROACHES goals cost less than that,
        no farther enemy can be among the nearest (and the path search stays near).
        """
        here = queries.hex_of(actor)
        goals: list[tuple[int, int, Hex]] = []
        for far, enemy in sorted((hex_distance(here, queries.hex_of(e)), e) for e in enemies):
            if len(goals) >= APPROACHES and goals[APPROACHES - 1][0] < far - 1:
                break
            there = queries.hex_of(enemy)
            free = [(d, h.q, h.r) for h in hex_neighbors(there) if h not in taken
                    for d in (paths.distance(h),) if d is not None and d > 0]
            if free:
                d, q, r = min(free)
                goals.append((d, enemy, Hex(q, r)))
                goals.sort(key=lambda g: (g[0], g[1]))
        return goals

    def closing(self, actor: int, walked: list[Hex], enemies: list[int],
                foe: bool) -> list[list[Hex]]:
        """The walks toward a goal: as far as the AP go, and (waiting) to the zone's edge.

        While not pressing, a walk stopped on the last hex outside every enemy's strike zone
        is rated too, so the AI comes as near as it can without handing the first blow.
        """
        walks = [walked] if len(walked) > 1 else []
        if foe and walks and not self.pressing(actor):
            outside = 1
            while outside < len(walked) and not self.in_melee_zone(walked[outside], enemies):
                outside += 1
            if 1 < outside < len(walked):
                walks.append(walked[:outside])
        return walks

    def approach(self, actor: int, walked: list[Hex], who: int, enemies: list[int],
                 visited: set[Hex], before: int, shot: bool) -> Candidate:
        """A close-in (who > 0: an enemy) or fall-back (who < 0: an ally) walk, rated."""
        spot = walked[-1]
        rating = self.place(actor, spot, walked, enemies, visited)
        if who > 0 and not shot:
            gain = self.progress(actor, walked, enemies, before)
            rating.add("progress", gain)
            if gain > 0 and self.pressing(actor) and not self.wounded(actor):
                # Pressing, it takes the first blow; a walk that gets no nearer (the way is
                # blocked) is weighed like holding, exposure and all: no circling.
                rating.terms.pop("exposure", None)
        what = (f"fall back to {queries.name_of(-who)}" if who < 0
                else f"close in on {queries.name_of(who)}")
        return Candidate(Move(actor, spot), what, rating, spot, tuple(walked))
