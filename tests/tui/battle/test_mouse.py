"""The mouse (issue 30, item 5): the escape sequences an xterm sends in SGR mode (1006) with
button and motion reporting (1000, 1003) reach the battle screen through blessed as the
terminal loop reads them: hover looks, a click walks, a click on an enemy aims and a second
attacks, the wheel scrolls the log, the right button backs out."""

from __future__ import annotations

import io

import blessed
import pytest

from arena.hexgrid import Hex
from arena.tui.battle.modes import Mode
from arena.tui.term.terminal import MOUSE_MODES, keys_of
from tests.factories import fighter
from tests.tui.battle import test_app
from tests.tui.battle.test_app import FAST, SLOW, active, cell_of, draw, screen_text, two_apart

make_app = test_app.make_app


@pytest.fixture
def term() -> blessed.Terminal:
    """A blessed terminal that parses SGR mouse reports, fed from strings."""
    t = blessed.Terminal(stream=io.StringIO(), force_styling=True)
    t._dec_mode_set_enabled(*MOUSE_MODES)
    return t


def sent(term: blessed.Terminal, app, text: str) -> None:  # type: ignore[no-untyped-def]
    """Feed `text` as the terminal sends it, key by key, as the terminal loop does."""
    term.ungetch(text)
    while (keystroke := term.inkey(timeout=0)):
        for key in keys_of(keystroke, app.hover):
            app.feed(key)
        draw(app)


def press_at(h: Hex, button: int = 0) -> str:
    """An SGR press and release on `h`'s cell (1-based, as sent)."""
    x, y = cell_of(h)
    return f"\x1b[<{button};{x + 1};{y + 1}M\x1b[<{button};{x + 1};{y + 1}m"


def move_to(h: Hex) -> str:
    """An SGR pointer move with no button held over `h`'s cell."""
    x, y = cell_of(h)
    return f"\x1b[<35;{x + 1};{y + 1}M"


def test_the_terminal_asks_for_buttons_motion_and_sgr_coordinates():
    assert MOUSE_MODES == (1000, 1003, 1006)


def test_hovering_a_hex_describes_it_and_shows_the_walk_without_a_mode(term, make_app):
    app = two_apart(make_app)
    draw(app)
    sent(term, app, move_to(Hex(0, 0)))
    assert app.state.mode == Mode.NORMAL and app.state.hover == Hex(0, 0)
    assert "walk 2 hexes" in screen_text(app) or "2 AP" in screen_text(app)
    sent(term, app, "\x1b[<35;1;1M")  # off the map: nothing described
    assert app.state.hover is None


def test_a_click_on_a_hex_walks_there(term, make_app):
    app = two_apart(make_app)
    draw(app)
    sent(term, app, press_at(Hex(0, 0)))
    assert active(app).hex == Hex(0, 0) and app.state.mode == Mode.NORMAL


def test_a_click_on_an_enemy_aims_and_a_second_click_attacks(term, make_app):
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST),
                   fighter("Bob", 1, Hex(1, 0), facing=3, stats=SLOW))
    draw(app)
    sent(term, app, press_at(Hex(1, 0)))
    assert app.state.mode == Mode.TARGET and app.session.recorder.steps == []
    sent(term, app, press_at(Hex(1, 0)))
    assert app.session.recorder.steps[-1]["command"]["type"] == "attack"


def test_a_click_on_an_enemy_out_of_reach_then_again_walks_and_strikes(term, make_app):
    app = make_app(fighter("Ann", 0, Hex(-2, 0), stats=FAST),
                   fighter("Bob", 1, Hex(1, 0), facing=3, stats=SLOW))
    draw(app)
    sent(term, app, press_at(Hex(1, 0)))
    sent(term, app, press_at(Hex(1, 0)))
    assert [s["command"]["type"] for s in app.session.recorder.steps] == ["move", "attack"]


def test_the_right_button_backs_out_of_aiming(term, make_app):
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST),
                   fighter("Bob", 1, Hex(1, 0), facing=3, stats=SLOW))
    draw(app)
    sent(term, app, press_at(Hex(1, 0)))
    sent(term, app, press_at(Hex(3, 0), button=2))
    assert app.state.mode == Mode.NORMAL and app.session.recorder.steps == []


def test_the_wheel_scrolls_the_log(term, make_app):
    app = two_apart(make_app)
    for _ in range(12):  # turns back and forth: a log longer than its pane
        app.feed("[")
    draw(app)
    x, y = cell_of(Hex(0, 0))
    sent(term, app, f"\x1b[<64;{x + 1};{y + 1}M")
    assert app.state.log_offset > 0
    sent(term, app, f"\x1b[<65;{x + 1};{y + 1}M")
    assert app.state.log_offset == 0


def test_in_look_mode_the_cursor_follows_the_pointer_and_a_click_walks(term, make_app):
    app = two_apart(make_app)
    draw(app)
    app.feed("x")
    sent(term, app, move_to(Hex(-1, 1)))
    assert app.state.mode == Mode.LOOK and app.state.cursor == Hex(-1, 1)
    sent(term, app, press_at(Hex(-1, 1)))
    assert active(app).hex == Hex(-1, 1)


def test_every_mouse_action_has_a_key(make_app):
    # walk: x, cursor keys, Enter; aim: a/Tab; attack: Enter; log: PgUp/PgDn; back: Esc
    app = two_apart(make_app)
    for key in ("x", "l", "l", "KEY_ENTER"):
        app.feed(key)
    assert active(app).hex == Hex(0, 0)
