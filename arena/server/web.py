"""The browser side: aiohttp serves a lobby page, the vendored xterm.js, and websockets.

`/` lists the games being played; `/play` is a terminal in the page whose websocket runs the
same lobby as SSH (log in, register, watch, quit), then the player's game; `/watch/NAME` is a
terminal whose websocket only receives (what a spectator types is never read). Messages from
the page are small JSON objects (`{"type": "key", "data": ...}`, `{"type": "size", "cols":
..., "rows": ...}`), bounded in size and checked field by field; the server sends terminal
bytes. Nothing is served from outside the package's `static/` folder.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from arena.server.lobby import ResizedError, Server, lobby, spectate
from arena.server.names import name_error

STATIC = Path(__file__).parent / "static"
MAX_MESSAGE = 16 * 1024  # bytes of one websocket message
MAX_KEYS = 4096  # characters of one key message


class WebClient:
    """A websocket as the lobby's `Client`."""

    def __init__(self, socket: web.WebSocketResponse, address: str) -> None:
        self.socket, self.address = socket, address
        self.term, self.cols, self.rows = "xterm-256color", 80, 24
        self.pending: asyncio.Queue[bytes | tuple[int, int]] = asyncio.Queue()
        self.outgoing: asyncio.Queue[bytes] = asyncio.Queue()
        self.pump: asyncio.Task[None] | None = None
        self.sender: asyncio.Task[None] | None = None

    async def first_size(self) -> None:
        """Read until the page says its size (or a key comes first)."""
        self.pump = asyncio.ensure_future(self._pump())
        self.sender = asyncio.ensure_future(self._send())
        item = await self.pending.get()
        if isinstance(item, tuple):
            self.cols, self.rows = item
        else:
            self.pending.put_nowait(item)

    async def _pump(self) -> None:
        """Turn the page's messages into keys and sizes; b'' once it is gone."""
        async for message in self.socket:
            if message.type != WSMsgType.TEXT:
                continue
            parsed = _message(message.data)
            if parsed is not None:
                self.pending.put_nowait(parsed)
        self.pending.put_nowait(b"")

    async def finish(self) -> None:
        """Send what is still queued, then close the socket."""
        for _ in range(100):
            if self.outgoing.empty():
                break
            await asyncio.sleep(0.01)
        for task in (self.sender, self.pump):
            if task is not None:
                task.cancel()
        await self.socket.close()

    async def read(self) -> bytes:
        """The next keys typed; b'' at the end; ResizedError when the window changed."""
        item = await self.pending.get()
        if isinstance(item, tuple):
            self.cols, self.rows = item
            raise ResizedError(*item)
        return item

    def write(self, data: bytes) -> None:
        """Queue terminal bytes for the page, in order (dropped once the socket is closing)."""
        if not self.socket.closed:
            self.outgoing.put_nowait(data)

    async def _send(self) -> None:
        """Send what was written, one binary frame each, in the order written."""
        with contextlib.suppress(ConnectionError, RuntimeError):
            while True:
                data = await self.outgoing.get()
                await self.socket.send_bytes(data)


def _message(text: str) -> bytes | tuple[int, int] | None:
    """A page's message as keys or a size; None when it is not one (it is ignored)."""
    if len(text) > MAX_MESSAGE:
        return None
    try:
        data: Any = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    keys = data.get("data")
    if data.get("type") == "key" and isinstance(keys, str):
        return keys[:MAX_KEYS].encode("utf-8", "replace")
    cols, rows = data.get("cols"), data.get("rows")
    if data.get("type") == "size" and isinstance(cols, int) and isinstance(rows, int) \
            and 0 < cols <= 500 and 0 < rows <= 300:
        return cols, rows
    return None


def _page(socket: str) -> web.Response:
    """The terminal page, its websocket path filled in."""
    text = (STATIC / "terminal.html").read_text(encoding="utf-8")
    return web.Response(text=text.replace("SOCKET", html.escape(socket, quote=True)),
                        content_type="text/html", headers=_HEADERS)


_HEADERS = {"Content-Security-Policy": "default-src 'self'; script-src 'self' 'unsafe-inline'; "
                                       "style-src 'self' 'unsafe-inline'; connect-src 'self'",
            "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}


def make_app(server: Server) -> web.Application:
    """The web application over `server`'s accounts and games."""
    app = web.Application(client_max_size=MAX_MESSAGE)

    async def index(_request: web.Request) -> web.Response:
        rows = "".join(
            f"<tr><td>{html.escape(g.player)}</td><td>{g.idle:.0f} s</td><td>{g.viewers}</td>"
            f"<td>{g.size[0]}x{g.size[1]}</td><td>{html.escape(g.doing or '-')}</td>"
            f"<td><a href=\"/watch/{html.escape(g.player)}\">"
            f"watch</a></td></tr>" for g in server.games.listing())
        body = (f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                f"<title>{html.escape(server.title)}</title></head><body>"
                f"<h1>{html.escape(server.title)}</h1><p><a href=\"/play\">Play</a> "
                f"(log in or register in the terminal)</p><h2>Being played</h2>"
                f"<table><tr><th>player</th><th>idle</th><th>viewers</th><th>size</th>"
                f"<th>run</th><th></th></tr>{rows}</table></body></html>")
        return web.Response(text=body, content_type="text/html", headers=_HEADERS)

    async def play_page(_request: web.Request) -> web.Response:
        return _page("/ws/play")

    async def watch_page(request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name_error(name) is not None:
            raise web.HTTPNotFound()
        return _page(f"/ws/watch/{name}")

    async def play_socket(request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=30)
        await socket.prepare(request)
        client = WebClient(socket, request.remote or "?")
        await client.first_size()
        try:
            await lobby(client, server)
        finally:
            await client.finish()
        return socket

    async def watch_socket(request: web.Request) -> web.WebSocketResponse:
        name = request.match_info["name"]
        socket = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=30)
        await socket.prepare(request)
        game = server.games.find(name) if name_error(name) is None else None
        client = WebClient(socket, request.remote or "?")
        await client.first_size()
        if game is None:
            client.write(b"Nobody of that name is playing now.\r\n")
        else:
            await spectate(client, game, keys_leave=False)
        await client.finish()
        return socket

    app.router.add_get("/", index)
    app.router.add_get("/play", play_page)
    app.router.add_get("/watch/{name}", watch_page)
    app.router.add_get("/ws/play", play_socket)
    app.router.add_get("/ws/watch/{name}", watch_socket)
    app.router.add_static("/static/", STATIC, show_index=False, follow_symlinks=False)
    return app


async def serve_http(server: Server, host: str, port: int) -> web.AppRunner:
    """Listen for the browser; the runner (its `addresses` name the port)."""
    runner = web.AppRunner(make_app(server), access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    return runner
