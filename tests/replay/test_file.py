"""Replays: a recording verifies; an edited die face or command fails, naming that command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.cli.main import main
from arena.rules import RULESETS


@pytest.fixture
def recorded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "duel.json"
    assert main(["sim", "--scenario", "skirmish", "--seed", "4", "--record", str(path)]) == 0
    capsys.readouterr()
    return path


def verify(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["replay", str(path), "--verify"])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def edit(path: Path, change) -> None:
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc))


def first_attack(doc: dict) -> tuple[int, dict]:
    for i, step in enumerate(doc["commands"]):
        for event in step["events"]:
            if event["type"] == "attacked":
                return i, event
    raise AssertionError("no attack recorded")


def test_replay_header_names_versions_ruleset_assets_seed_and_embeds_the_scenario(recorded):
    doc = json.loads(recorded.read_text())
    assert doc["format"] == "arena-replay" and doc["replay_version"] == 3
    assert doc["ruleset"] == {"name": "ap", "version": RULESETS["ap"].version}
    assert len(doc["assets_hash"]) == 64 and doc["seed"] == 4
    assert doc["scenario"]["ruleset"] == "ap"
    assert doc["commands"] and doc["final_state_hash"]


@pytest.mark.slow
def test_recorded_battle_verifies(recorded, capsys):
    code, out = verify(recorded, capsys)
    assert code == 0, out
    assert "replay verified" in out


def test_edited_die_face_fails_naming_the_command(recorded, capsys):
    doc = json.loads(recorded.read_text())
    index, event = first_attack(doc)

    def change(d):
        roll = d["commands"][index]["events"][0]["result"]["rolls"][0]
        roll["faces"] = [roll["faces"][0] % 20 + 1]

    assert event is not None
    edit(recorded, change)
    code, out = verify(recorded, capsys)
    assert code == 1
    assert f"command {index + 1} (attack by #" in out
    assert "expected" in out and "actual" in out


@pytest.mark.slow
def test_edited_command_fails_naming_the_command(recorded, capsys):
    doc = json.loads(recorded.read_text())
    moves = [i for i, s in enumerate(doc["commands"]) if s["command"]["type"] == "move"]
    index = moves[0]

    def change(d):
        d["commands"][index]["command"] = {"type": "end_turn",
                                           "actor": d["commands"][index]["command"]["actor"]}

    edit(recorded, change)
    code, out = verify(recorded, capsys)
    assert code == 1
    assert f"replay differs at command {index + 1} (end_turn by #" in out


@pytest.mark.slow
def test_replay_still_runs_after_the_scenario_file_changes(recorded, capsys, tmp_path, monkeypatch):
    empty = tmp_path / "no-assets"
    empty.mkdir()
    monkeypatch.setenv("ARENA_ASSETS", str(empty))
    code, out = verify(recorded, capsys)
    assert code == 0, out


def test_replay_from_another_ruleset_version_is_refused(recorded, capsys):
    edit(recorded, lambda d: d["ruleset"].update(version="9.9"))
    code, out = verify(recorded, capsys)
    assert code == 2 and "ruleset ap 9.9" in out


@pytest.mark.slow
def test_replay_without_verify_prints_the_log(recorded, capsys):
    assert main(["replay", str(recorded)]) == 0
    assert " attacks " in capsys.readouterr().out


def test_replay_is_written_atomically_without_temp_files(recorded):
    assert [p.name for p in recorded.parent.iterdir()] == [recorded.name]
