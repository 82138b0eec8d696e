"""A real `arena serve` on loopback for each test, and asyncssh clients that read its screen."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pyte
import pytest

asyncssh = pytest.importorskip("asyncssh")


class Server:
    """`python -m arena serve` in a subprocess; `port` is its SSH port."""

    def __init__(self, data: Path, *flags: str) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith("ARENA_")}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "arena", "serve", "--data", str(data), "--ssh", "0",
             "--http", "0", *flags],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        found = re.search(r"SSH on [\d.]+:(\d+); HTTP on [\d.]+:(\d+)", line)
        assert found, line + (self.proc.stderr.read() if self.proc.poll() is not None else "")
        self.port, self.http = int(found.group(1)), int(found.group(2))
        self.data = data

    def stop(self) -> None:
        """SIGTERM, as a service manager stops it."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


class Answering(pyte.Screen):
    """A pyte screen that answers the program's queries (cursor reports), as a terminal does."""

    answer: Callable[[str], None] | None = None

    def write_process_input(self, data: str) -> None:
        if self.answer is not None:
            self.answer(data)


class Terminal:
    """An asyncssh session with a pty, its output kept in a pyte screen."""

    def __init__(self, cols: int = 80, rows: int = 24) -> None:
        self.screen = Answering(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.conn: asyncssh.SSHClientConnection | None = None
        self.process: asyncssh.SSHClientProcess[bytes] | None = None
        self.reader: asyncio.Task[None] | None = None
        self.raw = bytearray()

    async def connect(self, port: int, cols: int = 80, rows: int = 24) -> Terminal:
        self.conn = await asyncssh.connect("127.0.0.1", port, username="guest",
                                           known_hosts=None, password=None,
                                           client_keys=None, agent_path=None)
        self.process = await self.conn.create_process(term_type="xterm-256color",
                                                      term_size=(cols, rows), encoding=None)
        self.screen.answer = self.send
        self.reader = asyncio.ensure_future(self._read())
        return self

    async def _read(self) -> None:
        assert self.process is not None
        while True:
            data = await self.process.stdout.read(65536)
            if not data:
                return
            self.raw += data
            self.stream.feed(data)

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, text: str, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.text:
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never showed:\n{self.text}")
            await asyncio.sleep(0.05)

    def send(self, data: str) -> None:
        assert self.process is not None
        self.process.stdin.write(data.encode())

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            await self.conn.wait_closed()
        if self.reader is not None:
            self.reader.cancel()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A fresh server with open registration."""
    running = Server(tmp_path / "data")
    yield running
    running.stop()
