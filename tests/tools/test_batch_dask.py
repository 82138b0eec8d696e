"""`arena batch --scheduler` (docs/testers.md): a Dask cluster gives the CSV `--jobs 1` gives."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.cli.main import main

distributed = pytest.importorskip("distributed")  # in the test extra; skipped only without it


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A local cluster of two worker processes, one thread each."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=40) as cluster:
        yield cluster.scheduler_address


@pytest.mark.slow
def test_the_dask_csv_is_byte_identical_to_one_jobs(
    scheduler: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one, dask = tmp_path / "one.csv", tmp_path / "dask.csv"
    assert main(["batch", "--scenario", "duel", "--seeds", "3..10", "--csv", str(one)]) == 0
    assert main(["batch", "--scenario", "duel", "--seeds", "3..10", "--swap-sides",
                 "--csv", str(dask), "--scheduler", scheduler]) == 0
    swapped = dask.read_bytes()
    assert main(["batch", "--scenario", "duel", "--seeds", "3..10", "--csv", str(dask),
                 "--scheduler", scheduler]) == 0
    capsys.readouterr()
    assert dask.read_bytes() == one.read_bytes()
    assert len(one.read_text().splitlines()) == 9
    assert len(swapped.splitlines()) == 17  # seeds and their swapped fights, in seed order


@pytest.mark.slow
def test_an_unreachable_scheduler_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("arena.tools.cluster.CONNECT_SECONDS", 1)
    assert main(["batch", "--scenario", "duel", "--seeds", "1..2", "--scheduler",
                 "tcp://127.0.0.1:9"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1
    assert "--scheduler tcp://127.0.0.1:9: cannot reach a Dask scheduler" in captured.err


def test_jobs_and_scheduler_together_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["batch", "--seeds", "1..2", "--jobs", "2", "--scheduler", "tcp://x:1"]) == 2
    assert "not both" in capsys.readouterr().err


@pytest.mark.slow
def test_without_dask_the_scheduler_option_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # the import fails
    assert main(["batch", "--scenario", "duel", "--seeds", "1..2", "--scheduler",
                 "tcp://127.0.0.1:9"]) == 2
    assert capsys.readouterr().err == (
        "arena: --scheduler needs Dask: pip install 'arena[cluster]'\n")
