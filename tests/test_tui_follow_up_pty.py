"""Issue 17 follow-up in a real pseudo-terminal read through pyte: the accessible mode, aiming
with no valid target, the bump preview and the help's costs, as a player meets them."""

from __future__ import annotations

import sys

import pytest

from tests import test_tui_e2e
from tests.test_tui_e2e import FACE_TO_FACE, start

games = test_tui_e2e.games  # the same fixture: games on a pty, killed after the test

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")


def test_accessible_mode_speaks_plain_lines_and_takes_every_command(games, tmp_path):
    game = start(games, tmp_path, "play", "--accessible", "--scenario", "duel", "--seed", "1")
    game.wait_for("Korg, your swordsman, decides")
    assert "Ysolde, enemy axeman, 4 hexes east, unhurt" in game.text  # the AI waits at the edge
    assert "\x1b[?1049h" not in game.raw.decode(errors="replace")  # no full screen, no map
    game.send("l\r")
    game.wait_for("Korg moves 1 hex")
    assert "3 hexes east" in game.text
    game.send("?\r")
    game.wait_for("an attack 4 AP")
    game.send("S\r")
    assert game.wait_exit() == 0
    assert "Saved to saves/duel-1.save.json" in game.text


def test_attack_with_no_target_in_reach_aims_and_shows_the_reason(games, tmp_path):
    game = start(games, tmp_path, "play", "--scenario", "duel", "--seed", "1")
    game.wait_for("? help")
    game.send("a")
    game.wait_for("Esc: back")
    panel = " ".join(" ".join(line[50:].strip() for line in game.screen.display).split())
    assert "cannot attack Ysolde: longsword reaches 1 hex(es); target is 4 away" in panel
    assert "Ysolde HP 22/22, unhurt" in panel


def test_a_bump_shows_the_odds_first_and_the_same_step_attacks(games, tmp_path):
    (tmp_path / "face.toml").write_text(FACE_TO_FACE)
    game = start(games, tmp_path, "play", "--scenario", "face.toml", "--seed", "2")
    game.wait_for("? help")
    game.settle()
    step = "l" if "Korg" in game.screen.display[1] else "h"
    game.send(step)
    game.wait_for("again or Enter: attack")
    assert "hit chance" in game.text and " attacks " not in game.text
    game.send(step)
    game.wait_for(" attacks ")


def test_the_help_prices_the_longbow_from_the_ruleset(games, tmp_path):
    game = start(games, tmp_path, "play", "--scenario", "skirmish", "--rules", "ap", "--seed", "1")
    game.wait_for("? help")
    game.send("?")
    game.send("x")
    game.wait_for("How to play")
    text = " ".join(game.text.split())
    assert "an attack 4 AP (longbow 6)" in text
