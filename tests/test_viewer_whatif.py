"""The viewer's what-if page (`w`) and saving its line as a branch, driven through pyte."""

from __future__ import annotations

import json
from pathlib import Path

from arena.cli import main
from tests.test_tui_e2e import Game, start
from tests.test_viewer import SIZE, games, go, replay_path  # noqa: F401 (fixtures)

COMMANDS = 91  # skirmish seed 3 as the tactical AI fights it on both sides


def open_viewer(started: list[Game], tmp_path: Path, path: Path) -> Game:
    game = start(started, tmp_path, "replay", str(path), **SIZE)
    game.wait_for(f"command 0/{COMMANDS}")
    return game


def what_if(game, faces: str) -> None:  # type: ignore[no-untyped-def]
    game.send("w")
    game.wait_for("what if at command")
    game.send(faces + "\r")


def test_a_die_of_1_before_command_12_misses_at_16_and_azure_guard_wins_instead(
        games, tmp_path, replay_path):  # noqa: F811
    game = open_viewer(games, tmp_path, replay_path)
    go(game, "11")
    game.wait_for(f"command 11/{COMMANDS}")
    what_if(game, "1")
    game.wait_for("what if at command 12 of main: dice 1 first")
    text = game.text
    assert "first divergence: command 16, event 1" in text
    assert "die 1 (d20, attack d20): old 10, new 1" in text
    rows = {line.split()[0]: line.split()[1:] for line in game.screen.display if line.split()}
    assert rows["winner"] == ["Crimson", "Company", "Azure", "Guard"]
    assert rows["rounds"] == ["7", "8"]
    assert rows["commands"] == ["91", "93"]
    game.send("x")  # any other key: back to the replay where it was
    game.wait_for(f"command 11/{COMMANDS}")


def test_saving_the_what_if_as_a_branch_writes_a_copy_under_saves_that_lists_it(
        games, tmp_path, replay_path, capsys):  # noqa: F811
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
    assert out[1].startswith("  low-roll from main at command 12 (dice 1): 93 commands, "
                             "Azure Guard won")
    assert out[2].startswith("  pass from main at command 1 (command end_turn)")
    assert main(["replay", str(copy), "--verify"]) == 0


def test_a_bad_change_is_one_line_and_the_battle_end_has_nothing_to_change(
        games, tmp_path, replay_path):  # noqa: F811
    game = open_viewer(games, tmp_path, replay_path)
    what_if(game, "{\"type\":")
    game.wait_for("the command:")
    assert f"command 0/{COMMANDS}" in game.text
    game.send("\x1b[F")  # End
    game.wait_for(f"command {COMMANDS}/{COMMANDS}")
    game.send("w")
    game.wait_for("the battle ends here")


def test_the_help_page_lists_the_what_if_key(games, tmp_path, replay_path):  # noqa: F811
    game = open_viewer(games, tmp_path, replay_path)
    game.send("?")
    game.wait_for("Replay viewer keys")
    assert " w           what if: change the next command" in game.text
