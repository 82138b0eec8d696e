"""Keys that never cost a turn by surprise (issue 30): space, Enter and Escape end no turn;
ending a turn with an attack still possible asks once, unless the config turns it off."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from arena.battle.core import Battle
from arena.hexgrid import Hex
from arena.replay.file import Recorder
from arena.rules import get_ruleset
from arena.tui.battle.app import App
from arena.tui.battle.modes import Mode, UiState
from arena.tui.battle.session import Session
from tests.factories import fighter, scenario
from tests.tui.battle import test_app
from tests.tui.battle.test_app import FAST, SLOW, active, press, screen_text

make_app = test_app.make_app  # the same fixture: apps of hand-made battles

CLEARING = ("KEY_ENTER", "KEY_ESCAPE", " ")


def _face_to_face(make_app, **kw):  # type: ignore[no-untyped-def]
    return make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST),
                    fighter("Bob", 1, Hex(1, 0), facing=3, stats=SLOW), **kw)


def test_ending_a_turn_that_could_still_strike_asks_and_no_goes_on(make_app):
    app = _face_to_face(make_app)
    before = app.session.battle.state_hash()
    press(app, ".")
    assert app.state.mode == Mode.CONFIRM_END
    assert "Ann can still attack Bob: end the turn anyway?" in screen_text(app)
    press(app, "n")
    assert app.state.mode == Mode.NORMAL and app.session.battle.state_hash() == before
    assert active(app).name == "Ann" and "the turn goes on" in screen_text(app)


def test_the_end_turn_key_twice_or_y_ends_it(make_app):
    for second in (".", "y"):
        app = _face_to_face(make_app)
        press(app, ".", second)
        assert app.state.mode == Mode.NORMAL
        assert "Ann ends the turn" in screen_text(app), second


def test_with_nobody_in_reach_the_turn_ends_at_once(make_app):
    app = make_app(fighter("Ann", 0, Hex(-3, 0), stats=FAST),
                   fighter("Bob", 1, Hex(3, 0), facing=3, stats=SLOW))
    press(app, ".")
    assert app.state.mode != Mode.CONFIRM_END and "Ann ends the turn" in screen_text(app)


def test_the_config_can_turn_the_question_off(tmp_path):
    battle = Battle(scenario(fighter("Ann", 0, Hex(0, 0), stats=FAST),
                             fighter("Bob", 1, Hex(1, 0), facing=3, stats=SLOW)),
                    get_ruleset("ap"), 1)
    session = Session(Recorder(battle, "test"), frozenset({0, 1}), tmp_path)
    try:
        app = App(session, ask_end_turn=False)
        press(app, ".")
        assert "Ann ends the turn" in screen_text(app)
    finally:
        session.close()
        battle.__exit__(None, None, None)


def test_space_enter_and_escape_end_no_turn_in_the_normal_mode(make_app):
    app = _face_to_face(make_app)
    before = app.session.battle.state_hash()
    press(app, *CLEARING)
    assert app.session.battle.state_hash() == before and active(app).name == "Ann"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(CLEARING), min_size=1, max_size=12))
def test_no_key_that_clears_a_more_ever_ends_a_turn(tmp_path_factory, keys):
    # A --more-- pause is entered by hand (as App.feed does after important lines); whatever
    # mix of the keys that clear it follows, no command is made: the battle stays as it was.
    folder = tmp_path_factory.mktemp("more")
    battle = Battle(scenario(fighter("Ann", 0, Hex(0, 0), stats=FAST),
                             fighter("Bob", 1, Hex(1, 0), facing=3, stats=SLOW)),
                    get_ruleset("ap"), 1)
    session = Session(Recorder(battle, "test"), frozenset({0, 1}), folder)
    try:
        app = App(session)
        before = battle.state_hash()
        app.state = app.state.__class__(mode=Mode.MORE, log_offset=30)
        press(app, *keys)
        assert battle.state_hash() == before
        assert len(session.recorder.steps) == 0
    finally:
        session.close()
        battle.__exit__(None, None, None)


def test_a_walk_longer_than_the_ap_goes_as_far_as_they_pay_for_and_says_so(make_app):
    app = make_app(fighter("Ann", 0, Hex(-4, 0), stats=FAST),
                   fighter("Bob", 1, Hex(0, -4), facing=3, stats=SLOW))
    ap = active(app).ap
    far = Hex(4, 0)  # eight hexes east
    app.state = UiState(mode=Mode.LOOK, cursor=far)
    press(app, "KEY_ENTER")
    assert ap < 8 and active(app).hex == Hex(-4 + ap, 0), (ap, active(app).hex)
    assert f"Ann walks {ap} of 8 hexes: out of AP (the rest next turn)" in screen_text(app, 120, 30)
