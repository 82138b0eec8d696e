"""The attack context the engine builds quickly is the one read off the map field by field."""

from __future__ import annotations

import dataclasses
import json

import esper
import pytest

from arena.assets import load_library, load_scenario
from arena.battle.core import Battle
from arena.ecs import occupancy, queries
from arena.ecs.attacks import AttackSystem, bystanders
from arena.ecs.components import (
    ActionPoints,
    Conditions,
    Dead,
    Facing,
    Health,
    Momentum,
    Position,
    Side,
    Stats,
    TurnMemory,
    Wielded,
    Worn,
)
from arena.ecs.cover import cover_quarters
from arena.hexgrid import DIRECTIONS, direction_to, hex_distance, relative_position
from arena.model.commands import Attack
from arena.replay.snapshot import restore, take
from arena.rules import get_ruleset
from arena.rules.base import AttackContext

SCENARIOS = ("skirmish", "adnd-archers", "d40-brawl", "becmi-raid", "ap-ambush")


def flanking_by_scan(defender: int) -> tuple[bool, int]:
    """Flanking as first written: every living combatant checked for adjacency."""
    side = esper.component_for_entity(defender, Side).index
    there = esper.component_for_entity(defender, Position).hex
    foes = {DIRECTIONS.index(pos.hex - there)
            for e, (pos, s) in esper.get_components(Position, Side)
            if s.index != side and hex_distance(pos.hex, there) == 1
            and esper.has_component(e, Health) and not esper.has_component(e, Dead)}
    return any((d + 3) % 6 in foes for d in foes), len(foes)


def context_by_lookups(attacks: AttackSystem, actor: int, target: int, slot: int) -> AttackContext:
    """The context as the engine built it before issue 15: a lookup per component, by keyword."""
    component = esper.component_for_entity
    wielded = list(component(actor, Wielded).weapons)
    unarmed = attacks.ruleset.unarmed
    weapons = [*wielded, unarmed] if unarmed else wielded
    weapon = weapons[slot]
    here, there = component(actor, Position).hex, component(target, Position).hex
    flanked, adjacent_foes = flanking_by_scan(target)
    memory = component(actor, TurnMemory)
    momentum = component(actor, Momentum)
    run_up = (momentum.steps if momentum.direction is not None
              and momentum.direction == direction_to(here, there) else 0)
    worn = esper.try_component(actor, Worn), esper.try_component(target, Worn)
    return AttackContext(
        attacker=component(actor, Stats).block,
        defender=component(target, Stats).block,
        weapon=weapon,
        distance=hex_distance(here, there),
        position=relative_position(there, component(target, Facing).direction, here),
        here=here,
        there=there,
        options=frozenset(),
        run_up=run_up,
        cover=cover_quarters(attacks.hexmap, here, there) if weapon.is_ranged else 0,
        flanked=flanked,
        adjacent_foes=adjacent_foes,
        attacker_conditions=frozenset(component(actor, Conditions).rounds),
        defender_conditions=frozenset(component(target, Conditions).rounds),
        off_turn=False,
        slot=slot,
        wielded=tuple(weapons),
        primary_attacked_target=target in memory.primary_targets,
        weapon_attacks=memory.attacks,
        turn_weapons=tuple(memory.weapons),
        turn_options=frozenset(memory.options),
        bystanders=bystanders(actor, target) if attacks.ruleset.wants_bystanders else (),
        defender_wielded=tuple(component(target, Wielded).weapons),
        attacker_buffs=attacks.buffs(actor) if attacks.buffs is not None else frozenset(),
        attacker_shield=None if worn[0] is None else worn[0].shield,
        defender_shield=None if worn[1] is None else worn[1].shield,
    )


def assert_contexts_match(battle: Battle) -> int:
    """Every living pair of enemies and weapon: `context` and `plan` read what lookups read."""
    attacks = battle.attacks
    checked = 0
    for actor in queries.living():
        for target in queries.enemies_of(actor):
            for slot in range(len(attacks.weapons(actor))):
                expected = context_by_lookups(attacks, actor, target, slot)
                ctx = attacks.context(actor, target, slot)
                assert {f.name for f in dataclasses.fields(ctx)} <= set(dir(ctx))
                assert ctx == expected, (actor, target, slot)
                plan = attacks.plan(Attack(actor, target, slot))
                if not isinstance(plan, str):
                    assert plan[0] == expected, (actor, target, slot)
                checked += 1
    return checked


@pytest.mark.slow
@pytest.mark.parametrize("name", SCENARIOS)
def test_engine_context_is_the_map_read_in_full(name: str) -> None:
    """Filled field by field from kept references and a memo, it equals the lookup-built one."""
    scenario = load_scenario(name, load_library(), None)
    checked = 0
    with Battle(scenario, get_ruleset(scenario.ruleset), 3) as battle:
        for step in range(200):
            if battle.over:
                break
            if step % 7 == 0:
                checked += assert_contexts_match(battle)
            battle.apply(battle.decide())
        checked += assert_contexts_match(battle)
    assert checked > 50


def assert_parts_are_the_components(battle: Battle) -> None:
    """Each kept reference is the component object esper holds now."""
    parts = battle.attacks.parts
    if parts.index is not occupancy.index():
        return  # not yet asked for in this world: fetched afresh when first asked
    component = esper.component_for_entity
    for entity, kept in parts.known.items():
        assert kept.position is component(entity, Position)
        assert kept.facing is component(entity, Facing)
        assert kept.health is component(entity, Health)
        assert kept.points is component(entity, ActionPoints)
        assert kept.stats is component(entity, Stats)
        assert kept.wielded is component(entity, Wielded)
        assert kept.conditions is component(entity, Conditions)
        assert kept.momentum is component(entity, Momentum)
        assert kept.memory is component(entity, TurnMemory)
        assert kept.worn is esper.try_component(entity, Worn)


@pytest.mark.slow
@pytest.mark.parametrize("name", SCENARIOS)
def test_kept_component_references_stay_the_components_through_a_battle(name: str) -> None:
    """No system replaces a combatant's lasting components: moves, blows, drops, deaths."""
    scenario = load_scenario(name, load_library(), None)
    with Battle(scenario, get_ruleset(scenario.ruleset), 5) as battle:
        for _ in range(300):
            if battle.over:
                break
            battle.apply(battle.decide())
            assert_parts_are_the_components(battle)
        assert battle.attacks.parts.known  # the attacks did keep references


def test_kept_component_references_are_fetched_again_after_a_snapshot_restore() -> None:
    """A restore rebuilds the world's components; the references follow the new ones."""
    scenario = load_scenario("skirmish", load_library(), None)
    with Battle(scenario, get_ruleset(scenario.ruleset), 5) as battle:
        early = json.loads(json.dumps(take(battle)))
        for _ in range(40):
            battle.apply(battle.decide())
        before = dict(battle.attacks.parts.known)
        assert before
        restore(battle, early)
        for _ in range(40):
            battle.apply(battle.decide())
            assert_parts_are_the_components(battle)
        after = battle.attacks.parts.known
        assert all(after[e] is not before[e] for e in set(before) & set(after))
        assert_contexts_match(battle)
