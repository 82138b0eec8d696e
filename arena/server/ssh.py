"""The SSH side: asyncssh with no shell, no forwarding, no files; every session is the lobby.

Any SSH user name is let in without SSH authentication (as dgamelaunch's shared account is):
the lobby asks for the arena account. A session must ask for a terminal; a command, SFTP, SCP,
port or agent forwarding and X11 are refused.
"""

from __future__ import annotations

import asyncio
import logging
import os
import warnings
from pathlib import Path

from arena.server.lobby import ResizedError, Server, lobby

with warnings.catch_warnings():  # asyncssh still names DSA, which cryptography deprecates
    warnings.simplefilter("ignore")
    import asyncssh

READ_BYTES = 4096
LOG = logging.getLogger("arena.server")


class _NoAuth(asyncssh.SSHServer):
    """Lets every connection in: the lobby's own login is the one that counts."""

    def begin_auth(self, username: str) -> bool:
        """No SSH authentication is needed."""
        return False


class SSHClient:
    """An SSH channel as the lobby's `Client`."""

    def __init__(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        self.process = process
        peer = process.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        self.term = process.get_terminal_type() or "xterm-256color"
        cols, rows, _, _ = process.get_terminal_size()
        self.cols, self.rows = cols or 80, rows or 24

    async def read(self) -> bytes:
        """The next bytes typed; b'' at the end; ResizedError when the window changed."""
        try:
            return await self.process.stdin.read(READ_BYTES)
        except asyncssh.TerminalSizeChanged as change:
            self.cols, self.rows = change.width or self.cols, change.height or self.rows
            raise ResizedError(self.cols, self.rows) from None
        except (asyncssh.BreakReceived, asyncssh.SignalReceived):
            return b"\x03"
        except (asyncssh.Error, OSError):
            return b""

    def write(self, data: bytes) -> None:
        """Send bytes (dropped once the channel is closing)."""
        if not self.process.stdout.is_closing():
            self.process.stdout.write(data)


def host_key(path: Path) -> asyncssh.SSHKey:
    """The server's host key, made on first start (mode 600)."""
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key.export_private_key())
    return key


async def serve_ssh(server: Server, host: str, port: int, key: Path) -> asyncssh.SSHAcceptor:
    """Listen for SSH sessions; each one is the lobby."""
    async def session(process: asyncssh.SSHServerProcess[bytes]) -> None:
        try:
            if process.command or process.subsystem:
                process.stderr.write(b"arena: this server plays arena only; "
                                     b"connect without a command\r\n")
            elif process.get_terminal_type() is None:
                process.stderr.write(b"arena: a terminal is needed: ssh -t\r\n")
            else:
                await lobby(SSHClient(process), server)
        except Exception:  # one session's fault must not reach the others
            LOG.exception("session failed")
            process.stderr.write(b"arena: the server could not go on with this session\r\n")
        finally:
            process.exit(0)

    return await asyncssh.create_server(
        _NoAuth, host, port, server_host_keys=[host_key(key)], process_factory=session,
        encoding=None, line_editor=False, allow_scp=False, sftp_factory=None,
        agent_forwarding=False, x11_forwarding=False, login_timeout=120,
        keepalive_interval=60)


async def closed(acceptor: asyncssh.SSHAcceptor) -> None:
    """Stop listening and wait until it has stopped."""
    acceptor.close()
    await acceptor.wait_closed()
    await asyncio.sleep(0)
