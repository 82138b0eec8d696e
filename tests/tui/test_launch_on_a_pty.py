"""`arena play --scenario X --seed N` plays X, not an unrelated unfinished battle; the other
battle's journal is kept aside under a numbered name that a later one never overwrites."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.tui.pty_game import Game, start

pytestmark = [pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty"),
              pytest.mark.pty, pytest.mark.slow]


def killed_mid_battle(started: list[Game], tmp_path: Path, *args: str) -> None:
    """Start a battle, take one step, and kill the terminal (the journal stays)."""
    game = start(started, tmp_path, "play", *args)
    game.wait_for("?")
    game.send("l")
    game.close()
    started.remove(game)
    assert (tmp_path / "saves" / "current.journal.jsonl").exists()


@pytest.fixture
def games() -> Iterator[list[Game]]:
    """The games started by a test, killed at its end."""
    started: list[Game] = []
    yield started
    for game in started:
        game.close()


def test_a_named_scenario_is_played_and_an_unrelated_journal_is_kept_numbered(games, tmp_path):
    killed_mid_battle(games, tmp_path, "--scenario", "skirmish", "--seed", "2")
    duel = start(games, tmp_path, "play", "--scenario", "duel", "--seed", "1")
    duel.wait_for("Duel in the Arena")
    assert "resume" not in duel.text.lower()
    duel.send("S")
    assert duel.wait_exit() == 0
    saves = tmp_path / "saves"
    first = sorted(p.name for p in saves.iterdir() if ".old" in p.name)
    assert first == ["current.journal.jsonl.old"]
    assert "skirmish" in (saves / first[0]).read_text()

    # `S` keeps the duel's journal (docs/play.md); another named battle keeps it aside too.
    killed_mid_battle(games, tmp_path, "--scenario", "ap-duel", "--seed", "4")
    again = start(games, tmp_path, "play", "--scenario", "duel", "--seed", "1")
    again.wait_for("Duel in the Arena")
    again.send("S")
    assert again.wait_exit() == 0
    kept = sorted(p.name for p in saves.iterdir() if ".old" in p.name)
    assert kept == [f"current.journal.jsonl.old{n}" for n in ("", ".2", ".3")]
    ids = [(saves / k).read_text().split('"id":"')[1].split('"')[0] for k in kept]
    assert ids == ["skirmish", "duel", "ap-duel"]  # numbered: none is ever overwritten
