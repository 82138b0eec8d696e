"""Look mode tells what a creature's specials do and a line of its flavour; the help lists the
keys of the mode it was opened from (the others on page 2) and goes back to that mode (issue 30,
items 1 and 9)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import cast

import pytest

from arena.assets import load_library
from arena.assets.templates import full_stats
from arena.hexgrid import Hex
from arena.model.stats import StatBlock, Weapon
from arena.rules import RULESETS
from arena.run.config import RunConfig
from arena.run.live import LiveRun
from arena.run.runjournal import NAME
from arena.tui.battle import help, lore
from arena.tui.battle.app import App
from arena.tui.battle.modes import Mode
from arena.tui.run.bout import BoutScreen, RunSession
from arena.tui.term.layout import layout
from tests.factories import DAGGER, LONGSWORD, SHORTBOW, ap_stats, fighter
from tests.tui.battle import test_app as test_tui_app
from tests.tui.battle.test_app import FAST, SLOW, draw, press, rows, screen_text

make_app = test_tui_app.make_app  # the same fixture: apps of hand-made battles
LIBRARY = load_library(Path(__file__).resolve().parents[3] / "assets")


def panel_text(app: App, w: int = 80, h: int = 24) -> str:
    """The side panel's rows joined into one line of words."""
    panel = layout(w, h).panel
    shown = rows(draw(app, w, h))[panel.y:panel.y + panel.height]
    return " ".join(" ".join(r[panel.x:panel.x + panel.width].strip() for r in shown).split())


def look_at(app: App, name: str) -> None:
    """Look mode, the cursor jumped (Tab) to `name`."""
    press(app, "x")
    for _ in range(len(app.session.view.combatants)):
        if (c := app.session.view.standing_at(app.state.cursor)) and c.name == name:
            return
        press(app, "KEY_TAB")
    raise AssertionError(name)


# --- look mode: specials and flavour ------------------------------------------------------------

def test_looking_at_a_ghoul_says_what_its_claws_and_bite_do_and_gives_its_flavour(make_app):
    claw, bite = LIBRARY.weapons["small_claw"], LIBRARY.weapons["ghoul_bite"]
    app = make_app(fighter("Ann", 0, Hex(-2, 0), stats=FAST),
                   fighter("Ghoul", 1, Hex(2, 0), facing=3, weapons=(claw, claw, bite),
                           stats=SLOW))
    look_at(app, "Ghoul")
    text = panel_text(app)  # 80x24: the whole description fits, Ann's card gives way
    assert ("hex (2, 0), 4 away: Floor g Ghoul, Blue HP 12/12 AP 6/6 AC 15 facing W "
            "claw 1d3, claw 1d3, bite 1d6 "
            "* natural weapons: never disarmed; after the first attack of a turn, 2 AP each "
            '"A corpse-eater with a grave-cold touch: claw, claw and bite."') in text, text
    assert "more not shown" not in text and text.startswith("A Ann Red HP 12/12")


def test_looking_at_a_skeleton_says_it_takes_no_criticals(make_app):
    app = make_app(fighter("Ann", 0, Hex(-2, 0), stats=FAST),
                   fighter("Skeleton", 1, Hex(2, 0), facing=3,
                           stats=ap_stats(dex=-5, crit_immune=True)))
    look_at(app, "Skeleton")
    text = panel_text(app)
    assert ("* immune to criticals: no critical hits, no overflow \"Old bones held together by "
            "an older will; it does not tire and does not fear.\"") in text, text


def test_a_combatant_without_specials_or_flavour_shows_its_card_alone(make_app):
    app = test_tui_app.two_apart(make_app)
    look_at(app, "Bob")
    text = panel_text(app)
    assert "b Bob, Blue HP 12/12 AP 6/6 AC 15 facing W Longsword d8" in text
    assert "*" not in text and '"' not in text


def test_in_normal_mode_the_card_stays_whole_above_a_long_initiative_list(make_app):
    crowd = [fighter(f"Foe{i}", 1, Hex(3, i - 3), facing=3, stats=SLOW) for i in range(4)]
    app = make_app(fighter("Ann", 0, Hex(-2, 0), stats=FAST,
                           weapons=(LONGSWORD, DAGGER, SHORTBOW)), *crowd)
    text = panel_text(app)
    assert text.startswith("A Ann Red HP 12/12 AP 6/6 facing E AC 15 - Longsword d8 - Dagger d4 "
                           "spare: Shortbow Round 1: initiative"), text


# --- every special in the assets is explained, every foe has flavour ----------------------------

def _set_choices() -> list[tuple[str, StatBlock]]:
    """Every choice of every ruleset's `abilities` and `feats`, each alone in a stat block."""
    return [(r, StatBlock(r, {spec.name: choice})) for r, rules in sorted(RULESETS.items())
            for spec in rules.fields if spec.name in ("abilities", "feats")
            for choice in spec.choices]


def test_every_special_of_the_assets_and_every_ability_or_feat_is_explained():
    seen: set[str] = set()
    for ident, record in sorted(LIBRARY.templates.items()):
        weapons = cast(tuple[Weapon, ...], record["weapons"])
        for ruleset, stats in full_stats(record).items():
            for special in lore.specials(weapons, stats, ruleset):
                assert lore.entry(special, ruleset) is not None, (ident, ruleset, special)
                lore.explain(special, ruleset)  # every {field} its text names is given
                seen.add(special.id)
    assert {"beast", "beast_routine", "crit_immune", "unwoundable", "bane", "chant",
            "mastery", "cursed"} <= seen
    for ruleset, stats in _set_choices():
        for special in lore.specials((), stats, ruleset):
            assert lore.entry(special, ruleset) is not None, (ruleset, special)
    assert all(lore.flavour(i) for i, t in LIBRARY.templates.items() if "tier" in t)


def test_a_flavour_reaches_the_screen_through_the_one_line_sanitiser(monkeypatch):
    monkeypatch.setitem(lore._FLAVOURS, lore.asset_root(), {"imp": "Grins\x1b[2J\nwide."})
    assert lore.flavour("imp") == "Grins\\x1b[2J\\nwide." and lore.flavour("nobody") == ""


# --- the help lists the mode's keys -------------------------------------------------------------

def page(app: App) -> str:
    """The help page on screen, its rows joined."""
    return screen_text(app)


def test_help_from_aiming_lists_the_aiming_keys_and_not_the_step_keys(make_app):
    app = test_tui_app.two_apart(make_app)
    press(app, "a", "?")
    first = page(app)
    assert "Keys while aiming: only these work now. Page 2: the other modes' keys." in first
    for words in ("Tab            next target/combatant", "w              switch weapon",
                  "m              next maneuver", "Enter          attack / walk there",
                  "Esc            back out", "?              this help"):
        assert words in first, words
    assert "step north-west" not in first and "end turn" not in first and "stand up" not in first
    press(app, "x")
    second = page(app)
    assert "Help, page 2 of 4" in second and "On the map (Esc from the others)" in second
    assert ". 5 kp5        end turn, keep the AP" in second and "In look mode (x)" in second


def test_help_from_look_mode_lists_the_cursor_keys(make_app):
    app = test_tui_app.two_apart(make_app)
    press(app, "x", "?")
    first = page(app)
    assert "Keys in look mode" in first and "y 7 kp7        cursor north-west" in first
    assert "Tab            next combatant" in first and "x ;            leave look mode" in first
    assert "attack: pick a target" not in first


def test_help_from_a_menu_lists_its_letters(make_app):
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST, weapons=(SHORTBOW, DAGGER, LONGSWORD)),
                   fighter("Bob", 1, Hex(3, 0), stats=SLOW))
    press(app, "d", "?")
    first = page(app)
    assert "Keys in a menu" in first and "a-p            choose that entry" in first
    press(app, "KEY_ESCAPE")
    assert app.state.mode == Mode.MENU and app.state.title == "Draw which spare?"


@pytest.fixture
def bout() -> Iterator[BoutScreen]:
    """Bout 1 of a fresh ap run, on the party's turn."""
    folder = Path(tempfile.mkdtemp())
    live = LiveRun.new(RunConfig("ap", 3, steps=3), LIBRARY, folder / NAME)
    live.go(live.run.options()[0].id)
    live.begin_bout()
    screen = BoutScreen(RunSession(live, folder))
    yield screen
    live.close()
    screen.session.battle.__exit__(None, None, None)


def test_help_from_the_map_lists_auto_fight_in_a_run_and_refuses_it_in_a_skirmish(bout, make_app):
    bout.feed("?")
    assert "A              auto-fight this turn" in page(bout.app)
    skirmish = test_tui_app.two_apart(make_app, players=(0,))
    press(skirmish, "?")
    text = page(skirmish)
    assert "A              auto-fight" not in text and "A: auto-fight is for a run's" in text


def test_leaving_help_goes_back_to_aiming_at_the_same_target(make_app):
    app = make_app(fighter("Ann", 0, Hex(-2, 0), stats=FAST),
                   fighter("Bob", 1, Hex(2, 0), facing=3, stats=SLOW),
                   fighter("Cat", 1, Hex(2, 2), facing=3, stats=SLOW))
    press(app, "a", "KEY_TAB")
    aimed = app.state.target
    press(app, "?", "x", "x", "x", "x")  # every page, then back
    assert app.state.mode == Mode.TARGET and app.state.target == aimed
    press(app, "?", "KEY_ESCAPE")
    assert app.state.mode == Mode.TARGET and app.state.target == aimed


def test_the_key_lines_the_accessible_mode_prints_start_with_the_mode_s_keys(make_app):
    app = test_tui_app.two_apart(make_app)
    said = [text for text, _ in help.key_lines(app.session, 200, Mode.LOOK)]
    assert said[0].startswith("Keys in look mode") and "The other modes' keys." in " ".join(said)
