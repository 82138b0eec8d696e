"""The `--auto` road policy (`auto.road`): it reads the map's odds as a player would."""

from __future__ import annotations

from arena.run.auto import road
from arena.run.config import RunConfig
from arena.run.engine import Run
from arena.run.foresight import DEADLY
from arena.run.route import FIGHTS
from tests.run.test_run import LIBRARY


def _fork_of_fights() -> Run:
    """A run at the start of a step whose open roads are two or more fights."""
    for seed in range(1, 200):
        run = Run(RunConfig("d40", seed, 12), LIBRARY)
        ways = run.options()
        if len(ways) > 1 and all(n.kind in FIGHTS for n in ways) and len(
                {run.foresee(n).ratio for n in ways}) == len(ways):
            return run
    raise AssertionError("no seed opens on two fights")


def test_among_fights_the_policy_takes_the_easier_one_on_the_map():
    run = _fork_of_fights()
    easier = min(run.options(), key=lambda n: run.foresee(n).ratio)
    assert road(run) == easier


def _fight_or_not() -> tuple[Run, Run]:
    """One run twice, standing where a fight and another road are open: the party whole, and
    whole but at 1 HP a member, which the fight outmatches (the map calls it deadly)."""
    for seed in range(1, 100):
        run, weak = (Run(RunConfig("d40", seed, 12), LIBRARY) for _ in range(2))
        for m in weak.party:
            m.max_hp = m.hp = 1
        for node in (n for step in range(1, 6) for n in run.route.step_nodes(step)):
            run.path = weak.path = [node]  # stand there (road() reads only the map)
            ways = run.options()
            fights = [n for n in ways if n.kind in FIGHTS]
            if len(fights) == 1 and len(ways) > 1 and run.foresee(fights[0]).ratio < DEADLY:
                return run, weak
    raise AssertionError("no seed opens on a fight beside another road")


def test_a_fight_the_map_calls_deadly_comes_after_any_other_road():
    run, weak = _fight_or_not()
    assert road(run).kind in FIGHTS  # the party seeks the fight
    assert weak.foresee(road(run)).odds == "deadly"
    assert road(weak).kind not in FIGHTS  # weak, it takes the other road
