"""Over-long names and an output that cannot be written (arena/cli/main.py): one line, exit 2."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from arena.cli.main import main

LONG = "x" * 600  # a file name is at most 255 bytes


def _one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[str, str]:
    """Run `argv`, expecting exit 2 and one stderr line; (stdout, that line)."""
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return out, err


@pytest.mark.parametrize("argv", [
    ["sim", "--scenario", LONG],
    ["sim", "--scenario", f"{LONG}.toml"],
    ["sim", "--scenario", f"saves/{LONG}/duel.toml"],
    ["replay", LONG, "--verify"],
    ["replay", f"{LONG}.json", "--log"],
    ["play", "--scenario", LONG],
])
def test_an_over_long_name_to_read_is_one_line(
        capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    _, err = _one_line(capsys, argv)
    assert len(err) < 1100


@pytest.mark.parametrize("name", ["y" * 300 + ".json", f"{LONG}/r.json"])
def test_an_over_long_record_name_is_refused_before_the_battle_is_fought(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    out, err = _one_line(capsys, ["sim", "--scenario", "duel", "--record",
                                  str(tmp_path / "saves" / name)])
    assert "name too long" in err and out == ""  # not a command fought
    assert not (tmp_path / "saves").exists()


def test_an_over_long_run_record_name_is_refused_before_the_run_is_played(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saves = tmp_path / "saves"
    out, err = _one_line(capsys, ["run", "--auto", "--seed", "1", "--steps", "1", "--saves",
                                  str(saves), "--record", str(saves / ("y" * 300 + ".json"))])
    assert "name too long" in err and out == ""
    assert not saves.exists()  # no score line, no morgue for a run that was never recorded


class FullDevice:
    """A standard output on a full device: every write fails with ENOSPC."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise OSError(errno.EBADF, "no descriptor")


@pytest.mark.parametrize("argv", [["sim", "--scenario", "duel"], ["rules"],
                                  ["scores", "--saves", "none"], ["--help"]])
def test_stdout_on_a_full_device_is_one_line_and_exit_2(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        argv: list[str]) -> None:
    monkeypatch.setattr(sys, "stdout", FullDevice())
    _, err = _one_line(capsys, argv)
    assert "cannot write the output: No space left on device" in err


@pytest.mark.slow
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("argv", [["sim", "--scenario", "duel"], ["scores"], ["--help"]])
def test_arena_to_dev_full_is_one_line_and_exit_2(tmp_path: Path, argv: list[str]) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "arena", *argv], cwd=tmp_path,
                              stdout=full, stderr=subprocess.PIPE, text=True, check=False,
                              env=env | {"PYTHONPATH": str(Path.cwd())}, timeout=120)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "No space left on device" in done.stderr
