"""Running (issue 30): Shift and a direction walks straight that way in one key, as in Brogue,
DCSS and NetHack; in look mode the same keys move the cursor four hexes."""

from __future__ import annotations

from arena.hexgrid import Hex
from arena.tui.battle.modes import Mode
from arena.tui.term import config, keymap
from tests.factories import arena_map, fighter
from tests.tui.battle import test_app
from tests.tui.battle.test_app import FAST, SLOW, active, press

make_app = test_app.make_app


def test_a_run_stops_on_the_first_hex_next_to_an_enemy(make_app):
    app = make_app(fighter("Ann", 0, Hex(-4, 0), stats=FAST),
                   fighter("Bob", 1, Hex(1, 0), facing=3, stats=SLOW))
    press(app, "L")
    assert active(app).hex == Hex(0, 0) and active(app).ap == 2
    assert app.state.hint == "Ann stops running: next to an enemy"
    assert [s["command"]["type"] for s in app.session.recorder.steps] == ["move"]


def test_a_run_stops_before_a_wall_and_when_the_ap_run_out(make_app):
    app = make_app(fighter("Ann", 0, Hex(-4, 0), stats=FAST, speed=3),
                   fighter("Bob", 1, Hex(0, 3), facing=3, stats=SLOW),
                   hexmap=arena_map(walls=(Hex(-2, 0),)))
    press(app, "L")
    assert active(app).hex == Hex(-3, 0)
    assert app.state.hint == "Ann stops running: the way is blocked"
    press(app, "N")  # south-east: the 2 AP left, then out of AP
    assert active(app).hex == Hex(-3, 2) and active(app).ap == 0
    assert app.state.hint.endswith("out of AP")


def test_no_run_where_not_one_step_can_be_taken(make_app):
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST),
                   fighter("Bob", 1, Hex(1, 0), facing=3, stats=SLOW))
    press(app, "L")
    assert app.state.hint == "Ann cannot run that way" and app.session.recorder.steps == []


def test_in_look_mode_shift_moves_the_cursor_four_hexes_up_to_the_edge(make_app):
    app = make_app(fighter("Ann", 0, Hex(-4, 0), stats=FAST),
                   fighter("Bob", 1, Hex(1, 2), facing=3, stats=SLOW))
    press(app, "x", "L")
    assert app.state.mode == Mode.LOOK and app.state.cursor == Hex(0, 0)
    press(app, "L", "L")
    assert app.state.cursor == Hex(4, 0)  # the map's edge (radius 4)


def test_a_run_key_taken_by_another_action_leaves_the_others_their_directions():
    try:
        config.apply(config.Config(keys={"undo": ("U",)}))
        assert keymap.run_direction("U") is None and keymap.run_direction("H") == 3
        assert keymap.run_direction("N") == 5
        config.apply(config.Config(keys={"run": ("q", "w", "e", "a", "s", "d")}))
        assert keymap.run_direction("e") == 3 and keymap.run_direction("Y") is None
    finally:
        config.apply(config.Config())
