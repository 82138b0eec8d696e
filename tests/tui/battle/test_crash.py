"""Kill -9 at random points of play (issue 18): the journal always loads, at most the command
in flight is lost, and plain `arena` offers the battle again each time.

A forked child plays a hotseat session headless (the same Session the terminal drives) and
acknowledges each command once `submit` has returned (its journal line is fsynced); it is
killed after a random delay. The journal must then hold every acknowledged command, at most
one more (the one in flight), and resume with every state hash matching. A few kills of the
real program on a pty check that plain `arena` offers the battle again. ARENA_CRASH_KILLS sets
the number of forked kills (30 in CI).
"""

from __future__ import annotations

import os
import random
import signal
import sys
import time
from pathlib import Path

import pytest

from arena.model.commands import EndTurn, Face
from arena.replay.journal import load_journal, resume
from arena.tui.battle.session import JOURNAL_NAME, Session
from arena.tui.launch import PlayOptions, new_battle
from tests.tui.pty_game import Game

FORK_KILLS = int(os.environ.get("ARENA_CRASH_KILLS", "30"))  # a forked headless session
PTY_KILLS = 4  # the real program on a pty, plain `arena` resuming each time
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX fork and a pty")


def _play_until_killed(saves: Path, ack: int) -> None:
    """The child: resume the journal (or start), then end turns and face about, acking each."""
    options = PlayOptions("duel", 9, None, None, True, None, saves)
    journal = saves / JOURNAL_NAME
    source = load_journal(journal) if journal.exists() else None
    recorder = resume(source) if source is not None else new_battle(options)
    session = Session(recorder, frozenset({0, 1}), saves)
    rng = random.Random(os.getpid())
    while not session.battle.over:
        actor = session.battle.active
        assert actor is not None
        command = Face(actor, rng.randrange(6)) if rng.random() < 0.5 else EndTurn(actor)
        if session.submit(command) is None:
            os.write(ack, b".")  # the command is on disk: submit fsynced its journal line


@pytest.mark.slow
def test_killing_a_session_loses_at_most_the_command_in_flight(tmp_path):
    rng = random.Random(18)
    saves = tmp_path / "saves"
    saves.mkdir()
    on_disk = checked = 0
    for kill in range(FORK_KILLS):
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child plays until it is killed
            try:
                os.close(read)
                _play_until_killed(saves, write)
            finally:
                os._exit(0)
        os.close(write)
        time.sleep(rng.uniform(0.05, 0.3))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        acked = len(os.read(read, 1 << 20))
        os.close(read)
        if not (saves / JOURNAL_NAME).exists():
            finished = list(saves.glob("*.replay.json"))  # the battle ended: journal replaced
            assert finished or acked == on_disk == 0  # or killed before its first line
            for replay in finished:
                replay.unlink()
            on_disk = 0
            continue
        source = load_journal(saves / JOURNAL_NAME)  # a torn last line is dropped, not fatal
        assert on_disk + acked <= len(source.steps) <= on_disk + acked + 1, kill
        resume(source).battle.__exit__(None, None, None)  # every state hash still matches
        on_disk = len(source.steps)
        checked += on_disk > 0
    # Many kills find a journal to check (a battle may also end, at max_rounds, between kills:
    # then the last kill can find none, which is why this counts rather than looks at the last).
    assert checked >= FORK_KILLS // 5


@pytest.mark.pty
@pytest.mark.slow
def test_killing_the_real_game_on_a_pty_keeps_the_battle_resumable(tmp_path):
    rng = random.Random(19)
    journal = tmp_path / "saves" / JOURNAL_NAME
    game = Game(["play", "--scenario", "duel", "--seed", "9", "--hotseat"], tmp_path)
    on_disk = 0
    try:
        game.wait_for("Duel in the Arena")
        for kill in range(PTY_KILLS):
            sent = rng.randint(1, 3)
            for _ in range(sent):
                game.send(".")  # end the turn: journalled before it is drawn
            os.write(game.fd, b"." * rng.randint(0, 2))  # commands still in flight
            os.kill(game.pid, signal.SIGKILL)
            game.wait_exit()
            game.close()
            source = load_journal(journal)
            assert len(source.steps) >= on_disk + sent, kill
            on_disk = len(source.steps)
            game = Game([], tmp_path)
            game.wait_for("Resume it? (y/n)")
            game.send("y")
            game.wait_for("Duel in the Arena")
    finally:
        if game.status is None:
            game.close()
