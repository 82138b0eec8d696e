"""Keyframes in run records (`arena run --auto --record PATH --keyframes K`, docs/testers.md)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from arena.cli.main import main
from arena.replay.seek import Seeker
from arena.run.record import RUN_VERSION
from arena.tui.viewer.playback import load_films, open_playback

RUN = ["run", "--auto", "--seed", "5", "--steps", "2"]


@pytest.fixture
def record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Seed 5, two bouts (46 and 49 commands today: the tests read the counts from the record,
    so AI work does not move them), a keyframe every 10 commands of each."""
    path = tmp_path / "run.json"
    assert main([*RUN, "--saves", str(tmp_path / "saves"), "--record", str(path),
                 "--keyframes", "10"]) == 0
    capsys.readouterr()
    return path


@pytest.mark.slow
def test_a_run_record_stores_each_bouts_keyframes_and_verifies(
        record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(record.read_text())
    assert doc["run_version"] == RUN_VERSION
    counts = [len(f["commands"]) for f in doc["fights"]]
    assert len(counts) == 2 and min(counts) >= 40
    assert [[k["command"] for k in f["keyframes"]] for f in doc["fights"]] == [
        list(range(10, n + 1, 10)) for n in counts]
    for fight in doc["fights"]:
        for keyframe in fight["keyframes"]:
            assert keyframe["snapshot"]["state_hash"] == \
                fight["commands"][keyframe["command"] - 1]["state_hash"]
            assert keyframe["snapshot"]["log"] is None
    assert main(["replay", str(record), "--verify"]) == 0
    assert "run verified: 2 bouts" in capsys.readouterr().out


@pytest.mark.slow
def test_without_keyframes_the_record_has_none_and_the_rest_is_the_same(
        record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plain = tmp_path / "plain.json"
    assert main([*RUN, "--saves", str(tmp_path / "saves"), "--record", str(plain)]) == 0
    capsys.readouterr()
    with_frames = json.loads(record.read_text())
    for fight in with_frames["fights"]:
        del fight["keyframes"]
    assert with_frames == json.loads(plain.read_text())


def test_a_tampered_keyframe_fails_verify_naming_bout_and_command(
        record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(record.read_text())
    entities = doc["fights"][1]["keyframes"][1]["snapshot"]["entities"]
    entities[0][1] = entities[1][1]  # one combatant's components as another's
    record.write_text(json.dumps(doc))
    assert main(["replay", str(record), "--verify"]) == 1
    assert capsys.readouterr().err.strip() == (
        "run differs at bout 2, command 20: stored keyframe after command 20 differs "
        "in 'entities'")


def test_a_malformed_keyframe_list_fails_verify_in_one_line(
        record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(record.read_text())
    doc["fights"][0]["keyframes"][0]["command"] = 99
    record.write_text(json.dumps(doc))
    assert main(["replay", str(record), "--verify"]) == 2  # malformed: refused before re-running
    n = len(doc["fights"][0]["commands"])
    assert f"bout 1: keyframe 1: 'command' must rise and lie in 1..{n}" in capsys.readouterr().err


@pytest.mark.parametrize(("args", "message"), [
    (["--keyframes", "10"], "--keyframes 10: needs --record and K of 1 or more"),
    (["--record", "x.json", "--keyframes", "0"], "--keyframes 0: needs --record"),
])
def test_keyframes_need_a_record_and_k_of_1_or_more(
        args: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main([*RUN, *args]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()


@pytest.mark.slow
def test_the_viewer_opens_a_bout_on_its_stored_keyframes_and_seeks_to_recorded_states(
        record: Path, tmp_path: Path) -> None:
    doc = json.loads(record.read_text())
    playback = open_playback(record, tmp_path / "saves")
    playback.open(1)  # bout 2
    seeker = playback.seeker
    assert seeker is not None
    hashes = [s["state_hash"] for s in doc["fights"][1]["commands"]]
    count = len(hashes)
    stored = list(range(10, count + 1, 10))
    assert sorted(seeker.unchecked) == stored  # stored, not yet used: no re-fight
    assert len(seeker.events) == count and len(seeker.clock) == count + 1  # verify's
    for n in (count, 23, 5, 39, 30, 12):
        playback.goto(n)
        assert seeker.battle.state_hash() == hashes[n - 1], n
    assert seeker.rejected == [] and {10, 20, 30} <= set(seeker.frames)
    playback.close()


def test_the_viewer_sets_aside_a_keyframe_whose_hash_is_not_its_commands(record: Path) -> None:
    doc = json.loads(record.read_text())
    films, _ = load_films(record)
    film = films[0]
    frames = dict(film.replay.keyframes)
    frames[30] = frames[20]  # command 20's snapshot offered as command 30's
    seeker = Seeker(replace(film.replay, keyframes=tuple(sorted(frames.items()))), 10,
                    stored=True, known=film.seen)
    hashes = [s["state_hash"] for s in doc["fights"][0]["commands"]]
    assert seeker.at(35).state_hash() == hashes[34]
    assert seeker.rejected == [30]
    seeker.close()
