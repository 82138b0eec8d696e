"""`arena run --auto` (arena/cli/run.py): its record refused, as `sim --record`'s, up front."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.cli.main import main


def test_run_auto_record_refuses_an_existing_file_unless_forced(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record, saves = tmp_path / "run.json", tmp_path / "saves"
    record.write_text("keep me")
    argv = ["run", "--auto", "--seed", "3", "--rules", "d40", "--bouts", "1", "--saves",
            str(saves), "--record", str(record)]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "exists; --force overwrites it" in err
    assert record.read_text() == "keep me" and out == ""
    assert not saves.exists()  # refused before the run: no score line, no morgue
    assert main([*argv, "--force"]) == 0
    assert record.read_text().startswith("{")
