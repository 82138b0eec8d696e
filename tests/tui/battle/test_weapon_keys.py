"""`w` in target mode with one weapon in hand: it says why it cannot switch (issue 30)."""

from __future__ import annotations

from arena.hexgrid import Hex
from arena.model.stats import Weapon
from arena.tui.battle.render import EDGE_MARKS, FACING_ARROWS, TARGET_MARK
from tests.factories import DAGGER, SHORTBOW, ap_stats, arena_map, fighter
from tests.tui.battle import test_app
from tests.tui.battle.test_app import FAST, SLOW, press, screen_text

make_app = test_app.make_app  # the same fixture: apps of hand-made battles
GREATSWORD = Weapon("greatsword", "Greatsword", "2d6", hands=2)


def test_w_names_the_spare_it_cannot_reach_and_which_key_draws_it(make_app):
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST, weapons=(GREATSWORD, DAGGER)),
                   fighter("Bob", 1, Hex(1, 0), facing=3, stats=SLOW))
    press(app, "a", "w")  # in hand: the greatsword (two hands) and ap's unarmed strike
    assert "Dagger: carried, not in hand (d draws a spare)" in screen_text(app, 120, 30)


def test_w_with_one_weapon_and_no_spare_says_there_is_no_other(make_app):
    bow = Weapon("longbow", "Longbow", "d8", kind="ranged", hands=2, range_ft=80)
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST, weapons=(bow,)),
                   fighter("Bob", 1, Hex(4, 0), facing=3, stats=SLOW))
    press(app, "f", "w")  # fire: the bow is the only missile weapon
    assert "Ann has no other weapon for this" in screen_text(app, 120, 30)


def test_aiming_opens_on_the_likeliest_hit_among_those_in_reach_not_the_first_in_id_order(make_app):
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST),
                   fighter("Bob", 1, Hex(1, 0), facing=3, stats=ap_stats(ac=25, dex=-5)),
                   fighter("Cy", 1, Hex(-1, 0), facing=0, stats=ap_stats(ac=10, dex=-5)),
                   fighter("Dee", 1, Hex(4, 0), facing=3, stats=ap_stats(ac=5, dex=-5)))
    press(app, "a")
    names = {c.id: c.name for c in app.session.view.combatants}
    order = [names[e] for e, _ in app.state.targets]
    assert order == ["Cy", "Bob", "Dee"]  # in reach: AC 10 before AC 25; out of reach last


def _aimed_text(make_app, hp: int) -> str:  # type: ignore[no-untyped-def]
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST),
                   fighter("Bob", 1, Hex(1, 0), facing=3, hp=hp, stats=SLOW))
    press(app, "a")
    return screen_text(app, 120, 40)


def test_the_aiming_panel_shows_the_chance_to_kill_at_the_target_s_hp(make_app):
    one = _aimed_text(make_app, 1)  # any hit kills: the chance to kill is the chance to hit
    hit = one.split("hit chance ")[1].split()[0]
    assert f"kills: {hit}" in one, one
    assert "kills: 0%" in _aimed_text(make_app, 100)  # d8 + 3 never reaches 100


def test_a_cropped_map_marks_the_edges_it_goes_on_past_and_a_whole_one_none(make_app):
    small = make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST),
                     fighter("Bob", 1, Hex(3, 0), facing=3, stats=SLOW))
    assert not any(m in screen_text(small) for m in EDGE_MARKS)
    big = make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST),
                   fighter("Bob", 1, Hex(3, 0), facing=3, stats=SLOW),
                   hexmap=arena_map(radius=14))
    text = screen_text(big)  # 80x24: a radius-14 map is 58 columns by 29 rows
    assert all(m in text for m in EDGE_MARKS), text


def test_the_target_mark_never_hides_the_facing_arrow_of_one_standing_west_of_the_target(
        make_app):
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST),
                   fighter("Bob", 1, Hex(1, 0), facing=3, stats=SLOW))
    press(app, "a")  # Bob, east of Ann, is the target: the mark would sit on Ann's arrow
    x, y = test_app.cell_of(Hex(0, 0))
    assert chr(test_app.draw(app).rgb["ch"][y, x + 1]) == FACING_ARROWS[0]
    lone = make_app(fighter("Ann", 0, Hex(-1, 0), stats=FAST, weapons=(SHORTBOW,)),
                    fighter("Bob", 1, Hex(2, 0), facing=3, stats=SLOW))
    press(lone, "f")  # nobody west of Bob: the mark stands there
    x, y = test_app.cell_of(Hex(2, 0))
    assert chr(test_app.draw(lone).rgb["ch"][y, x - 1]) == TARGET_MARK
