"""Issue 17, the terminal game's second pass, without a terminal: sides without colour, the
log that cannot be missed, undo through the journal, rebinding, palettes, mouse, scaling."""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from arena.battle.narrate import narrate
from arena.ecs.events import Attacked, Died, Moved
from arena.hexgrid import Hex
from arena.replay.journal import load_journal, resume
from arena.tui.battle import pager, panels
from arena.tui.battle.modes import Mode
from arena.tui.battle.render import TARGET_MARK
from arena.tui.battle.session import JOURNAL_NAME, LogLine
from arena.tui.term import config, keymap, palette
from arena.tui.term.keymap import label
from arena.tui.term.layout import layout
from tests.factories import arena_map, fighter
from tests.tui.battle import test_app as test_tui_app
from tests.tui.battle.test_app import (
    FAST,
    SLOW,
    active,
    cell_of,
    draw,
    press,
    rows,
    screen_text,
    three,
    two_apart,
)

make_app = test_tui_app.make_app  # the same fixture: apps of hand-made battles


@pytest.fixture(autouse=True)
def default_settings():
    """Each test starts and ends with the default palette and keys."""
    config.apply(config.Config())
    yield
    config.apply(config.Config())


# --- telling who is who without colour ----------------------------------------------------------

def test_sides_differ_by_letter_case_on_the_map_and_by_a_side_column_in_the_list(make_app):
    app = make_app(fighter("Ann", 0, Hex(-2, 0), stats=FAST),
                   fighter("Bob", 1, Hex(2, 0), facing=3, stats=SLOW), players=(0,))
    con = draw(app)
    for h, letter in ((Hex(-2, 0), "A"), (Hex(2, 0), "b")):
        x, y = cell_of(h)
        assert chr(con.rgb["ch"][y, x]) == letter
    listed = [r for r in rows(con) if "Ann" in r or "Bob" in r]
    assert any(">A Ann" in r and " you " in r for r in listed)
    assert any(" b Bob" in r and " Blue " in r for r in listed)


def test_the_aimed_target_is_marked_beside_it_without_colour(make_app):
    app = three(make_app)
    press(app, "a")
    if app.session.view.combatant(app.state.target[0]).name != "Cat":
        press(app, "KEY_TAB")  # Cat: nobody west of it, whose arrow the mark would hide
    target = app.session.view.combatant(app.state.target[0])
    assert target.name == "Cat"
    x, y = cell_of(target.hex)
    assert chr(draw(app).rgb["ch"][y, x - 1]) == TARGET_MARK


def test_the_summary_says_whether_you_won_and_has_a_side_column(make_app):
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST),
                   fighter("Bob", 1, Hex(1, 0), facing=3, stats=SLOW, hp=1), players=(0,))
    for _ in range(40):
        if app.session.view.over:
            break
        press(app, "l", "l", ".")
    text = screen_text(app)
    assert "You won." in text and "side" in text


def test_a_cut_initiative_list_says_how_many_are_not_shown(make_app):
    people = [fighter(f"P{i}", i % 2, Hex(i - 4, 2 if i % 2 else -2), stats=FAST)
              for i in range(9)]
    app = make_app(*people, hexmap=arena_map(radius=5))
    assert "more not shown" in screen_text(app)


# --- controls -------------------------------------------------------------------------------------

def test_keys_pressed_on_the_too_small_screen_do_nothing(make_app):
    app = two_apart(make_app)
    draw(app, 60, 20)
    press(app, ".", "l")
    assert app.session.recorder.steps == []
    assert "Terminal too small" in screen_text(app, 60, 20)


def test_a_refused_walk_in_look_mode_stays_in_look_mode(make_app):
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST),
                   fighter("Cy", 0, Hex(-2, 0), stats=SLOW),
                   fighter("Bob", 1, Hex(3, 0), stats=SLOW))
    press(app, "x", "h", "h", "KEY_ENTER")  # onto an ally: refused
    assert app.state.mode == Mode.LOOK and app.state.cursor == Hex(-2, 0)
    assert "cannot:" in rows(draw(app))[-1]
    press(app, "h")  # moves the cursor, not the combatant
    assert app.state.cursor == Hex(-3, 0)
    assert active(app).hex == Hex(0, 0) and active(app).facing == 0


def test_a_walk_beyond_the_ap_from_look_mode_goes_as_far_as_it_can(make_app):
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST, speed=1),
                   fighter("Bob", 1, Hex(3, 0), stats=SLOW))
    press(app, "x", "h", "h", "KEY_ENTER")  # two hexes away with 1 AP: one step
    assert app.session.view.combatant(1).hex == Hex(-1, 0)
    assert "Ann walks 1 of 2 hexes: out of AP" in rows(draw(app))[-1]


def test_a_key_with_no_binding_is_named_as_players_know_it():
    assert label("KEY_HOME") == "Home" and label("KEY_F1") == "F1"


# --- the log --------------------------------------------------------------------------------------

def test_log_lines_name_weapons_by_their_display_name(make_app):
    app = three(make_app)
    press(app, "l", "l")
    text = " ".join(line.text for line in app.session.log)
    assert "with Longsword" in text and "longsword" not in text
    assert narrate(Moved(1, (Hex(0, 0), Hex(1, 0)), 0, 1, 5), {1: "Ann"}, {}, {}) \
        .startswith("Ann moves 1 hex")


def test_a_repeated_log_line_is_stacked_with_a_count(make_app):
    app = two_apart(make_app)
    before = len(app.session.log)
    event = Moved(1, (Hex(0, 0), Hex(1, 0)), 0, 1, 5)
    app.session._narrate([event, event, event])
    assert len(app.session.log) == before + 1
    assert app.session.log[-1].shown.endswith("(x3)")
    assert any(r.strip().endswith("(x3)") for r in rows(draw(app))[16:23])


def test_a_blow_on_your_side_is_important_and_marked_in_the_log(make_app):
    app = two_apart(make_app, players=(0,))
    attacks = [e for e in app.session.battle.log if isinstance(e, Attacked)]
    assert attacks == []
    app.session._narrate([Died(1, "slain", 2)])
    assert app.session.log[-1].important
    con = draw(app)
    y = next(i for i, r in enumerate(rows(con)) if "Ann falls" in r)
    assert chr(con.rgb["ch"][y, 0]) == "!"
    assert tuple(con.rgb["bg"][y, 5]) == palette.ALERT_BG


def test_important_lines_that_would_scroll_away_pause_with_more():
    pane = panels.LogPane()
    pane.width = 79
    new = [LogLine(f"line {i}", palette.TEXT) for i in range(12)]
    new[2] = LogLine("Wren falls, slain by Edric", palette.BAD, important=True)
    state = pager.pause(pager.UiState(), new, pane, 6)
    assert state.mode == Mode.MORE and state.log_offset == 6  # the first new row at the top
    state = pager.key(state, "x", 6, 0, Mode.NORMAL)
    assert state.mode == Mode.MORE and state.log_offset == 1
    state = pager.key(state, "x", 6, 0, Mode.NORMAL)
    assert state.mode == Mode.NORMAL and state.log_offset == 0
    unimportant = [LogLine(f"line {i}", palette.TEXT) for i in range(12)]
    assert pager.pause(pager.UiState(), unimportant, pane, 6).mode == Mode.NORMAL


def test_the_history_key_shows_every_line_and_any_other_key_returns(make_app):
    app = two_apart(make_app)
    for _ in range(6):
        press(app, ".")
    press(app, "p")
    text = screen_text(app)
    assert "Message history" in text and "Round 1. Initiative" in text
    press(app, "KEY_PGUP", "KEY_ESCAPE")
    assert app.state.mode == Mode.NORMAL


# --- undo -----------------------------------------------------------------------------------------

def test_backspace_takes_back_a_step_and_the_journal_resumes_without_it(make_app, tmp_path):
    app = two_apart(make_app)
    start_hash = app.session.battle.state_hash()
    press(app, "l", "[")
    press(app, "KEY_BACKSPACE")
    assert active(app).facing == 0 and active(app).hex == Hex(-1, 0)
    press(app, "KEY_BACKSPACE")
    assert active(app).hex == Hex(-2, 0) and app.session.battle.state_hash() == start_hash
    press(app, "KEY_BACKSPACE")
    assert "cannot undo" in rows(draw(app))[-1]
    press(app, "l")
    lines = (tmp_path / JOURNAL_NAME).read_text().splitlines()
    assert sum('"undo":true' in line for line in lines) == 2  # the third undo was refused
    source = load_journal(tmp_path / JOURNAL_NAME)
    assert [c.type for c, _, _ in source.steps] == ["move"]
    resumed = resume(source)
    try:
        assert resumed.battle.state_hash() == app.session.battle.state_hash()
    finally:
        resumed.battle.__exit__(None, None, None)


def test_only_the_last_die_free_move_can_be_undone(make_app):
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST),
                   fighter("Bob", 1, Hex(2, 0), facing=3, stats=SLOW))
    press(app, "l", "l", "l")  # the second step bumps Bob, the third attacks: dice roll
    assert app.session.recorder.steps[-1]["command"]["type"] == "attack"
    steps = len(app.session.recorder.steps)
    press(app, "KEY_BACKSPACE")
    assert len(app.session.recorder.steps) == steps
    assert "cannot undo" in rows(draw(app))[-1]


# --- config, rebinding, palettes ------------------------------------------------------------------

def test_the_config_file_round_trips_and_rebinds_keys_the_help_then_lists(make_app, tmp_path):
    path = tmp_path / "config.toml"
    wanted = config.Config(palette="colourblind", pauses=False, keys={"undo": ("U",),
                                                                      "history": ("KEY_F2",)})
    config.save(wanted, path)
    loaded = config.load(path)
    assert loaded == wanted
    config.apply(loaded)
    assert keymap.KEYMAP["U"] == "undo" and "KEY_BACKSPACE" not in keymap.KEYMAP
    app = two_apart(make_app)
    press(app, "?")
    assert " U " in screen_text(app) and "F2" in screen_text(app)


def test_a_bad_config_file_is_one_clear_error(tmp_path):
    path = tmp_path / "config.toml"
    for text, says in (('palette = "pink"', "palette"), ("[keys]\nfly = ['v']", "no such action"),
                       ("[keys]\nundo = ['y']\nlook = ['y']", "bound to both"),
                       ("colour = 1", "unknown setting"), ("palette = ", "not valid TOML")):
        path.write_text(text)
        with pytest.raises(config.ArenaError, match=says):
            config.load(path)


@pytest.mark.parametrize("name", ["colourblind", "high-contrast"])
def test_every_pair_of_side_colours_differs_in_lightness(name):
    colours = palette.PALETTES[name]
    assert len(colours) >= 2
    for a, b in combinations(colours, 2):
        assert abs(palette.lightness(a) - palette.lightness(b)) >= 8, (a, b)
    assert abs(palette.lightness(colours[0]) - palette.lightness(colours[1])) >= 20


def test_a_palette_recolours_the_sides_on_the_map(make_app):
    config.apply(config.Config(palette="colourblind"))
    app = two_apart(make_app)
    x, y = cell_of(Hex(2, 0))
    assert tuple(draw(app).rgb["fg"][y, x]) == palette.PALETTES["colourblind"][1]


# --- mouse and scaling ----------------------------------------------------------------------------

def test_a_click_on_the_target_while_aiming_attacks_it(make_app):
    app = three(make_app)
    draw(app)
    press(app, "a")
    enemy = app.session.view.combatant(app.state.target[0])
    x, y = cell_of(enemy.hex)
    press(app, f"MOUSE_CLICK {x} {y}")
    assert app.session.recorder.steps[-1]["command"]["type"] == "attack"


def test_a_larger_terminal_gives_a_wider_panel_and_a_taller_log():
    small, large = layout(80, 24), layout(140, 40)
    assert large.panel.width > small.panel.width + 10
    assert large.log.height >= 15 and layout(100, 32).log.height > 10


def test_arena_config_prints_its_path_and_values(tmp_path, monkeypatch, capsys):
    from arena.cli.main import main  # noqa: PLC0415

    monkeypatch.setenv("ARENA_CONFIG", str(tmp_path / "c.toml"))
    assert main(["config"]) == 0
    out = capsys.readouterr().out
    assert str(tmp_path / "c.toml") in out and "palette = default" in out
    assert 'undo = ["KEY_BACKSPACE"]' in out
    assert main(["config", "--write"]) == 0
    assert config.load(tmp_path / "c.toml") == config.Config()
    assert json.dumps(str(tmp_path))  # the path printed is the one written


def test_play_refuses_hotseat_with_side_and_an_unknown_ruleset_before_anything(capsys):
    from arena.cli.main import main  # noqa: PLC0415

    assert main(["play", "--hotseat", "--side", "1"]) == 2
    assert "--hotseat" in capsys.readouterr().err
    assert main(["play", "--rules", "nope"]) == 2
    assert "nope" in capsys.readouterr().err
