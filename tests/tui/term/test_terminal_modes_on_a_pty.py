"""The real program on a pty under NO_COLOR, TERM=vt100 and TERM=linux: full-screen mode, a
hidden cursor, and a terminal left clean on exit; hover and click read from SGR reports."""

from __future__ import annotations

import os
import pty
import sys
from pathlib import Path

import pyte
import pytest

from tests.tui.pty_game import AnsweringScreen, Game

pytestmark = [pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty"),
              pytest.mark.pty, pytest.mark.slow]


class EnvGame(Game):
    """`python -m arena ARGS` on a pty, with the given environment changes."""

    def __init__(self, args: list[str], cwd: Path, env_changes: dict[str, str]) -> None:
        env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLORTERM")}
        env.update(TERM="xterm-256color", BLESSED_QUERY_TIMEOUT_SECONDS="1",
                   ARENA_CONFIG=str(cwd / "config.toml"))
        env.update(env_changes)
        pid, fd = pty.fork()
        if pid == 0:
            try:
                os.chdir(cwd)
                os.execve(sys.executable, [sys.executable, "-m", "arena", *args], env)
            finally:
                os._exit(127)
        self.pid, self.fd, self.status = pid, fd, None
        self.raw = bytearray()
        self.screen = AnsweringScreen(80, 24, fd)
        self.stream = pyte.ByteStream(self.screen)
        self.resize(80, 24)


@pytest.fixture
def launched(tmp_path: Path):
    games: list[Game] = []

    def launch(*args: str, **env: str) -> Game:
        game = EnvGame(list(args), tmp_path, env)
        games.append(game)
        return game

    yield launch
    for game in games:
        game.close()


@pytest.mark.parametrize("env", [{"NO_COLOR": "1"}, {"TERM": "vt100"}, {"TERM": "linux"}],
                         ids=["NO_COLOR", "vt100", "linux"])
def test_the_terminal_is_full_screen_and_restored_in_every_mode(launched, env):
    game = launched("play", "--scenario", "duel", "--seed", "3", **env)
    game.wait_for("Duel in the Arena")
    raw = bytes(game.raw)
    assert b"\x1b[?1049h" in raw and b"\x1b[?25l" in raw  # full screen, cursor hidden
    game.send("S")
    assert game.wait_exit() == 0
    raw = bytes(game.raw)
    for on, off in ((b"\x1b[?1049h", b"\x1b[?1049l"), (b"\x1b[?25l", b"\x1b[?25h")):
        assert raw.rfind(off) > raw.rfind(on), (on, off)
    # The last frame is cleared before leaving: the exit message stands on its own line.
    assert raw.rfind(b"\x1b[2J") > raw.rfind(b"help")
    left = "\n".join(line.rstrip() for line in game.screen.display if line.strip())
    assert left.startswith("Saved to ") and "? help" not in left


def test_under_no_color_sides_and_the_acting_unit_read_from_text_alone(launched):
    game = launched("play", "--scenario", "duel", "--seed", "3", NO_COLOR="1")
    game.wait_for("initiative")
    raw = bytes(game.raw)
    assert b"38;2;" not in raw and b"38;5;" not in raw  # no colour at all
    text = game.text
    map_rows = "\n".join(line[:49] for line in game.screen.display[1:16])
    assert any(c.isupper() for c in map_rows) and any(c.islower() and c.isalpha()
                                                      for c in map_rows)
    listed = [line[50:] for line in game.screen.display if line[50:51] in (">", " ")]
    assert any(row.startswith(">") and " you " in row for row in listed), text
    assert "'s turn" in game.screen.display[0]
    game.send("S")
    game.wait_exit()


def test_hovering_looks_and_a_click_walks_from_the_sequences_an_xterm_sends(launched):
    game = launched("play", "--scenario", "duel", "--seed", "3")
    game.wait_for("initiative")
    assert b"\x1b[?1000;1003;1006h" in bytes(game.raw)  # buttons, every move, SGR cells
    game.send("\x1b[<35;29;8M")  # the pointer over a floor hex (1-based), no button held
    game.wait_for("hex (")  # the panel describes it; no mode was entered
    assert "move cursor" not in game.text
    game.send("\x1b[<0;29;8M\x1b[<0;29;8m")  # press and release: walk there
    game.wait_for(" moves ")
    game.send("S")
    game.wait_exit()
