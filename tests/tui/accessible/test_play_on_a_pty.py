"""The accessible mode on a real pty: plain lines, no full screen, every command typed."""

from __future__ import annotations

import sys

import pytest

from tests.tui.pty_game import start

pytestmark = [pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty"),
              pytest.mark.pty, pytest.mark.slow]


def test_accessible_mode_speaks_plain_lines_and_takes_every_command(games, tmp_path):
    game = start(games, tmp_path, "play", "--accessible", "--scenario", "duel", "--seed", "1")
    game.wait_for("Korg, your swordsman, decides")
    assert "Ysolde, enemy axeman, 4 hexes east, unhurt" in game.text  # the AI waits at the edge
    assert "\x1b[?1049h" not in game.raw.decode(errors="replace")  # no full screen, no map
    game.send("l\r")
    game.wait_for("Korg moves 1 hex")
    assert "3 hexes east" in game.text
    game.send("?\r")
    game.wait_for("facing: turning costs AP")  # the glossary's last line, after the guide
    assert "an attack 4 AP" in " ".join(game.raw.decode(errors="replace").split())
    game.send("S\r")
    assert game.wait_exit() == 0
    assert "Saved to saves/duel-1.save.json" in game.text
