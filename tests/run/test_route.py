"""The run's map (issue 29): a graph from the run seed alone, nodes whose contents never depend
on the road taken to them, and the rules of its steps."""

from __future__ import annotations

import pytest

from arena.errors import ArenaError
from arena.run.auto import ai_command, policy
from arena.run.config import RunConfig
from arena.run.engine import Run
from arena.run.fight import play_commands
from arena.run.route import (
    ACT,
    BOSS,
    CAMP,
    ELITE,
    EVENT,
    FIGHT,
    FIRST_ELITE,
    FIRST_MERCHANT,
    KINDS,
    MAX_STEPS,
    MERCHANT,
    Node,
    Route,
)
from tests.run.roads import first_road
from tests.run.test_run import LIBRARY

THEMES = ("cave", "forest", "ruins")


def shape(route: Route, steps: range) -> list[Node]:
    """Every node of `steps`, step by step."""
    return [n for s in steps for n in route.step_nodes(s)]


def test_the_map_comes_from_the_run_seed_alone() -> None:
    assert shape(Route(7, 12, THEMES), range(1, 13)) == shape(Route(7, 12, THEMES), range(1, 13))
    assert shape(Route(7, 12, THEMES), range(1, 13)) != shape(Route(8, 12, THEMES), range(1, 13))


def test_an_endless_map_draws_each_act_alike_whichever_act_is_reached_first() -> None:
    early, late = Route(5, None, THEMES), Route(5, None, THEMES)
    late.step_nodes(3 * ACT + 2)
    assert shape(early, range(1, 4 * ACT + 1)) == shape(late, range(1, 4 * ACT + 1))


@pytest.mark.parametrize("steps", [1, 3, 7, 8, 12, 15])
def test_each_step_keeps_the_map_s_rules(steps: int) -> None:
    for seed in range(1, 41):
        route = Route(seed, steps, THEMES)
        for step in range(1, steps + 1):
            nodes = route.step_nodes(step)
            kinds = {n.kind for n in nodes}
            boss = step % ACT == 0 or step == steps
            assert (kinds == {BOSS} and len(nodes) == 1) if boss else 2 <= len(nodes) <= 3
            if not boss and step == 1:
                assert kinds == {FIGHT}
            elif not boss and ((step + 1) % ACT == 0 or step + 1 == steps):
                assert kinds == {CAMP}  # the step before a boss: camps
            elif not boss and ((step + 2) % ACT == 0 or step + 2 == steps):
                assert CAMP not in kinds  # ... and none the step before that
            if step < FIRST_ELITE:
                assert ELITE not in kinds
            if step < FIRST_MERCHANT:
                assert MERCHANT not in kinds
            if step == steps:
                assert route.options(nodes[0].id) == []
                continue
            after = route.step_nodes(step + 1)
            reached = {m.id for n in nodes for m in route.options(n.id)}
            assert reached == {m.id for m in after}  # every node of the next step is reached
            for n in nodes:
                ways = route.options(n.id)
                assert len(ways) == len(after) if boss else 1 <= len(ways) <= 2


def test_every_kind_of_node_is_drawn_and_no_other() -> None:
    seen = {n.kind for seed in range(1, 41) for n in shape(Route(seed, 12, THEMES), range(1, 13))}
    assert seen == set(KINDS) == {FIGHT, ELITE, CAMP, EVENT, MERCHANT, BOSS}


def test_a_node_id_names_its_act_step_and_lane_and_a_foreign_id_is_refused() -> None:
    route = Route(3, 12, THEMES)
    node = route.step_nodes(8)[1]
    assert node.id == "a2s8n1" and route.node("a2s8n1") == node
    for bad in ("a1s13n0", "a1s1n9", "s1n0", "a1s99999n0", ""):
        with pytest.raises(ArenaError, match="has no node"):
            route.node(bad)
    with pytest.raises(ArenaError, match=f"--steps must be 1..{MAX_STEPS}"):
        Route(3, 0, THEMES)


def _fight_and_camp(run: Run) -> None:
    """Fight the node reached with the AI on both sides, then take the auto policy's camp."""
    bout = run.prepare()
    with run.battle(bout) as battle:
        play_commands(run, bout, battle, ai_command, fallback=True)
        run.finish(bout, battle)
    assert not run.over
    camp = run.camp()
    run.make_camp(camp, policy(camp))


def _two_roads(ruleset: str) -> tuple[int, str, str, str]:
    """A seed whose step-2 fight is reached from two step-1 fights: (seed, first, second, it)."""
    for seed in range(1, 200):
        route = Route(seed, 12, sorted(Run(RunConfig(ruleset, seed, 12), LIBRARY)
                                       .materials.themes))
        for node in route.step_nodes(2):
            came = [n.id for n in route.step_nodes(1) if node.id in n.leads]
            if node.kind == FIGHT and len(came) >= 2:
                return seed, came[0], came[1], node.id
    raise AssertionError("no seed with two roads to one fight")


def test_a_node_holds_the_same_arena_and_foes_whichever_road_reached_it() -> None:
    """DCSS #5119 is the bug this rules out: the road taken must not reshuffle what lies ahead."""
    seed, one, other, meet = _two_roads("d40")
    made = []
    for start in (one, other):
        run = Run(RunConfig("d40", seed, 12), LIBRARY)
        assert run.go(start) is None
        _fight_and_camp(run)
        assert run.go(meet) is None
        foreseen = run.foresee(run.here)  # type: ignore[arg-type]
        bout = run.prepare()
        foes = [(c.name, c.template, c.hp) for c in bout.scenario.combatants if c.side != 0]
        assert [(f.name, f.template) for f in foreseen.foes] == [f[:2] for f in foes]
        made.append((bout.scenario.map, foes, bout.seed, run.tallies[0].foes))
    assert made[0][:3] == made[1][:3]
    assert made[0][3] != made[1][3]  # the first fights were different ones


def test_the_road_waits_until_the_node_reached_is_done() -> None:
    run = Run(RunConfig("d40", 4, 12), LIBRARY)
    assert "no road to node 'a1s2n0'" in str(run.go("a1s2n0"))
    first_road(run)
    assert "step 1 is not done" in str(run.go(run.options()[0].id))
    _fight_and_camp(run)
    with pytest.raises(ArenaError, match="is fought"):
        run.prepare()
    assert run.go(run.options()[0].id) is None and run.step == 2
