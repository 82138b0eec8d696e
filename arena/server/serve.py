"""`arena serve`: one asyncio process holding the SSH listener and the players' games."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from dataclasses import dataclass
from pathlib import Path

from arena.server.accounts import Accounts
from arena.server.folders import DataFolder
from arena.server.games import IDLE_SECONDS, MIN_FREE, Games
from arena.server.lobby import Server
from arena.server.ssh import closed, serve_ssh
from arena.server.warm import Template
from arena.server.web import serve_http

SWEEP_SECONDS = 30.0


@dataclass(frozen=True, slots=True)
class Options:
    """The server's settings (the command line's)."""

    data: Path
    host: str = "127.0.0.1"
    ssh: int = 2222
    http: int = 8080
    registration: bool = True
    idle_seconds: float = IDLE_SECONDS
    min_free: int = MIN_FREE


def _log_to(folder: Path) -> None:
    """The server's log: `logs/server.log` in the data folder (logins, games, refusals)."""
    handler = logging.FileHandler(folder / "server.log", encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    log = logging.getLogger("arena.server")
    log.addHandler(handler)
    log.setLevel(logging.INFO)


async def run(options: Options) -> None:
    """Serve until SIGTERM or SIGINT; then ask every game to save and quit."""
    data = DataFolder(options.data)
    data.make()
    _log_to(data.logs)
    template = Template()
    await template.start()
    server = Server(Accounts(data.accounts),
                    Games(data, idle_seconds=options.idle_seconds, template=template,
                          min_free=options.min_free),
                    registration=options.registration)
    acceptor = await serve_ssh(server, options.host, options.ssh, data.host_key)
    port = acceptor.sockets[0].getsockname()[1] if acceptor.sockets else options.ssh
    runner = await serve_http(server, options.host, options.http)
    web_port = runner.addresses[0][1] if runner.addresses else options.http
    logging.getLogger("arena.server").info("started: SSH %s:%s, HTTP %s:%s", options.host,
                                           port, options.host, web_port)
    print(f"arena serve: SSH on {options.host}:{port}; HTTP on {options.host}:{web_port}; "
          f"data in {data.root}; registration "
          f"{'open' if options.registration else 'closed'}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    every = min(SWEEP_SECONDS, max(0.5, options.idle_seconds / 2))
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every)
        server.games.sweep()
    server.games.stop_all()
    await closed(acceptor)
    await runner.cleanup()
    template.stop()
    print("arena serve: stopped", file=sys.stderr, flush=True)
