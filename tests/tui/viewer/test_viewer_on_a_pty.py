"""The replay viewer (`arena replay PATH` on a terminal), driven through pyte as a player would.

Expected states come from a plain re-run of the replay's commands (a fresh Battle), not from
the viewer's seeker.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from arena.battle.core import Battle
from arena.battle.view import BattleView, snapshot
from arena.cli.main import main
from arena.replay.file import load, rerun
from tests.tui.pty_game import Game, start

SIZE = {"cols": 100, "rows": 30}


@pytest.fixture
def games() -> Iterator[list[Game]]:
    """The games a test starts, killed if still running at its end."""
    started: list[Game] = []
    yield started
    for game in started:
        game.close()


@dataclass(frozen=True)
class Point:
    """The battle after some commands, as the panel should show it."""

    round: int
    turn: int | None
    hp: dict[str, str]  # name -> "hp/max" of the living


def points(path: Path) -> list[Point]:
    """The battle after each number of commands, re-run plainly."""
    replay = load(path)
    found = []
    with Battle(replay.scenario, replay.ruleset, replay.seed, replay.dice) as battle:
        found.append(_point(snapshot(battle)))
        for command, _, _ in replay.steps:
            battle.apply(command)
            found.append(_point(snapshot(battle)))
    return found


def _point(view: BattleView) -> Point:
    return Point(view.round, view.turn,
                 {c.name: f"{c.hp}/{c.max_hp}" for c in view.combatants if c.alive})


def panel_hp(game: Game) -> dict[str, str]:
    """Name -> "hp/max" as the initiative list on the panel shows them."""
    shown: dict[str, str] = {}
    rows = [line.split("│")[-1] for line in game.screen.display]
    start = next(i for i, row in enumerate(rows) if ": initiative" in row)
    for row in rows[start + 1:]:
        right = row.split()
        if not right:
            break
        if len(right) >= 4 and "/" in right[-1] and right[-1].replace("/", "").isdigit():
            shown[" ".join(right[1:-2])] = right[-1]
    return shown


@pytest.fixture
def replay_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A recorded skirmish of 108 commands, six rounds."""
    path = tmp_path / "x.json"
    assert main(["sim", "--scenario", "skirmish", "--seed", "3", "--ai", "basic", "--record",
                 str(path)]) == 0
    capsys.readouterr()
    return path


def open_viewer(games: list[Game], tmp_path: Path, path: Path) -> Game:
    game = start(games, tmp_path, "replay", str(path), **SIZE)
    game.wait_for("command 0/108")
    return game


def go(game: Game, where: str) -> None:
    game.send("g")
    game.wait_for("go to (")
    game.send(where + "\r")


@pytest.mark.pty
@pytest.mark.slow
def test_going_to_a_round_shows_that_rounds_hp_on_the_panel(games, tmp_path, replay_path):
    expected = points(replay_path)
    n = next(i for i, p in enumerate(expected) if p.round == 5)
    game = open_viewer(games, tmp_path, replay_path)
    go(game, "r5")
    game.wait_for(f"command {n}/108 · round 5")
    assert "Round 5: initiative" in game.text
    assert expected[n].hp != expected[0].hp  # someone was hurt by round 5
    assert panel_hp(game) == {name[:11]: hp for name, hp in expected[n].hp.items()}


@pytest.mark.pty
@pytest.mark.slow
def test_stepping_back_one_command_shows_the_state_before_it(games, tmp_path, replay_path):
    expected = points(replay_path)
    hurt = next(i for i in range(1, len(expected)) if expected[i].hp != expected[i - 1].hp
                and set(expected[i].hp) == set(expected[i - 1].hp))  # a hit, nobody fell
    game = open_viewer(games, tmp_path, replay_path)
    go(game, str(hurt))
    game.wait_for(f"command {hurt}/108")
    assert panel_hp(game) == {k[:11]: v for k, v in expected[hurt].hp.items()}
    game.send("h")
    game.wait_for(f"command {hurt - 1}/108")
    assert panel_hp(game) == {k[:11]: v for k, v in expected[hurt - 1].hp.items()}
    game.send("\x1b[C")  # the right arrow steps forward again
    game.wait_for(f"command {hurt}/108")


@pytest.mark.pty
@pytest.mark.slow
def test_go_to_a_command_by_number_or_c_and_turn_and_round_keys(games, tmp_path, replay_path):
    expected = points(replay_path)
    game = open_viewer(games, tmp_path, replay_path)
    go(game, "c40")
    game.wait_for("command 40/108")
    go(game, "77")
    game.wait_for("command 77/108")
    turn = next(i for i in range(78, len(expected)) if expected[i].turn != expected[77].turn)
    game.send("L")
    game.wait_for(f"command {turn}/108")
    nxt = next(i for i in range(turn + 1, len(expected))
               if expected[i].round != expected[turn].round)
    game.send("]")
    game.wait_for(f"command {nxt}/108 · round {expected[nxt].round}")
    go(game, "r99")
    game.wait_for("no round 99 here: this battle has rounds 1 to 6")
    game.send("\x1b[F")  # End
    game.wait_for("command 108/108 · round 6 · paused (4/s) · battle over")
    game.send("\x1b[H")  # Home
    game.wait_for("command 0/108 · round 1")


@pytest.mark.pty
@pytest.mark.slow
def test_space_plays_the_battle_and_q_leaves(games, tmp_path, replay_path):
    game = open_viewer(games, tmp_path, replay_path)
    for _ in range(4):
        game.send("k")  # faster: 4, 8, 16, 32, 64 commands a second
    game.wait_for("paused (64/s)")
    game.send(" ")
    game.wait_for("playing 64/s")
    game.wait_for("command 108/108", timeout=15)
    game.wait_for("paused (64/s)")
    game.send("q")
    assert game.wait_exit() == 0


@pytest.mark.pty
@pytest.mark.slow
def test_aiming_shows_the_odds_and_changes_nothing(games, tmp_path, replay_path):
    game = open_viewer(games, tmp_path, replay_path)
    go(game, "32")  # Wren's turn opens with 6 AP and Mira in bow range (she shoots at 33)
    game.wait_for("command 32/108")
    game.send("a")
    game.wait_for("hit chance")
    game.send("\r")
    game.wait_for("read-only: the replay is not changed")
    game.send("\x1b", wait=0.5)
    game.send("x")
    game.wait_for("move the cursor")
    game.send("\x1b", wait=0.5)
    game.send("l")
    game.wait_for("command 33/108")  # the replay's own command 33 comes next
    game.send("q")
    assert game.wait_exit() == 0
    assert next(rerun(load(replay_path)), None) is None  # the file is untouched


@pytest.mark.pty
@pytest.mark.slow
def test_continue_from_here_writes_a_child_that_verifies_and_names_its_parent(
        games, tmp_path, replay_path, capsys):
    before = replay_path.read_bytes()
    game = open_viewer(games, tmp_path, replay_path)
    # after command 28 Mira (Azure Guard) acts at once, and the AI plays only Wren's short
    # turn before Aldo's, so the S lands on a player's turn
    go(game, "28")
    game.wait_for("command 28/108")
    game.send("c")
    game.wait_for("play on from command 28 as: 1) Crimson Company  2) Azure Guard")
    game.send("2")
    game.wait_for("end turn")  # the game's own prompt: playing Azure Guard
    game.settle()
    game.send(".")  # end the turn: Mira could still strike, so it asks once
    game.wait_for("end the turn anyway?")
    game.send("y")  # ended: the AI plays Crimson Company's turns
    game.settle()
    game.send("S")
    assert game.wait_exit() == 0
    assert "play on with: arena play --load saves/skirmish-3.continued.save.json" in \
        game.raw.decode()
    assert replay_path.read_bytes() == before
    child = tmp_path / "saves" / "skirmish-3.continued.save.json"
    doc = json.loads(child.read_text())
    assert doc["parent"] == {"sha256": hashlib.sha256(before).hexdigest(), "command": 28}
    parent = json.loads(before)
    assert doc["commands"][:28] == parent["commands"][:28]  # `by`, `ai` and all kept
    assert doc["command_count"] > 28 and "player" in {s["by"] for s in doc["commands"][28:]}
    assert main(["replay", str(child), "--verify", "--partial"]) == 0
    assert "replay verified" in capsys.readouterr().out


@pytest.mark.pty
@pytest.mark.slow
def test_a_run_records_next_bout_key_moves_to_the_next_bout(games, tmp_path, capsys):
    record = tmp_path / "run.json"
    assert main(["run", "--auto", "--seed", "4", "--steps", "2", "--record", str(record),
                 "--saves", str(tmp_path / "runs")]) == 0
    capsys.readouterr()
    bouts = json.loads(record.read_text())["fights"]
    game = start(games, tmp_path, "replay", str(record), **SIZE)
    game.wait_for(f"command 0/{len(bouts[0]['commands'])} · round 1")
    assert "bout 1/2" in game.text
    game.send(">")
    game.wait_for(f"command 0/{len(bouts[1]['commands'])} · round 1")
    assert "bout 2/2" in game.text
    game.send(">")
    game.wait_for("no bout 3: the run has 2")
    game.send("<")
    game.wait_for("bout 1/2")


@pytest.mark.pty
@pytest.mark.slow
def test_a_run_bout_opened_with_bout_offers_what_if_and_answers_it(games, tmp_path, capsys):
    record = tmp_path / "run.json"
    assert main(["run", "--auto", "--seed", "4", "--steps", "2", "--record", str(record),
                 "--saves", str(tmp_path / "runs")]) == 0
    capsys.readouterr()
    count = len(json.loads(record.read_text())["fights"][1]["commands"])
    game = start(games, tmp_path, "replay", str(record), "--bout", "2", **SIZE)
    game.wait_for(f"bout 2/2 · command 0/{count} · round 1")
    game.wait_for("c play on  w what if")
    game.send("l")
    game.send("w")
    game.wait_for("what if at command 2")
    game.send("e")
    game.send("\r")
    game.wait_for("any other key: back")
    assert "What if" in game.text


@pytest.mark.pty
@pytest.mark.slow
def test_on_a_terminal_log_prints_the_log_and_a_missing_file_is_one_line(
        games, tmp_path, replay_path):
    game = start(games, tmp_path, "replay", str(replay_path), "--log", **SIZE)
    assert game.wait_exit() == 0
    assert "Crimson Company wins" in game.raw.decode()
    game = start(games, tmp_path, "replay", "no/such.json", **SIZE)
    assert game.wait_exit() == 2
    assert "no such replay file" in game.raw.decode()
    assert "Traceback" not in game.raw.decode()


def test_a_pipe_gets_the_log_as_before(replay_path, capsys):
    assert main(["replay", str(replay_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Round 1. Initiative:") and "Crimson Company wins" in out


@pytest.mark.pty
@pytest.mark.slow
def test_a_tampered_replay_does_not_open_and_exits_1(games, tmp_path, replay_path):
    doc = json.loads(replay_path.read_text())
    doc["commands"][5]["state_hash"] = "0" * 16
    replay_path.write_text(json.dumps(doc))
    game = start(games, tmp_path, "replay", str(replay_path), **SIZE)
    assert game.wait_exit() == 1
    out = game.raw.decode()
    assert "command 6 of the replay no longer gives its recorded state" in out
    assert "Traceback" not in out
