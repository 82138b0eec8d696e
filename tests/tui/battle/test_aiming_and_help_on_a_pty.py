"""The battle screen on a real pty, as a player meets it: aiming with no valid target, the bump
preview and the help's costs (the same without a terminal: test_aiming_and_help.py)."""

from __future__ import annotations

import sys

import pytest

from tests.tui.pty_game import FACE_TO_FACE, start

pytestmark = [pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty"),
              pytest.mark.pty, pytest.mark.slow]


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
    game.send("x")  # page 2: the other modes' keys; page 3: the guide
    game.send("x")
    game.wait_for("How to play")
    text = " ".join(game.text.split())
    assert "an attack 4 AP (longbow 6)" in text
