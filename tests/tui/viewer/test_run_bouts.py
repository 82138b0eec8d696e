"""The viewer on a run record: each bout is a full battle replay, so what if, branches and
continue-from-here work on it, and the hint bar shows only the keys that work (issue 28)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from arena.cli.main import main
from arena.replay.file import load
from arena.tui.viewer import branch_page
from arena.tui.viewer.continued import Continued, continued_recorder
from arena.tui.viewer.pages import Asking
from arena.tui.viewer.playback import open_playback
from arena.tui.viewer.viewer import ViewerApp
from arena.tui.viewer.whatif_page import fight, save

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """adnd, seed 1, five steps and three bouts: the party enters bout 3 with lost hit points."""
    folder = tmp_path_factory.mktemp("run")
    path = folder / "run.json"
    assert main(["run", "--auto", "--seed", "1", "--rules", "adnd", "--steps", "5",
                 "--saves", str(folder / "saves"), "--record", str(path)]) == 0
    return path


def test_each_bout_is_a_battle_replay_with_its_carried_wounds(record, tmp_path):
    playback = open_playback(record, tmp_path / "saves")
    try:
        film = playback.films[2]
        assert film.bout == 3 and film.document is not None
        party = [c for c in film.replay.scenario.combatants if c.side == 0]
        assert any(c.start_hp is not None for c in party)
        fights = json.loads(record.read_text())["fights"]
        assert [d for _, _, d in film.replay.steps] == [
            s["state_hash"] for s in fights[2]["commands"]]
        playback.open(2)
        playback.goto(0)
        shown = {c.name: c.hp for c in playback.session.view.combatants if c.side == 0}
        assert shown == {c.name: c.entering_hp for c in party}
    finally:
        playback.close()


def test_what_if_on_a_bout_fights_on_and_its_branch_is_kept_in_the_bouts_replay(
        record, tmp_path, capsys):
    saves = tmp_path / "saves"
    before = record.read_bytes()
    playback = open_playback(record, saves)
    try:
        playback.open(1)
        playback.goto(5)
        asked = fight(playback, "e")
        assert asked.result is not None and asked.lines
        said = save(playback, asked, "early")
        (kept,) = saves.glob("*.bout-2.replay.json")
        assert kept.name.startswith(f"run-{hashlib.sha256(before).hexdigest()[:12]}")
        assert "saved branch 'early'" in said and record.read_bytes() == before
        found, _ = branch_page.rows(playback)
        assert [row[1] for row in found] == ["main", "early"]
        branch_page.open_line(playback, "early")
        assert len(playback.films) == 3 and playback.film.line == "early"
        assert playback.film.bout == 2
    finally:
        playback.close()
    capsys.readouterr()
    assert main(["replay", str(kept), "--verify"]) == 0
    out = capsys.readouterr().out
    assert "replay verified" in out and "branch early verified" in out


def test_continuing_a_bout_names_the_bouts_replay_as_its_parent(record, tmp_path, capsys):
    saves = tmp_path / "saves"
    playback = open_playback(record, saves)
    playback.open(2)
    playback.goto(12)
    recorder = continued_recorder(playback, "normal")
    playback.close()
    (parent,) = saves.glob("*.bout-3.replay.json")
    session = Continued(recorder, frozenset(), saves, journal=False)  # the AI plays on
    try:
        session.run_ai()
    finally:
        session.battle.__exit__(None, None, None)
    assert session.view.over and session.replay_path is not None
    digest = hashlib.sha256(parent.read_bytes()).hexdigest()
    assert load(session.replay_path).parent == (digest, 12)
    capsys.readouterr()
    assert main(["replay", str(session.replay_path), "--verify"]) == 0
    assert main(["replay", str(parent), "--verify"]) == 0


def test_the_hint_bar_offers_c_and_w_on_a_run_bout_and_both_answer(record, tmp_path):
    playback = open_playback(record, tmp_path / "saves")
    try:
        app = ViewerApp(playback)
        app.feed(">")
        app.feed("l")
        hint = app._prompt()[1]
        assert "c play on" in hint and "w what if" in hint and "</> bout" in hint
        app.feed("c")
        assert app.asking == Asking.SIDE and not app.state.hint
        app.feed("KEY_ESCAPE")
        app.feed("w")
        assert app.asking == Asking.CHANGE and not app.state.hint
        app.feed("KEY_ESCAPE")
        app.feed("KEY_END")  # over: neither continues nor what-ifs; neither is offered
        hint = app._prompt()[1]
        assert "c play on" not in hint and "w what if" not in hint
    finally:
        playback.close()
