"""The login menu, as dgamelaunch's: log in, register, watch, quit; then the game itself.

It speaks to a `Client` (an SSH channel or a websocket) in raw terminal bytes. Everything
typed is read a key at a time and bounded (a name, a password); nothing typed here reaches a
shell or a file. After a login the client's keys go to the player's game; a spectator's keys
go nowhere (`q` leaves).
"""

from __future__ import annotations

import asyncio
import logging
import textwrap
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from arena.errors import ArenaError
from arena.server.accounts import MAX_PASSWORD, Accounts
from arena.server.game import Game
from arena.server.games import Games
from arena.server.names import RULE
from arena.server.throttle import Throttle
from arena.text import one_line

LOG = logging.getLogger("arena.server")
CLEAR = b"\x1b[0m\x1b[H\x1b[2J\x1b[?25h"
LEAVE_GAME = b"\x1b[?1000l\x1b[?1003l\x1b[?1006l\x1b[?1049l\x1b[0m\x1b[?25h"
ENTER, BACKSPACES, CANCEL = (b"\r", b"\n"), (b"\x7f", b"\b"), (b"\x03", b"\x1b", b"\x04")


class ResizedError(Exception):
    """The client's window changed size."""

    def __init__(self, cols: int, rows: int) -> None:
        super().__init__(f"{cols}x{rows}")
        self.cols, self.rows = cols, rows


class Client(Protocol):
    """A connected terminal: raw bytes both ways, its size, its address."""

    address: str
    term: str
    cols: int
    rows: int

    async def read(self) -> bytes:
        """The next bytes typed (b'' when the connection closed); may raise ResizedError."""
        ...

    def write(self, data: bytes) -> None:
        """Send bytes to the terminal."""
        ...


@dataclass(slots=True)
class Server:
    """What the lobby needs: accounts, the games, throttling, and the settings."""

    accounts: Accounts
    games: Games
    throttle: Throttle = field(default_factory=Throttle)
    registration: bool = True
    title: str = "arena"


def _say(client: Client, *lines: str) -> None:
    """Write lines (made safe: control characters shown, not obeyed), wrapped to the window."""
    width = max(20, client.cols - 1)
    rows = [row for line in lines
            for row in (textwrap.wrap(one_line(line), width, subsequent_indent="   ",
                                      drop_whitespace=False) or [""])]
    client.write("".join(row + "\r\n" for row in rows).encode())


async def _key(client: Client) -> bytes:
    """One key (the first byte of what arrives); b'' when the connection closed."""
    while True:
        try:
            data = await client.read()
        except ResizedError:
            continue
        return data[:1]


async def ask(client: Client, label: str, secret: bool = False,
              limit: int = MAX_PASSWORD) -> str | None:
    """A line typed after `label` (echoed, or as '*'); None when cancelled or disconnected."""
    client.write(f"{label}: ".encode())
    typed: list[str] = []
    while True:
        try:
            data = await client.read()
        except ResizedError:
            continue
        if not data:
            return None
        for byte in data:
            key = bytes([byte])
            if key in ENTER:
                client.write(b"\r\n")
                return "".join(typed)
            if key in CANCEL:
                client.write(b"\r\n")
                return None
            if key in BACKSPACES and typed:
                typed.pop()
                client.write(b"\b \b")
            elif 32 <= byte < 127 and len(typed) < limit:
                typed.append(chr(byte))
                client.write(b"*" if secret else key)


def menu_lines(server: Server, player: str | None = None) -> list[str]:
    """The lobby's screen."""
    lines = [f" {server.title}: a tactical roguelike on a hex grid", ""]
    if player:
        lines += [f" Logged in as {player}.", "", "  p) play", "  w) watch a game",
                  "  q) quit"]
    else:
        register = "  r) register" if server.registration else "  (registration is closed)"
        lines += ["  l) log in", register, "  w) watch a game", "  q) quit"]
    games = server.games.listing()
    lines += ["", f" {len(games)} game{'s' if len(games) != 1 else ''} being played."]
    return lines


async def lobby(client: Client, server: Server) -> None:
    """The menu until the client quits or disconnects."""
    player: str | None = None
    note = ""
    while True:
        client.write(CLEAR)
        _say(client, *menu_lines(server, player), "", f" {note}" if note else "")
        note = ""
        key = (await _key(client)).lower()
        if key in (b"", b"q"):
            _say(client, " Goodbye.")
            return
        if key == b"w":
            await watch(client, server)
        elif key == b"l" and player is None:
            player, note = await log_in(client, server)
        elif key == b"r" and player is None:
            player, note = await register(client, server)
        elif key == b"p" and player is not None:
            note = await play(client, server, player)
            if note == "dropped":
                return


async def log_in(client: Client, server: Server) -> tuple[str | None, str]:
    """Ask a name and a password; (the account's name or None, a note for the menu)."""
    name = await ask(client, " name", limit=40)
    if name is None:
        return None, ""
    password = await ask(client, " password", secret=True)
    if password is None:
        return None, ""
    wait = server.throttle.delay(name, client.address, time.monotonic())
    if wait:
        _say(client, f" (too many failed logins: waiting {wait:.0f} s)")
        await asyncio.sleep(wait)
    loop = asyncio.get_running_loop()
    try:
        found = await loop.run_in_executor(None, server.accounts.check, name, password)
    except ArenaError as error:
        LOG.warning("no login for %r: %s", name[:40], error)
        return None, f"No login: {error}."
    if found is None:
        server.throttle.failed(name, client.address, time.monotonic())
        LOG.info("failed login for %r from %s", name[:40], client.address)
        return None, "Wrong name or password."
    server.throttle.succeeded(name, client.address)
    LOG.info("login %s from %s", found, client.address)
    return found, f"Welcome back, {found}."


async def register(client: Client, server: Server) -> tuple[str | None, str]:
    """Make an account; (its name or None, a note for the menu)."""
    if not server.registration:
        return None, "Registration is closed on this server."
    _say(client, f" A name is {RULE}.")
    name = await ask(client, " name", limit=40)
    if name is None:
        return None, ""
    password = await ask(client, " password", secret=True)
    again = await ask(client, " again", secret=True) if password is not None else None
    if password is None or again is None:
        return None, ""
    if password != again:
        return None, "The two passwords differ."
    loop = asyncio.get_running_loop()
    why = await loop.run_in_executor(None, server.accounts.register, name, password)
    if why is not None:
        return None, f"Not registered: {why}."
    LOG.info("registered %s from %s", name, client.address)
    return name, f"Registered {name}."


async def _first(reading: asyncio.Future[bytes], ended: asyncio.Future[int]) -> bool:
    """Whether `reading` finished first (else the game ended)."""
    waiting: list[asyncio.Future[Any]] = [reading, ended]
    done, _ = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
    return reading in done


async def play(client: Client, server: Server, player: str) -> str:
    """The player's game on this client until it ends ('' ) or the client drops ('dropped')."""
    game = await server.games.open(player, client.cols, client.rows, client.term)
    if isinstance(game, str):
        LOG.warning("no game for %s: %s", player, game)
        return f"No game: {game}."
    game.attach(client.write)
    assert game.exited is not None
    try:
        while game.running:
            reading = asyncio.ensure_future(client.read())
            if not await _first(reading, game.exited):
                reading.cancel()
                break
            try:
                data = reading.result()
            except ResizedError as size:
                game.resize(size.cols, size.rows)
                continue
            if not data:
                return "dropped"
            game.type(data)
    finally:
        game.detach()
    client.write(LEAVE_GAME)
    code = game.exited.result() if game.exited.done() else None
    LOG.info("game of %s ended (exit %s)", player, code)
    return "Your game has ended (it is saved as it went)."


async def watch(client: Client, server: Server) -> None:
    """Pick a game from the list and watch it until `q` or its end."""
    games = server.games.listing()
    client.write(CLEAR)
    if not games:
        _say(client, " Nobody is playing now. (any key)")
        await _key(client)
        return
    letters = "abcdefghijklmnopqrstuvwxyz"
    _say(client, " Watch which game?", "",
         "     player                idle   viewers  size     run",
         *(f"  {letters[i]}) {g.player:<20} {g.idle:5.0f} s  {g.viewers:>5}   "
           f"{g.size[0]}x{g.size[1]:<5} {g.doing or '-'}"
           for i, g in enumerate(games[:len(letters)])),
         "", " a letter: watch   any other key: back")
    key = await _key(client)
    index = letters.find(key.decode("ascii", "replace")) if key else -1
    if not 0 <= index < len(games):
        return
    game = server.games.find(games[index].player)
    if game is not None:
        await spectate(client, game)


async def spectate(client: Client, game: Game, keys_leave: bool = True) -> None:
    """The game's screen, read-only: every key is dropped (`q` leaves, where `keys_leave`)."""
    key = game.watch(client.write)
    assert game.exited is not None
    try:
        while game.running:
            reading = asyncio.ensure_future(_key(client))
            if not await _first(reading, game.exited):
                reading.cancel()
                break
            if reading.result() == b"" or (keys_leave and reading.result() in (b"q", b"Q")):
                break
    finally:
        game.unwatch(key)
    client.write(LEAVE_GAME)
