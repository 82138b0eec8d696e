"""Journals and saves: a journal line per command, resuming exactly, torn last lines dropped."""

from __future__ import annotations

import json

import pytest

from arena.assets import load_library, load_scenario
from arena.battle.core import Battle
from arena.cli.main import main
from arena.errors import ArenaError, ReplayError
from arena.replay.file import Recorder, save
from arena.replay.journal import Journal, load_journal, load_resumable, load_save, resume
from arena.rules import get_ruleset
from arena.tui.battle.session import JOURNAL_NAME, Session
from arena.tui.launch import PlayOptions, offer_journal, players, start
from tests.faults import PROC_FDS, full_disk


def play_some(recorder: Recorder, commands: int, journal: Journal | None = None) -> None:
    """Let the AI give `commands` commands, journalling each."""
    for _ in range(commands):
        recorder.apply(recorder.battle.decide(), "ai")
        if journal is not None:
            journal.append(recorder.steps[-1])


@pytest.fixture
def recorder():
    library = load_library()
    scenario = load_scenario("skirmish", library)
    with Battle(scenario, get_ruleset(scenario.ruleset), 5) as battle:
        yield Recorder(battle, library.hash)


def test_a_journal_is_a_header_then_one_line_per_command(recorder, tmp_path):
    path = tmp_path / "current.journal.jsonl"
    play_some(recorder, 3)
    journal = Journal(path, recorder, {"players": [0]})
    play_some(recorder, 4, journal)
    journal.close()
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert lines[0]["format"] == "arena-journal" and lines[0]["seed"] == 5
    assert lines[0]["settings"] == {"players": [0]}
    assert len(lines) == 1 + 7
    assert set(lines[1]) == {"command", "by", "state_hash"}


def test_a_journal_resumes_to_the_same_state(recorder, tmp_path):
    path = tmp_path / "j.jsonl"
    journal = Journal(path, recorder, {})
    play_some(recorder, 25, journal)
    journal.close()
    source = load_journal(path)
    assert source.dropped == 0 and len(source.steps) == 25
    with resume(source).battle as battle:
        assert battle.state_hash() == recorder.battle.state_hash()


def test_a_torn_last_line_loses_only_the_command_in_flight(recorder, tmp_path):
    path = tmp_path / "j.jsonl"
    journal = Journal(path, recorder, {})
    play_some(recorder, 10, journal)
    journal.close()
    text = path.read_text()
    path.write_text(text[: len(text) - 20])
    source = load_resumable(path)
    assert source.dropped == 1 and len(source.steps) == 9


def test_a_corrupt_line_inside_a_journal_is_refused(recorder, tmp_path):
    path = tmp_path / "j.jsonl"
    journal = Journal(path, recorder, {})
    play_some(recorder, 5, journal)
    journal.close()
    lines = path.read_text().splitlines()
    lines[2] = "{not json"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ReplayError, match="line 3: corrupt journal line"):
        load_journal(path)


def test_a_journal_whose_state_differs_is_not_resumed(recorder, tmp_path):
    path = tmp_path / "j.jsonl"
    journal = Journal(path, recorder, {})
    play_some(recorder, 5, journal)
    journal.close()
    lines = path.read_text().splitlines()
    step = json.loads(lines[3])
    step["state_hash"] = "0" * 16
    lines[3] = json.dumps(step)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ReplayError, match=r"command 3 .* cannot be resumed exactly"):
        resume(load_journal(path))


def test_a_save_in_the_replay_format_loads_with_who_gave_each_command(recorder, tmp_path):
    play_some(recorder, 8)
    recorder.steps[0]["by"] = "player"
    path = tmp_path / "s.json"
    save(recorder, path)
    source = load_resumable(path)
    assert source == load_save(path)
    assert [by for _, by, _ in source.steps][:2] == ["player", "ai"]
    with resume(source).battle as battle:
        assert battle.state_hash() == recorder.battle.state_hash()


def test_not_a_journal_or_save_is_a_one_line_error(tmp_path):
    path = tmp_path / "x.json"
    path.write_text("hello")
    with pytest.raises(ReplayError, match="not JSON"):
        load_resumable(path)
    with pytest.raises(ReplayError, match="no such save or journal"):
        load_resumable(tmp_path / "missing.json")


def test_the_player_s_sides_come_from_flags_then_the_file(recorder, tmp_path):
    play_some(recorder, 3)
    recorder.steps[1]["by"] = "player"
    side = recorder.battle.scenario.combatants[recorder.steps[1]["command"]["actor"] - 1].side
    path = tmp_path / "s.json"
    save(recorder, path)
    source = load_save(path)
    assert players(PlayOptions(), recorder, source) == {side}
    assert players(PlayOptions(hotseat=True), recorder, source) == {0, 1}
    assert players(PlayOptions(side=1), recorder, None) == {1}
    assert players(PlayOptions(), recorder, None) == {0}


def test_a_side_that_does_not_exist_is_refused(recorder):
    with pytest.raises(ArenaError, match=r"--side must be 0\.\.1"):
        players(PlayOptions(side=2), recorder, None)


def test_play_without_a_terminal_says_so(capsys):
    assert main(["play", "--scenario", "duel"]) == 2
    assert "needs a terminal" in capsys.readouterr().err


def test_saves_default_to_the_resolved_saves_folder(saves_in_tmp_path):
    assert PlayOptions().saves == saves_in_tmp_path  # $ARENA_SAVES (tests/conftest.py)


class Answering:
    """Stands in for the terminal: answers every question with one key."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.asked: list[list[str]] = []

    def run(self, frontend) -> None:
        self.asked.append(frontend.lines)
        while not frontend.done:
            frontend.feed(self.key)


def test_the_unfinished_battle_is_offered_and_n_sets_its_journal_aside(recorder, tmp_path):
    path = tmp_path / "current.journal.jsonl"
    journal = Journal(path, recorder, {"players": [1]})
    play_some(recorder, 3, journal)
    journal.close()
    yes = Answering("y")
    source = offer_journal(yes, path)  # type: ignore[arg-type]
    assert source is not None and source.settings == {"players": [1]}
    assert "Skirmish in the Ruins, seed 5, 3 commands played" in yes.asked[0][0]
    assert offer_journal(Answering("n"), path) is None  # type: ignore[arg-type]
    assert not path.exists() and path.with_name(path.name + ".old").exists()


def test_a_journal_that_cannot_be_resumed_is_set_aside_with_its_reason(tmp_path):
    path = tmp_path / "current.journal.jsonl"
    path.write_text('{"format":"arena-journal","journal_version":99}\n')
    screen = Answering("x")
    assert offer_journal(screen, path) is None  # type: ignore[arg-type]
    assert "journal format 99" in screen.asked[0][0]
    assert path.with_name(path.name + ".bad").exists()


def test_a_journal_whose_replay_diverges_is_set_aside_and_a_new_battle_starts(recorder,
                                                                               tmp_path):
    path = tmp_path / "current.journal.jsonl"
    journal = Journal(path, recorder, {})
    play_some(recorder, 3, journal)
    journal.close()
    lines = path.read_text().splitlines()
    step = json.loads(lines[2])
    step["state_hash"] = "0" * 16
    lines[2] = json.dumps(step)
    path.write_text("\n".join(lines) + "\n")
    screen = Answering("y")
    session = start(screen, PlayOptions(scenario="duel", seed=1, saves=tmp_path), path)  # type: ignore[arg-type]
    try:
        assert session.battle.scenario.id == "duel" and session.recorder.steps == []
        assert "cannot be resumed exactly" in screen.asked[1][0]
        assert path.with_name(path.name + ".bad").exists()
    finally:
        session.close()
        session.battle.__exit__(None, None, None)


@pytest.mark.skipif(not PROC_FDS, reason="needs /proc/self/fd")
@pytest.mark.parametrize("at", ["write", "fsync"])
def test_a_full_disk_at_a_battle_journal_write_is_one_line_and_keeps_every_shown_command(
        recorder, tmp_path, monkeypatch, at):
    session = Session(recorder, frozenset({0}), tmp_path)
    for _ in range(3):
        assert session.submit(session.battle.decide(), "ai") is None
    path = tmp_path / JOURNAL_NAME
    shown = path.read_text()
    full_disk(monkeypatch, path, at)
    with pytest.raises(ArenaError, match="No space left on device") as caught:
        session.submit(session.battle.decide(), "ai")
    assert "\n" not in str(caught.value) and "free some space" in str(caught.value)
    session.close()  # what `arena play` does on its way out: raises nothing
    monkeypatch.undo()
    assert path.read_text().startswith(shown)  # left as it is
    source = load_resumable(path)
    assert len(source.steps) == 3 + (at == "fsync") and source.dropped == (at == "write")
