"""Issue 17, scaling: on a terminal of 120x36 or more the map is drawn at the larger scale
(hexes four columns by two rows) when it fits whole; 80x24 and 100x32 keep one glyph per hex."""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path

import pyte
import pytest
import tcod.console

from arena.assets import load_library, load_scenario
from arena.battle.core import Battle
from arena.battle.view import ItemView
from arena.hexgrid import Hex, cell_to_hex, hex_to_cell, hexagon
from arena.replay.file import Recorder
from arena.rules import get_ruleset
from arena.tui.battle.app import App
from arena.tui.battle.modes import Mode
from arena.tui.battle.render import (
    CURSOR_MARKS,
    FACING_ARROWS,
    HEALTH_BARS,
    TARGET_MARK,
    TARGET_MARK_RIGHT,
    MapPainter,
    Marks,
)
from arena.tui.battle.session import Session
from arena.tui.term import palette
from arena.tui.term.canvas import Canvas
from arena.tui.term.diffwriter import ColourMode, DiffWriter
from arena.tui.term.layout import hex_size, layout, map_extent, map_origin
from tests.factories import LONGSWORD, arena_map, fighter
from tests.tui.battle import test_app as test_tui_app
from tests.tui.battle.test_app import FAST, SLOW, active, draw, press, rows, three, two_apart

make_app = test_tui_app.make_app  # the same fixture: apps of hand-made battles
BIG = (140, 40)
SCENARIOS = sorted(p.stem for p in (Path(__file__).parents[3] / "assets" / "scenarios")
                   .glob("*.toml"))


def block_of(app: App, h: Hex, w: int = BIG[0], ht: int = BIG[1]) -> tuple[int, int]:
    """Where the hex maths puts `h`'s block at this terminal size (the top-left cell)."""
    lay = layout(w, ht, app.session.view.map.radius)
    origin = map_origin(lay.map, app.session.view.map.radius, Hex(0, 0), lay.hex_size)
    return hex_to_cell(h, origin, lay.hex_size)


def pyte_screen(app: App, w: int, h: int,
                mode: ColourMode = ColourMode.TRUECOLOR) -> pyte.Screen:
    """The frame as a terminal shows it: the diff writer's output fed to pyte."""
    console = tcod.console.Console(w, h, order="C")
    app.draw(console)
    screen = pyte.Screen(w, h)
    pyte.Stream(screen).feed(DiffWriter(mode).frame(console))  # type: ignore[arg-type]
    return screen


# --- choosing the scale ----------------------------------------------------------------------

def test_the_larger_scale_needs_120x36_and_room_for_the_whole_map():
    assert hex_size(140, 40, 7) == 2 and hex_size(120, 36, 7) == 2
    assert hex_size(119, 60, 4) == 1 and hex_size(200, 35, 4) == 1
    assert hex_size(140, 40, 9) == 2  # 38 rows of map: exactly the rows between status and prompt
    assert hex_size(140, 40, 10) == 1  # 42 rows would not fit
    assert hex_size(120, 36, 8) == 1  # the right column would be 51 < 56 wide


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
def test_80x24_and_100x32_keep_one_glyph_per_hex_and_the_same_layout(size):
    for radius in range(1, 31):
        assert layout(*size, radius) == layout(*size)
        assert layout(*size, radius).hex_size == 1


def test_at_140x40_the_map_panel_and_log_use_the_room():
    lay = layout(*BIG, radius=7)
    cols, map_rows = map_extent(7, 2)
    assert lay.hex_size == 2 and lay.map.height == 38 and map_rows <= lay.map.height
    assert lay.map.width >= cols and lay.panel.x == lay.log.x == lay.map.width + 1
    assert lay.panel.width == lay.log.width >= 56 and lay.log.height >= 15
    assert lay.panel.y + lay.panel.height == lay.log.y and lay.log.y + lay.log.height == 39


# --- hex maths at the larger scale -----------------------------------------------------------

def test_every_cell_of_a_block_maps_back_to_its_hex_and_blocks_tile_the_plane():
    origin = (37, 19)
    seen: dict[tuple[int, int], Hex] = {}
    for h in hexagon(5):
        x, y = hex_to_cell(h, origin, 2)
        for dx in range(4):
            for dy in range(2):
                assert cell_to_hex(x + dx, y + dy, origin, 2) == h
                assert (x + dx, y + dy) not in seen  # no two hexes share a cell
                seen[(x + dx, y + dy)] = h
    assert hex_to_cell(Hex(1, 0), origin, 2) == (41, 19)  # east: four columns right
    assert hex_to_cell(Hex(0, 1), origin, 2) == (39, 21)  # south-east: two right, two down


# --- what the map shows at 140x40 -------------------------------------------------------------

def test_at_140x40_each_glyph_facing_and_health_bar_sits_where_the_hex_maths_says(make_app):
    app = make_app(fighter("Ann", 0, Hex(-2, 0), stats=FAST),
                   fighter("Bob", 1, Hex(2, 1), facing=3, stats=SLOW),
                   hexmap=arena_map(walls=(Hex(0, -1),)))
    display = pyte_screen(app, *BIG).display
    assert app.hex_size == 2
    for h, letter, facing in ((Hex(-2, 0), "A", 0), (Hex(2, 1), "b", 3)):
        x, y = block_of(app, h)
        assert display[y][x + 1 : x + 3] == letter + FACING_ARROWS[facing]
        assert display[y + 1][x + 1 : x + 3] == HEALTH_BARS["unhurt"]
    x, y = block_of(app, Hex(0, -1))
    assert display[y][x : x + 4] == "####" and display[y + 1][x : x + 4] == "####"
    x, y = block_of(app, Hex(1, 0))
    assert display[y][x : x + 4] == " .  " and display[y + 1][x : x + 4] == "    "


def test_a_real_scenario_at_140x40_is_whole_on_screen_at_the_larger_scale():
    library = load_library()
    scenario = load_scenario("skirmish", library)
    with Battle(scenario, get_ruleset(scenario.ruleset), 7) as battle, \
            tempfile.TemporaryDirectory() as saves:
        session = Session(Recorder(battle, library.hash), frozenset({0}), Path(saves),
                          journal=False)
        app = App(session)
        display = pyte_screen(app, *BIG).display
        for c in session.view.combatants:
            x, y = block_of(app, c.hex)
            glyph = c.glyph.upper() if c.side == 0 else c.glyph.lower()
            assert display[y][x + 1 : x + 3] == glyph + FACING_ARROWS[c.facing]
        assert "Round 1: initiative" in "\n".join(display)


def test_the_other_scenarios_use_the_larger_scale_only_when_they_fit_and_draw_every_hex():
    library = load_library()
    for name in SCENARIOS:
        scenario = load_scenario(name, library)
        radius = scenario.map.radius
        with Battle(scenario, get_ruleset(scenario.ruleset), 1) as battle, \
                tempfile.TemporaryDirectory() as saves:
            app = App(Session(Recorder(battle, library.hash), frozenset({0, 1}), Path(saves),
                              journal=False))
            console = tcod.console.Console(*BIG, order="C")
            app.draw(console)
            assert app.hex_size == (2 if radius <= 8 else 1), name
            if app.hex_size == 2:
                x, y = block_of(app, Hex(0, -radius))
                assert console.rgb["ch"][y, x + 1] != ord(" "), name  # the top row is shown


def test_the_acting_unit_target_and_cursor_are_marked_at_the_larger_scale(make_app):
    app = three(make_app)
    press(app, "a")
    target = app.session.view.combatant(app.state.target[0])
    con = draw(app, *BIG)
    ch, bg = con.rgb["ch"], con.rgb["bg"]
    x, y = block_of(app, target.hex)
    assert chr(ch[y, x]) == TARGET_MARK and chr(ch[y, x + 3]) == TARGET_MARK_RIGHT
    assert all(tuple(bg[y + dy, x + dx]) == palette.TARGET_BG
               for dx in range(4) for dy in range(2))
    x, y = block_of(app, active(app).hex)
    assert all(tuple(bg[y + dy, x + dx]) == palette.ACTIVE_BG
               for dx in range(4) for dy in range(2))
    press(app, "KEY_ESCAPE", "x", "l", "n")  # look two hexes away: a cursor and a path
    con = draw(app, *BIG)
    x, y = block_of(app, app.state.cursor)
    assert chr(con.rgb["ch"][y, x]) + chr(con.rgb["ch"][y, x + 3]) == CURSOR_MARKS


def test_under_no_color_the_sides_the_acting_unit_and_the_target_read_from_the_text(make_app):
    app = three(make_app)
    press(app, "a")
    screen = pyte_screen(app, *BIG, mode=ColourMode.NONE)
    me, target = active(app), app.session.view.combatant(app.state.target[0])
    x, y = block_of(app, me.hex)
    assert screen.display[y][x + 1] == "A"  # side 0 upper case, the others lower
    assert all(screen.buffer[y][x + dx].reverse for dx in range(4))  # who acts: reverse video
    x, y = block_of(app, target.hex)
    assert screen.display[y][x : x + 4] == f"{TARGET_MARK}b{FACING_ARROWS[3]}{TARGET_MARK_RIGHT}"
    other = next(c for c in app.session.view.combatants if c.name == "Cat")
    x, y = block_of(app, other.hex)
    assert screen.display[y][x + 1] == "c" and not screen.buffer[y][x + 1].reverse


def test_a_path_preview_shades_the_middle_of_each_block_it_crosses(make_app):
    app = two_apart(make_app)
    press(app, "x", "l", "l")
    con = draw(app, *BIG)
    for h in (Hex(-1, 0), Hex(0, 0)):
        x, y = block_of(app, h)
        assert tuple(con.rgb["bg"][y, x + 1]) != (0, 0, 0)
        assert tuple(con.rgb["bg"][y + 1, x + 2]) != (0, 0, 0)
    x, y = block_of(app, Hex(1, 0))  # not on the path
    assert tuple(con.rgb["bg"][y, x + 1]) == (0, 0, 0)


def test_the_health_bar_follows_the_health_words_and_ground_items_show_under_a_unit(make_app):
    app = two_apart(make_app)
    view = app.session.view
    hurt = {"Ann": 3, "Bob": 5}  # of 12: near death, badly wounded
    view = replace(view, combatants=tuple(replace(c, hp=hurt[c.name]) for c in view.combatants),
                   items=(ItemView(99, Hex(-2, 0), LONGSWORD), ItemView(98, Hex(0, 0), LONGSWORD)))
    console = tcod.console.Console(*BIG, order="C")
    lay = layout(*BIG, radius=view.map.radius)
    origin = map_origin(lay.map, view.map.radius, Hex(0, 0), 2)
    MapPainter().paint(Canvas(console), lay.map, origin, view, Marks(), 2)
    text = rows(console)
    x, y = hex_to_cell(Hex(-2, 0), origin, 2)
    assert text[y + 1][x + 1 : x + 4] == HEALTH_BARS["near death"] + ")"
    x, y = hex_to_cell(Hex(2, 0), origin, 2)
    assert text[y + 1][x + 1 : x + 3] == HEALTH_BARS["badly wounded"]
    x, y = hex_to_cell(Hex(0, 0), origin, 2)
    assert text[y][x + 1 : x + 3] == ".)"  # a weapon on open ground beside the floor mark


# --- the mouse at the larger scale ------------------------------------------------------------

def test_a_click_anywhere_in_a_block_at_140x40_walks_to_that_hex(make_app):
    app = two_apart(make_app)
    draw(app, *BIG)
    x, y = block_of(app, Hex(0, 0))
    press(app, f"MOUSE_MOVE {x + 3} {y + 1}")  # the block's far corner belongs to it too
    assert app.state.mode == Mode.NORMAL and app.state.hover == Hex(0, 0)
    press(app, f"MOUSE_CLICK {x + 3} {y + 1}")
    assert active(app).hex == Hex(0, 0)


def test_the_pointer_on_a_neighbouring_block_at_140x40_picks_the_neighbour(make_app):
    app = two_apart(make_app)
    draw(app, *BIG)
    x, y = block_of(app, Hex(0, 0))
    press(app, f"MOUSE_MOVE {x + 4} {y}")
    assert app.state.hover == Hex(1, 0)
    press(app, f"MOUSE_MOVE {x + 1} {y + 2}")
    assert app.state.hover == Hex(-1, 1)  # the row below is offset by half a block


def test_a_click_on_the_target_at_140x40_attacks_it(make_app):
    app = three(make_app)
    draw(app, *BIG)
    press(app, "a")
    enemy = app.session.view.combatant(app.state.target[0])
    x, y = block_of(app, enemy.hex)
    press(app, f"MOUSE_CLICK {x + 2} {y + 1}")
    assert app.session.recorder.steps[-1]["command"]["type"] == "attack"


def test_a_click_on_the_log_beside_the_map_is_not_a_hex(make_app):
    app = two_apart(make_app)
    draw(app, *BIG)
    lay = layout(*BIG, radius=app.session.view.map.radius)
    press(app, f"MOUSE_CLICK {lay.log.x + 2} {lay.log.y + 1}")
    assert app.state.mode == Mode.NORMAL and app.state.cursor is None


def test_the_help_explains_the_larger_maps_marks_where_the_terminal_can_show_them(make_app):
    app = two_apart(make_app)
    press(app, "?", "x", "x")
    big = " ".join(" ".join(rows(draw(app, *BIG))).split())
    assert f"{HEALTH_BARS['wounded']} wounded" in big and "[ ] the look cursor" in big
    small = " ".join(" ".join(rows(draw(app))).split())
    assert "How to play" in small and "the look cursor" not in small  # the guide is full at 80x24


# --- the rest of the screen at the larger scale -------------------------------------------------

def test_the_log_beside_the_map_shows_the_newest_lines_and_the_summary_uses_full_width(make_app):
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST),
                   fighter("Bob", 1, Hex(1, 0), facing=3, stats=SLOW, hp=1), players=(0,))
    lay = layout(*BIG, radius=app.session.view.map.radius)
    text = rows(draw(app, *BIG))
    assert all(line[lay.log.x - 1] == "│" for line in text[lay.log.y : lay.log.y + lay.log.height])
    assert any("Ann's turn" in line[lay.log.x :] for line in text[lay.log.y :])
    assert app.page == lay.log.height  # --more-- pages by the rows the log shows
    for _ in range(6):
        if app.session.view.over:
            break
        press(app, "a", "KEY_ENTER")
    assert app.state.mode == Mode.SUMMARY
    shown = "\n".join(rows(draw(app, *BIG)))
    assert "You won." in shown and app.page == layout(*BIG).log.height
