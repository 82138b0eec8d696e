"""Saves that stay put (issue 30): one saves folder, whatever the current folder.

The order is `--saves DIR`, else `$ARENA_SAVES`, else `saves/` of the checkout arena runs from,
else `arena/saves` in the user data folder (platformdirs); every command resolves it through
`arena.paths.saves_root`. tests/conftest.py points `ARENA_SAVES` at `tmp_path/saves`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

import arena
from arena import paths
from arena.cli.main import main
from arena.errors import ArenaError

ROOT = Path(arena.__file__).resolve().parent.parent


def test_the_flag_comes_before_the_environment(tmp_path: Path) -> None:
    assert paths.saves_root(tmp_path / "flag", {"ARENA_SAVES": str(tmp_path / "env")}) \
        == tmp_path / "flag"


def test_the_environment_comes_before_the_checkout(tmp_path: Path) -> None:
    assert paths.saves_root(None, {"ARENA_SAVES": str(tmp_path / "env")}) == tmp_path / "env"


def test_the_checkout_s_saves_folder_comes_before_the_user_data_folder() -> None:
    checkout = paths.checkout_root()  # the tests run from the checkout
    assert checkout is not None and checkout.resolve() == ROOT
    assert paths.saves_root(None, {}).resolve() == ROOT / "saves"
    assert paths.saves_root(None, {"ARENA_SAVES": ""}).resolve() == ROOT / "saves"  # unset


def test_an_installed_arena_keeps_its_saves_in_the_user_data_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(paths, "checkout_root", lambda: None)  # as from a wheel
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    expected = platformdirs.user_data_path("arena", appauthor=False) / "saves"
    assert paths.saves_root(None, {}) == expected
    assert paths.saves_default({}) == (expected, "the user data folder")
    if sys.platform.startswith("linux"):
        assert expected == tmp_path / "data" / "arena" / "saves"


@pytest.mark.parametrize("how", ["env", "flag"])
def test_a_saves_folder_that_is_a_file_is_one_line_and_exit_2(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        how: str) -> None:
    afile = tmp_path / "not-a-folder"
    afile.write_text("x")
    if how == "env":
        monkeypatch.setenv("ARENA_SAVES", str(afile))
    argv = ["scores", "--saves", str(afile)] if how == "flag" else ["scores"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(afile) in err and "is not a folder" in err
    assert ("--saves" if how == "flag" else "$ARENA_SAVES") in err
    with pytest.raises(ArenaError, match="is not a folder"):
        paths.saves_root(None, {"ARENA_SAVES": str(afile)})


def test_scores_of_a_missing_folder_name_it_and_do_not_make_it(
        saves_in_tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scores"]) == 0
    out = capsys.readouterr().out
    assert out == f"no runs recorded yet in {saves_in_tmp_path / 'scores.jsonl'}\n"
    assert not saves_in_tmp_path.exists()


def test_the_first_write_makes_the_folder_and_its_parents(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deep = tmp_path / "a" / "b" / "saves"
    assert main(["sim", "--scenario", "duel", "--seed", "3", "--ai", "basic", "--saves",
                 str(deep), "--record"]) == 0
    assert (deep / "duel-3.json").is_file()
    assert f"replay written to {deep / 'duel-3.json'}" in capsys.readouterr().err


def test_sim_record_defaults_to_the_resolved_folder_not_the_current_one(
        tmp_path: Path, saves_in_tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert main(["sim", "--scenario", "duel", "--seed", "3", "--ai", "basic", "--record"]) == 0
    assert (saves_in_tmp_path / "duel-3.json").is_file()
    assert not (elsewhere / "saves").exists()


def test_saves_may_be_given_before_or_after_the_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "given"
    for argv in (["--saves", str(folder), "scores"], ["scores", "--saves", str(folder)]):
        assert main(argv) == 0
        assert str(folder / "scores.jsonl") in capsys.readouterr().out


def test_help_says_where_the_saves_folder_is_now(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("ARENA_SAVES", "/nowhere/my_saves")  # no hyphen: argparse wraps at one
    for argv in (["--help"], ["run", "--help"], ["scores", "--help"]):
        with pytest.raises(SystemExit):
            main(argv)
        text = " ".join(capsys.readouterr().out.split())
        assert "/nowhere/my_saves (set by $ARENA_SAVES)" in text, argv
        assert "--saves DIR, else $ARENA_SAVES, else saves/ of the checkout" in text, argv


def _arena(argv: list[str], cwd: Path, env: dict[str, str] | None = None
           ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena", *argv], cwd=cwd, env=env,
                          capture_output=True, text=True, check=False, timeout=120)


@pytest.mark.slow
def test_a_process_started_from_another_folder_finds_the_same_scores(
        tmp_path: Path, saves_in_tmp_path: Path) -> None:
    here, elsewhere = tmp_path / "here", tmp_path / "elsewhere"
    here.mkdir()
    elsewhere.mkdir()
    ran = _arena(["run", "--auto", "--seed", "3", "--rules", "d40", "--steps", "1"], here)
    assert ran.returncode == 0, ran.stderr
    row = json.loads((saves_in_tmp_path / "scores.jsonl").read_text())  # $ARENA_SAVES, inherited
    assert not (here / "saves").exists()
    scores = _arena(["scores"], elsewhere)
    assert scores.returncode == 0, scores.stderr
    last = scores.stdout.splitlines()[-1].split()
    assert last[1:3] == [str(row["score"]), "d40"] and last[5] == "3"  # score, rules, seed
    assert not (elsewhere / "saves").exists()


@pytest.mark.slow
def test_without_arena_saves_any_folder_resolves_to_the_checkout_s_saves(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "ARENA_SAVES"}
    done = subprocess.run([sys.executable, "-c",
                           "from arena.paths import saves_root; print(saves_root())"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, check=True)
    assert Path(done.stdout.strip()).resolve() == ROOT / "saves"
