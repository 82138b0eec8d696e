"""The terminal run in a pseudo-terminal read through pyte: title, the map, a bout, camp, the end.

Seed 7 under d40 with the suggested party, three steps (a fight, a camp, the boss): the AI
(auto-fight, `A`) wins bout 1.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from arena.run.runjournal import NAME, load
from tests.tui.pty_game import ESC_DELAY, Game

pytestmark = [pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty"),
              pytest.mark.pty, pytest.mark.slow]
AUTO_LIMIT = 400


def _auto_fight(game: Game) -> None:
    """Press A (auto-fight) until the bout is over."""
    for _ in range(AUTO_LIMIT):
        if "battle over" in game.text:
            return
        game.send("A")
    raise AssertionError(f"the bout never ended; screen:\n{game.text}")


def test_arena_opens_the_title_and_a_new_run_asks_for_the_ruleset(tmp_path: Path) -> None:
    game = Game([], tmp_path)
    try:
        game.wait_for("New run", timeout=20)
        game.wait_for("Single skirmish")
        game.wait_for("Scores")
        game.send("n")
        game.wait_for("choose a ruleset")
        game.wait_for("Run seed:")
        game.send("\x1b", wait=ESC_DELAY)
        game.wait_for("New run")
        game.send("q")
        assert game.wait_exit() == 0
    finally:
        game.close()


def test_a_run_is_played_through_a_bout_a_kill_the_camp_and_the_end(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    game = Game(["run", "--seed", "7", "--steps", "3"], tmp_path)
    try:
        game.wait_for("choose a ruleset", timeout=20)
        game.send("4")  # d40
        game.wait_for("choose a party of")
        game.send("\r")  # the suggested party
        game.wait_for("The road: step 1 of 3")
        game.wait_for("Act 1:")
        game.wait_for("against your")  # the foes' threat against the party as it stands
        game.send("1")
        game.wait_for("Bout 1, step 1 of 3")
        game.wait_for("Enemies:")
        game.wait_for("threat")
        game.send("\r")
        game.wait_for("round")
        for _ in range(4):
            game.send("A")
        os.kill(game.pid, signal.SIGKILL)  # the terminal is killed mid-bout
        game.wait_exit()
    finally:
        game.close()
    kept = load(saves / NAME)
    assert kept.lines, "nothing was journalled before the kill"
    game = Game([], tmp_path)
    try:
        game.wait_for("Unfinished run: d40, seed 7", timeout=20)
        game.send("c")
        game.pump(1.0, quiet=0.3)
        if "Enter: fight" in game.text:
            game.send("\r")
        _auto_fight(game)
        game.send("\r")
        game.wait_for("Bout 1 is over")
        game.wait_for("Won in")
        game.send("\r")
        game.wait_for("Spoils of bout 1")
        game.send("\r")
        game.wait_for("The road: step 2 of 3")
        game.wait_for("rest, repairs, goods")
        game.send("1")
        game.wait_for("Camp at step 2")
        game.wait_for("HP")
        game.wait_for("Offered:")
        game.send("r")
        game.wait_for("The camp's one action: y/Enter do it")  # the effect, asked once
        game.send("y")
        game.wait_for("rests")
        game.send("x")
        game.wait_for("Retire?")
        game.send("y")
        game.wait_for("The run is over")
        game.wait_for("Result: retired")
        game.send("\r")
        game.wait_for("New run")
        game.send("q")
        assert game.wait_exit() == 0
    finally:
        game.close()
    assert not (saves / NAME).exists()
    assert '"result":"retired"' in (saves / "scores.jsonl").read_text().replace(" ", "")
    assert len(list((saves / "morgue").iterdir())) == 1
    record = next((saves / "runs").iterdir())
    _verifies(record)


def _verifies(record: Path) -> None:
    """`arena replay RECORD --verify`, run as a tester would, accepts the run record."""
    env = os.environ | {"PYTHONPATH": str(Path(__file__).resolve().parents[3])}
    done = subprocess.run([sys.executable, "-m", "arena", "replay", str(record), "--verify"],
                          capture_output=True, text=True, env=env, check=False, timeout=120)
    assert done.returncode == 0, done.stderr


def _fight(game: Game, bout: int) -> None:
    """From the preview of bout `bout`: auto-fight it to its end and leave its outcome page."""
    game.wait_for(f"Bout {bout}, step")
    game.send("\r")
    game.wait_for("round")
    _auto_fight(game)
    game.send("\r")
    game.wait_for(f"Bout {bout} is over")
    game.wait_for("Bounty:")
    game.send("\r")


def test_a_run_visits_a_fight_a_merchant_an_elite_an_event_a_camp_and_the_boss(
        tmp_path: Path) -> None:
    """Seed 26 under d40, six steps: every kind of node of the run's map, chosen by hand."""
    saves = tmp_path / "saves"
    game = Game(["run", "--seed", "26", "--steps", "6"], tmp_path, rows=32, cols=100)
    try:
        game.wait_for("choose a ruleset", timeout=20)
        game.send("4")  # d40
        game.wait_for("choose a party of")
        game.send("\r")
        game.wait_for("$ merchant")
        game.send("2")  # the middle fight, which leads to the merchant
        _fight(game, 1)
        game.wait_for("Spoils of bout 1")
        for key in "l11":  # the first loot to the first member
            game.send(key)
        game.send("\r")
        game.wait_for("wares to buy, gear to sell, fighters to hire")
        game.send("2")
        game.wait_for("A merchant at step 2")
        game.wait_for("For hire:")
        for key in "b53":  # the breastplate for the archer
            game.send(key)
        game.wait_for("Archer buys breastplate and helm for 16 coin")
        game.wait_for("leather armour traded in for 3 coin")
        for key in "v12":  # the shaman sells the gladius just looted
            game.send(key)
        game.wait_for("Shaman sells gladius for 13 coin")
        game.send("\r")
        game.wait_for("Elite fight, crypt")
        game.send("1")
        _fight(game, 2)
        game.wait_for("Spoils of bout 2 - the camp's one action: free")
        game.send("\r")
        game.wait_for("a stranger's offer")
        game.send("1")
        game.wait_for("An event at step 4")
        game.wait_for("70%: +60 coin; 30%: +15 coin;")
        game.send("1")
        game.send("y")
        game.wait_for("Take the job: An uneventful day")
        game.send("\r")
        game.wait_for("The road: step 5 of 6")
        game.send("1")
        game.wait_for("Camp at step 5")
        game.send("r")
        game.send("y")
        game.wait_for("rests")
        game.send("\r")
        game.wait_for("The road: step 6 of 6")
        game.send("1")
        _fight(game, 3)
        game.wait_for("The run is over")
        game.wait_for("Result: victory")
        game.send("\r")
        game.wait_for("New run")
        game.send("q")
        assert game.wait_exit() == 0
    finally:
        game.close()
    record = next((saves / "runs").iterdir())
    kinds = [c["choice"] for camp in json.loads(record.read_text())["camps"] for c in camp]
    assert kinds == ["loot", "buy", "sell", "answer", "rest"]
    _verifies(record)
