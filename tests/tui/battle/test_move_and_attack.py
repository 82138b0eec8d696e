"""Move-and-attack (issue 30): aiming at an enemy out of reach plans the walk to the best hex
from which to strike it with the AP left; Enter walks and strikes."""

from __future__ import annotations

from arena.hexgrid import Hex
from tests.factories import fighter
from tests.tui.battle import test_app
from tests.tui.battle.test_app import FAST, SLOW, active, press, screen_text

make_app = test_app.make_app


def _apart(make_app, gap: int):  # type: ignore[no-untyped-def]
    return make_app(fighter("Ann", 0, Hex(-gap + 1, 0), stats=FAST),
                    fighter("Bob", 1, Hex(1, 0), facing=3, stats=SLOW))


def test_aiming_out_of_reach_shows_the_walk_its_ap_and_the_odds_from_there(make_app):
    app = _apart(make_app, 3)  # Ann 3 hexes from Bob: 2 steps (2 AP), then 4 AP to strike
    press(app, "a")
    text = screen_text(app, 100, 40)
    assert "Enter: walk there and strike" in text
    assert "walk 2 hexes, 2 AP, to 0,0" in text and "there: run-up 2" in text
    assert "4 AP; 1 hex, from the front" in text and "hit chance 55%" in text


def test_enter_walks_then_strikes(make_app):
    app = _apart(make_app, 3)
    press(app, "a", "KEY_ENTER")
    log = [line.text for line in app.session.log]
    assert active(app).name == "Ann" and active(app).hex == Hex(0, 0) and active(app).ap == 0
    assert any("Ann" in t and "Bob" in t and (": hit;" in t or ": miss" in t) for t in log), log
    assert [s["command"]["type"] for s in app.session.recorder.steps][-2:] == ["move", "attack"]


def test_too_far_for_a_blow_this_turn_keeps_the_engines_reason(make_app):
    app = _apart(make_app, 4)  # 3 steps + 4 AP > 6 AP: no plan, the refusal as before
    press(app, "a")
    text = screen_text(app, 100, 40)
    assert "cannot attack Bob:" in text and "out of reach: walk" not in text
    press(app, "KEY_ENTER")
    assert active(app).hex == Hex(-3, 0) and "reaches 1 hex" in app.state.hint


def test_target_mode_marks_the_hexes_where_a_bonus_applies_and_names_it(make_app):
    app = _apart(make_app, 3)  # Bob faces west: the hex east of him is his rear (ap: -10 AC)
    press(app, "a")
    text = screen_text(app, 100, 40)
    assert "◆ bonus from: rear -10 AC (1)" in text
    assert "»b←◆" in text  # the mark on the rear hex, east of Bob's facing arrow
