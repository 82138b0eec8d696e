"""`imagine` and `OddsCache`: an attack as it would be from another hex, and its exact odds.

The AI rates attacks it could make after a move. It takes the context the engine builds now
(`AttackSystem.context`) and re-reads what depends on where the attacker stands: distance,
where it stands relative to the defender's facing, run-up, cover, flanking, bystanders. The
exact odds of each distinct situation are cached for the whole battle (`OddsCache`).
"""

from __future__ import annotations

import dataclasses
import functools
import operator
from fractions import Fraction

from arena.ecs import queries
from arena.ecs.components import Facing, Health, Momentum, Side
from arena.ecs.cover import cover_quarters
from arena.ecs.store import component_for_entity
from arena.errors import ArenaError
from arena.hexgrid import (
    DIRECTIONS,
    Hex,
    direction_to,
    hex_angle,
    hex_distance,
    relative_position,
)
from arena.model.stats import StatBlock
from arena.model.terrain import HexMap
from arena.rules.base import AttackContext, Bystander, Ruleset
from arena.rules.odds import Dist, Odds, attack_odds

# Every field of the attack context, read in one call: `copy_context` passes them positionally.
_FIELD_VALUES = operator.attrgetter(*(f.name for f in dataclasses.fields(AttackContext)))
# The direction index of each neighbour offset (q, r), as `direction_to` gives it.
_STEP_DIRECTION = {(d.q, d.r): i for i, d in enumerate(DIRECTIONS)}
# `relative_position` and `direction_to` are pure functions of a few small numbers the AI
# asks about again and again (the same hexes around the same foes): their answers are kept,
# within a bound.
_relative_position = functools.lru_cache(maxsize=1 << 16)(relative_position)
_direction_to = functools.lru_cache(maxsize=1 << 16)(direction_to)
SPREADS = 4096  # damage spreads summed per target HP, kept before the table starts afresh
# (distribution id, HP) -> (the distribution, capped mean, kill chance): a pure function of
# the distribution, kept for the process (the odds engines keep their distributions too).
_SPREADS: dict[tuple[int, int], tuple[Dist, float, float]] = {}


def copy_context(ctx: AttackContext) -> AttackContext:
    """A shallow copy of `ctx`: what `dataclasses.replace(ctx)` makes, at a third of the cost."""
    return AttackContext(*_FIELD_VALUES(ctx))


@dataclasses.dataclass(frozen=True, slots=True)
class Outlook:
    """What one attack promises: exact mean damage (capped at the target's HP) and kill chance."""

    damage: float
    kill: float
    friendly_fire: float


def run_up_along(actor: int, path: list[Hex], target_hex: Hex) -> int:
    """Hexes walked in one straight line at the target's direction, if `path` is walked now."""
    end = path[-1]
    if hex_distance(end, target_hex) == 0:
        return 0
    toward = _direction_to(end, target_hex)
    steps = 0
    for i in range(len(path) - 1, 0, -1):
        a, b = path[i - 1], path[i]
        # a step is one hex in one direction: a neighbour offset (None: not adjacent)
        if _STEP_DIRECTION.get((b[0] - a[0], b[1] - a[1])) != toward:
            return steps
        steps += 1
    momentum = component_for_entity(actor, Momentum)
    return steps + (momentum.steps if momentum.direction == toward else 0)


def foes_around(defender: int, attacker: int, here: Hex,
                occupied: dict[Hex, int] | None = None) -> tuple[bool, int]:
    """The defender's flanking and adjacent foes with `attacker` standing on `here`.

    `occupied` (hex to combatant, as now) spares reading every combatant's place again.
    """
    side = component_for_entity(defender, Side).index
    there = queries.hex_of(defender)
    if occupied is None:
        occupied = queries.occupants()
    q, r = there
    directions: set[int] = set()
    for i, (dq, dr) in enumerate(DIRECTIONS):
        e = occupied.get((q + dq, r + dr))  # type: ignore[call-overload]  # a Hex is its tuple
        if e is not None and e != attacker and component_for_entity(e, Side).index != side:
            directions.add(i)
    if component_for_entity(attacker, Side).index != side:
        step = _STEP_DIRECTION.get((here[0] - q, here[1] - r))
        if step is not None:
            directions.add(step)
    return any((d + 3) % 6 in directions for d in directions), len(directions)


def bystanders_from(actor: int, target: int, here: Hex) -> tuple[Bystander, ...]:
    """Every other living combatant seen from `here` (facing the target) and the target."""
    there = queries.hex_of(target)
    side = queries.side_of(actor)
    facing = direction_to(here, there) if here != there else 0
    return tuple(
        Bystander(entity=e, ally=queries.side_of(e) == side, distance=hex_distance(here, h),
                  beyond=hex_distance(there, h),
                  angle=hex_angle(here, there, h) if h not in (there, here) else 0.0,
                  position=relative_position(here, facing, h))
        for e in queries.living() if e not in (actor, target)
        for h in (queries.hex_of(e),)
    )


def imagine(ctx: AttackContext, actor: int, target: int, here: Hex, run_up: int,
            hexmap: HexMap, wants_bystanders: bool, moved: tuple[Hex, int] | None = None,
            occupied: dict[Hex, int] | None = None) -> AttackContext:
    """`ctx` as it would read with the attacker on `here` after a walk ending in `run_up`.

    `moved` puts the target on another hex with another facing (the enemy's reply to a move).
    """
    there, facing = moved or (queries.hex_of(target),
                              component_for_entity(target, Facing).direction)
    flanked, adjacent = foes_around(target, actor, here, occupied)
    new = copy_context(ctx)
    new.here, new.there, new.distance = here, there, hex_distance(here, there)
    new.position = _relative_position(there, facing, here)
    new.run_up, new.flanked, new.adjacent_foes = run_up, flanked, adjacent
    new.cover = cover_quarters(hexmap, here, there) if ctx.weapon.is_ranged else 0
    new.bystanders = bystanders_from(actor, target, here) if wants_bystanders else ()
    return new


def _key(ctx: AttackContext, hp: int) -> tuple[object, ...]:
    """A hashable summary of every field of the context that the odds can depend on.

    Name sets are keyed as they are (a frozenset equals another with the same names).
    """
    return (id(ctx.attacker), id(ctx.defender), ctx.weapon.id, ctx.distance, ctx.position,
            ctx.options, ctx.run_up, ctx.cover, ctx.flanked, ctx.adjacent_foes,
            ctx.attacker_conditions, ctx.defender_conditions,
            ctx.off_turn, ctx.slot, tuple([w.id for w in ctx.wielded]),
            ctx.primary_attacked_target, ctx.weapon_attacks, ctx.turn_weapons,
            ctx.turn_options, ctx.bystanders,
            tuple([w.id for w in ctx.defender_wielded]), ctx.attacker_buffs, hp)


class OddsCache:
    """Exact odds per distinct attack situation, kept for the battle (the AI asks often).

    Many situations share one damage spread (the same weapon against the same armour from
    another hex): its capped mean and kill chance are summed once per target HP (`_SPREADS`).
    """

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.known: dict[tuple[object, ...], Outlook] = {}
        # The odds read only the context's values (not its hexes): contexts alike in every
        # field the odds can read share one outlook, whoever the combatants are.
        self.alike: dict[tuple[object, ...], Outlook] = {}
        self.blocks: dict[int, tuple[StatBlock, tuple[object, ...]]] = {}
        self.odds: dict[tuple[object, ...], Odds | None] = {}  # None: the engine refused
        self.exact = ruleset.odds_function() is not None

    def outlook(self, ctx: AttackContext, target: int) -> Outlook:
        """Mean damage capped at the target's HP, kill chance and friendly-fire chance."""
        hp = component_for_entity(target, Health).hp
        key = _key(ctx, hp)
        found = self.known.get(key)
        if found is None:
            alike = (self._block(ctx.attacker), self._block(ctx.defender), ctx.weapon,
                     ctx.distance, ctx.position, ctx.options, ctx.run_up, ctx.cover,
                     ctx.flanked, ctx.adjacent_foes, ctx.attacker_conditions,
                     ctx.defender_conditions, ctx.off_turn, ctx.slot, ctx.wielded,
                     ctx.primary_attacked_target, ctx.weapon_attacks, ctx.turn_weapons,
                     ctx.turn_options, ctx.bystanders, ctx.defender_wielded, ctx.attacker_buffs,
                     ctx.attacker_shield, ctx.defender_shield, hp)
            found = self.alike.get(alike)
            if found is None:
                found = self.alike[alike] = self._weigh(ctx, hp, alike[:-1])
            self.known[key] = found
        return found

    def _block(self, block: StatBlock) -> tuple[object, ...]:
        """A stat block by value (its numbers), remembered per block object."""
        found = self.blocks.get(id(block))
        if found is None or found[0] is not block:
            found = self.blocks[id(block)] = (block, (block.ruleset,
                                                      tuple(sorted(block.values.items()))))
        return found[1]

    def _weigh(self, ctx: AttackContext, hp: int, situation: tuple[object, ...]) -> Outlook:
        """Read the odds engine's distribution; without exact odds, a plain guess of 1 a blow.

        The odds do not depend on the target's HP: they are kept by the rest of the key.
        """
        if not self.exact:
            return Outlook(1.0, 0.0, 0.0)
        if situation in self.odds:
            odds = self.odds[situation]
        else:
            try:
                odds = attack_odds(self.ruleset, ctx)
            except ArenaError:
                odds = None
            self.odds[situation] = odds
        if odds is None:
            return Outlook(0.0, 0.0, 0.0)
        damage, kill = self._spread(odds.damage, hp)
        ff = float(odds.friendly_fire) if odds.friendly_fire is not None else 0.0
        return Outlook(damage, kill, ff)

    def _spread(self, dist: Dist, hp: int) -> tuple[float, float]:
        """The mean of `dist` capped at `hp` and the chance it reaches `hp`, exactly summed.

        Kept per distribution and HP; the entry holds the distribution, so its id stays its
        (checked: an id is only trusted while the entry keeps that distribution alive).
        """
        key = (id(dist), hp)
        found = _SPREADS.get(key)
        if found is not None and found[0] is dist:
            return found[1], found[2]
        cap, total, kill = max(hp, 0), 0, 0  # integer weights: exact sums, one Fraction
        for v, w in dist.weights.items():
            total += (v if v < cap else cap) * w
            if v >= hp:
                kill += w
        mean, chance = float(Fraction(total) / dist.total), kill / dist.total
        if len(_SPREADS) >= SPREADS:
            _SPREADS.clear()
        _SPREADS[key] = (dist, mean, chance)
        return mean, chance
