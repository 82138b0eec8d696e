"""A run's party too weak for the cheapest foe (one cheap fighter) meets that foe alone,
rather than the generator refusing the bout (found playing: `--party archer --rules ap`)."""

from __future__ import annotations

from arena.run.auto import play_auto
from arena.run.config import RunConfig
from tests.run.test_run import LIBRARY


def test_a_lone_archer_s_run_is_fought_to_its_end():
    run, _ = play_auto(RunConfig("ap", 1, steps=3, party=("archer",)), LIBRARY)
    assert run.over and run.bouts
    first = run.bouts[0]
    assert len(first.scenario.combatants) == 2  # the archer and one foe: the weakest there is
