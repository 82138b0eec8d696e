"""Attack system: checks reach, sight and AP, asks the ruleset, applies damage and death.

It hands the battle's door a plan of an attack (`attack`) and, once rolled (`strike`), the
effects left to apply: the door pays, offers reactions their opening and applies the effects.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import esper

from arena.dice import Dice
from arena.ecs import occupancy, queries
from arena.ecs.auras import buffs_on
from arena.ecs.components import (
    Facing,
    Item,
    Position,
    Wielded,
)
from arena.ecs.cover import FULL, cover_quarters
from arena.ecs.effects import EffectSystem
from arena.ecs.events import Attacked, Died, Event, WeaponDropped
from arena.ecs.parts import Parts, PartsCache
from arena.ecs.plans import Aftermath, Plan
from arena.hexgrid import (
    Hex,
    direction_to,
    hex_angle,
    hex_distance,
    hex_neighbors,
    relative_position,
)
from arena.model.commands import Attack
from arena.model.stats import Weapon
from arena.model.terrain import HexMap
from arena.rules.base import Action, AttackContext, AttackResult, Bystander, Extras, Ruleset

Struck = tuple[list[Event], Aftermath | None]  # a rolled attack's events, what it leaves
# A `strike` effect option: the thrown weapon whose miss set off the strike flies on into it.
THROWN_FOLLOWS = "thrown_follows"
NOTHING: frozenset[str] = frozenset()
# Pure functions of hexes every attack asks for: remembered, not worked out again (bounded:
# the recent pairs are the ones asked again; a big battle's AI would otherwise fill them).
position_of = lru_cache(maxsize=4096)(relative_position)
direction_of = lru_cache(maxsize=4096)(direction_to)


@lru_cache(maxsize=16384)
def _around(h: Hex) -> tuple[tuple[int, Hex], ...]:
    """The six neighbours of `h` with their directions (built once per hex, not per attack)."""
    return tuple(enumerate(hex_neighbors(h)))


def surroundings(defender: int) -> tuple[bool, int]:
    """Whether the defender's enemies flank it (two opposite hexes) and how many are adjacent."""
    index = occupancy.index()
    side = index.side.get(defender)
    if side is None:  # fallen: no longer in the index
        side = queries.side_of(defender)
    return flanking(index, side, queries.hex_of(defender))


def flanking(index: occupancy.Occupancy, side: int, there: Hex) -> tuple[bool, int]:
    """`surroundings` of a combatant of `side` on `there`."""
    at, sides = index.at, index.side
    foes = [d for d, h in _around(there) if (e := at.get(h)) is not None and sides[e] != side]
    if len(foes) < 2:
        return False, len(foes)
    return any((d + 3) % 6 in foes for d in foes), len(foes)


def bystanders(actor: int, target: int) -> tuple[Bystander, ...]:
    """Every other living combatant, seen from the attacker and the target, by entity id."""
    here, there = queries.hex_of(actor), queries.hex_of(target)
    side = queries.side_of(actor)
    facing = esper.component_for_entity(actor, Facing).direction
    return tuple(
        Bystander(
            entity=e,
            ally=queries.side_of(e) == side,
            distance=hex_distance(here, h),
            beyond=hex_distance(there, h),
            angle=hex_angle(here, there, h) if h != there else 0.0,
            position=relative_position(here, facing, h),
        )
        for e in queries.living() if e not in (actor, target)
        for h in (queries.hex_of(e),)
    )


def carried_on(result: AttackResult, thrown: list[Weapon]) -> Weapon | None:
    """The thrown weapon that missed but flies on into a strike it set off (`thrown_follows`)."""
    follows = any(e.kind == "strike" and e.who == "attacker" and THROWN_FOLLOWS in e.options
                  for e in result.effects)
    return thrown[0] if thrown and follows and not result.hit else None


class AttackSystem:
    """Turns an Attack command into a ruleset resolution on the map."""

    def __init__(
        self, ruleset: Ruleset, dice: Dice, hexmap: HexMap, effects: EffectSystem
    ) -> None:
        self.ruleset = ruleset
        self.dice = dice
        self.hexmap = hexmap
        self.effects = effects
        self.maneuvers = frozenset(name for name, _ in ruleset.maneuvers)
        self.unarmed = (ruleset.unarmed,) if ruleset.unarmed else ()
        # Only rulesets with buffs pay for looking them up.
        self.chants = isinstance(ruleset, Extras)
        self.parts = PartsCache()
        # Flanking by (hex, side), while the occupancy index stays at `_flanks_at`: it reads
        # only who stands where, which changes only with the index's version.
        self._flanks: dict[tuple[Hex, int], tuple[bool, int]] = {}
        self._flanks_at: tuple[occupancy.Occupancy | None, int] = (None, 0)

    def weapons(self, actor: int) -> list[Weapon]:
        """The attacker's choice of weapons: what it wields, then the ruleset's unarmed strike."""
        return [*esper.component_for_entity(actor, Wielded).weapons, *self.unarmed]

    def flanking(self, index: occupancy.Occupancy, side: int, there: Hex) -> tuple[bool, int]:
        """`surroundings` of a combatant of `side` on `there`, remembered until anyone moves."""
        if self._flanks_at[0] is not index or self._flanks_at[1] != index.version:
            self._flanks, self._flanks_at = {}, (index, index.version)
        found = self._flanks.get((there, side))
        if found is None:
            found = self._flanks[there, side] = flanking(index, side, there)
        return found

    def context(
        self, actor: int, target: int, slot: int, options: tuple[str, ...] = (),
        off_turn: bool = False, weapon: Weapon | None = None,
        weapons: list[Weapon] | None = None, distance: int | None = None,
    ) -> AttackContext:
        """The situation of an attack as the map shows it now (`weapon` instead of `slot`'s).

        `weapons` and `distance` are `self.weapons(actor)` and the hexes between the two when
        the caller has them already.
        """
        index = occupancy.index()
        known = self.parts.check(index)
        mine = known.get(actor) or self.parts.of(actor)
        theirs = known.get(target) or self.parts.of(target)
        if weapons is None:
            weapons = [*mine.wielded.weapons, *self.unarmed]
        if weapon is None:
            weapon = weapons[slot]
        elif weapon in weapons:
            slot = weapons.index(weapon)
        here, there = mine.position.hex, theirs.position.hex
        side = index.side.get(target)
        return self._situation(
            actor, target, mine, theirs, slot, weapon, weapons, here, there, options, off_turn,
            hex_distance(here, there) if distance is None else distance,
            self.flanking(index, queries.side_of(target) if side is None else side, there))

    def _situation(
        self, actor: int, target: int, mine: Parts, theirs: Parts, slot: int, weapon: Weapon,
        weapons: Sequence[Weapon], here: Hex, there: Hex, options: tuple[str, ...],
        off_turn: bool, distance: int, surrounded: tuple[bool, int],
    ) -> AttackContext:
        """The context of `context`, once the weapon, both hexes and the flanking are known."""
        memory = mine.memory
        momentum = mine.momentum
        conditions, defender_conditions = mine.conditions.rounds, theirs.conditions.rounds
        # Filled field by field: the dataclass's keyword `__init__` matches 26 names one by one
        # (a third of the context's cost). `test_engine_context_is_the_map_read_in_full` pins
        # that every field is set as the keyword-built record would have it.
        ctx = AttackContext.__new__(AttackContext)
        ctx.attacker = mine.stats.block
        ctx.defender = theirs.stats.block
        ctx.weapon = weapon
        ctx.distance = distance
        ctx.position = position_of(there, theirs.facing.direction, here)
        ctx.here = here
        ctx.there = there
        ctx.options = frozenset(options) if options else NOTHING
        ctx.run_up = (momentum.steps if momentum.direction is not None
                      and momentum.direction == direction_of(here, there) else 0)
        ctx.cover = cover_quarters(self.hexmap, here, there) if weapon.is_ranged else 0
        ctx.flanked, ctx.adjacent_foes = surrounded
        ctx.attacker_conditions = frozenset(conditions) if conditions else NOTHING
        ctx.defender_conditions = (frozenset(defender_conditions) if defender_conditions
                                   else NOTHING)
        ctx.off_turn = off_turn
        ctx.slot = slot
        ctx.wielded = weapons if isinstance(weapons, tuple) else tuple(weapons)
        ctx.primary_attacked_target = target in memory.primary_targets
        ctx.weapon_attacks = memory.attacks
        ctx.turn_weapons = tuple(memory.weapons)
        ctx.turn_options = frozenset(memory.options) if memory.options else NOTHING
        ctx.bystanders = bystanders(actor, target) if self.ruleset.wants_bystanders else ()
        ctx.defender_wielded = tuple(theirs.wielded.weapons)
        ctx.attacker_buffs = buffs_on(actor) if self.chants else NOTHING
        ctx.attacker_shield = None if mine.worn is None else mine.worn.shield
        ctx.defender_shield = None if theirs.worn is None else theirs.worn.shield
        return ctx

    def buffs(self, actor: int) -> frozenset[str]:
        """The buffs acting on `actor` as its attack's context reads them."""
        return buffs_on(actor) if self.chants else NOTHING

    def plan(
        self, command: Attack, off_turn: bool = False, paid: bool = False
    ) -> str | tuple[AttackContext, int]:
        """The attack's context and AP cost, or why it cannot be made; changes nothing.

        `paid` skips the AP check for an Open attack whose AP went before the reactions.
        """
        actor, target = command.actor, command.target
        index = occupancy.index()  # the living: their hexes and sides without a lookup each
        there = index.where.get(target)
        if there is None:
            return f"#{target} is not a living combatant"
        sides = index.side
        side = sides[target]
        mine_side = sides.get(actor)
        if side == (queries.side_of(actor) if mine_side is None else mine_side):
            return f"{queries.name_of(target)} is on your side"
        parts = self.parts
        known = parts.known if parts.index is index else parts.check(index)
        mine = known.get(actor) or parts.of(actor)
        here = mine.position.hex  # (an Open attack may resume after its maker fell)
        wielded = mine.wielded
        weapons = (*wielded.weapons, *self.unarmed)  # (the context's `wielded` as it is)
        if command.weapon >= len(weapons):
            return f"no weapon in slot {command.weapon} (wielding {len(weapons)})"
        weapon = weapons[command.weapon]
        if wielded.natural_only and command.weapon < len(wielded.weapons):
            refused = queries.weapon_refusal(actor, weapon)  # a beast throws nothing it took
            if refused is not None:
                return refused
        dq, dr = here[0] - there[0], here[1] - there[1]  # (`hex_distance`, inlined: as below,
        distance = (abs(dq) + abs(dr) + abs(dq + dr)) // 2  # every attack and AI look asks)
        ranged = weapon.kind != "melee"  # (`is_ranged`)
        if not ranged and distance > weapon.reach:
            return f"{weapon.name} reaches {weapon.reach} hex(es); target is {distance} away"
        if wielded.unloaded and weapon.id in wielded.unloaded:
            return f"{weapon.name} must be reloaded first"
        if command.options and not self.maneuvers.issuperset(command.options):
            unknown = sorted(set(command.options) - self.maneuvers)
            valid = ", ".join(sorted(self.maneuvers)) or "none"
            return f"unknown maneuver '{unknown[0]}' for {self.ruleset.name} (valid: {valid})"
        ctx = self._situation(actor, target, mine, known.get(target) or parts.of(target),
                              command.weapon, weapon, weapons, here, there, command.options,
                              off_turn, distance, self.flanking(index, side, there))
        if ranged and (ctx.cover >= FULL or not self.hexmap.sees(here, there)):
            return f"no line of sight to {queries.name_of(target)}"
        reason = self.ruleset.attack_refusal(ctx)
        if reason is not None:
            return reason
        cost = self.ruleset.attack_cost(ctx)
        if cost is None:
            when = "off-turn" if off_turn else "now"
            return f"this ruleset does not allow attacking with {weapon.name} {when}"
        ap = mine.points.current
        if cost > ap and not paid:
            return f"needs {cost} AP to attack with {weapon.name}, has {ap}"
        return ctx, cost

    def attack(self, command: Attack) -> str | Plan:
        """The plan of an attack on one's turn: its AP, its context, the turn to the target."""
        plan = self.plan(command)
        if isinstance(plan, str):
            return plan
        ctx, cost = plan
        action: Action = "melee" if ctx.weapon.kind == "melee" else "ranged"  # (`is_ranged`)
        return Plan(command, action, cost, ctx, (), direction_of(ctx.here, ctx.there))

    def free_attack(
        self, actor: int, target: int, options: tuple[str, ...], weapon: Weapon | None = None
    ) -> Struck:
        """A blow the rules grant or force (a free attack, friendly fire): no AP, no reach check.

        It is struck with `weapon` (the one whose attack caused it) or else the main weapon.
        """
        weapons = self.weapons(actor)
        if (not weapons and weapon is None) or queries.incapacity(self.ruleset, actor):
            return [], None  # a combatant that can take no actions strikes no free blow either
        ctx = self.context(actor, target, 0, options, off_turn=True, weapon=weapon)
        return self.strike(Attack(actor, target, ctx.slot, options), ctx, 0, True, free=True)

    def strike(
        self, command: Attack, ctx: AttackContext, cost: int, off_turn: bool, free: bool = False
    ) -> Struck:
        """Roll the attack (its AP paid) and apply its damage and death; its effects are left.

        They are left to the door (`Aftermath`), with a thrown weapon that flies on into a
        strike it set off; None when there are neither.
        """
        actor, target = command.actor, command.target
        known = self.parts.known  # both fetched by the plan or context this strike follows
        mine = known.get(actor) or self.parts.of(actor)
        weapon = ctx.weapon
        thrown: Weapon | None = None
        if free:
            pass
        elif "crossbow" in weapon.tags:
            mine.wielded.unloaded.append(weapon.id)
        elif weapon.kind == "thrown":
            # A thrown weapon leaves the hand and lies where the target stands.
            mine.wielded.weapons.remove(weapon)
            thrown = weapon
        if not off_turn:
            # The run-up ends with the blow (kept until then: a set spear may strike first).
            momentum = mine.momentum
            momentum.direction, momentum.steps = None, 0
            memory = mine.memory
            memory.attacks += 1
            memory.weapons.append(weapon.id)
            if command.options:
                memory.options.extend(sorted(set(command.options) - set(memory.options)))
            if command.weapon == 0:
                memory.primary_targets.append(target)
        result = self.ruleset.resolve_attack(ctx, self.dice)
        health = (known.get(target) or self.parts.of(target)).health
        if result.sublethal:
            health.sublethal += result.damage
        else:
            health.hp -= result.damage
        events: list[Event] = [
            Attacked(actor, target, weapon.id, ctx.distance, ctx.position, result, cost,
                     mine.points.current, health.hp, off_turn and not free, free)
        ]
        if health.hp <= 0 or health.sublethal >= health.hp:
            how = "slain" if health.hp <= 0 else "knocked out"
            occupancy.fell(target, queries.clock().round)
            events.append(Died(target, actor, how))
        carried = None
        if thrown is not None:
            carried = carried_on(result, [thrown])
            if carried is None:
                events.extend(self.thrown_lands(actor, thrown, result, ctx))
        if result.effects or carried is not None:
            return events, Aftermath(actor, target, result.effects, weapon, carried, ctx.there)
        return events, None

    def thrown_lands(
        self, actor: int, weapon: Weapon, result: AttackResult, ctx: AttackContext
    ) -> list[Event]:
        """Where a thrown weapon lies after its attack: by the target on a hit, else as it flew."""
        if result.hit:
            item = esper.create_entity(Item(weapon, actor), Position(ctx.there))
            return [WeaponDropped(actor, weapon.id, item, ctx.there, "is thrown")]
        spot, how = ctx.there, "is thrown"  # a miss may veer (d40), break on stone (adnd)
        if result.thrown_lands is not None:
            turn, hexes = result.thrown_lands
            heading = (direction_to(ctx.here, ctx.there) + turn) % 6
            spot, _, _ = self.effects.flight(ctx.there, heading, hexes)
            how = "is thrown and veers"
        return self.effects.land(actor, weapon, spot, how)

    def follow_through(
        self, actor: int, weapon: Weapon, applied: list[Event], there: Hex
    ) -> list[Event]:
        """Land a thrown weapon that flew on into the strike it set off (friendly fire).

        It lies by the combatant that strike hit, with no break check, as any thrown hit does;
        had the strike missed (or not happened) it lands as a miss there (or by the target).
        """
        struck = next((e for e in applied if isinstance(e, Attacked) and e.actor == actor
                       and e.free and e.weapon == weapon.id), None)
        spot = there if struck is None else queries.hex_of(struck.target)
        if struck is None or not struck.result.hit:
            return self.effects.land(actor, weapon, spot, "is thrown")
        item = esper.create_entity(Item(weapon, actor), Position(spot))
        return [WeaponDropped(actor, weapon.id, item, spot, "is thrown")]
