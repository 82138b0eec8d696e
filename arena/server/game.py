"""One player's game: the terminal front end in its own process on a pseudo-terminal.

The process is `python -m arena` with the player's folder as its home: `ARENA_SAVES` and
`ARENA_CONFIG` point into it, the environment is scrubbed to a few names, and resource
limits cap its address space, CPU time, open files, processes and file size. The server reads
the pty's output, keeps the screen in a terminal emulator (pyte) so a late spectator gets the
whole current screen at once, and relays both to every client attached: the player, whose
keys go to the pty, and spectators, whose keys go nowhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import re
import signal
import struct
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pyte

from arena.server.limits import Limits
from arena.server.screen import render

if TYPE_CHECKING:
    from arena.server.warm import Template

Sink = Callable[[bytes], None]
READ_BYTES = 65536
ALTERNATE = 1049
_KEPT_MODES = frozenset({ALTERNATE, 1000, 1002, 1003, 1006})
_PRIVATE_MODE = re.compile(rb"\x1b\[\?([\d;]+)([hl])")
REAP_TRIES = 200  # of 50 ms: a game that outlives its pty by 10 s is killed


def game_environment(home: Path, term: str) -> dict[str, str]:
    """The game's whole environment: nothing of the server's leaks into it."""
    return {"HOME": str(home), "ARENA_SAVES": str(home / "saves"),
            "ARENA_CONFIG": str(home / "config.toml"), "TERM": term or "xterm-256color",
            "COLORTERM": "truecolor", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
            "PATH": "/usr/local/bin:/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1"}


def set_size(fd: int, cols: int, rows: int) -> None:
    """Tell the pty its size (the kernel signals the game, which redraws)."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


class Game:
    """A game process, its pty, its screen, and the clients attached to it."""

    def __init__(self, player: str, home: Path, cols: int = 80, rows: int = 24,
                 term: str = "xterm-256color", limits: Limits | None = None,
                 argv: tuple[str, ...] = ()) -> None:
        self.player, self.home, self.term = player, home, term
        self.limits = limits or Limits()
        self.argv = argv or (sys.executable, "-m", "arena")
        self.cols, self.rows = cols, rows
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.player_sink: Sink | None = None
        self.watchers: dict[int, Sink] = {}
        self.pid = 0
        self.fd = -1
        self.started = self.active = time.monotonic()
        self.exited: asyncio.Future[int] | None = None
        self._reaper: asyncio.Task[None] | None = None
        self._code: asyncio.Future[int] | None = None  # a template's child's exit code
        self.modes: dict[int, bool] = {}  # private modes the game set (the screen, the mouse)

    async def start(self, template: Template | None = None) -> None:
        """Start the game on a new pty (forked by the warm `template`, else exec'd afresh)."""
        loop = asyncio.get_running_loop()
        self.exited = loop.create_future()
        env = game_environment(self.home, self.term)
        if template is not None:
            fd, tty = os.openpty()
            set_size(fd, self.cols, self.rows)
            try:
                pid = await template.spawn(tty, self.home, env, self.limits)
            finally:
                os.close(tty)
            self._code = template.exit_code(pid)
        else:
            pid, fd = os.forkpty()
            if pid == 0:  # the child: limits, a clean environment, then the game
                try:
                    os.chdir(self.home)
                    self.limits.apply()
                    signal.signal(signal.SIGINT, signal.SIG_DFL)
                    os.execve(self.argv[0], list(self.argv), env)
                finally:
                    os._exit(127)
            set_size(fd, self.cols, self.rows)
        self.pid, self.fd = pid, fd
        os.set_blocking(fd, False)
        loop.add_reader(fd, self._read)

    def _read(self) -> None:
        """Relay what the game wrote; notice when it has exited."""
        try:
            data = os.read(self.fd, READ_BYTES)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self._ended()
            return
        self.stream.feed(data)
        for found in _PRIVATE_MODE.finditer(data):
            for mode in found.group(1).split(b";"):
                if mode.isdigit() and int(mode) in _KEPT_MODES:
                    self.modes[int(mode)] = found.group(2) == b"h"
        for sink in [self.player_sink, *self.watchers.values()]:
            if sink is not None:
                sink(data)

    def _ended(self) -> None:
        """The pty closed: stop reading, then reap the process and tell whoever waits."""
        loop = asyncio.get_running_loop()
        loop.remove_reader(self.fd)
        os.close(self.fd)
        self.fd = -1
        self._reaper = loop.create_task(self._reap())

    async def _reap(self) -> None:
        """Wait for the process without blocking the server (it may outlive its pty a while)."""
        if self._code is not None:  # the template's child: the template reaps it
            try:
                code = await asyncio.wait_for(self._code, REAP_TRIES * 0.05)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(self.pid, signal.SIGKILL)
                code = -signal.SIGKILL
            if self.exited is not None and not self.exited.done():
                self.exited.set_result(code)
            return
        for _ in range(REAP_TRIES):
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                code = os.waitstatus_to_exitcode(status)
                break
            await asyncio.sleep(0.05)
        else:
            os.kill(self.pid, signal.SIGKILL)
            code = os.waitstatus_to_exitcode(os.waitpid(self.pid, 0)[1])
        if self.exited is not None and not self.exited.done():
            self.exited.set_result(code)

    @property
    def running(self) -> bool:
        """Whether the game process is still there."""
        return self.fd >= 0

    def type(self, data: bytes) -> None:
        """The player's keys, to the game."""
        if self.fd >= 0:
            self.active = time.monotonic()
            os.write(self.fd, data)

    def resize(self, cols: int, rows: int) -> None:
        """The player's window changed size: the pty, the kept screen and the game follow."""
        cols, rows = max(20, min(cols, 400)), max(10, min(rows, 200))
        self.cols, self.rows = cols, rows
        self.screen.resize(rows, cols)
        if self.fd >= 0:
            set_size(self.fd, cols, rows)

    def snapshot(self, player: bool = False) -> bytes:
        """The whole current screen as one write (for a client that has just joined).

        The terminal modes the game set (the alternate screen; for the player, mouse reports)
        are set again first.
        """
        wanted = sorted(m for m, on in self.modes.items() if on and (player or m == ALTERNATE))
        modes = f"\x1b[?{';'.join(map(str, wanted))}h".encode() if wanted else b""
        return modes + render(self.screen)

    def watch(self, sink: Sink) -> int:
        """Attach a spectator: the whole screen at once, then the stream; its id."""
        key = id(sink)
        sink(self.snapshot())
        self.watchers[key] = sink
        self._tell_viewers()
        return key

    def unwatch(self, key: int) -> None:
        """Detach a spectator."""
        self.watchers.pop(key, None)
        self._tell_viewers()

    def attach(self, sink: Sink) -> None:
        """The player (re)attaches: the whole screen, then the stream."""
        self.player_sink = sink
        sink(self.snapshot(player=True))
        self._tell_viewers()

    def _tell_viewers(self) -> None:
        """The player's window title says how many watch (the game's screen stays its own)."""
        if self.player_sink is not None:
            count = len(self.watchers)
            self.player_sink(f"\x1b]0;arena: {self.player}, {count} watching\x07".encode())

    def detach(self) -> None:
        """The player's connection dropped: the game waits for them."""
        self.player_sink = None

    def stop(self) -> None:
        """Ask the game to save and quit (SIGHUP: the game saves as it goes and exits)."""
        if self.pid and self.fd >= 0:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGHUP)
