"""How a run ended: the run-over screen, the morgue and the score line name the same death."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from arena.run.auto import play_auto
from arena.run.config import RunConfig
from arena.run.finish import conclude
from arena.run.live import LiveRun
from arena.tui.run.flow import summary
from tests.run.test_run import LIBRARY


@pytest.mark.slow
def test_the_death_that_ended_the_run_is_named_alike_on_the_screen_the_morgue_and_the_score(
        tmp_path: Path) -> None:
    # ap seed 5: the third member falls in bout 2, the others in bouts 3 and 4, the last bout:
    # the party's last member in party order is not the last to fall.
    run, points = play_auto(RunConfig("ap", 5), LIBRARY)
    assert run.result == "death" and len(run.bouts) == 4
    assert "bout 2" in run.party[-1].cause
    written = conclude(run, points, tmp_path)
    (line,) = [json.loads(x) for x in (tmp_path / "scores.jsonl").read_text().splitlines()]
    cause = line["killed_by"]
    assert re.fullmatch(r"slain by [^()]+ in bout 4", cause), cause  # the killer, not "(slain)"
    morgue = written.morgue.read_text()
    ending = morgue.split("== Cause of death ==")[1]
    assert cause in ending.splitlines()[1], ending
    live = LiveRun(run, None)  # type: ignore[arg-type]  # the screen reads the run alone
    live.points = points
    page = summary(live, written.morgue, None)
    assert any(cause in text for text, _ in page.body[:3]), page.body[:3]
