"""What-if attack situations for the AI: an attack as it would be from another hex, with odds.

The AI rates attacks it could make after a move. It takes the context the engine builds now
(`AttackSystem.context`) and re-reads what depends on where the attacker stands: distance,
where it stands relative to the defender's facing, run-up, cover, flanking, bystanders. The
exact odds of each distinct situation are cached for the whole battle (`OddsCache`).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import esper

from arena.ecs import queries
from arena.ecs.components import Facing, Health, Momentum, Side
from arena.ecs.cover import cover_quarters
from arena.errors import ArenaError
from arena.hexgrid import (
    Hex,
    direction_to,
    hex_angle,
    hex_distance,
    hex_neighbors,
    relative_position,
)
from arena.model.stats import StatBlock
from arena.model.terrain import HexMap
from arena.rules.base import AttackContext, Bystander, Ruleset
from arena.rules.odds import Odds, attack_odds


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
    toward = direction_to(end, target_hex)
    steps = 0
    for a, b in zip(reversed(path[:-1]), reversed(path[1:]), strict=True):
        if direction_to(a, b) != toward or hex_distance(a, b) != 1:
            return steps
        steps += 1
    momentum = esper.component_for_entity(actor, Momentum)
    return steps + (momentum.steps if momentum.direction == toward else 0)


def foes_around(defender: int, attacker: int, here: Hex,
                occupied: dict[Hex, int] | None = None) -> tuple[bool, int]:
    """The defender's flanking and adjacent foes with `attacker` standing on `here`.

    `occupied` (hex to combatant, as now) spares reading every combatant's place again.
    """
    side = esper.component_for_entity(defender, Side).index
    there = queries.hex_of(defender)
    if occupied is None:
        occupied = queries.occupants()
    spots = {h for h in hex_neighbors(there) for e in (occupied.get(h),)
             if e is not None and e != attacker
             and esper.component_for_entity(e, Side).index != side}
    if esper.component_for_entity(attacker, Side).index != side:
        spots.add(here)
    directions = {direction_to(there, h) for h in spots if hex_distance(h, there) == 1}
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
                              esper.component_for_entity(target, Facing).direction)
    flanked, adjacent = foes_around(target, actor, here, occupied)
    return dataclasses.replace(
        ctx, here=here, there=there, distance=hex_distance(here, there),
        position=relative_position(there, facing, here),
        run_up=run_up, flanked=flanked, adjacent_foes=adjacent,
        cover=cover_quarters(hexmap, here, there) if ctx.weapon.is_ranged else 0,
        bystanders=bystanders_from(actor, target, here) if wants_bystanders else (),
    )


def _key(ctx: AttackContext, hp: int) -> tuple[object, ...]:
    """A hashable summary of every field of the context that the odds can depend on."""
    return (id(ctx.attacker), id(ctx.defender), ctx.weapon.id, ctx.distance, ctx.position,
            tuple(sorted(ctx.options)), ctx.run_up, ctx.cover, ctx.flanked, ctx.adjacent_foes,
            tuple(sorted(ctx.attacker_conditions)), tuple(sorted(ctx.defender_conditions)),
            ctx.off_turn, ctx.slot, tuple(w.id for w in ctx.wielded),
            ctx.primary_attacked_target, ctx.weapon_attacks, ctx.turn_weapons,
            tuple(sorted(ctx.turn_options)), ctx.bystanders,
            tuple(w.id for w in ctx.defender_wielded), tuple(sorted(ctx.attacker_buffs)), hp)


class OddsCache:
    """Exact odds per distinct attack situation, kept for the battle (the AI asks often)."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.known: dict[tuple[object, ...], Outlook] = {}
        # The odds read only the context's values (not its hexes): contexts alike in every
        # field the odds can read share one outlook, whoever the combatants are.
        self.alike: dict[tuple[object, ...], Outlook] = {}
        self.blocks: dict[int, tuple[StatBlock, tuple[object, ...]]] = {}
        self.exact = ruleset.odds_function() is not None

    def outlook(self, ctx: AttackContext, target: int) -> Outlook:
        """Mean damage capped at the target's HP, kill chance and friendly-fire chance."""
        hp = esper.component_for_entity(target, Health).hp
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
                found = self.alike[alike] = self._weigh(ctx, hp)
            self.known[key] = found
        return found

    def _block(self, block: StatBlock) -> tuple[object, ...]:
        """A stat block by value (its numbers), remembered per block object."""
        found = self.blocks.get(id(block))
        if found is None or found[0] is not block:
            found = self.blocks[id(block)] = (block, (block.ruleset,
                                                      tuple(sorted(block.values.items()))))
        return found[1]

    def _weigh(self, ctx: AttackContext, hp: int) -> Outlook:
        """Read the odds engine's distribution; without exact odds, a plain guess of 1 a blow."""
        if not self.exact:
            return Outlook(1.0, 0.0, 0.0)
        try:
            odds: Odds = attack_odds(self.ruleset, ctx)
        except ArenaError:
            return Outlook(0.0, 0.0, 0.0)
        dist = odds.damage
        cap, total, kill = max(hp, 0), 0, 0  # integer weights: exact sums, one Fraction
        for v, w in dist.weights.items():
            total += (v if v < cap else cap) * w
            if v >= hp:
                kill += w
        capped = Fraction(total)
        ff = float(odds.friendly_fire) if odds.friendly_fire is not None else 0.0
        return Outlook(float(capped / dist.total), kill / dist.total, ff)
