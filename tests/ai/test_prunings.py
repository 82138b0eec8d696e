"""The AI's prunings for big battles answer exactly as the full scans they skip."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from arena.ai import candidates as ai_candidates
from arena.ai.candidates import APPROACHES, Planner
from arena.ai.imagine import OddsCache
from arena.assets import load_library, load_scenario
from arena.battle.core import Battle
from arena.ecs import queries
from arena.ecs.cover import obstructed
from arena.hexgrid import Hex, hex_distance, hex_line, hex_neighbors, hexagon
from arena.model.terrain import HexMap
from arena.rules import get_ruleset


def pillared_map(radius: int) -> HexMap:
    """A map of floor with a pillar on every 7th hex (in a pattern) and off-map edges."""
    terrain = load_library().terrain
    cells = {h: terrain["pillar"] if (h.q * 3 + h.r * 5) % 7 == 0 else terrain["floor"]
             for h in sorted(hexagon(radius))}
    return HexMap("pillars", "Pillars", radius, cells)


def decisions(name: str, seed: int, count: int) -> Iterator[tuple[Battle, int, Planner]]:
    """Up to `count` AI decisions of a battle: the battle, the active combatant and a planner
    reset for it; the AI's command is applied after each."""
    scenario = load_scenario(name, load_library(), None)
    ruleset = get_ruleset(scenario.ruleset)
    with Battle(scenario, ruleset, seed) as battle:
        for _ in range(count):
            if battle.over:
                return
            actor = battle.active
            assert actor is not None
            planner = Planner(battle.attacks, battle.movement, OddsCache(ruleset))
            planner.reset()
            yield battle, actor, planner
            battle.apply(battle.decide())


def test_obstructed_equals_walking_the_drawn_line_for_both_nudges() -> None:
    hexmap = pillared_map(6)
    hexes = sorted(hexmap.cells)[::3]
    outside = [Hex(9, 0), Hex(-4, 9)]  # off the map: lines through it are blocked
    differed = 0
    for a in hexes:
        for b in [*hexes, *outside]:
            n = hex_distance(a, b)
            for nudge in (1, -1):
                drawn = any(hexmap.blocks_sight(h) for h in hex_line(a, b, nudge, 1, n))
                assert obstructed(hexmap, a, b, nudge) == drawn, (a, b, nudge)
            differed += obstructed(hexmap, a, b, 1) != obstructed(hexmap, a, b, -1)
    assert differed  # the nudges matter on this map: both sides of a tie are checked


@pytest.mark.parametrize("kept", [1, 2, APPROACHES])
def test_nearest_goals_keep_the_nearest_approaches_of_a_scan_over_every_enemy(
        kept: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai_candidates, "APPROACHES", kept)  # fewer kept: more enemies skipped
    checked = pruned = 0
    for battle, actor, planner in decisions("skirmish", 3, 60):
        enemies = planner.enemies(actor)
        paths = battle.movement.paths_from(actor)
        taken = planner.scene.occupants
        every = []
        for enemy in enemies:
            free = [(d, h.q, h.r) for h in hex_neighbors(queries.hex_of(enemy))
                    if h not in taken for d in (paths.distance(h),)
                    if d is not None and d > 0]
            if free:
                d, q, r = min(free)
                every.append((d, enemy, Hex(q, r)))
        every.sort(key=lambda g: (g[0], g[1]))
        found = planner.nearest_goals(actor, paths, enemies, taken)
        assert found[:kept] == every[:kept]
        checked += 1
        pruned += len(found) < len(every)
    assert checked >= 20
    assert pruned or kept == APPROACHES  # the pruning was exercised


def test_distance_field_equals_a_pathfinder_rooted_at_every_goal() -> None:
    import numpy as np  # noqa: PLC0415 - as the AI: numpy only where a field is built
    import tcod.path  # noqa: PLC0415

    from arena.ai.field import Field  # noqa: PLC0415
    from arena.ecs.pathing import AXIAL_EDGES, terrain_costs  # noqa: PLC0415

    hexmap = load_scenario("skirmish", load_library(), None).map
    base = terrain_costs(hexmap)
    radius = hexmap.radius
    hexes = sorted(h for h in hexmap.cells if hexmap.passable(h))
    for k in range(1, 8):
        blocked = hexes[k::7 + k]
        goals = [h for h in hexes[::5 * k + 3] if h not in blocked]
        field = Field(base, radius, goals, blocked)
        costs = base.copy()
        for h in blocked:
            costs[h.r + radius, h.q + radius] = 0
        graph = tcod.path.CustomGraph(costs.shape)
        graph.add_edges(edge_map=AXIAL_EDGES, cost=costs)
        finder = tcod.path.Pathfinder(graph)
        for g in goals:
            finder.add_root((g.r + radius, g.q + radius))
        finder.resolve()
        assert field.distance is not None
        assert np.array_equal(field.distance, finder.distance)
    assert Field(base, radius, [], []).get(hexes[0]) is None  # no goal: nothing reachable


def test_odds_are_shared_by_contexts_alike_in_value_but_not_across_shields(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses  # noqa: PLC0415

    from arena.model.stats import StatBlock  # noqa: PLC0415

    scenario = load_scenario("skirmish", load_library(), None)
    ruleset = get_ruleset(scenario.ruleset)
    odds = OddsCache(ruleset)
    weighed: list[object] = []
    weigh = odds._weigh
    monkeypatch.setattr(odds, "_weigh",
                        lambda ctx, hp, key: weighed.append(ctx) or weigh(ctx, hp, key))
    with Battle(scenario, ruleset, 1) as battle:
        actor = battle.active
        assert actor is not None
        target = queries.enemies_of(actor)[0]
        ctx = battle.attacks.context(actor, target, 0)
        first = odds.outlook(ctx, target)
        twin = StatBlock(ctx.attacker.ruleset, dict(ctx.attacker.values))  # another object
        same = odds.outlook(dataclasses.replace(ctx, attacker=twin), target)
        assert same == first and len(weighed) == 1  # alike in value: weighed once
        shield = load_library().armour["round_shield"]
        third = StatBlock(ctx.attacker.ruleset, dict(ctx.attacker.values))
        odds.outlook(dataclasses.replace(ctx, attacker=third, defender_shield=shield), target)
        assert len(weighed) == 2  # the shield is read by the odds (d40): not alike


def test_the_scene_is_read_again_only_after_a_move_or_a_death() -> None:
    from arena.ai.field import read_scene  # noqa: PLC0415
    from arena.ecs.occupancy import index  # noqa: PLC0415

    scenario = load_scenario("skirmish", load_library(), None)
    with Battle(scenario, get_ruleset(scenario.ruleset), 2) as battle:
        scene = read_scene()
        assert read_scene(scene) is scene
        for _ in range(40):
            before = index().version
            battle.apply(battle.decide())
            fresh = read_scene(scene)
            assert (fresh is scene) == (index().version == before)
            assert fresh.hexes == {e: queries.hex_of(e) for e in queries.living()}
            scene = fresh


def test_reactors_are_the_enemies_with_a_reaction_slot() -> None:
    scenario = load_scenario("skirmish", load_library(), None)
    with Battle(scenario, get_ruleset(scenario.ruleset), 4) as battle:
        seen = 0
        for _ in range(80):
            if battle.over:
                break
            reactions = battle.reactions
            for actor in queries.living():
                every = [e for e in queries.enemies_of(actor)
                         if reactions.reaction_slot(e, actor) is not None]
                assert reactions.reactors(actor) == every
                seen += bool(every)
            battle.apply(battle.decide())
        assert seen  # some combatants were threatened


@pytest.mark.slow
def test_threat_contexts_are_the_engines_contexts_of_each_slot_in_the_next_turn() -> None:
    from arena.ai.threats import next_turn  # noqa: PLC0415

    checked = 0
    for name in ("skirmish", "adnd-archers", "d40-brawl", "becmi-raid"):
        for battle, _, planner in decisions(name, 5, 30):
            for actor in queries.living():
                for enemy in queries.enemies_of(actor):
                    derived = planner.threat_contexts(enemy, actor)
                    slots = battle.attacks.weapons(enemy)
                    assert len(derived) == len(slots)
                    for slot, ctx in enumerate(derived):
                        engine = next_turn(battle.attacks.context(enemy, actor, slot))
                        engine.cover = ctx.cover = 0  # a threat is weighed in the open
                        assert ctx == engine, (name, enemy, actor, slot)
                        checked += 1
    assert checked > 1000


def test_enemies_left_out_of_the_attacks_from_here_offer_no_attack() -> None:
    checked = skipped = 0
    for name in ("skirmish", "adnd-archers", "becmi-raid"):
        for _, actor, planner in decisions(name, 6, 40):
            here = queries.hex_of(actor)
            enemies = planner.enemies(actor)
            kept = planner.strikable(actor, here, enemies)
            ap = 99  # every attack's AP affordable: only reach, sight and cover decide
            for enemy in enemies:
                if enemy not in kept:
                    assert not list(planner.strikes(actor, enemy, here, [here], ap))
                    skipped += 1
                checked += 1
    assert checked and skipped  # the filter was exercised
