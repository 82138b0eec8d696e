"""The keymap: one table of data; the six hex directions on vi-keys and the numpad."""

from __future__ import annotations

import pytest

from arena.tui.term.keymap import BINDINGS, KEYMAP, STEPS, Binding, build, keys_for, label


def test_vi_keys_and_numpad_give_the_six_pointy_top_directions():
    # hexgrid.DIRECTIONS: 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE
    expected = {"y": 2, "u": 1, "h": 3, "l": 0, "b": 4, "n": 5,
                "7": 2, "9": 1, "4": 3, "6": 0, "1": 4, "3": 5,
                "KEY_KP_7": 2, "KEY_KP_9": 1, "KEY_KP_1": 4, "KEY_KP_3": 5}
    assert {k: STEPS[KEYMAP[k]] for k in expected} == expected


def test_the_issue_s_keys_are_all_bound():
    wanted = {"a": "attack", "f": "fire", "g": "pick_up", ".": "end_turn", "5": "end_turn",
              "x": "look", "?": "help", "S": "save_quit", "Q": "quit", "KEY_TAB": "next_target",
              "KEY_ENTER": "confirm", "KEY_ESCAPE": "cancel", "KEY_PGUP": "log_up",
              "KEY_PGDOWN": "log_down", "[": "turn_left", "]": "turn_right"}
    assert {k: KEYMAP[k] for k in wanted} == wanted


def test_space_ends_no_turn_it_is_left_to_clear_a_more():
    # issue 30: space, Enter and Escape clear a --more--; none of them ends a turn
    assert " " not in KEYMAP
    assert KEYMAP["KEY_ENTER"] != "end_turn" and KEYMAP["KEY_ESCAPE"] != "end_turn"
    assert KEYMAP["KEY_KP_5"] == "end_turn"


def test_draw_reload_kick_invoke_and_maneuver_have_their_roguelike_keys():
    wanted = {"d": "draw", "r": "reload", "K": "kick", "i": "invoke", "m": "maneuver"}
    assert {k: KEYMAP[k] for k in wanted} == wanted
    assert "k" not in KEYMAP  # k stays the reminder that hexes have no north


def test_a_key_bound_twice_is_refused():
    with pytest.raises(ValueError, match="bound to both"):
        build([Binding("a", ("x",), "", ""), Binding("b", ("x",), "", "")])


def test_rebinding_is_a_change_of_data():
    table = build([*BINDINGS[:-1], Binding("quit", ("q",), "quit", "Game")])
    assert table["q"] == "quit" and "Q" not in table


def test_help_labels_name_special_keys():
    assert keys_for("log_up") == "PgUp"
    assert keys_for("step_nw") == "y 7 kp7"
    assert label("KEY_BTAB") == "Shift-Tab"


def test_auto_fight_is_an_action_of_the_table_on_capital_a():
    binding = next(b for b in BINDINGS if b.action == "auto_fight")
    assert binding.keys == ("A",) and binding.group == "Fight" and KEYMAP["A"] == "auto_fight"
    assert KEYMAP["a"] == "attack"
