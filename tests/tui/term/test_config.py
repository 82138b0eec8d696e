"""The config file read back (arena/tui/term/config.py): whatever it holds, one line or settings."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from arena.cli.main import main
from arena.errors import ArenaError
from arena.tui.term import config, keymap

HOSTILE = {
    "a list for the palette": ('palette = ["a"]', "palette: must be one of"),
    "a table for the palette": ("palette = {a = 1}", "palette: must be one of"),
    "a number for the ai": ("ai = 1", "ai: must be one of"),
    "a list for the ai": ('ai = ["normal"]', "ai: must be one of"),
    "a string for pauses": ('pauses = "yes"', "pauses: must be true or false"),
    "a number as a key": ("[keys]\nundo = [1]", "keys: each action takes a list of key names"),
    "a table of keys": ("[keys]\nundo = {a = 'b'}", "keys: each action takes a list"),
    "keys as a string": ('keys = "U"', "keys: each action takes a list"),
    "a control character in a key": ('[keys]\nundo = ["\\u001b[2J"]', "keys: each action"),
    "a key name of 500 characters": (f'[keys]\nundo = ["{"k" * 500}"]', "keys: each action"),
    "arrays nested 1,000 deep": ("x = " + "[" * 1000 + "]" * 1000, "nested too deeply"),
    "inline tables nested 1,000 deep": ("x = " + "{a=" * 1000 + "1" + "}" * 1000,
                                        "nested too deeply"),
    "an unknown table nested deeply": ("[a" + ".b" * 100 + "]\nc = 1", "nested too deeply"),
    "not TOML": ("palette = ", "not valid TOML"),
    "bytes that are not UTF-8": (b"palette = \"\xff\"", "not UTF-8"),
    "over 64 KiB": ("# " + "x" * (65 << 10), "the limit is"),
}


@pytest.mark.parametrize(("text", "says"), HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_config_file_is_one_line_naming_the_problem(
        tmp_path: Path, text: str | bytes, says: str) -> None:
    path = tmp_path / "config.toml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    with pytest.raises(ArenaError, match=says) as caught:
        config.load(path)
    assert "\n" not in str(caught.value)


def test_a_config_that_is_a_device_or_a_folder_is_refused_without_reading(
        tmp_path: Path) -> None:
    for path, says in ((Path("/dev/zero"), "is a device"), (tmp_path, "is a directory")):
        with pytest.raises(ArenaError, match=says):
            config.load(path)


def test_a_missing_config_gives_the_defaults(tmp_path: Path) -> None:
    assert config.load(tmp_path / "none.toml") == config.Config()


@pytest.mark.parametrize("argv", [["config"], ["play"]])
@pytest.mark.parametrize("text", ['palette = ["a"]', "x = " + "[" * 1000 + "]" * 1000])
def test_arena_config_and_play_with_a_hostile_config_are_one_line_and_exit_2(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        argv: list[str], text: str) -> None:
    path = tmp_path / "config.toml"
    path.write_text(text)
    monkeypatch.setenv("ARENA_CONFIG", str(path))
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and str(path) in err
    assert path.read_text() == text  # nothing rewritten
    assert sorted(os.listdir(tmp_path)) == ["config.toml"]  # nothing written elsewhere


def test_auto_fight_is_rebound_and_checked_like_every_action(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[keys]\nauto_fight = ["KEY_F5", "a"]\n')
    loaded = config.load(path)
    bindings = {b.action: b.keys for b in keymap.rebound(loaded.keys)}
    assert bindings["auto_fight"] == ("KEY_F5", "a") and bindings["attack"] == ()
    assert 'auto_fight = ["KEY_F5", "a"]' in "\n".join(config.describe(loaded, path))
    for text, says in (("[keys]\nauto_fight = ['y']\nlook = ['y']", "bound to both"),
                       ("[keys]\nauto_fight = [1]", "each action takes a list of key names"),
                       ("[keys]\nautofight = ['z']", "no such action: autofight")):
        path.write_text(text)
        with pytest.raises(ArenaError, match=says):
            config.load(path)
