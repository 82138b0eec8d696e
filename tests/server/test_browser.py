"""`arena serve` in a real browser (issue 31): Debian's chromium, headless, driven over the
DevTools protocol, registers, plays and watches through the page's xterm.js.

Chromium comes from Debian's packages: the test installs it when it is missing (as root).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

aiohttp = pytest.importorskip("aiohttp")

pytestmark = pytest.mark.slow

SCREEN = ("Array.from({length: term.buffer.active.length}, (_, i) => "
          "term.buffer.active.getLine(i).translateToString(true)).join('\\n')")


def chromium() -> str:
    """The chromium binary, installed from Debian's packages if needed."""
    found = shutil.which("chromium")
    if found is None and os.geteuid() == 0 and shutil.which("apt-get"):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "install", "-y", "-q", "chromium"], env=env, check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=900)
        found = shutil.which("chromium")
    if found is None:
        pytest.fail("Debian's chromium is needed: apt-get install chromium")
    return found


class Browser:
    """Headless chromium and one DevTools connection to it."""

    def __init__(self, folder: Path) -> None:
        self.proc = subprocess.Popen(
            [chromium(), "--headless=new", "--no-sandbox", "--disable-gpu",
             "--remote-debugging-port=0", f"--user-data-dir={folder}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            found = re.search(r"DevTools listening on (ws://\S+)", line)
            if found:
                self.url = found.group(1)
                break
        else:
            raise AssertionError("chromium did not start")
        self.ids = 0

    async def connect(self, session: Any) -> None:
        self.ws = await session.ws_connect(self.url, max_msg_size=0)

    async def call(self, method: str, params: dict[str, Any] | None = None,
                   target: str | None = None) -> dict[str, Any]:
        self.ids += 1
        ident = self.ids
        message: dict[str, Any] = {"id": ident, "method": method, "params": params or {}}
        if target is not None:
            message["sessionId"] = target
        await self.ws.send_str(json.dumps(message))
        while True:
            reply = json.loads((await self.ws.receive()).data)
            if reply.get("id") == ident:
                assert "error" not in reply, reply
                return dict(reply.get("result", {}))

    async def page(self, url: str) -> str:
        target = (await self.call("Target.createTarget", {"url": url}))["targetId"]
        attached = await self.call("Target.attachToTarget", {"targetId": target,
                                                             "flatten": True})
        return str(attached["sessionId"])

    async def screen(self, page: str) -> str:
        result = await self.call("Runtime.evaluate", {"expression": SCREEN,
                                                      "returnByValue": True}, page)
        return str(result.get("result", {}).get("value", ""))

    async def wait_for(self, page: str, text: str, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        shown = ""
        while time.monotonic() < deadline:
            with contextlib.suppress(AssertionError):
                shown = await self.screen(page)
                if text in shown:
                    return
            await asyncio.sleep(0.2)
        raise AssertionError(f"{text!r} never showed in the page:\n{shown}")

    async def type(self, page: str, text: str) -> None:
        for char in text:
            if char == "\r":
                for kind in ("keyDown", "keyUp"):
                    await self.call("Input.dispatchKeyEvent", {
                        "type": kind, "key": "Enter", "code": "Enter",
                        "windowsVirtualKeyCode": 13, "text": "\r" if kind == "keyDown" else ""},
                        page)
            else:
                await self.call("Input.insertText", {"text": char}, page)

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def test_a_browser_plays_and_another_tab_watches_read_only(server, tmp_path):
    browser = Browser(tmp_path / "chromium")
    base = f"http://127.0.0.1:{server.http}"

    async def scenario() -> None:
        async with aiohttp.ClientSession() as session:
            await browser.connect(session)
            play = await browser.page(f"{base}/play")
            await browser.wait_for(play, "r) register")
            await browser.type(play, "r")
            await browser.wait_for(play, "name:")
            await browser.type(play, "Gus\r")
            await browser.wait_for(play, "password:")
            await browser.type(play, "correct horse\r")
            await browser.wait_for(play, "again:")
            await browser.type(play, "correct horse\r")
            await browser.wait_for(play, "Registered Gus.")
            await browser.type(play, "p")
            await browser.wait_for(play, "ew run")
            watch = await browser.page(f"{base}/watch/Gus")
            await browser.wait_for(watch, "ew run")
            before = await browser.screen(play)
            await browser.type(watch, "s")  # a spectator's key reaches nothing
            await asyncio.sleep(1.0)
            assert await browser.screen(play) == before
            await browser.type(play, "s")
            await browser.wait_for(play, "Skirmish in the")
            await browser.wait_for(watch, "Skirmish in the")

    try:
        asyncio.run(scenario())
    finally:
        browser.close()
