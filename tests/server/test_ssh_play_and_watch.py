"""`arena serve` over SSH (issue 31): register, log in, play the real game, and a second
client watches live without its keys reaching anything."""

from __future__ import annotations

import asyncio

import pytest

from tests.server.conftest import Terminal

pytestmark = pytest.mark.slow


async def register(port: int, name: str, password: str = "correct horse") -> Terminal:
    term = await Terminal().connect(port)
    await term.wait_for("l) log in")
    term.send("r")
    await term.wait_for("name:")
    term.send(name + "\r")
    await term.wait_for("password:")
    term.send(password + "\r")
    await term.wait_for("again:")
    term.send(password + "\r")
    await term.wait_for(f"Registered {name}.")
    return term


def test_register_play_and_watch_read_only(server):
    async def scenario() -> None:
        player = await register(server.port, "Ada")
        player.send("p")
        await player.wait_for("ew run")  # the game's own title screen: (n)ew run
        watcher = await Terminal().connect(server.port)
        await watcher.wait_for("w) watch a game")
        watcher.send("w")
        await watcher.wait_for("Ada")
        watcher.send("a")
        await watcher.wait_for("ew run")  # the whole current screen at once
        await asyncio.sleep(0.3)
        assert b"\x1b]0;arena: Ada, 1 watching\x07" in player.raw  # the player's window title
        before = player.text
        watcher.send("s")  # a spectator's key: the game must not see it
        await asyncio.sleep(1.0)
        assert player.text == before
        player.send("s")  # the player's own key opens the skirmish screen
        await player.wait_for("skirmish", 20)
        await watcher.wait_for("skirmish", 20)  # the spectator sees the change live
        await watcher.close()
        await player.close()

    asyncio.run(scenario())


def test_a_dropped_player_finds_the_game_waiting(server):
    async def scenario() -> None:
        first = await register(server.port, "Bo")
        first.send("p")
        await first.wait_for("ew run")
        first.send("s")
        await first.wait_for("Skirmish in the")
        await first.close()  # the connection drops mid-game
        again = await Terminal().connect(server.port)
        await again.wait_for("l) log in")
        again.send("l")
        await again.wait_for("name:")
        again.send("Bo\r")
        await again.wait_for("password:")
        again.send("correct horse\r")
        await again.wait_for("Welcome back, Bo.")
        again.send("p")
        await again.wait_for("Skirmish in the")  # the same game, where it was
        await again.close()

    asyncio.run(scenario())


def test_resizing_the_window_resizes_the_game(server):
    async def scenario() -> None:
        player = await register(server.port, "Rex")
        player.send("p")
        await player.wait_for("ew run")
        assert player.process is not None
        player.screen.resize(30, 100)
        player.process.change_terminal_size(100, 30)
        deadline = asyncio.get_running_loop().time() + 20
        while not player.screen.display[29].strip():  # the title redrawn to 30 rows
            assert asyncio.get_running_loop().time() < deadline, player.text
            await asyncio.sleep(0.1)
        await player.close()

    asyncio.run(scenario())


def test_the_server_logs_registrations_and_logins_in_its_data_folder(server):
    async def scenario() -> None:
        term = await register(server.port, "Lou")
        await term.close()

    asyncio.run(scenario())
    log = (server.data / "logs" / "server.log").read_text(encoding="utf-8")
    assert "started: SSH" in log and "registered Lou from 127.0.0.1" in log
    assert "correct horse" not in log
