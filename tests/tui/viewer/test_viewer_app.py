"""The replay viewer's model without a terminal: its log, continuing, and the `parent` field."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
import tcod.console

from arena.battle.core import Battle
from arena.cli.main import main
from arena.errors import ArenaError
from arena.replay.file import Recorder, load
from arena.tui.battle.modes import Mode
from arena.tui.battle.session import Session
from arena.tui.viewer.continued import Continued, continued_recorder
from arena.tui.viewer.playback import load_films, open_playback
from arena.tui.viewer.viewer import ViewerApp


@pytest.fixture
def replay_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A recorded skirmish of 108 commands."""
    path = tmp_path / "x.json"
    assert main(["sim", "--scenario", "skirmish", "--seed", "3", "--ai", "basic", "--record",
                 str(path)]) == 0
    capsys.readouterr()
    return path


def test_the_log_at_a_point_is_the_games_log_of_the_battle_played_to_it(replay_path, tmp_path):
    replay = load(replay_path)
    playback = open_playback(replay_path, tmp_path / "saves")
    try:
        for n in (60, 108, 7, 60):
            playback.goto(n)
            assert playback.session is not None
            shown = [line.shown for line in playback.session.log]
            with Battle(replay.scenario, replay.ruleset, replay.seed) as battle:
                for command, _, _ in replay.steps[:n]:
                    battle.apply(command)
                game = Session(Recorder(battle, ""), frozenset(), tmp_path, journal=False)
                assert shown == [line.shown for line in game.log][-len(shown):]
                assert playback.session.view == game.view
    finally:
        playback.close()


def test_the_viewer_never_applies_a_command(replay_path, tmp_path):
    playback = open_playback(replay_path, tmp_path / "saves")
    try:
        playback.goto(33)
        session = playback.session
        assert session is not None
        digest = session.battle.state_hash()
        active = session.view.active
        assert active is not None
        assert session.submit(session.battle.decide()) is not None
        session.run_ai()
        assert session.battle.state_hash() == digest
        assert playback.seeker is not None and playback.seeker.position == 33
    finally:
        playback.close()


@pytest.mark.slow
def test_a_continued_battle_fought_to_its_end_is_a_new_replay_naming_its_parent(
        replay_path, tmp_path, capsys):
    saves = tmp_path / "saves"
    before = replay_path.read_bytes()
    written = []
    for _ in range(2):  # the second never replaces the first
        playback = open_playback(replay_path, saves)
        playback.goto(40)
        recorder = continued_recorder(playback, "normal")
        playback.close()
        session = Continued(recorder, frozenset(), saves, journal=False)  # the AI plays on
        try:
            session.run_ai()
        finally:
            session.battle.__exit__(None, None, None)
        assert session.view.over and session.replay_path is not None
        written.append(session.replay_path.name)
    assert written == ["skirmish-3.continued.replay.json", "skirmish-3.continued-2.replay.json"]
    assert replay_path.read_bytes() == before
    child = saves / written[0]
    doc = json.loads(child.read_text())
    assert doc["parent"] == {"sha256": hashlib.sha256(before).hexdigest(), "command": 40}
    assert load(child).parent == (hashlib.sha256(before).hexdigest(), 40)
    assert main(["replay", str(child), "--verify"]) == 0
    assert "replay verified" in capsys.readouterr().out


@pytest.mark.slow
@pytest.mark.parametrize(("parent", "message"), [
    ({"sha256": "ab", "command": 1}, "64 lower-case hex digits"),
    ({"sha256": "A" * 64, "command": 1}, "64 lower-case hex digits"),
    ({"sha256": "a" * 64, "command": 109}, "'command' must be 0..108"),
    ({"sha256": "a" * 64, "command": True}, "'command' has the wrong type"),
    ({"sha256": "a" * 64}, "exactly sha256 and command"),
    ({"sha256": "a" * 64, "command": 1, "extra": 0}, "exactly sha256 and command"),
    ("a" * 64, "'parent' has the wrong type"),
])
def test_a_bad_parent_field_is_one_line_and_exit_2(replay_path, capsys, parent, message):
    doc = json.loads(replay_path.read_text())
    doc["parent"] = parent
    replay_path.write_text(json.dumps(doc))
    assert main(["replay", str(replay_path), "--verify"]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_verification_ignores_a_good_parent_field(replay_path, capsys):
    doc = json.loads(replay_path.read_text())
    doc["parent"] = {"sha256": "0" * 64, "command": 108}
    replay_path.write_text(json.dumps(doc))
    assert main(["replay", str(replay_path), "--verify"]) == 0
    assert "replay verified: 108 commands" in capsys.readouterr().out


def test_a_replay_that_no_longer_gives_its_states_does_not_open(replay_path, tmp_path, capsys):
    doc = json.loads(replay_path.read_text())
    doc["commands"][5]["state_hash"] = "0" * 16
    replay_path.write_text(json.dumps(doc))
    with pytest.raises(ArenaError, match="command 6 of the replay no longer gives"):
        open_playback(replay_path, tmp_path / "saves")


def test_the_history_at_the_end_goes_back_to_the_map_not_the_games_summary(
        replay_path, tmp_path):
    playback = open_playback(replay_path, tmp_path / "saves")
    try:
        app = ViewerApp(playback)
        console = tcod.console.Console(100, 30, order="C")
        app.feed("KEY_END")
        for key in ("p", "KEY_ESCAPE", "KEY_PGUP", "KEY_PGDOWN"):
            app.feed(key)
            app.draw(console)
            assert app.state.mode in (Mode.HISTORY, Mode.NORMAL)
        text = "\n".join("".join(chr(c) for c in row) for row in console.ch)
        assert "command 108/108" in text and "Round 6: initiative" in text
    finally:
        playback.close()


def test_after_any_seek_the_screen_is_what_a_fresh_viewer_draws_there(
        replay_path, tmp_path, monkeypatch):
    monkeypatch.setattr("arena.tui.viewer.playback.LOG_KEPT", 20)  # the kept window slides
    playback = open_playback(replay_path, tmp_path / "saves")

    def screen(app: ViewerApp) -> list[str]:
        console = tcod.console.Console(120, 40, order="C")
        app.draw(console)
        return ["".join(chr(c) for c in row) for row in console.ch]

    try:
        app = ViewerApp(playback)
        for n in (40, 90, 41, 108, 60):
            playback.goto(n)
            seen = screen(app)
            assert seen == screen(ViewerApp(playback)), f"at command {n}"
    finally:
        playback.close()


def test_a_file_over_the_size_limit_is_refused_before_it_is_parsed(replay_path, monkeypatch):
    monkeypatch.setattr("arena.tui.viewer.playback.MAX_JSON_BYTES", 1000)
    with pytest.raises(ArenaError, match="the limit is 1000"):
        load_films(replay_path)
