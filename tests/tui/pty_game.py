"""The real program in a pseudo-terminal, its screen read through pyte: no display needed.

Each test starts `python -m arena` on a pty at 80x24 in a temporary folder (so `saves/` is
private), feeds keys and waits for text on the emulated screen. pyte answers blessed's cursor
position queries, as a real terminal would. This is the harness of those tests (marked `pty`);
the `games` fixture (tests/tui/conftest.py) kills the games a test started.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

import pyte

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
        env["ARENA_SAVES"] = "saves"  # the folder's own saves/ (messages name it saves/...)
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
