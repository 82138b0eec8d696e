"""A read-only snapshot of a battle for the layers above it, so they never touch esper.

`snapshot(battle)` copies what a screen shows (combatants, items on the ground, the clock),
`clock(battle)` only the clock; `path_to` and `attack_plan` answer a front end's "what if"
questions without changing anything.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import esper

from arena.battle.core import Battle
from arena.battle.letters import distinct_letters
from arena.ecs import queries
from arena.ecs.auras import Auras
from arena.ecs.components import (
    ActionPoints,
    Carried,
    Conditions,
    Dead,
    Facing,
    Health,
    Identity,
    Item,
    LyingShield,
    Pack,
    Position,
    Side,
    Stats,
    Wielded,
    Worn,
)
from arena.hexgrid import Hex
from arena.model.commands import COMMAND_TYPES, Attack, Command, command_from_json
from arena.model.scenario import SideSpec
from arena.model.stats import Armour, Weapon
from arena.model.terrain import HexMap
from arena.rules.base import AttackContext, Buff, Extras


@dataclass(frozen=True, slots=True)
class ConditionView:
    """A condition on a combatant: `rounds` left (0: until removed), `amount` its strength."""

    name: str
    rounds: int
    amount: int


@dataclass(frozen=True, slots=True)
class AuraView:
    """An area buff a combatant keeps up: `left` rounds to go (0: while it does nothing else)."""

    buff: str
    radius: int
    left: int


@dataclass(frozen=True, slots=True)
class CombatantView:
    """One combatant as the screen shows it.

    `weapons` are the weapons in hand; `arms` what an Attack's weapon slot indexes (the weapons
    in hand, then any unarmed strike the ruleset offers); `spares` the carried weapons a Draw
    indexes; `unloaded` the slots of `weapons` that need a Reload. `auras` are the buffs it
    keeps up, `buffs` those acting on it (`chant` from its side, `chant_foe` from an enemy).
    """

    id: int
    name: str
    glyph: str
    side: int
    hex: Hex
    facing: int
    hp: int
    max_hp: int
    ap: int
    max_ap: int
    weapons: tuple[Weapon, ...]
    arms: tuple[Weapon, ...]
    armour: str
    conditions: tuple[ConditionView, ...]
    alive: bool
    spares: tuple[Weapon, ...] = ()
    unloaded: tuple[int, ...] = ()
    auras: tuple[AuraView, ...] = ()
    buffs: tuple[str, ...] = ()
    shield: str = ""
    supplies: tuple[str, ...] = ()  # the pack's consumables by name, in `UseItem` index order
    ac: int | None = None  # armour class in battle (base + armour + shield), None: no `ac`
    template: str = ""  # the template it was made from


@dataclass(frozen=True, slots=True)
class ItemView:
    """A weapon (or a shield knocked off an arm) lying on a hex."""

    id: int
    hex: Hex
    weapon: Weapon | Armour


@dataclass(frozen=True, slots=True)
class ReactionView:
    """An Open action on offer: `reactor` decides whether to strike `target` as it acts.

    `first` names the blow struck first against `target`'s attack (a spear set against a
    charge), '' for an Action of Opportunity.
    """

    target: int
    action: str
    reactor: int
    first: str = ""


@dataclass(frozen=True, slots=True)
class ClockView:
    """The battle's turn state: round, acting order, whose turn it is, and how it ended.

    `turn` is None between turns and once the battle is over; `winner` is None while it goes
    on and when nobody won.
    """

    round: int
    order: tuple[int, ...]
    turn: int | None
    over: bool
    winner: int | None
    reason: str


@dataclass(frozen=True, slots=True)
class BattleView:
    """Everything a front end draws, copied out of the battle at one moment.

    `turn` is whose turn it is; `active` who must decide next: the same, except while an
    enemy decides on an Action of Opportunity (`reaction`). `maneuvers` are the ruleset's
    (name, help) attack options, `buffs` the names of its area buffs (none without `Extras`).
    """

    title: str
    ruleset: str
    seed: int
    map: HexMap
    sides: tuple[SideSpec, ...]
    round: int
    order: tuple[int, ...]
    turn: int | None
    active: int | None
    reaction: ReactionView | None
    over: bool
    winner: int | None
    reason: str
    combatants: tuple[CombatantView, ...]
    items: tuple[ItemView, ...]
    maneuvers: tuple[tuple[str, str], ...] = ()
    buffs: tuple[str, ...] = ()

    def combatant(self, entity: int | None) -> CombatantView | None:
        """The combatant with this id, or None."""
        return next((c for c in self.combatants if c.id == entity), None)

    def standing_at(self, h: Hex) -> CombatantView | None:
        """The living combatant on `h`, or None."""
        return next((c for c in self.combatants if c.alive and c.hex == h), None)

    def fallen_at(self, h: Hex) -> tuple[CombatantView, ...]:
        """The fallen combatants lying on `h`."""
        return tuple(c for c in self.combatants if not c.alive and c.hex == h)

    def items_at(self, h: Hex) -> tuple[ItemView, ...]:
        """The items lying on `h`, lowest id first."""
        return tuple(i for i in self.items if i.hex == h)

    def enemies_of(self, entity: int) -> tuple[CombatantView, ...]:
        """Living combatants of other sides than `entity`'s, in id order."""
        me = self.combatant(entity)
        side = me.side if me is not None else -1
        return tuple(c for c in self.combatants if c.alive and c.side != side)


def _arms(battle: Battle, entity: int, weapons: tuple[Weapon, ...]) -> tuple[Weapon, ...]:
    """The attack choices: the attack system's list where it keeps one, else the weapons."""
    choices: Any = getattr(battle.attacks, "weapons", None)
    return tuple(choices(entity)) if callable(choices) else weapons


def _combatant(battle: Battle, entity: int, ident: Identity) -> CombatantView:
    """Copy one combatant's components."""
    health = esper.component_for_entity(entity, Health)
    ap = esper.component_for_entity(entity, ActionPoints)
    worn_by = esper.component_for_entity(entity, Worn)
    worn, block = worn_by.armour, esper.component_for_entity(entity, Stats).block
    conditions = esper.try_component(entity, Conditions)
    pack = esper.try_component(entity, Pack)
    wielded = esper.component_for_entity(entity, Wielded)
    weapons = tuple(wielded.weapons)
    carried = esper.try_component(entity, Carried)
    auras = esper.try_component(entity, Auras)
    alive = not esper.has_component(entity, Dead)
    return CombatantView(
        id=entity,
        name=ident.name,
        glyph=ident.glyph,
        side=esper.component_for_entity(entity, Side).index,
        hex=esper.component_for_entity(entity, Position).hex,
        facing=esper.component_for_entity(entity, Facing).direction,
        hp=health.hp,
        max_hp=health.max_hp,
        ap=ap.current,
        max_ap=ap.maximum,
        weapons=weapons,
        arms=_arms(battle, entity, weapons),
        armour=worn.name if worn is not None else "",
        shield=worn_by.shield.name if worn_by.shield is not None else "",
        supplies=tuple(s.name for s in pack.supplies) if pack is not None else (),
        ac=block.number("ac") if "ac" in block.values else None,
        conditions=tuple(
            ConditionView(name, rounds, conditions.amounts.get(name, 0))
            for name, rounds in sorted(conditions.rounds.items())
        ) if conditions is not None else (),
        alive=alive,
        spares=tuple(carried.weapons) if carried is not None else (),
        unloaded=tuple(i for i, w in enumerate(weapons) if w.id in wielded.unloaded),
        auras=tuple(AuraView(a.buff.name, a.buff.radius, a.left)
                    for a in auras.active) if auras is not None else (),
        buffs=tuple(sorted(battle.auras.buffs_on(entity))) if alive else (),
        template=ident.template,
    )


def _pending(battle: Battle) -> tuple[Any, Any]:
    """The battle's reaction system and what it waits on (None when nothing is pending)."""
    battle.world.activate()
    system: Any = getattr(battle, "reactions", None)
    return system, (system.pending() if system is not None else None)


def reaction(battle: Battle) -> ReactionView | None:
    """The Action of Opportunity on offer, for engines that have reactions; else None."""
    system, pending = _pending(battle)
    if pending is None:
        return None
    target, opening = pending
    counter: Any = system.counter_of(target)
    if counter is not None:
        return ReactionView(target, counter.against, int(opening.reactors[0]), counter.name)
    return ReactionView(target, str(opening.command.type), int(opening.reactors[0]))


def clock(battle: Battle) -> ClockView:
    """The battle's turn state now; the battle is not changed."""
    battle.world.activate()
    now = queries.clock()
    return ClockView(now.round, now.order, now.active, now.over, now.winner, now.reason)


def snapshot(battle: Battle) -> BattleView:
    """Copy the battle's visible state; the battle is not changed."""
    active = battle.active
    now = clock(battle)
    identities = sorted(esper.get_component(Identity))
    drawn = tuple(_combatant(battle, e, ident) for e, ident in identities)
    combatants = tuple(c if c.glyph == g else replace(c, glyph=g)
                       for c, g in zip(drawn, distinct_letters(drawn), strict=True))
    lying: list[ItemView] = [ItemView(e, pos.hex, item.weapon)
                             for e, (item, pos) in esper.get_components(Item, Position)]
    lying += [ItemView(e, pos.hex, found.shield)
              for e, (found, pos) in esper.get_components(LyingShield, Position)]
    items = tuple(sorted(lying, key=lambda i: i.id))
    return BattleView(
        title=battle.scenario.name,
        ruleset=battle.ruleset.name,
        seed=battle.seed,
        map=battle.scenario.map,
        sides=battle.scenario.sides,
        round=now.round,
        order=now.order,
        turn=now.turn,
        active=active,
        reaction=reaction(battle),
        over=now.over,
        winner=now.winner,
        reason=now.reason,
        combatants=combatants,
        items=items,
        maneuvers=tuple(battle.ruleset.maneuvers),
        buffs=ruleset_buffs(battle),
    )


def path_to(battle: Battle, actor: int, to: Hex, ap: int | None = None) -> list[Hex] | None:
    """The walk from `actor`'s hex to `to`, both in (with `ap`: as far as they pay), or None."""
    battle.world.activate()
    paths = battle.movement.paths_from(actor)
    path, cost = paths.path_to(to), step_cost(battle)
    return path if path is None or ap is None or not cost else paths.affordable(path, ap // cost)


def step_cost(battle: Battle) -> int | None:
    """The AP one hex of walking costs on one's own turn, or None when moving is not allowed."""
    return battle.ruleset.action_cost("move", None, False)


def make_command(kind: str, **fields: object) -> Command | None:
    """A command of type `kind` built from its JSON form, or None if this engine lacks it.

    Commands newer than the front end (`stand_up`, `react`) are made this way, so the front end
    keeps working on an engine with or without them.
    """
    if kind not in COMMAND_TYPES:
        return None
    return command_from_json({"type": kind, **fields})


def known_buffs(battle: Battle, actor: int) -> tuple[Buff, ...]:
    """The ruleset's area buffs `actor` is able to start (used or not, affordable or not)."""
    battle.world.activate()
    found = (battle.auras.buff(actor, name) for name in ruleset_buffs(battle))
    return tuple(b for b in found if b is not None)


def ruleset_buffs(battle: Battle) -> tuple[str, ...]:
    """The names of the ruleset's area buffs; () for a ruleset without `Extras`."""
    return tuple(battle.ruleset.buffs) if isinstance(battle.ruleset, Extras) else ()


def attack_plan(battle: Battle, command: Attack) -> str | tuple[AttackContext, int]:
    """The attack's context and AP cost, or why it would be refused; changes nothing."""
    battle.world.activate()
    return battle.attacks.plan(command)


def reaction_plan(battle: Battle) -> tuple[int, int, AttackContext, int] | None:
    """The blow on offer to the deciding reactor: (reactor, target, context, AP), else None.

    For an Action of Opportunity it is the weapon the engine would strike with (off-turn); for
    a blow struck first (a set spear) the counter's weapon and maneuvers, free of AP.
    """
    system, pending = _pending(battle)
    if pending is None:
        return None
    target, opening = pending
    reactor = int(opening.reactors[0])
    counter: Any = system.counter_of(target)
    if counter is not None:
        slot = system.countered_slot(reactor, counter)
        if slot is None:
            return None
        weapon = battle.attacks.weapons(reactor)[slot]
        ctx = battle.attacks.context(reactor, target, slot, tuple(counter.options), True, weapon)
        return reactor, target, ctx, 0
    slot = system.reaction_slot(reactor, target)
    plan = None if slot is None else battle.attacks.plan(Attack(reactor, target, slot),
                                                         off_turn=True)
    if plan is None or isinstance(plan, str):
        return None
    return reactor, target, plan[0], plan[1]


@dataclass(frozen=True, slots=True)
class AttackCost:
    """One weapon's attack cost on one's turn and as an Action of Opportunity (None: never)."""

    weapon: str
    own: int | None
    off: int | None


def attack_costs(battle: Battle) -> tuple[tuple[AttackCost, ...], bool]:
    """Each weapon's attack cost and whether the ruleset allows one attack per turn.

    Asked of the ruleset itself with each living combatant's real attack at 1 hex (a second
    attack the same turn refused means one attack per turn); nothing is changed.
    """
    battle.world.activate()
    ruleset = battle.ruleset
    costs: dict[str, AttackCost] = {}
    once = False
    view = snapshot(battle)
    for c in (c for c in view.combatants if c.alive):
        foe = next(iter(view.enemies_of(c.id)), None)
        if foe is None:
            continue
        for slot, weapon in enumerate(c.arms):
            ctx = battle.attacks.context(c.id, foe.id, slot)
            near = replace(ctx, distance=1, weapon_attacks=0, off_turn=False)
            again = replace(near, weapon_attacks=1, turn_weapons=(weapon.id,))
            if ruleset.attack_refusal(near) is None and ruleset.attack_refusal(again):
                once = True
            reacts = ruleset.opens("move", None, ctx.defender)  # Actions of Opportunity exist
            off = ruleset.attack_cost(replace(near, off_turn=True)) if reacts else None
            costs.setdefault(weapon.name, AttackCost(weapon.name, ruleset.attack_cost(near), off))
    return tuple(costs[k] for k in sorted(costs)), once
