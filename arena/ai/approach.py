"""`Approach`: where the tactical AI stands — the way to the enemy, when to press, archers' arcs.

`Approach` adds these position terms to `threats.Threats`; `candidates.Planner` builds on
it. Every cache here lives for one decision (`Threats.reset`).
"""

from __future__ import annotations

from arena.ai.field import Field
from arena.ai.rating import ARC, PRESS, PROGRESS, SWARM
from arena.ai.threats import FRIENDLY_ARC, Threats
from arena.ecs import occupancy, queries
from arena.ecs.components import Wielded
from arena.ecs.pathing import Box
from arena.ecs.store import component_for_entity
from arena.hexgrid import DIRECTIONS, Hex, hex_angle, hex_distance

FIELD_MARGIN = 8  # the first distance field's window: the nearest foe's distance and this around
FIELD_MAP = 14  # maps up to this radius (every shipped one; themed arenas: 9) get the exact steps
FIELD_REACH = 12  # on wider maps, a foe farther than this is reckoned by hex distance, unsearched


class Approach(Threats):
    """The position terms of a decision: progress toward the enemy, pressing, fire arcs."""

    def arc(self, actor: int, spot: Hex, enemies: list[int]) -> float:
        """ARC for each ally archer whose nearest target has `spot` in its 30° fire arc."""
        if not self.ruleset.wants_bystanders or not enemies:
            return 0.0
        side = self.scene.sides[actor]
        if any(self.scene.sides[e] != side for e in self.scene.adjacent(spot)):
            return 0.0  # in melee: the archer had better shoot elsewhere
        penalty = 0.0
        for origin, there in self.fire_lines(actor, enemies):
            if spot in (origin, there):
                continue
            if hex_angle(origin, there, spot) <= FRIENDLY_ARC + 1e-6:
                penalty += ARC
        return penalty

    def fire_lines(self, actor: int, enemies: list[int]) -> list[tuple[Hex, Hex]]:
        """Each ally archer's hex and its nearest target's (farther than arm's length)."""
        if actor not in self.lines:
            side = self.scene.sides[actor]
            lines = []
            for ally in self.scene.side_members(side):
                if ally == actor or not any(
                        w.is_ranged for w in component_for_entity(ally, Wielded).weapons):
                    continue
                origin = self.scene.hexes[ally]
                target = min(enemies, key=lambda e: (hex_distance(origin, self.scene.hexes[e]), e))
                there = self.scene.hexes[target]
                if hex_distance(origin, there) > 1:
                    lines.append((origin, there))
            self.lines[actor] = lines
        return self.lines[actor]

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
                                 if not self.in_melee_zone(h, enemies)))
        return PROGRESS * gain

    def way_to_enemies(self, actor: int, spot: Hex, enemies: list[int]) -> int | None:
        """Steps from `spot` to the nearest free hex next to an enemy (walls and bodies count).

        One distance field per decision, rooted at every such hex (tcod's Dijkstra), searched
        first in a window around the actor (its nearest enemy's distance plus FIELD_MARGIN);
        over the whole map only when the window cannot vouch for a distance (`Field.exact`,
        or fewer steps than the hex distance to the nearest enemy): the map's steps either way.
        On a map wider than FIELD_MAP, with no enemy within FIELD_REACH of the actor, the
        hex distance to the nearest enemy stands in for the steps (no field is searched).
        """
        if not enemies:
            return None
        hexes = self.scene.hexes
        if self.nearest < 0:
            q, r = hexes[actor]
            self.nearest = min(max(abs(h[0] - q), abs(h[1] - r), abs(h[0] - q + h[1] - r))
                               for e in enemies for h in (hexes[e],))
        if self.movement.hexmap.radius > FIELD_MAP and self.nearest > FIELD_REACH:
            q, r = spot
            return min(max(abs(h[0] - q), abs(h[1] - r), abs(h[0] - q + h[1] - r))
                       for e in enemies for h in (hexes[e],)) - 1
        if self.field is None:
            self.field = self.distance_field(actor, enemies, self.window(actor))
        found = self.field.get(spot)
        if not self.field.exact(spot, found) and not (
                found is not None
                and found < min(hex_distance(spot, hexes[e]) for e in enemies)):
            self.field = self.distance_field(actor, enemies, None)
            found = self.field.get(spot)
        return found

    def window(self, actor: int) -> Box:
        """The field's first window: the nearest enemy's distance plus FIELD_MARGIN around."""
        here = self.scene.hexes[actor]
        near = self.nearest + FIELD_MARGIN
        radius = self.movement.hexmap.radius
        size = 2 * radius + 1
        return (max(0, here.r - near + radius), min(size, here.r + near + radius + 1),
                max(0, here.q - near + radius), min(size, here.q + near + radius + 1))

    def distance_field(self, actor: int, enemies: list[int], box: Box | None) -> Field:
        """The field of `way_to_enemies` searched in `box` (None: the whole map)."""
        radius = self.movement.hexmap.radius
        size = 2 * radius + 1
        i0, i1, j0, j1 = box if box is not None else (0, size, 0, size)
        r0, r1, q0, q1 = i0 - radius, i1 - radius, j0 - radius, j1 - radius
        hexes, side = self.scene.hexes, self.scene.sides[actor]
        around = self.scene.within(q0 - 1, q1 + 1, r0 - 1, r1 + 1)
        blocked = {hexes[e] for e in around if e != actor}
        cells = self.movement.hexmap.cells
        goals = set()
        for e in around:
            if self.scene.sides[e] == side:
                continue
            q, r = hexes[e]
            for dq, dr in DIRECTIONS:  # hex_neighbors, as plain tuples
                h = (q + dq, r + dr)
                if h not in blocked and h not in goals:
                    terrain = cells.get(h)  # type: ignore[call-overload]
                    if terrain is not None and not terrain.blocks_move:
                        goals.add(h)
        return Field(self.movement.base_costs, radius, goals, blocked, box)

    def in_reach(self, actor: int, enemies: list[int]) -> bool:
        """Whether a wielded melee weapon reaches an enemy from where `actor` stands."""
        here = queries.hex_of(actor)
        reach = max((w.reach for w in component_for_entity(actor, Wielded).weapons
                     if not w.is_ranged), default=0)
        foes = set(enemies)
        return any(e in foes for e in self.scene.near(here, reach))

    def pressing(self, actor: int) -> bool:
        """Whether to close in whatever the first blow: round PRESS, melee, or outnumbering.

        Once the melee has begun, waiting on the edge only leaves one's allies alone in it;
        arrows drawing blood from afar are no reason to walk into the enemy's first blow. The
        larger side gains from fighting all at once (waiting lets the smaller side meet it a
        few at a time), so it does not wait.
        """
        if queries.clock().round >= PRESS or self.outnumbers(actor):
            return True
        key = ("pressing", actor)
        if key not in self.flags:
            side = self.scene.sides[actor]
            touching = occupancy.index().contact.get(side, ())  # kept by every move and death
            self.flags[key] = any(a != actor for a in touching)
        return self.flags[key]

    def outnumbers(self, actor: int) -> bool:
        """Whether the actor's side numbers SWARM or more per living enemy.

        Counted from the occupancy index, whose list of a side's foes is kept until a death.
        """
        index = occupancy.index()
        foes = len(index.foes(self.scene.sides[actor]))
        return foes > 0 and len(index.living) - foes >= SWARM * foes
