"""A run copied mid-way (`run/fork.py`) plays on as the original would, apart from it."""

from __future__ import annotations

from arena.assets import load_library
from arena.run.auto import fight_here, play_auto, play_on, policy, road, start
from arena.run.config import RunConfig
from arena.run.decisions import Rest
from arena.run.engine import Run
from arena.run.fork import fork, fork_camp
from arena.run.route import CAMP

LIBRARY = load_library()
CONFIG = RunConfig("d40", 1, steps=6)
Line = dict[str, object]


def _steps(run: Run, n: int) -> None:
    """Play `n` steps of `run` with the auto policies."""
    for _ in range(n):
        run.go(road(run).id)
        fight_here(run)
        if not run.over:
            camp = run.camp()
            run.make_camp(camp, policy(camp))


def test_play_on_from_the_start_is_the_auto_run() -> None:
    whole: list[Line] = []
    play_auto(CONFIG, LIBRARY, whole.append)
    lines: list[Line] = []
    run = Run(CONFIG, LIBRARY, lines.append)
    start(run)
    play_on(run)
    assert lines == whole[:len(lines)]
    assert whole[len(lines)]["type"] == "run_end"


def test_a_forked_run_plays_on_to_the_same_lines_as_its_original() -> None:
    run = Run(CONFIG, LIBRARY)
    _steps(run, 2)
    copy = fork(run)
    ours: list[Line] = []
    theirs: list[Line] = []
    run.emit, copy.emit = ours.append, theirs.append
    play_on(run)
    play_on(copy)
    assert len(ours) > 20
    assert theirs == ours
    assert copy.result == run.result


def test_a_choice_made_in_a_forked_camp_leaves_the_original_as_it_was() -> None:
    run = Run(CONFIG, LIBRARY)
    while not run.over:
        camps = [n for n in run.options() if n.kind == CAMP]
        run.go((camps or [road(run)])[0].id)
        fight_here(run)
        if run.here is not None and run.here.kind == CAMP and any(
                m.hp < m.max_hp for m in run.party if m.alive):
            break
        camp = run.camp()
        run.make_camp(camp, policy(camp))
    camp = run.camp()
    before = [m.hp for m in run.party]
    copy, held = fork_camp(run, camp)
    copy.make_camp(held, [Rest()])
    assert [m.hp for m in run.party] == before
    assert camp.actions == 1
    assert sum(m.hp for m in copy.party) > sum(before)
    assert held.party is copy.party
