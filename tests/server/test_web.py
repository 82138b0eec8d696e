"""`arena serve` in the browser's place (issue 31): the lobby page, the vendored xterm.js, the
terminal page's websocket running the same lobby and game, and read-only watching."""

from __future__ import annotations

import asyncio
import json
import time

import pyte
import pytest

aiohttp = pytest.importorskip("aiohttp")

pytestmark = pytest.mark.slow


class Page:
    """A websocket the way the terminal page speaks it, its output in a pyte screen."""

    def __init__(self) -> None:
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)

    async def open(self, session, url: str) -> Page:  # type: ignore[no-untyped-def]
        self.socket = await session.ws_connect(url)
        await self.socket.send_str(json.dumps({"type": "size", "cols": 80, "rows": 24}))
        self.reader = asyncio.ensure_future(self._read())
        return self

    async def _read(self) -> None:
        async for message in self.socket:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.stream.feed(message.data)

    @property
    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def keys(self, data: str) -> None:
        await self.socket.send_str(json.dumps({"type": "key", "data": data}))

    async def wait_for(self, text: str, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.text:
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never showed:\n{self.text}")
            await asyncio.sleep(0.05)


def test_the_page_plays_and_a_second_page_watches_read_only(server):
    base = f"http://127.0.0.1:{server.http}"

    async def scenario() -> None:
        async with aiohttp.ClientSession() as session:
            script = await session.get(f"{base}/static/xterm/xterm.js")
            assert script.status == 200 and "Terminal" in await script.text()
            licence = await session.get(f"{base}/static/xterm/LICENSE")
            assert licence.status == 200
            page = await session.get(f"{base}/play")
            assert 'data-socket="/ws/play"' in await page.text()
            player = await Page().open(session, f"{base.replace('http', 'ws')}/ws/play")
            await player.wait_for("r) register")
            for text, wait in (("r", "name:"), ("Cy\r", "password:"), ("correct horse\r",
                               "again:"), ("correct horse\r", "Registered Cy.")):
                await player.keys(text)
                await player.wait_for(wait)
            await player.keys("p")
            await player.wait_for("ew run")
            lobby = await (await session.get(f"{base}/")).text()
            assert "Cy" in lobby and '/watch/Cy' in lobby
            watcher = await Page().open(session, f"{base.replace('http', 'ws')}/ws/watch/Cy")
            await watcher.wait_for("ew run")
            before = player.text
            await watcher.keys("s")
            await asyncio.sleep(1.0)
            assert player.text == before
            await player.keys("s")
            await watcher.wait_for("Skirmish in the")
            await player.socket.close()
            await watcher.socket.close()

    asyncio.run(scenario())


def test_no_url_reads_outside_the_static_folder_or_names_a_bad_player(server):
    base = f"http://127.0.0.1:{server.http}"

    async def scenario() -> None:
        async with aiohttp.ClientSession() as session:
            for path in ("/static/../accounts.db", "/static/%2e%2e/web.py",
                         "/static/../../players/cy/saves", "/watch/..%2Fx", "/players/cy",
                         "/accounts.db", "/watch/" + "x" * 10_000):
                reply = await session.get(base + path)
                assert reply.status in (400, 403, 404), (path, reply.status)  # 400: too long

    asyncio.run(scenario())
