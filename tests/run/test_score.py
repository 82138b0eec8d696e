"""The score table read back (arena/run/score.py): a bad line is skipped with one warning."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from arena.cli.main import main
from arena.run.auto import outcome, play_auto
from arena.run.config import RunConfig
from arena.run.score import SCORES, Outcome, breakdown, load_scores, score, table
from tests.run.test_run import LIBRARY

GOOD = {"score": 2394, "ruleset": "d40", "result": "victory", "bouts_won": 10, "seed": 3,
        "killed_by": "", "date": "2026-01-01T00:00:00Z", "seeded": False, "endless": False}
DAMAGED = {
    "a score of true": json.dumps(GOOD | {"score": True}),
    "a score of 2394.0": json.dumps(GOOD | {"score": 2394.0}),
    "a score as a string": json.dumps(GOOD | {"score": "2394"}),
    "a negative score": json.dumps(GOOD | {"score": -1}),
    "a score of 31 digits": json.dumps(GOOD)[:-1] + ',"x":' + "9" * 31 + "}",
    "no score": json.dumps({k: v for k, v in GOOD.items() if k != "score"}),
    "a list": "[1, 2]",
    "not JSON": '{"score": 1',
    "nested 1,000 deep": "[" * 1000 + "]" * 1000,
}


def _table(folder: Path, *lines: str) -> Path:
    """saves/scores.jsonl holding `lines`."""
    folder.mkdir(exist_ok=True)
    (folder / SCORES).write_text("".join(line + "\n" for line in lines))
    return folder


def test_the_score_is_steps_threat_speed_and_victory_with_no_charge_for_recruits() -> None:
    # 100 a step cleared + threat + 5 a round under 20 in each bout won + 1000 a victory + 500 more
    # if nobody fell; a recruit costs coin, not score (the outcome has no count of them).
    assert score(Outcome(2, 150, (10, 25), True, False)) == 200 + 150 + 50 + 1000 + 500
    assert score(Outcome(2, 150, (10, 25), True, True)) == 1400
    assert score(Outcome(3, 90, (20, 19, 1), False, True)) == 300 + 90 + 0 + 5 + 95
    assert score(Outcome(0, 40, (), False, True)) == 40  # a lost bout's threat still counts
    assert [f.name for f in dataclasses.fields(Outcome)] == [
        "steps_cleared", "threat", "won_rounds", "victory", "lost_anyone"]


def test_the_run_over_screen_and_the_morgue_add_the_score_up_from_its_parts() -> None:
    assert breakdown(Outcome(2, 150, (10, 25), True, False)) == (
        "1900 = 2 steps cleared 200 + threat felled 150 + quick wins 50 + victory 1000"
        " + nobody lost 500")
    assert breakdown(Outcome(1, 40, (), False, True)) == (
        "140 = 1 step cleared 100 + threat felled 40")


def test_a_camp_or_event_step_counts_as_cleared_and_a_lost_bout_s_step_does_not() -> None:
    won, _ = play_auto(RunConfig("d40", 9, 12), LIBRARY)
    bouts = sum(t.won for t in won.tallies)
    assert won.result == "victory" and bouts == 6 and outcome(won).steps_cleared == 12
    lost, _ = play_auto(RunConfig("d40", 1, 12), LIBRARY)
    assert lost.result == "death" and lost.step == 6 and outcome(lost).steps_cleared == 5


@pytest.mark.parametrize("line", DAMAGED.values(), ids=DAMAGED.keys())
def test_a_damaged_score_line_is_skipped_with_one_warning(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str) -> None:
    saves = _table(tmp_path / "saves", json.dumps(GOOD), line)
    assert main(["scores", "--saves", str(saves)]) == 0
    out, err = capsys.readouterr()
    assert "2394" in out and out.count("victory") == 1
    assert err.count("\n") == 1 and "line 2" in err and "skipped" in err
    assert "Traceback" not in err


def test_text_fields_of_a_score_line_are_shown_escaped() -> None:
    shown = table([GOOD | {"ruleset": "\x1b[2J", "result": "\x07", "seed": "\n"}], None)
    assert "\x1b" not in shown and "\x07" not in shown and "\\x1b" in shown
    assert shown.count("\n") == 3  # the title, the heading, one row


def test_several_damaged_lines_are_one_warning_naming_the_first(tmp_path: Path) -> None:
    saves = _table(tmp_path / "saves", "x", json.dumps(GOOD), "y", "z")
    scores = load_scores(saves)
    assert [r["score"] for r in scores.rows] == [2394]
    assert scores.warning() == f"{saves / SCORES}: 3 damaged lines skipped (line 1 first)"


@pytest.mark.parametrize("make", ["folder", "over the limit"])
def test_an_unreadable_score_table_is_one_line_exit_2_and_the_title_says_why(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], make: str) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    if make == "folder":
        (saves / SCORES).mkdir()
    else:
        with (saves / SCORES).open("wb") as f:
            f.truncate((64 << 20) + 1)
    scores = load_scores(saves)
    assert scores.rows == () and scores.warning() is not None
    assert main(["scores", "--saves", str(saves)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(saves / SCORES) in err
