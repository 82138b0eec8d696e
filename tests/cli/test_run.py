"""`arena run --auto`: its record refused up front; its text lines agree with their nouns."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.cli.main import main
from arena.cli.run import _text


def test_run_auto_record_refuses_an_existing_file_unless_forced(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record, saves = tmp_path / "run.json", tmp_path / "saves"
    record.write_text("keep me")
    argv = ["run", "--auto", "--seed", "3", "--rules", "d40", "--steps", "1", "--saves",
            str(saves), "--record", str(record)]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "exists; --force overwrites it" in err
    assert record.read_text() == "keep me" and out == ""
    assert not saves.exists()  # refused before the run: no score line, no morgue
    assert main([*argv, "--force"]) == 0
    assert record.read_text().startswith("{")


def test_a_bout_won_in_one_round_with_one_foe_down_reads_in_the_singular():
    line = _text({"type": "bout_end", "bout": 1, "won": True, "rounds": 1, "kills": 1,
                  "party": [{"name": "Ann", "alive": True, "hp": 3, "max_hp": 9}]})
    assert line == "bout 1: won in 1 round, 1 foe down; standing: Ann 3/9"
    line = _text({"type": "run_end", "result": "death", "bouts_won": 1, "score": 120,
                  "seed": 4, "ruleset": "ap"})
    assert line == "run over: death, 1 bout won, score 120 (seed 4, ap)"
