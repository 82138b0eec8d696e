"""The real program in a pseudo-terminal, its screen read through pyte: no display needed.

Each test starts `python -m arena` on a pty at 80x24 in a temporary folder (so `saves/` is
private), feeds keys and waits for text on the emulated screen. pyte answers blessed's cursor
position queries, as a real terminal would.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
from collections.abc import Iterator
from pathlib import Path

import pyte
import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")

ESC_DELAY = 0.45  # blessed waits 0.35 s after Escape to tell it from Alt+key


class AnsweringScreen(pyte.Screen):
    """A pyte screen that sends its replies (cursor reports) back to the program."""

    def __init__(self, columns: int, lines: int, fd: int) -> None:
        super().__init__(columns, lines)
        self.fd = fd

    def write_process_input(self, data: str) -> None:
        os.write(self.fd, data.encode())


class Game:
    """`python -m arena ARGS` on a pty of the given size."""

    def __init__(self, args: list[str], cwd: Path, cols: int = 80, rows: int = 24) -> None:
        env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        env.update(TERM="xterm-256color", COLORTERM="truecolor", BLESSED_QUERY_TIMEOUT_SECONDS="1")
        pid, fd = pty.fork()
        if pid == 0:  # the child: become the game
            try:
                os.chdir(cwd)
                os.execve(sys.executable, [sys.executable, "-m", "arena", *args], env)
            finally:
                os._exit(127)
        self.pid, self.fd, self.status = pid, fd, None
        self.raw = bytearray()
        self.screen = AnsweringScreen(cols, rows, fd)
        self.stream = pyte.ByteStream(self.screen)
        self.resize(cols, rows)

    def resize(self, cols: int, rows: int) -> None:
        """Resize the pty (the kernel sends SIGWINCH) and the emulated screen."""
        self.screen.resize(rows, cols)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def pump(self, seconds: float, quiet: float | None = None) -> None:
        """Read what the game writes for up to `seconds`; with `quiet`, stop once output has
        come and then paused that long."""
        end = time.monotonic() + seconds
        got = False
        while (left := end - time.monotonic()) > 0:
            wait = min(left, quiet) if quiet is not None and got else left
            ready, _, _ = select.select([self.fd], [], [], wait)
            if not ready:
                return
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return
            if not data:
                return
            got = True
            self.raw += data
            self.stream.feed(data)

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, needle: str, timeout: float = 8.0) -> None:
        """Pump until `needle` is on the screen."""
        end = time.monotonic() + timeout
        while needle not in self.text:
            if time.monotonic() > end:
                raise AssertionError(f"{needle!r} never appeared; screen:\n{self.text}")
            self.pump(0.05)

    def send(self, keys: str, wait: float = 0.0) -> None:
        """Type `keys`, then read until the game has been quiet for a moment."""
        os.write(self.fd, keys.encode())
        time.sleep(wait)
        self.pump(3.0, quiet=0.08)

    def settle(self) -> None:
        """Let any Action of Opportunity offered to the player pass."""
        self.pump(0.15, quiet=0.08)
        while "strike? (y/n" in self.screen.display[-1]:  # "(y/n, [/] turn)" in ap
            self.send("n")

    def wait_exit(self, timeout: float = 8.0) -> int:
        """Wait for the game to end; return its exit status."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump(0.05)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.pump(0.1)
                self.status = status
                return os.waitstatus_to_exitcode(status)
        raise AssertionError(f"the game did not exit; screen:\n{self.text}")

    def close(self) -> None:
        if self.status is None:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.fd)


@pytest.fixture
def games(tmp_path: Path) -> Iterator[list[Game]]:
    started: list[Game] = []
    yield started
    for game in started:
        game.close()


def start(games: list[Game], tmp_path: Path, *args: str, cols: int = 80, rows: int = 24) -> Game:
    game = Game(list(args), tmp_path, cols, rows)
    games.append(game)
    return game


FACE_TO_FACE = """
name = "Face to Face"
ruleset = "ap"
map = "arena"

[[sides]]
name = "Gold"
colour = "#d4a017"

[[sides]]
name = "Violet"
colour = "#8e44ad"

[[combatants]]
template = "swordsman"
name = "Korg"
side = 0
at = [0, 0]
facing = "E"

[[combatants]]
template = "axeman"
name = "Ysolde"
side = 1
at = [1, 0]
facing = "W"
"""

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
    game.wait_for("Help, page 1 of 2")
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
