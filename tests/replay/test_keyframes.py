"""Keyframes stored in replay files (docs/testers.md): an index checked before use."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from arena.cli.main import main
from arena.errors import ReplayError
from arena.replay import snapcodec
from arena.replay.file import load
from arena.replay.seek import Seeker
from arena.replay.snapshot import take


@pytest.fixture
def keyed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A skirmish recorded with a keyframe every 10 commands (108 commands: 10 keyframes)."""
    path = tmp_path / "k.json"
    assert main(["sim", "--scenario", "skirmish", "--seed", "3", "--ai", "basic", "--record",
                 str(path), "--keyframes", "10"]) == 0
    capsys.readouterr()
    return path


def _edit(path: Path, change: object) -> None:
    doc = json.loads(path.read_text())
    change(doc)  # type: ignore[operator]
    path.write_text(json.dumps(doc))


def _hp(snapshot: dict[str, object]) -> dict[str, object]:
    """The Health component of the first entity of a stored snapshot."""
    for component in snapshot["entities"][0][1]:  # type: ignore[index]
        if component["D"].endswith(":Health"):
            return component["f"]  # type: ignore[no-any-return]
    raise AssertionError("no Health")


def test_keyframes_round_trip_each_one_the_state_after_its_command(keyed: Path) -> None:
    replay = load(keyed)
    assert [n for n, _ in replay.keyframes] == list(range(10, 108, 10))
    seeker = Seeker(replay, every=7)  # re-simulates; its own keyframes fall elsewhere
    try:
        for n, stored in replay.keyframes:
            made = take(seeker.at(n), log=False)
            assert {**made, "roster": None} == {**stored, "roster": None}  # no AI ran here
            assert len(stored["roster"]["sides"]["M"]) == 2  # type: ignore[index]  # sim's AIs
            assert stored["state_hash"] == replay.steps[n - 1][2]
    finally:
        seeker.close()


@pytest.mark.slow
def test_a_replay_with_keyframes_verifies(keyed: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(keyed), "--verify"]) == 0
    assert "replay verified: 108 commands" in capsys.readouterr().out


def test_a_tampered_keyframe_fails_verify_naming_it(
    keyed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _edit(keyed, lambda d: _hp(d["keyframes"][2]["snapshot"]).update(hp=1))
    assert main(["replay", str(keyed), "--verify"]) == 1
    err = capsys.readouterr().err
    assert "stored keyframe after command 30" in err
    assert "'entities'" in err


@pytest.mark.slow
def test_the_stored_seeker_opens_on_keyframes_and_gives_the_recorded_states(keyed: Path) -> None:
    replay = load(keyed)
    seeker = Seeker(replay, stored=True)
    try:
        assert seeker.position == 0  # nothing re-simulated at opening
        for n in random.Random(5).sample(range(109), 30):
            assert seeker.at(n).state_hash() == (replay.steps[n - 1][2] if n else
                                                   seeker.frames[0]["state_hash"])
        assert seeker.rejected == []
    finally:
        seeker.close()


def test_the_stored_seeker_restores_a_stored_keyframe_without_replaying_to_it(keyed: Path) -> None:
    replay = load(keyed)
    seeker = Seeker(replay, stored=True)
    try:
        seeker.at(100)
        assert 100 in seeker.frames and 50 not in seeker.frames  # only the one it used
    finally:
        seeker.close()


@pytest.mark.slow
@pytest.mark.parametrize(("what", "tamper"), [
    ("hash", lambda s: s.update(state_hash="0" * 16)),
    ("content", lambda s: _hp(s).update(hp=1)),
])
def test_the_stored_seeker_sets_aside_a_tampered_keyframe(keyed: Path, what: str,
                                                          tamper: object) -> None:
    _edit(keyed, lambda d: tamper(d["keyframes"][9]["snapshot"]))  # type: ignore[operator]
    replay = load(keyed)
    seeker = Seeker(replay, stored=True)
    try:
        assert seeker.at(105).state_hash() == replay.steps[104][2]
        assert seeker.rejected == [100]
        assert 90 in seeker.frames
    finally:
        seeker.close()


@pytest.mark.slow
@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["keyframes"][0].update(command=500), "keyframe 1: 'command' must rise"),
    (lambda d: d["keyframes"].reverse(), "keyframe 2: 'command' must rise"),
    (lambda d: d["keyframes"][1].pop("snapshot"), "keyframe 2: missing 'snapshot'"),
    (lambda d: d["keyframes"][0]["snapshot"].pop("state_hash"), "keyframe 1: the snapshot has"),
    (lambda d: d.update(keyframes={}), "'keyframes' must be a list"),
])
def test_a_malformed_keyframe_index_is_one_error_line(keyed: Path, change: object,
                                                      message: str) -> None:
    _edit(keyed, change)
    with pytest.raises(ReplayError, match=message):
        load(keyed)


def test_keyframes_need_a_record_and_a_positive_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--keyframes", "5"]) == 2
    assert main(["sim", "--record", "--keyframes", "0"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2
    assert all("--keyframes" in line for line in err)


@pytest.mark.slow
@pytest.mark.parametrize(("scenario", "ai"), [
    ("adnd-archers", ["--ai", "tactical,basic", "--ai-level", "hard"]),
    ("ap-ambush", ["--ai", "basic,tactical"]),
    ("becmi-raid", []),
    ("d40-brawl", ["--ai", "basic"]),
])
def test_keyframes_verify_in_every_ruleset_with_mixed_ais(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], scenario: str, ai: list[str]
) -> None:
    path = tmp_path / "k.json"
    assert main(["sim", "--scenario", scenario, "--seed", "5", "--record", str(path),
                 "--keyframes", "3", *ai]) == 0
    assert load(path).keyframes
    assert main(["replay", str(path), "--verify"]) == 0
    capsys.readouterr()


BEFORE_THE_MOVE = Path(__file__).parents[1] / "data" / "duel_3_keyframes_before_issue_27.json"


def test_keyframes_written_before_the_ai_left_ecs_still_verify_and_restore(
        capsys: pytest.CaptureFixture[str]) -> None:
    # Written by the code before issue 27 moved the AI to arena/ai/: its keyframes name the
    # tactical AI's memory `arena.ecs.ai_tactical:Walked`, and today's snapshots must match them.
    # Only its ruleset version was raised (ap 0.3 -> 0.4, issue 28: severed limbs, which this
    # duel never reaches); its commands, hashes and keyframes are as they were written.
    text = BEFORE_THE_MOVE.read_text()
    assert '"arena.ecs.ai_tactical:Walked"' in text
    assert main(["replay", str(BEFORE_THE_MOVE), "--verify"]) == 0
    assert "replay verified" in capsys.readouterr().out
    frame = json.loads(text)["keyframes"][-1]["snapshot"]
    walked = snapcodec.decode(frame["roster"]["tactical"]["normal"]["walked"])
    assert {type(w).__module__ for w in walked.values()} == {"arena.ai.tactical"}
    assert snapcodec.encode(walked) == frame["roster"]["tactical"]["normal"]["walked"]
