"""Faults (issue 31): the server killed mid-bout, then started again, continues the game from
its journal; a game past its limits is stopped without taking the server down; an idle game
is saved and stopped."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
import time

import pytest

from arena.server.game import Game
from arena.server.limits import Limits
from tests.server.conftest import Server, Terminal

pytestmark = pytest.mark.slow


async def log_in(port: int, name: str, new: bool) -> Terminal:
    term = await Terminal().connect(port)
    await term.wait_for("l) log in")
    term.send("r" if new else "l")
    await term.wait_for("name:")
    term.send(name + "\r")
    await term.wait_for("password:")
    term.send("correct horse\r")
    if new:
        await term.wait_for("again:")
        term.send("correct horse\r")
    await term.wait_for(f"Registered {name}." if new else f"Welcome back, {name}.")
    return term


def test_a_killed_server_s_game_continues_from_its_journal(tmp_path):
    data = tmp_path / "data"
    first = Server(data)
    try:
        async def before() -> str:
            term = await log_in(first.port, "Di", new=True)
            term.send("p")
            await term.wait_for("ew run")
            term.send("n")
            await term.wait_for("choose a ruleset")
            term.send("2")  # ap
            await term.wait_for("choose a party")
            term.send("\r")  # the suggested party
            await term.wait_for("take the road")
            term.send("1")
            await term.wait_for("Enter: fight")
            term.send("\r")
            await term.wait_for("? help")  # the bout's battle screen
            watcher = await Terminal().connect(first.port)
            await watcher.wait_for("w) watch a game")
            watcher.send("w")
            await watcher.wait_for("ap, step 1")  # the watch list names the run and its step
            await watcher.close()
            header = term.screen.display[0].split("·")[0].strip()
            await term.close()
            return header

        header = asyncio.run(before())
    finally:
        first.proc.send_signal(signal.SIGKILL)  # no goodbye: the games lose their pty
        first.proc.wait(10)
    second = Server(data)
    try:
        async def after() -> None:
            term = await log_in(second.port, "Di", new=False)
            term.send("p")
            await term.wait_for("ontinue")  # the title offers the unfinished run
            term.send("c")
            await term.wait_for(header)  # the same bout, where it was
            await term.close()

        asyncio.run(after())
    finally:
        second.stop()


def test_a_game_past_its_limits_is_stopped_and_the_server_carries_on(tmp_path):
    async def scenario() -> int:
        hog = Game("Hog", tmp_path, limits=Limits(address_space=2 << 30, cpu_seconds=1),
                   argv=(sys.executable, "-c", "while True: pass"))
        await hog.start()
        assert hog.exited is not None
        return await asyncio.wait_for(hog.exited, 30)

    code = asyncio.run(scenario())
    assert code in (-signal.SIGXCPU, -signal.SIGKILL)  # the kernel stopped it, not us


def test_an_idle_game_is_saved_and_stopped(tmp_path):
    idle = Server(tmp_path / "data", "--idle", "4")
    try:
        async def scenario() -> None:
            term = await log_in(idle.port, "Ed", new=True)
            term.send("p")
            await term.wait_for("ew run")
            await term.wait_for("Your game has ended", 60)  # swept: SIGHUP, the game quits
            await term.close()

        asyncio.run(scenario())
    finally:
        idle.stop()
    assert os.path.isdir(tmp_path / "data" / "players" / "ed" / "saves")


def test_a_full_disk_refuses_new_games_with_one_clear_line(tmp_path):
    # More free space asked for than the disk has: the state of a full data folder's disk.
    full = Server(tmp_path / "data", "--min-free", str(1 << 40))
    try:
        async def scenario() -> None:
            term = await log_in(full.port, "Flo", new=True)
            term.send("p")
            await term.wait_for("No game: the server's disk is nearly full")
            assert "new games are refused for now; games being played go on" in \
                " ".join(line.strip() for line in term.screen.display)
            await term.close()

        asyncio.run(scenario())
    finally:
        full.stop()


def test_a_server_writing_to_a_log_file_still_starts_games(tmp_path):
    # A server's stdout is often a file; the games forked from its template must not inherit
    # stream objects made for that file (found playing over OpenSSH: every game stopped).
    log = tmp_path / "serve.log"
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARENA_")}
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "arena", "serve", "--data",
                                 str(tmp_path / "data"), "--ssh", "0", "--http", "0"],
                                stdout=out, stderr=subprocess.STDOUT, env=env)
    try:
        deadline = time.monotonic() + 30
        while "SSH on" not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.1)
        port = int(re.search(r"SSH on [\d.]+:(\d+)", log.read_text()).group(1))

        async def scenario() -> None:
            term = await log_in(port, "Gil", new=True)
            term.send("p")
            await term.wait_for("ew run")
            await term.close()

        asyncio.run(scenario())
    finally:
        proc.terminate()
        proc.wait(10)


def test_no_keystroke_is_lost_on_the_way_to_the_game(server):
    # 300 turn keys typed as fast as the client can: each is a free facing command in `ap`,
    # and each must be in the run's journal.
    async def scenario() -> None:
        term = await log_in(server.port, "Kit", new=True)
        term.send("p")
        await term.wait_for("ew run")
        for key, wait in (("n", "choose a ruleset"), ("2", "choose a party"),
                          ("\r", "take the road"), ("1", "Enter: fight"), ("\r", "? help")):
            term.send(key)
            await term.wait_for(wait)
        term.send("[" * 300)
        journal = server.data / "players" / "kit" / "saves" / "run.journal.jsonl"

        def turned() -> int:  # the player's turns (an enemy may turn too, by its AI)
            return sum('"type":"face"' in line and '"by":"player"' in line
                       for line in journal.read_text().splitlines())

        deadline = time.monotonic() + 120  # each is journalled (fsynced) and drawn
        while turned() < 300:
            assert time.monotonic() < deadline, turned()
            await asyncio.sleep(0.2)
        await asyncio.sleep(0.5)
        assert turned() == 300
        await term.close()

    asyncio.run(scenario())


def fill(path) -> None:  # type: ignore[no-untyped-def]
    """Write zeros to `path` until the disk says no more."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT)
    try:
        for size in (1 << 20, 4096, 1):
            with contextlib.suppress(OSError):
                while True:
                    os.write(fd, b"\0" * size)
    finally:
        os.close(fd)


def _small_disk(folder) -> bool:  # type: ignore[no-untyped-def]
    folder.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=100m", "tmpfs", str(folder)],
                          capture_output=True, check=False)
    return done.returncode == 0


def test_a_really_full_disk_refuses_new_games_and_the_game_in_play_keeps_its_journal(tmp_path):
    disk = tmp_path / "disk"
    if os.geteuid() != 0 or not _small_disk(disk):
        pytest.skip("mounting a small filesystem needs root")
    try:
        serving = Server(disk / "data")
        try:
            async def scenario() -> None:
                await (await log_in(serving.port, "Ivy", new=True)).close()
                term = await log_in(serving.port, "Hal", new=True)
                term.send("p")
                await term.wait_for("ew run")
                for key, wait in (("n", "choose a ruleset"), ("2", "choose a party"),
                                  ("\r", "take the road"), ("1", "Enter: fight"),
                                  ("\r", "? help")):
                    term.send(key)
                    await term.wait_for(wait)
                term.send("[[")
                await asyncio.sleep(1.0)
                fill(disk / "filler")
                term.send("[" * 100)  # past the journal's last page: it says so, keeps the rest
                await term.wait_for("free some space", 30)
                other = await log_in(serving.port, "Ivy", new=False)
                other.send("p")
                await other.wait_for("No game: the server's disk is nearly full")
                await other.close()
                await term.close()

            asyncio.run(scenario())
        finally:
            serving.stop()
        (disk / "filler").unlink()
        from arena.assets import load_library  # noqa: PLC0415
        from arena.run.live import resume  # noqa: PLC0415

        live, _ = resume(disk / "data" / "players" / "hal" / "saves" / "run.journal.jsonl",
                         load_library())
        assert live.fight is not None and len(live.fight.recorder.steps) >= 2
        live.fight.recorder.battle.__exit__(None, None, None)
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)
