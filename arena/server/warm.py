"""The server's side of the warm template (`arena.cli.template`): start it, ask it for games.

Requests go one at a time (a lock); the answer to each is the child's pid. The template also
reports each child's exit code, kept until the game asks for it.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path

from arena.errors import ArenaError
from arena.server.limits import Limits

MAX_MESSAGE = 4096
READY_SECONDS = 60.0


class Template:
    """A running template process and the socket to it."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen[bytes] | None = None
        self.sock: socket.socket | None = None
        self.lock = asyncio.Lock()
        self.replies: asyncio.Queue[dict[str, int]] = asyncio.Queue()
        self.exits: dict[int, asyncio.Future[int]] = {}
        self.reader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Start the template and wait until it has imported the game."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8",
               "OPENBLAS_NUM_THREADS": "1", "PYTHONDONTWRITEBYTECODE": "1"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "arena.cli.template", str(theirs.fileno())],
            pass_fds=[theirs.fileno()], env=env, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            cwd="/")
        theirs.close()
        ours.setblocking(False)
        self.sock = ours
        loop = asyncio.get_running_loop()
        first = await asyncio.wait_for(loop.sock_recv(ours, MAX_MESSAGE), READY_SECONDS)
        if json.loads(first or b"{}").get("ready") is not True:
            raise ArenaError("the game template did not start")
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        """Sort the template's messages: pids answer requests, exits resolve their futures."""
        assert self.sock is not None
        loop = asyncio.get_running_loop()
        while True:
            data = await loop.sock_recv(self.sock, MAX_MESSAGE)
            if not data:
                return
            message = json.loads(data)
            if "exit" in message:
                self._exited(int(message["exit"]), int(message["code"]))
            elif "pid" in message:
                self.replies.put_nowait(message)

    def _exited(self, pid: int, code: int) -> None:
        """Record a child's exit code."""
        future = self.exits.setdefault(pid, asyncio.get_running_loop().create_future())
        if not future.done():
            future.set_result(code)

    async def spawn(self, tty: int, home: Path, env: dict[str, str], limits: Limits) -> int:
        """A new game on the pty's child end `tty`; its pid."""
        assert self.sock is not None
        request = json.dumps({"home": str(home), "env": env, "limits": asdict(limits)}).encode()
        loop = asyncio.get_running_loop()
        async with self.lock:
            await loop.run_in_executor(None, socket.send_fds, self.sock, [request], [tty])
            reply = await asyncio.wait_for(self.replies.get(), READY_SECONDS)
        pid = int(reply["pid"])
        self.exits.setdefault(pid, loop.create_future())
        return pid

    def exit_code(self, pid: int) -> asyncio.Future[int]:
        """The future exit code of a child the template forked."""
        return self.exits.setdefault(pid, asyncio.get_running_loop().create_future())

    def stop(self) -> None:
        """Close the socket: the template ends (its children keep their ptys)."""
        if self.sock is not None:
            self.sock.close()
        if self.reader is not None:
            self.reader.cancel()
        if self.proc is not None:
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
