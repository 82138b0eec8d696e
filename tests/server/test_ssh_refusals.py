"""What an SSH client cannot do (issue 31): run a command, open SFTP, forward a port, or use
the server without a terminal; a closed registration says so."""

from __future__ import annotations

import asyncio

import pytest

from tests.server.conftest import Server, Terminal, asyncssh

pytestmark = pytest.mark.slow


async def _connect(port: int) -> asyncssh.SSHClientConnection:
    return await asyncssh.connect("127.0.0.1", port, username="x", known_hosts=None,
                                  password=None, client_keys=None, agent_path=None)


def test_commands_sftp_and_forwarding_are_refused(server):
    async def scenario() -> None:
        async with await _connect(server.port) as conn:
            result = await conn.run("cat /etc/passwd", check=False)
            assert "plays arena only" in str(result.stderr) and "root:" not in str(result.stdout)
            result = await conn.run(check=False)  # no terminal asked for
            assert "a terminal is needed" in str(result.stderr)
            with pytest.raises((asyncssh.Error, OSError)):
                await conn.start_sftp_client()
            with pytest.raises((asyncssh.Error, OSError)):
                await conn.open_connection("127.0.0.1", 22)

    asyncio.run(scenario())


def test_a_closed_registration_offers_none_and_refuses_r(tmp_path):
    closed = Server(tmp_path / "data", "--no-register")
    try:
        async def scenario() -> None:
            term = await Terminal().connect(closed.port)
            await term.wait_for("(registration is closed)")
            term.send("r")
            await asyncio.sleep(0.5)
            assert "name:" not in term.text
            await term.close()

        asyncio.run(scenario())
    finally:
        closed.stop()
