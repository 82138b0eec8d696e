"""The command line: sim output, and every bad input as one line on stderr with exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from arena.cli.main import main

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run `python -m arena` in a fresh process."""
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True,
                          cwd=ROOT, env=env, check=False)


def one_line_error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """Run main in-process; assert exit 2 and exactly one stderr line; return it."""
    try:
        code: object = main(argv)
    except SystemExit as stop:  # argparse exits by itself on usage errors
        code = stop.code
    assert code == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert "Traceback" not in captured.err
    return lines[0]


def test_sim_text_log_explains_every_attack(capsys):
    assert main(["sim", "--scenario", "duel", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    attacks = [line for line in out.splitlines() if " attacks " in line]
    assert attacks
    for line in attacks:
        assert "d20 " in line and " STR " in line and " BAB " in line and " vs AC " in line
    assert "Battle over after" in out


def test_sim_json_lines_end_with_battle_end_and_state_hash(capsys):
    assert main(["sim", "--scenario", "duel", "--seed", "3", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[0]["type"] == "round_started"
    end = lines[-1]
    assert end["type"] == "battle_end"
    assert set(end) >= {"winner", "rounds", "state_hash"}
    assert sum(1 for line in lines if line["type"] == "battle_end") == 1


def test_scripted_dice_reach_the_first_attack(capsys):
    assert main(["sim", "--scenario", "duel", "--seed", "1", "--dice", "20,1,20,8", "--json",
                 "--ai", "basic"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    first = next(line for line in lines if line["type"] == "attacked")
    assert first["result"]["rolls"][0]["faces"] == [20]
    assert first["result"]["rolls"][0]["scripted"] is True
    assert first["result"]["hit"] is True


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["sim", "--scenario", "nowhere"], "unknown scenario 'nowhere'"),
        (["sim", "--scenario", "missing/file.toml"], "no such file"),
        (["sim", "--rules", "gurps"], "unknown ruleset 'gurps'"),
        (["sim", "--dice", "20,x"], "'x' is not a whole number"),
        (["sim", "--dice", "0"], "faces start at 1"),
        (["sim", "--scenario", "duel", "--dice", "25"], "does not fit d20"),
        (["sim", "--seed", "-1"], "--seed"),
        (["sim", "--seed", "abc"], "invalid int value"),
        (["replay", "no/such/replay.json", "--verify"], "no such replay file"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, needle):
    assert needle in one_line_error(capsys, argv)


def test_malformed_scenario_toml_is_one_line(capsys, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("name = 'x'\nruleset = [\n")
    line = one_line_error(capsys, ["sim", "--scenario", str(bad)])
    assert "bad.toml" in line


def test_corrupt_replay_is_one_line(capsys, tmp_path):
    bad = tmp_path / "r.json"
    bad.write_text('{"format": "arena-replay", "replay_version": 1')
    assert "corrupt replay" in one_line_error(capsys, ["replay", str(bad), "--verify"])


def test_replay_that_is_not_ours_is_one_line(capsys, tmp_path):
    bad = tmp_path / "r.json"
    bad.write_text("[1, 2, 3]")
    assert "not an arena replay" in one_line_error(capsys, ["replay", str(bad), "--verify"])


@pytest.mark.slow
def test_python_dash_m_arena_runs_the_same_cli():
    result = run("sim", "--scenario", "duel", "--seed", "2", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.splitlines()[-1])["type"] == "battle_end"


def test_a_replay_nested_too_deeply_is_one_line(capsys, tmp_path):
    bad = tmp_path / "r.json"
    bad.write_text("[" * 100_000)
    assert "nested too deeply" in one_line_error(capsys, ["replay", str(bad), "--verify"])


def test_sim_record_refuses_an_existing_file_unless_forced(tmp_path, capsys):
    path = tmp_path / "duel.json"
    path.write_text("keep me")
    assert main(["sim", "--scenario", "duel", "--record", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "exists; --force overwrites it" in err
    assert path.read_text() == "keep me"
    assert main(["sim", "--scenario", "duel", "--record", str(path), "--force"]) == 0
    assert path.read_text().startswith("{")
