"""`arena batch` (docs/testers.md): seed sweeps whose rows are `arena sim`'s battles."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from arena.assets import load_library
from arena.assets.generated import generate_checked
from arena.cli.main import main
from arena.procgen import GenSpec
from arena.tools.battlerow import Observation
from arena.tools.sweep_summary import DRIFT_Z, drifts, histogram, wilson


def batch(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run `arena batch ARGS`; (exit code, stdout, stderr)."""
    code = main(["batch", *args])
    out, err = capsys.readouterr()
    return code, out, err


def rows_of(text: str) -> list[dict[str, str]]:
    """CSV text as row dicts."""
    return list(csv.DictReader(io.StringIO(text)))


def test_csv_is_byte_identical_for_one_job_and_two(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    assert batch(capsys, "--scenario", "duel", "--seeds", "3..8", "--csv", str(one))[0] == 0
    assert batch(capsys, "--scenario", "duel", "--seeds", "3..8", "--jobs", "2",
                 "--csv", str(two))[0] == 0
    assert one.read_bytes() == two.read_bytes()
    assert [r["seed"] for r in rows_of(one.read_text())] == [str(s) for s in range(3, 9)]


@pytest.mark.parametrize("scenario", ["duel", "becmi-duel"])
def test_a_rows_winner_rounds_and_state_hash_equal_arena_sim_for_that_seed(
    scenario: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = batch(capsys, "--scenario", scenario, "--seeds", "6..7")
    assert code == 0
    for row in rows_of(out):
        assert main(["sim", "--scenario", scenario, "--seed", row["seed"], "--json"]) == 0
        end = json.loads(capsys.readouterr().out.splitlines()[-1])
        assert end["type"] == "battle_end"
        assert row["winner"] == ("" if end["winner"] is None else str(end["winner"]))
        assert row["rounds"] == str(end["rounds"])
        assert row["state_hash"] == end["state_hash"]


@pytest.mark.slow
def test_a_generated_row_equals_arena_sim_on_the_arena_gen_draws(
    capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = batch(capsys, "--generated", "--seeds", "2..2")
    assert code == 0
    row = rows_of(out)[0]
    assert main(["sim", "--generated", "2", "--seed", "2", "--json"]) == 0
    end = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert (row["rounds"], row["state_hash"]) == (str(end["rounds"]), end["state_hash"])


def test_swap_sides_fights_each_seed_again_with_the_ais_reversed(
    capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = batch(capsys, "--scenario", "duel", "--seeds", "1..2", "--ai",
                         "basic,tactical", "--swap-sides")
    assert code == 0
    rows = rows_of(out)
    assert [(r["seed"], r["swapped"]) for r in rows] == [("1", "0"), ("1", "1"), ("2", "0"),
                                                          ("2", "1")]
    assert (rows[0]["s0_ai"], rows[0]["s1_ai"]) == ("basic", "tactical/normal")
    assert (rows[1]["s0_ai"], rows[1]["s1_ai"]) == ("tactical/normal", "basic")


def test_stdout_holds_only_the_csv_and_no_bar_is_drawn_off_a_terminal(
    capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = batch(capsys, "--scenario", "duel", "--seeds", "1..2")
    assert code == 0
    assert out.splitlines()[0].startswith("seed,swapped,scenario")
    assert len(out.splitlines()) == 3
    assert "2 battles" in err and "95% interval" in err and "Rounds:" in err
    assert "\r" not in err and "it/s" not in err and "battle/s" not in err


def test_with_csv_path_the_summary_goes_to_stdout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = batch(capsys, "--scenario", "duel", "--seeds", "1..2", "--csv",
                         str(tmp_path / "r.csv"))
    assert code == 0 and out.startswith("2 battles")
    assert "Observed against exact" in out


def test_json_holds_rows_win_intervals_and_observed_against_exact(
    capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = batch(capsys, "--scenario", "duel", "--seeds", "1..6", "--json",
                         "--min-attacks", "5")
    doc = json.loads(out)
    assert code == 0 and len(doc["rows"]) == 6
    wins = sum(s["wins"] for s in doc["summary"]["sides"])
    assert wins == sum(1 for r in doc["rows"] if r["winner"] != "")
    assert doc["summary"]["observed_vs_exact"], "a duel has frequent enough attacks"
    for line in doc["summary"]["observed_vs_exact"]:
        assert 0 <= line["observed"] <= line["attacks"] and line["rate"] in (
            "hit", "critical", "fumble")


@pytest.mark.parametrize(("args", "message"), [
    (["--seeds", "5..1"], "empty"),
    (["--seeds", "1-5"], "A..B"),
    (["--seeds", "1..2", "--jobs", "0"], "--jobs"),
    (["--seeds", "1..2", "--ai", "basic,basic,basic"], "3 AIs"),
    (["--seeds", "1..2", "--scenario", "nowhere"], "unknown scenario"),
    (["--seeds", "1..2", "--rules", "chess"], "chess"),
    (["--seeds", "1..2", "--min-attacks", "0"], "--min-attacks"),
])
def test_bad_batch_input_is_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = batch(capsys, *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err


def observations(n: int, p: float, hits: int) -> list[Observation]:
    """`n` attacks of exact hit chance `p`, the first `hits` of them hits."""
    return [Observation(("a", "b", "front"), p, 0.05, 0.05, i < hits, False, False)
            for i in range(n)]


def test_observed_rates_matching_the_exact_odds_do_not_drift() -> None:
    found = drifts(observations(400, 0.5, 205), min_attacks=30)
    assert [d.rate for d in found] == ["hit", "critical", "fumble"]
    assert not found[0].flagged and abs(found[0].z - 0.5) < 1e-9


def test_a_hit_rate_far_from_the_exact_odds_is_flagged_as_drift() -> None:
    # 400 attacks at an exact 50 %: 260 hits is z = 6, a broken rule, not chance.
    hit, critical, _ = drifts(observations(400, 0.5, 260), min_attacks=30)
    assert hit.flagged and hit.z > DRIFT_Z
    assert critical.flagged  # no critical in 400 attacks at 5 % each (z ≈ -4.6)


def test_groups_seen_less_than_min_attacks_are_left_out() -> None:
    assert drifts(observations(29, 0.5, 15), min_attacks=30) == []


def test_win_rate_interval_is_wilsons_95_percent_score_interval() -> None:
    low, high = wilson(50, 100)
    assert round(low, 4) == 0.4038 and round(high, 4) == 0.5962
    assert wilson(0, 10)[0] == 0.0


def test_rounds_histogram_scales_bars_to_the_most_frequent_value() -> None:
    lines = histogram([3, 4, 4, 4, 6])
    assert [line.split("|")[0].strip() for line in lines] == ["3", "4", "5", "6"]
    assert lines[1].count("█") == 40 and lines[0].count("█") == 13
    assert lines[2].rstrip().endswith(" 0")


@pytest.mark.slow
def test_a_generated_sweeps_summary_names_each_side_as_its_arenas_do(
    capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = batch(capsys, "--generated", "--seeds", "1..3")
    assert code == 0
    lines = {line.split(":")[0].strip(): line for line in err.splitlines()
             if line.strip().startswith("side ")}
    assert set(lines) >= {"side 0 Your company"}, err
    (foes,) = [k for k in lines if k.startswith("side 1 ")]
    library = load_library()
    for seed in (1, 2, 3):  # every arena's foes are named, whether they won or lost
        drawn = generate_checked(seed, GenSpec("d40"), library).scenario.sides[1].name
        assert drawn in foes, (drawn, foes)
