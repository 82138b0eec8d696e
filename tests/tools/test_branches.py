"""Branches stored in a replay (docs/testers.md): saved, listed, promoted, deleted, verified."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.cli.main import main
from arena.replay.file import load
from arena.tools.branches import Branch, promote
from arena.tools.whatif import Played

END_TURN_1 = '{"type":"end_turn","actor":1}'  # instead of command 17, Brann's first move


@pytest.fixture
def saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
          capsys: pytest.CaptureFixture[str]) -> Path:
    """Skirmish seed 3 recorded into saves/ (the working directory is a fresh folder)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ARENA_SAVES", "saves")  # relative, so the messages name saves/
    path = Path("saves") / "r.json"
    assert main(["sim", "--scenario", "skirmish", "--seed", "3", "--ai", "basic", "--record",
                 str(path)]) == 0
    capsys.readouterr()
    return path


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out.splitlines(), captured.err


@pytest.mark.slow
def test_a_branch_is_saved_listed_promoted_deleted_and_verified_at_each_step(
    saved: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _run(capsys, "replay", str(saved), "--at", "17", "--command", END_TURN_1,
                        "--save-branch", "idle")
    assert code == 0
    assert out[-1] == "saved branch 'idle'"
    assert _run(capsys, "replay", str(saved), "--branches")[1] == [
        "main: 108 commands, Crimson Company won, round 6",
        "  idle from main at command 17 (command end_turn): 89 commands, Crimson Company "
        "won, round 5",
    ]
    code, out, _ = _run(capsys, "replay", str(saved), "--verify")
    assert code == 0
    assert out == ["replay verified: 108 commands, final state hash 3b2f4912a4693bc1",
                   "branch idle verified: 73 commands from command 17"]

    code, out, _ = _run(capsys, "replay", str(saved), "--promote", "idle")
    assert (code, out) == (0, ["branch 'idle' is the main line; the old main line is "
                               "branch 'idle'"])
    replay = load(saved)
    assert len(replay.steps) == 89
    assert replay.steps[16][0].type == "end_turn"
    code, out, _ = _run(capsys, "replay", str(saved), "--verify")
    assert code == 0
    assert out == ["replay verified: 89 commands, final state hash f4651aaba9d420d8",
                   "branch idle verified: 92 commands from command 17"]
    assert _run(capsys, "replay", str(saved), "--branches")[1][1].startswith(
        "  idle from main at command 17: 108 commands")

    assert _run(capsys, "replay", str(saved), "--promote", "idle")[0] == 0  # back again
    assert len(load(saved).steps) == 108
    assert _run(capsys, "replay", str(saved), "--verify")[0] == 0

    assert _run(capsys, "replay", str(saved), "--delete-branch", "idle")[1] == [
        "deleted branch idle"]
    assert _run(capsys, "replay", str(saved), "--branches")[1] == [
        "main: 108 commands, Crimson Company won, round 6"]
    assert _run(capsys, "replay", str(saved), "--verify")[1] == [
        "replay verified: 108 commands, final state hash 3b2f4912a4693bc1"]


@pytest.mark.slow
def test_a_branch_of_a_branch_and_deleting_its_parent_deletes_both(
    saved: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(capsys, "replay", str(saved), "--at", "12", "--dice", "1",
                "--save-branch", "lucky")[0] == 0
    assert _run(capsys, "replay", str(saved), "--at", "40", "--branch", "lucky", "--dice",
                "20,20", "--save-branch", "lucky2")[0] == 0
    listing = _run(capsys, "replay", str(saved), "--branches")[1]
    assert listing[1].startswith("  lucky from main at command 12 (dice 1): 84 commands")
    assert listing[2].startswith("    lucky2 from lucky at command 40 (dice 20,20): ")
    code, out, _ = _run(capsys, "replay", str(saved), "--verify")
    assert code == 0
    assert out[1:] == ["branch lucky verified: 73 commands from command 12",
                       f"branch lucky2 verified: {out[2].split()[3]} commands from command 40"]
    code, out, err = _run(capsys, "replay", str(saved), "--promote", "lucky")
    assert code == 2
    assert "changed the dice" in err
    assert _run(capsys, "replay", str(saved), "--delete-branch", "lucky")[1] == [
        "deleted branch lucky, lucky2"]


def test_a_tampered_branch_fails_verify_naming_it(
    saved: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(capsys, "replay", str(saved), "--at", "12", "--dice", "1",
                "--save-branch", "lucky")[0] == 0
    doc = json.loads(saved.read_text())
    doc["branches"][0]["commands"][3]["state_hash"] = "0" * 16
    saved.write_text(json.dumps(doc))
    code, _, err = _run(capsys, "replay", str(saved), "--verify")
    assert code == 1
    assert err.strip() == "branch 'lucky' differs at command 15: state hash differs"


def test_a_replay_outside_saves_is_left_alone_and_a_copy_written_under_saves(
    saved: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outside = Path("r.json")
    outside.write_bytes(saved.read_bytes())
    code, out, _ = _run(capsys, "replay", "r.json", "--at", "12", "--dice", "1",
                        "--save-branch", "lucky")
    assert code == 0
    assert out[-1] == ("saved branch 'lucky'; r.json is outside saves/ and left as it was: "
                       "wrote saves/r.branches.json")
    assert outside.read_bytes() == saved.read_bytes()
    assert "lucky" in _run(capsys, "replay", "saves/r.branches.json", "--branches")[1][1]
    code, _, err = _run(capsys, "replay", "r.json", "--at", "13", "--dice", "1",
                        "--save-branch", "other")
    assert code == 2
    assert "saves/r.branches.json exists" in err


@pytest.mark.slow
@pytest.mark.parametrize(("change", "message"), [
    (lambda b: b.update(parent="ghost"), "its parent is not the main line or an earlier"),
    (lambda b: b.update(at=500), "'at' must be 1..108"),
    (lambda b: b.update(name="../x"), "a bad or repeated branch name"),
    (lambda b: b.update(dice=[0]), "'dice' must be null or faces"),
    (lambda b: b["commands"][0].update(by="god"), "'by' must be player or ai"),
    (lambda b: b.update(notes="x"), "'notes' has the wrong type"),
])
def test_a_malformed_branch_is_one_error_line(
    saved: Path, capsys: pytest.CaptureFixture[str], change: object, message: str
) -> None:
    assert _run(capsys, "replay", str(saved), "--at", "12", "--dice", "1",
                "--save-branch", "lucky")[0] == 0
    doc = json.loads(saved.read_text())
    change(doc["branches"][0])  # type: ignore[operator]
    saved.write_text(json.dumps(doc))
    code, out, err = _run(capsys, "replay", str(saved), "--branches")
    assert (code, out) == (2, [])
    assert len(err.splitlines()) == 1
    assert "branch 1" in err and message in err


@pytest.mark.parametrize(("args", "message"), [
    (["--save-branch", "main"], "not 'main'"),
    (["--save-branch", "a/b"], "branch name 'a/b'"),
])
def test_bad_branch_names_are_refused(saved: Path, capsys: pytest.CaptureFixture[str],
                                      args: list[str], message: str) -> None:
    code, _, err = _run(capsys, "replay", str(saved), "--at", "12", "--dice", "1", *args)
    assert code == 2 and message in err


def _step(n: int) -> dict[str, object]:
    return {"command": {"type": "end_turn", "actor": n}, "by": "ai", "events": [],
            "state_hash": str(n)}


def test_promoting_moves_the_other_branches_to_the_line_they_left() -> None:
    main_steps = tuple(_step(n) for n in range(10))
    b = Branch("b", None, 5, None, None, (_step(50), _step(51)))
    early = Branch("early", None, 3, None, None, (_step(30),))
    late = Branch("late", None, 8, None, None, (_step(80),))
    child = Branch("child", "b", 6, None, None, (_step(60),))
    steps, moved = promote(Played(main_steps), [b, early, late, child], "b")
    assert steps == (*main_steps[:4], _step(50), _step(51))
    assert [(x.name, x.parent, x.at) for x in moved] == [
        ("b", None, 5), ("early", None, 3), ("late", "b", 8), ("child", None, 6)]
    assert moved[0].steps == main_steps[4:]


@pytest.mark.slow
def test_promoting_drops_stored_keyframes_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["sim", "--scenario", "skirmish", "--seed", "3", "--ai", "basic", "--record",
                 "saves/k.json", "--keyframes", "20"]) == 0
    assert _run(capsys, "replay", "saves/k.json", "--at", "17", "--command", END_TURN_1,
                "--save-branch", "idle")[0] == 0
    code, out, _ = _run(capsys, "replay", "saves/k.json", "--promote", "idle")
    assert code == 0
    assert out[-1].endswith("; its stored keyframes were dropped")
    assert load(Path("saves/k.json")).keyframes == ()
    assert _run(capsys, "replay", "saves/k.json", "--verify")[0] == 0


def test_an_odd_file_name_outside_saves_gives_a_plain_copy_name(
    saved: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    odd = Path("my replay (1).json")
    odd.write_bytes(saved.read_bytes())
    code, out, _ = _run(capsys, "replay", str(odd), "--at", "12", "--dice", "1",
                        "--save-branch", "lucky")
    assert code == 0
    assert out[-1].endswith("wrote saves/my-replay--1-.branches.json")
    assert Path("saves/my-replay--1-.branches.json").is_file()


def test_saves_being_a_file_is_one_line_and_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["sim", "--scenario", "duel", "--seed", "3", "--ai", "basic", "--record",
                 "r.json"]) == 0
    capsys.readouterr()
    Path("saves").write_text("not a folder")
    code, _, err = _run(capsys, "replay", "r.json", "--at", "2", "--dice", "1",
                        "--save-branch", "x")
    assert code == 2
    assert len(err.splitlines()) == 1 and "cannot write" in err
