"""Accounts (issue 31): one name pattern, Argon2 hashes, and names that cannot reach a path."""

from __future__ import annotations

import sqlite3

import pytest
from argon2 import PasswordHasher

from arena.errors import ArenaError
from arena.server.accounts import Accounts
from arena.server.folders import DataFolder
from arena.server.names import name_error

FAST = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)  # tests only: quick hashes


@pytest.mark.parametrize("name", ["../etc", "a/b", "..", "Ada\x1b[2J", "x" * 10_000, "",
                                  "1ada", "a", "Ada Lovelace", "ada\n", "ádá"])
def test_a_bad_name_is_refused_with_the_rule(name, tmp_path):
    assert name_error(name) == ("a name is 2 to 20 letters, digits, '_' or '-', starting "
                                "with a letter")
    accounts = Accounts(tmp_path / "a.db", FAST)
    assert accounts.register(name, "good password") == name_error(name)
    with pytest.raises(ArenaError):
        DataFolder(tmp_path).player(name)


def test_a_password_is_stored_only_as_an_argon2_hash(tmp_path):
    accounts = Accounts(tmp_path / "a.db", FAST)
    assert accounts.register("Ada", "correct horse") is None
    rows = sqlite3.connect(tmp_path / "a.db").execute("SELECT * FROM accounts").fetchall()
    assert len(rows) == 1 and rows[0][0] == "Ada" and rows[0][2].startswith("$argon2id$")
    assert "correct horse" not in repr(rows)


def test_log_in_is_case_blind_for_the_name_and_exact_for_the_password(tmp_path):
    accounts = Accounts(tmp_path / "a.db", FAST)
    accounts.register("Ada", "correct horse")
    assert accounts.check("ada", "correct horse") == "Ada"
    assert accounts.check("Ada", "Correct horse") is None
    assert accounts.check("Bob", "correct horse") is None
    assert accounts.register("ADA", "another one") == "that name is taken"


def test_passwords_too_short_long_or_with_control_characters_are_refused(tmp_path):
    accounts = Accounts(tmp_path / "a.db", FAST)
    for password in ("short", "x" * 257, "tab\there"):
        assert accounts.register("Ada", password) == "a password is 6 to 256 printable " \
                                                      "characters"
    assert accounts.check("Ada", "x" * 10_000) is None  # never hashed


def test_each_player_has_a_folder_of_their_own_inside_players(tmp_path):
    data = DataFolder(tmp_path)
    data.make()
    home = data.player("Ada")
    assert home == (tmp_path / "players" / "ada").resolve() and (home / "saves").is_dir()
    assert data.player("ADA") == home
