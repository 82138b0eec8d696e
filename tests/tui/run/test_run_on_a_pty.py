"""The terminal run in a pseudo-terminal read through pyte: title, the map, a bout, camp, the end.

Seed 7 under d40 with the suggested party, three steps (a fight, a camp, the boss): the AI
(auto-fight, `A`) wins bout 1.
"""

from __future__ import annotations

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
        game.wait_for("choose a party of three")
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
    env = os.environ | {"PYTHONPATH": str(Path(__file__).resolve().parents[3])}
    done = subprocess.run([sys.executable, "-m", "arena", "replay", str(record), "--verify"],
                          capture_output=True, text=True, env=env, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
