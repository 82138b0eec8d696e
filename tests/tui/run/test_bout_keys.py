"""A run's bout against a skirmish (issue 28, item 6): auto-fight is a keymap action like any
other, and each battle's help offers only the keys its dispatcher takes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from arena.hexgrid import hex_neighbor
from arena.run.config import RunConfig
from arena.run.live import LiveRun, resume
from arena.run.runjournal import NAME
from arena.tui.battle import help
from arena.tui.battle.app import App
from arena.tui.battle.modes import Mode
from arena.tui.run.bout import BoutScreen, RunSession
from arena.tui.term import config
from arena.tui.term.keymap import KEYMAP, LIVE, STEPS, first_key, keys_for
from tests.run.test_run import LIBRARY
from tests.tui.battle import test_app as test_tui_app
from tests.tui.battle.test_app import draw, rows, screen_text, two_apart

make_app = test_tui_app.make_app  # the same fixture: apps of hand-made battles
MakeBout = Callable[[], BoutScreen]


@pytest.fixture(autouse=True)
def default_keys() -> Iterator[None]:
    """Each test starts and ends with the default keys."""
    config.apply(config.Config())
    yield
    config.apply(config.Config())


@pytest.fixture
def make_bout(tmp_path: Path) -> Iterator[MakeBout]:
    """Bout 1 of a fresh ap run (seed 3) in the battle screen, on the party's turn."""
    made: list[BoutScreen] = []

    def make() -> BoutScreen:
        folder = tmp_path / f"run{len(made)}"
        folder.mkdir()
        live = LiveRun.new(RunConfig("ap", 3, steps=3), LIBRARY, folder / NAME)
        live.go(live.run.options()[0].id)
        live.begin_bout()
        bout = BoutScreen(RunSession(live, folder))
        assert bout.session.player_turn and bout.app.state.mode == Mode.NORMAL
        made.append(bout)
        return bout

    yield make
    for bout in made:
        bout.session.live.close()
        bout.session.battle.__exit__(None, None, None)


def hint(app: App) -> str:
    """The prompt line as drawn."""
    return rows(draw(app))[-1].strip()


def auto_steps(bout: BoutScreen) -> int:
    """How many commands the AI gave for the party on auto-fight."""
    return sum(step["by"] == "auto" for step in bout.session.recorder.steps)


# --- auto-fight, bound and rebound like every action -------------------------------------------

def test_a_config_rebinding_auto_fight_moves_it_off_capital_a(make_bout, tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[keys]\nauto_fight = ["z"]\n')
    config.apply(config.load(path))
    assert KEYMAP["z"] == "auto_fight" and "A" not in KEYMAP
    bout = make_bout()
    bout.feed("A")
    assert auto_steps(bout) == 0 and "'A' does nothing here" in hint(bout.app)
    bout.feed("z")
    assert auto_steps(bout) > 0
    bout.feed("?")
    assert " z " in screen_text(bout.app) and "auto-fight this turn" in screen_text(bout.app)


def test_capital_a_auto_fights_by_default_and_only_in_a_run(make_bout, make_app):
    bout = make_bout()
    bout.feed("A")
    assert auto_steps(bout) > 0
    app = two_apart(make_app, players=(0,))
    steps = len(app.session.recorder.steps)
    app.feed("A")
    assert len(app.session.recorder.steps) == steps
    assert hint(app) == "A: auto-fight is for a run's bouts (arena run)"


# --- the help offers what the battle on screen takes --------------------------------------------

def key_text(app: App) -> str:
    """The first help page as drawn."""
    app.feed("?")
    text = screen_text(app)
    app.feed("KEY_ESCAPE")
    return text


def test_a_run_s_help_offers_the_die_free_take_back_and_auto_fight(make_bout, make_app):
    bout = make_bout()
    run_help = key_text(bout.app)
    assert "Backspace      undo a die-free move" in run_help
    assert "A              auto-fight this turn" in run_help
    app = two_apart(make_app, players=(0,))
    skirmish_help = key_text(app)
    assert "Backspace      undo a die-free move" in skirmish_help
    assert "A              auto-fight" not in skirmish_help
    assert "A: auto-fight is for a run's bouts" in skirmish_help


def walk(fresh: Callable[[], tuple[App, Callable[[str], None]]]) -> None:
    """Feed every key the help lists to a fresh battle: none is answered as meaningless or refused.

    The aiming keys are pressed while aiming, undo after a die-free turn (it must take it
    back); every key the help lists as refused is answered with its reason.
    """
    app, feed = fresh()
    session = app.session
    listed = help.offered(session)
    shown = [text for text, _ in help.key_lines(session, 200)]
    assert all(any(b.help in text and keys_for(b.action) in text for text in shown)
               for b in listed)
    feed(first_key("help"))
    drawn = screen_text(app)  # 80x24: nothing the help lists is cut off (pages 1 and 2:
    feed("KEY_ENTER")  # the keys of the mode it came from, then the other modes')
    drawn += screen_text(app)
    assert all(b.help in drawn for b in listed), drawn
    for binding in listed:
        for key in binding.keys:
            app, feed = fresh()
            if binding.group == "Aim":
                feed(first_key("attack"))
                assert app.state.mode == Mode.TARGET
            if binding.action == "undo":  # a die-free turn to take back
                feed(first_key("turn_left"))
            feed(key)
            said = app.state.hint
            assert binding.action != "undo" or said == "taken back", (key, said)
            assert "does nothing" not in said and not any(
                why in said for why in session.unavailable.values()), (binding.action, key, said)
    refused = [b for b in LIVE if b.action in session.unavailable]  # (a run's bout: none)
    assert len(refused) == len(session.unavailable)
    for binding in refused:
        for key in binding.keys:
            app, feed = fresh()
            feed(key)
            assert app.state.hint.endswith(session.unavailable[binding.action])


def test_every_key_a_skirmish_s_help_lists_is_taken_by_its_dispatcher(make_app):
    def fresh() -> tuple[App, Callable[[str], None]]:
        app = two_apart(make_app, players=(0,))
        return app, app.feed

    walk(fresh)


@pytest.mark.slow  # a fresh run for each of some fifty keys
def test_every_key_a_bout_s_help_lists_is_taken_by_its_dispatcher(make_bout):
    def fresh() -> tuple[App, Callable[[str], None]]:
        bout = make_bout()
        return bout.app, bout.feed

    walk(fresh)


def test_a_run_takes_back_a_die_free_step_and_the_journal_keeps_the_take_back(make_bout):
    bout = make_bout()
    session = bout.session
    start = session.battle.state_hash()
    actor = session.view.combatant(session.view.active)
    assert actor is not None
    step = next(k for b in LIVE if b.action in STEPS for k in b.keys
                if session.view.standing_at(hex_neighbor(actor.hex, STEPS[b.action])) is None
                and session.view.map.terrain(hex_neighbor(actor.hex, STEPS[b.action])) is not None)
    bout.feed(step)
    assert session.battle.state_hash() != start and len(session.recorder.steps) == 1
    bout.feed("KEY_BACKSPACE")
    assert hint(bout.app) == "taken back" and session.battle.state_hash() == start
    assert session.recorder.steps == [] and session.live.fight.bout.steps == []
    journal = session.live.journal.path
    assert '"undo":true' in journal.read_text(encoding="utf-8").splitlines()[-1]
    session.live.close()
    again, dropped = resume(journal, LIBRARY)
    assert not dropped and again.fight is not None
    assert again.fight.recorder.battle.state_hash() == start
    again.fight.recorder.battle.__exit__(None, None, None)
    bout.feed("KEY_BACKSPACE")  # nothing left this turn: refused, with why
    assert hint(bout.app).startswith("cannot undo: only your last step")
