"""The real program on a pty: play, attack, move, help, save and load; resume a killed game;
Ctrl+C and a too-small terminal (the harness: tests/tui/pty_game.py)."""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path

import pytest

from tests.tui.pty_game import ESC_DELAY, FACE_TO_FACE, Game, start

pytestmark = [pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty"),
              pytest.mark.pty, pytest.mark.slow]


# A step's key and where the neighbour's glyph is from the stepper's: (columns, rows).
STEPS = {"l": (2, 0), "h": (-2, 0), "u": (1, -1), "y": (-1, -1), "n": (1, 1), "b": (-1, 1)}


def free_step(game: Game) -> str:
    """The key of a step onto open floor for the combatant whose card the panel shows."""
    glyph = game.screen.display[1][50]
    rows = [line[:49] for line in game.screen.display[:17]]
    y = next(i for i, line in enumerate(rows) if i > 0 and glyph in line)
    x = rows[y].index(glyph)
    for key, (dx, dy) in STEPS.items():
        if 0 <= y + dy < len(rows) and 0 <= x + dx < 49 and rows[y + dy][x + dx] in ".,":
            return key
    raise AssertionError(f"no free step from {glyph} at {x},{y}")


def journal_commands(tmp_path: Path) -> list[dict[str, object]]:
    lines = (tmp_path / "saves" / "current.journal.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines[1:]]


def test_play_attacks_moves_opens_help_saves_and_loads_the_same_state(games, tmp_path):
    (tmp_path / "face.toml").write_text(FACE_TO_FACE)
    game = start(games, tmp_path, "play", "--scenario", "face.toml", "--seed", "1", "--hotseat")
    game.wait_for("Face to Face · ap · seed 1")
    game.settle()
    assert "Round 1: initiative" in game.text
    game.send("a")
    game.wait_for("hit chance")
    game.send("\r")
    game.wait_for(" attacks ")
    game.settle()
    game.send(free_step(game))
    game.settle()
    player = [c["command"]["type"] for c in journal_commands(tmp_path) if c["by"] == "player"]
    assert "attack" in player and "move" in player[player.index("attack"):]
    game.send("?")
    game.wait_for("Help, page 1 of 4")
    assert "step north-west" in game.text
    game.send("\x1b", ESC_DELAY)
    game.wait_for("Round 1: initiative")
    before = game.screen.display[:23]
    game.send("S")
    assert game.wait_exit() == 0
    save = tmp_path / "saves" / "face-1.save.json"
    assert save.exists() and b"Saved to saves/face-1.save.json" in game.raw

    again = start(games, tmp_path, "play", "--load", str(save), "--hotseat")
    again.wait_for("Face to Face · ap · seed 1")
    again.pump(0.3, quiet=0.1)
    assert again.screen.display[:23] == before


def test_a_killed_game_is_offered_for_resuming_by_plain_arena(games, tmp_path):
    game = start(games, tmp_path, "play", "--scenario", "duel", "--seed", "2")
    game.wait_for("Duel in the Arena · ap · seed 2")
    game.settle()
    game.send("]")
    game.settle()
    game.send(free_step(game))
    game.settle()
    game.pump(0.3, quiet=0.1)
    before = game.screen.display[:23]
    os.kill(game.pid, signal.SIGKILL)
    game.wait_exit()

    again = start(games, tmp_path)
    again.wait_for("Resume it? (y/n)")
    assert "Duel in the Arena, seed 2" in again.text
    again.send("y")
    again.wait_for("Duel in the Arena · ap · seed 2")
    again.pump(0.3, quiet=0.1)
    assert again.screen.display[:23] == before


def test_ctrl_c_restores_the_terminal(games, tmp_path):
    game = start(games, tmp_path, "play", "--scenario", "duel", "--seed", "3")
    game.wait_for("Duel in the Arena")
    game.send("\x03")
    assert game.wait_exit() == 130
    raw = bytes(game.raw)
    # Each mode's last switch must be the one that turns it off. (Anchoring on the last
    # "\x1b[0m" was the race: any later reset, e.g. one written while clearing, hid the rest.)
    for on, off in ((b"\x1b[?1049h", b"\x1b[?1049l"), (b"\x1b[?25l", b"\x1b[?25h"),
                    (b"\x1b=", b"\x1b>")):
        assert raw.rfind(off) > raw.rfind(on), (on, off)  # screen, cursor, keypad restored
    assert b"Interrupted" in raw[raw.rfind(b"\x1b[?1049l") :]


def test_a_small_terminal_asks_for_a_resize_and_a_resize_redraws(games, tmp_path):
    game = start(games, tmp_path, "play", "--scenario", "duel", "--seed", "4", cols=60, rows=20)
    game.wait_for("Terminal too small")
    assert "60x20" in game.text
    game.resize(80, 24)
    game.wait_for("Duel in the Arena · ap · seed 4")
    game.resize(200, 60)
    game.wait_for("Round 1: initiative")
    assert "Terminal too small" not in game.text
    assert any(" . . . " in line for line in game.screen.display)
    game.send("Q")
    game.wait_for("Abandon this battle?")
    game.send("y")
    assert game.wait_exit() == 0
    assert not (tmp_path / "saves" / "current.journal.jsonl").exists()
