"""The viewer's what-if page (`w`) and saving its line as a branch, driven through pyte."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.battle.core import Battle
from arena.cli.main import main
from arena.model.commands import command_from_json
from arena.replay.file import load_document
from arena.tools import branches as tree
from arena.tui.viewer.playback import open_playback
from arena.tui.viewer.viewer import branch_page
from tests.tui.pty_game import Game, start
from tests.tui.viewer.test_viewer_on_a_pty import SIZE, go

COMMANDS = 108  # skirmish seed 3 as the basic AI fights it (tactical-AI work moves nothing)


@pytest.fixture
def games() -> Iterator[list[Game]]:
    """The games a test starts, killed if still running at its end."""
    started: list[Game] = []
    yield started
    for game in started:
        game.close()


@pytest.fixture
def replay_path(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                monkeypatch: pytest.MonkeyPatch) -> Path:
    """Skirmish seed 3 recorded outside saves/ (the tool's saves/ is under tmp_path)."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "x.json"
    assert main(["sim", "--scenario", "skirmish", "--seed", "3", "--ai", "basic", "--record",
                 str(path)]) == 0
    capsys.readouterr()
    return path


def open_viewer(started: list[Game], tmp_path: Path, path: Path) -> Game:
    game = start(started, tmp_path, "replay", str(path), **SIZE)
    game.wait_for(f"command 0/{COMMANDS}")
    return game


def what_if(game, faces: str) -> None:  # type: ignore[no-untyped-def]
    game.send("w")
    game.wait_for("what if at command")
    game.send(faces + "\r")


@pytest.mark.pty
@pytest.mark.slow
def test_a_die_of_1_before_command_12_misses_at_19_and_the_battle_ends_in_round_4(
        games, tmp_path, replay_path):
    game = open_viewer(games, tmp_path, replay_path)
    go(game, "11")
    game.wait_for(f"command 11/{COMMANDS}")
    what_if(game, "1")
    game.wait_for("what if at command 12 of main: dice 1 first")
    text = game.text
    assert "first divergence: command 19, event 1" in text
    assert "die 1 (d20, attack d20): old 10, new 1" in text
    rows = {line.split()[0]: line.split()[1:] for line in game.screen.display if line.split()}
    assert rows["winner"] == ["Crimson", "Company", "Crimson", "Company"]
    assert rows["rounds"] == ["6", "4"]
    assert rows["commands"] == ["108", "84"]
    game.send("x")  # any other key: back to the replay where it was
    game.wait_for(f"command 11/{COMMANDS}")


@pytest.mark.pty
@pytest.mark.slow
def test_saving_the_what_if_as_a_branch_writes_a_copy_under_saves_that_lists_it(
        games, tmp_path, replay_path, capsys):
    before = replay_path.read_bytes()
    game = open_viewer(games, tmp_path, replay_path)
    go(game, "11")
    game.wait_for(f"command 11/{COMMANDS}")
    what_if(game, "1")
    game.wait_for("first divergence")
    game.send("s")
    game.wait_for("save the new line as branch")
    game.send("low-roll\r")
    game.wait_for("saved branch 'low-roll'")
    assert replay_path.read_bytes() == before  # outside saves/: left as it was
    copy = tmp_path / "saves" / "x.branches.json"
    doc = json.loads(copy.read_text())
    assert [(b["name"], b["at"], b["dice"]) for b in doc["branches"]] == [("low-roll", 12, [1])]
    game.send("x")
    go(game, "0")
    what_if(game, "e")  # the first actor ends its turn at once; saved beside the first
    game.wait_for("what if at command 1 of main: command")
    game.send("s")
    game.wait_for("save the new line as branch")
    game.send("pass\r")
    game.wait_for("saved branch 'pass'")
    game.send("x")
    game.wait_for(f"command 0/{COMMANDS}")
    game.send("q")
    assert game.wait_exit() == 0
    capsys.readouterr()
    assert main(["replay", str(copy), "--branches"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("  low-roll from main at command 12 (dice 1): 84 commands, "
                             "Crimson Company won, round 4")
    assert out[2].startswith("  pass from main at command 1 (command end_turn)")
    assert main(["replay", str(copy), "--verify"]) == 0


@pytest.mark.pty
@pytest.mark.slow
def test_a_bad_change_is_one_line_and_the_battle_end_has_nothing_to_change(
        games, tmp_path, replay_path):
    game = open_viewer(games, tmp_path, replay_path)
    what_if(game, "{\"type\":")
    game.wait_for("the command:")
    assert f"command 0/{COMMANDS}" in game.text
    game.send("\x1b[F")  # End
    game.wait_for(f"command {COMMANDS}/{COMMANDS}")
    game.send("w")
    game.wait_for("the battle ends here")


@pytest.mark.pty
@pytest.mark.slow
def test_the_help_page_lists_the_what_if_key(games, tmp_path, replay_path):
    game = open_viewer(games, tmp_path, replay_path)
    game.send("?")
    game.wait_for("Replay viewer keys")
    assert " w           what if (next command)" in game.text
    assert " B           branches of the replay" in game.text


@pytest.fixture
def with_branch(tmp_path: Path, replay_path: Path, capsys) -> Path:
    """The replay's copy under saves/ with branch `low` (a die of 1 before command 12)."""
    assert main(["replay", str(replay_path), "--at", "12", "--dice", "1", "--save-branch",
                 "low"]) == 0
    capsys.readouterr()
    return tmp_path / "saves" / "x.branches.json"


@pytest.mark.slow
def test_seeking_back_and_forth_in_a_branch_gives_the_states_of_a_plain_rerun(with_branch):
    replay, doc = load_document(with_branch)
    branches = tree.read_branches(doc, "x", len(replay.steps))
    line = tree.line_of(replay, branches, "low")
    expected = []
    with Battle(replay.scenario, replay.ruleset, replay.seed, replay.dice) as battle:
        for i, step in enumerate(line.steps, 1):
            if i in dict(line.splices):
                battle.dice.splice(dict(line.splices)[i])
            battle.apply(command_from_json(step["command"]))
            expected.append(battle.state_hash())
    assert expected[-1] == line.steps[-1]["state_hash"]
    playback = open_playback(with_branch, with_branch.parent)
    branch_page.open_line(playback, "low")
    assert playback.count == 84 and playback.film.splices == ((12, (1,)),)
    assert playback.seeker is not None
    for n in (84, 11, 17, 12, 40, 19, 15, 83, 21, 13):  # keyframes every 10: restores
        assert playback.seeker.at(n).state_hash() == expected[n - 1], n
    playback.close()


@pytest.mark.pty
@pytest.mark.slow
def test_the_branches_page_lists_opens_and_deletes_a_branch(games, tmp_path, with_branch,
                                                             capsys):
    game = start(games, tmp_path, "replay", str(with_branch), **SIZE)
    game.wait_for(f"command 0/{COMMANDS}")
    game.send("B")
    game.wait_for("low from main at command 12 (dice 1): 84 commands, Crimson Company won, "
                  "round 4")
    assert "> main: 108 commands, Crimson Company won, round 6" in game.text
    game.send("j")
    game.send("\r")
    game.wait_for("branch low · command 0/84")
    game.send("\x1b[F")  # End: the branch's end, two rounds sooner
    game.wait_for("branch low · command 84/84 · round 4")
    game.send("B")
    game.wait_for(">   low from main")  # the line watched is picked
    game.send("d")
    game.wait_for("delete branch 'low' and the branches under it? (y/n)")
    game.send("n")
    game.wait_for("j/k pick")
    game.send("d")
    game.wait_for("(y/n)")
    game.send("y")
    game.wait_for("deleted branch low")
    game.send("\x1b")
    game.wait_for(f"command 0/{COMMANDS}")
    game.send("q")
    assert game.wait_exit() == 0
    capsys.readouterr()
    assert main(["replay", str(with_branch), "--branches"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "main: 108 commands, Crimson Company won, round 6"]


@pytest.mark.pty
@pytest.mark.slow
def test_a_what_if_in_a_branch_is_saved_as_its_child(games, tmp_path, with_branch,
                                                     capsys):
    game = start(games, tmp_path, "replay", str(with_branch), **SIZE)
    game.wait_for(f"command 0/{COMMANDS}")
    game.send("B")
    game.wait_for("low from main")
    game.send("j")
    game.send("\r")
    game.wait_for("branch low · command 0/84")
    go(game, "20")
    game.wait_for("branch low · command 20/84")
    what_if(game, "20")
    game.wait_for("what if at command 21 of low: dice 20 first")
    game.send("s")
    game.wait_for("save the new line as branch")
    game.send("high\r")
    game.wait_for("saved branch 'high'")
    game.send("x")
    game.send("q")
    assert game.wait_exit() == 0
    capsys.readouterr()
    assert main(["replay", str(with_branch), "--branches"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2].startswith("    high from low at command 21 (dice 20): ")
    assert main(["replay", str(with_branch), "--verify"]) == 0
