"""Accounts in SQLite (the data folder's `accounts.db`): a name and an Argon2 hash, no more.

Names are compared without case (`Ada` and `ada` are one account) and stored as registered.
The hash is argon2-cffi's (the PHC string: algorithm, parameters, salt and hash); a hash made
with older parameters is upgraded at the next right login.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from pathlib import Path

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from arena.errors import ArenaError
from arena.server.names import name_error

MAX_PASSWORD = 256  # characters; longer is refused before hashing
MIN_PASSWORD = 6
SCHEMA = """
CREATE TABLE IF NOT EXISTS accounts (
    name TEXT NOT NULL,
    folded TEXT NOT NULL PRIMARY KEY,
    hash TEXT NOT NULL,
    created REAL NOT NULL
)
"""


class Accounts:
    """The account table; every method is one short transaction."""

    def __init__(self, path: Path, hasher: PasswordHasher | None = None) -> None:
        self.path = path
        self.hasher = hasher or PasswordHasher()
        with self._db() as db:
            db.execute(SCHEMA)

    def _db(self) -> sqlite3.Connection:
        """A connection (a context manager commits or rolls back)."""
        # The default rollback journal, not WAL: a reader then writes nothing, so logins go on
        # while the disk is full.
        return sqlite3.connect(self.path, timeout=10, isolation_level="IMMEDIATE")

    def register(self, name: str, password: str) -> str | None:
        """Create the account; why not (a bad name or password, a name taken), else None."""
        why = name_error(name) or password_error(password)
        if why is not None:
            return why
        digest = self.hasher.hash(password)
        try:
            with self._db() as db:
                db.execute("INSERT INTO accounts VALUES (?, ?, ?, ?)",
                           (name, name.lower(), digest, time.time()))
        except sqlite3.IntegrityError:
            return "that name is taken"
        except sqlite3.OperationalError as error:  # a full or read-only disk
            return f"the server cannot save accounts now ({error})"
        return None

    def check(self, name: str, password: str) -> str | None:
        """The account's registered name when the password is right, else None.

        ArenaError when the accounts cannot be read at all (the lobby says so).
        """
        if name_error(name) is not None or len(password) > MAX_PASSWORD:
            return None
        try:
            db = sqlite3.connect(self.path, timeout=10, isolation_level=None)  # reads only
            try:
                row = db.execute("SELECT name, hash FROM accounts WHERE folded = ?",
                                 (name.lower(),)).fetchone()
            finally:
                db.close()
        except sqlite3.OperationalError as error:
            raise ArenaError(f"the server cannot read its accounts now ({error})") from None
        if row is None:
            self._waste(password)  # as slow as a wrong password: names are not probed
            return None
        stored, digest = str(row[0]), str(row[1])
        try:
            self.hasher.verify(digest, password)
        except (VerificationError, InvalidHashError):
            return None
        if self.hasher.check_needs_rehash(digest):
            with contextlib.suppress(sqlite3.OperationalError), self._db() as db:
                db.execute("UPDATE accounts SET hash = ? WHERE folded = ?",
                           (self.hasher.hash(password), name.lower()))
        return stored

    def exists(self, name: str) -> bool:
        """Whether an account has this name (any case)."""
        with self._db() as db:
            return db.execute("SELECT 1 FROM accounts WHERE folded = ?",
                              (name.lower(),)).fetchone() is not None

    def _waste(self, password: str) -> None:
        """Spend a hash's time on nothing."""
        self.hasher.hash(password or "-")


def password_error(password: str) -> str | None:
    """Why `password` is refused, or None.

    >>> password_error("hunter22"), password_error("abc")
    (None, 'a password is 6 to 256 printable characters')
    """
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD or any(
            ord(c) < 32 or ord(c) == 127 for c in password):
        return f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} printable characters"
    return None
