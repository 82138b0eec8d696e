"""`arena`'s title (arena/tui/run/flow.py) opens whatever is in saves/ and the config file."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import tcod.console

from arena.errors import ArenaError
from arena.run.runjournal import NAME
from arena.run.score import SCORES
from arena.tui.run import flow
from arena.tui.run.routemap import GLYPH
from arena.tui.run.title import HELP


class Keys:
    """A terminal that draws each screen on an 80x24 console and types `keys` into it."""

    def __init__(self, keys: list[str]) -> None:
        self.keys = keys
        self.pages: list[tuple[str, str]] = []  # each page's title and drawn text

    def run(self, frontend: Any) -> None:
        while not frontend.done:
            console = tcod.console.Console(80, 24, order="C")
            frontend.draw(console)
            text = "\n".join("".join(chr(c) for c in row) for row in console.ch)
            self.pages.append((getattr(frontend, "title", type(frontend).__name__), text))
            frontend.feed(self.keys.pop(0))


class Tty:
    """A standard stream that says it is a terminal."""

    def __init__(self) -> None:
        self.written: list[str] = []

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.written.append(text)
        return len(text)

    def flush(self) -> None:
        """Nothing buffered."""


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Keys:
    """The title on a fake terminal: o (scores), Enter (back), q (quit)."""
    keys = Keys(["o", "KEY_ENTER", "q"])

    @contextmanager
    def fullscreen(mouse: bool = True) -> Iterator[Keys]:
        yield keys

    monkeypatch.setattr(flow, "fullscreen", fullscreen)
    monkeypatch.setattr(flow, "sys", SimpleNamespace(stdin=Tty(), stdout=Tty()))
    return keys


def _hostile(saves: Path, config: Path) -> list[Path]:
    """A saves/ folder and a config file as a crash, a full disk or a stranger leave them;
    the stale temp files planted, which the start must remove."""
    (saves / "runs").mkdir(parents=True)
    good = {"score": 2394, "ruleset": "d40", "result": "victory", "seed": 3}
    (saves / SCORES).write_text("\n".join([
        json.dumps(good), json.dumps(good | {"score": True}), "{not json", "[" * 5000,
        json.dumps(good | {"ruleset": "\x1b[2J\x1b]0;pwn\x07", "score": 7}), "\x00" * 50]))
    (saves / f"{NAME}.bad").write_text("an earlier bad journal")
    (saves / "current.journal.jsonl.old").write_text("{")
    (saves / "duel-3.save.json").write_text("[" * 100_000)
    (saves / "morgue").write_text("a file where a folder goes")
    stale = [saves / ".duel-3.save.json.abcd1234", saves / f".{NAME}.zz_9abcd",
             saves / "runs" / ".d40-s3-20260101-000000.run.json.0a1b2c3d"]
    for path in stale:
        path.write_text('{"format":')
        os.utime(path, (time.time() - 3600,) * 2)
    config.write_text("palette = [\"a\"]\nx = " + "[" * 2000)
    return stale


def test_the_title_opens_and_shows_the_scores_whatever_is_in_saves_and_the_config(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, terminal: Keys) -> None:
    saves, config = tmp_path / "saves", tmp_path / "config.toml"
    stale = _hostile(saves, config)
    monkeypatch.setenv("ARENA_CONFIG", str(config))
    assert flow.title(saves) == ""
    assert [title for title, _ in terminal.pages] == ["arena", "Scores", "arena"]
    scores = terminal.pages[1][1]
    assert "2394" in scores and "4 damaged lines skipped" in scores
    assert "\x1b" not in scores and "\x07" not in scores
    assert not any(p.exists() for p in stale)  # the stale temp files of a killed save
    assert (saves / f"{NAME}.bad").read_text() == "an earlier bad journal"  # nothing else
    assert (saves / "duel-3.save.json").exists() and (saves / "morgue").is_file()


def test_a_malformed_run_journal_is_one_line_then_the_next_start_opens_the_title(
        tmp_path: Path, terminal: Keys) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    header = {"format": "arena-run-journal", "journal_version": 3, "config": {
        "ruleset": "d40", "seed": 7, "steps": 2, "endless": False, "seeded": True,
        "party": ["swordsman", "spearman", "archer"], "difficulty": "normal"}}
    (saves / NAME).write_text(json.dumps(header) + "\n" + json.dumps(
        {"step": 1, "node": "a1s1n0"}) + "\n" + json.dumps(
        {"bout": 1, "command": {"type": "end_turn", "actor": 1.5}, "state_hash": "0"}) + "\n")
    with pytest.raises(ArenaError, match=r"cannot be continued.*line 3.*kept as") as caught:
        flow.title(saves)
    assert "\n" not in str(caught.value) and (saves / f"{NAME}.bad").exists()
    assert flow.title(saves) == ""  # the next start: the title, with no run to continue
    assert terminal.pages[0][0] == "arena" and "Unfinished run" not in terminal.pages[0][1]



def test_how_a_run_works_names_every_kind_of_node_the_map_draws() -> None:
    text = " ".join(HELP)
    for kind, glyph in GLYPH.items():
        assert f"{glyph} {'elite fight' if kind == 'elite' else kind}" in text, kind
    assert "merchant" in text and "coin" in text and "threat budget" in text
