"""The run's pages between bouts: their wording counts in the singular and the plural."""

from __future__ import annotations

from arena.run.carry import Tally
from arena.run.engine import Run, RunConfig
from arena.run.live import LiveRun
from arena.tui.run.flow import outcome
from tests.run.test_run import LIBRARY


def test_the_bout_over_page_counts_one_round_and_one_foe_in_the_singular():
    run = Run(RunConfig("ap", 3, steps=3), LIBRARY)
    run.tallies.append(Tally(bout=1, rounds=1, won=True, kills=1, threat=30))
    page = outcome(LiveRun(run, None), [])  # type: ignore[arg-type]  # the page reads the run
    assert page.body[0][0] == "Won in 1 round; 1 foe down (threat 30)."
