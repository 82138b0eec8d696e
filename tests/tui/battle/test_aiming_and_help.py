"""The battle screen without a terminal: aiming with no valid target, the bump preview, HP and
odds while aiming or reacting, and the help's costs asked of the ruleset (the same on a pty:
test_aiming_and_help_on_a_pty.py)."""

from __future__ import annotations

from arena.assets import load_scenario
from arena.battle.core import Battle
from arena.battle.view import reaction_plan
from arena.hexgrid import Hex
from arena.replay.file import Recorder
from arena.rules import get_ruleset
from arena.rules.odds import attack_odds
from arena.tui.battle.app import App
from arena.tui.battle.help import costs_text
from arena.tui.battle.modes import Mode
from arena.tui.battle.preview import percent
from arena.tui.battle.session import Session
from arena.tui.term.layout import layout
from tests.factories import SHORTBOW, ap_stats, arena_map, fighter, scenario
from tests.tui.battle import test_app as test_tui_app
from tests.tui.battle.test_app import FAST, SLOW, draw, press, rows

make_app = test_tui_app.make_app  # the same fixture: apps of hand-made battles


def panel_text(app: App) -> str:
    """The side panel's rows joined into one line of words."""
    panel = layout(80, 24).panel
    return " ".join(" ".join(r[panel.x:panel.x + panel.width].strip()
                             for r in rows(draw(app))).split())


# --- (2) aiming with no valid target ------------------------------------------------------------

def test_an_archer_without_line_of_sight_aims_anyway_and_hears_the_true_reason(make_app):
    app = make_app(fighter("Ann", 0, Hex(-3, 0), stats=FAST, weapons=(SHORTBOW,)),
                   fighter("Bob", 1, Hex(3, 0), stats=SLOW),
                   hexmap=arena_map(walls=(Hex(0, 0),)))
    press(app, "a")
    assert app.state.mode == Mode.TARGET
    text = panel_text(app)
    assert "no line of sight to Bob" in text
    assert "reaches 1 hex" not in text  # the unarmed strike's range is not the reason


def test_tab_browses_every_enemy_with_each_ones_refusal_reason(make_app):
    app = make_app(fighter("Ann", 0, Hex(-3, 0), stats=FAST, weapons=(SHORTBOW,)),
                   fighter("Bob", 1, Hex(3, 0), stats=SLOW),
                   fighter("Cat", 1, Hex(-3, 3), stats=SLOW),
                   hexmap=arena_map(walls=(Hex(0, 0),)))
    press(app, "f")
    assert "Shortbow at Cat" in panel_text(app)  # the one that can be shot comes first
    press(app, "KEY_TAB")
    assert "no line of sight to Bob" in panel_text(app)
    press(app, "KEY_ENTER")  # no shot from here, but one a step away: walk, then shoot
    assert [s["command"]["type"] for s in app.session.recorder.steps] == ["move", "attack"]


def test_a_refused_target_with_no_walk_to_a_blow_keeps_aiming_and_rolls_nothing(make_app):
    app = make_app(fighter("Ann", 0, Hex(-3, 0), stats=FAST, weapons=(SHORTBOW,), speed=4),
                   fighter("Bob", 1, Hex(3, 0), stats=SLOW),
                   hexmap=arena_map(walls=(Hex(0, 0),)))
    press(app, "f")
    before = app.session.battle.state_hash()
    press(app, "KEY_ENTER")  # 4 AP: a step and a 4 AP shot do not fit; aiming stays
    assert app.state.mode == Mode.TARGET and app.session.battle.state_hash() == before
    assert "cannot attack Bob: no line of sight" in rows(draw(app))[-1]


# --- (3) the bump preview, HP while aiming, odds at the reaction prompt --------------------------

def bumpers(make_app):
    return make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST),
                    fighter("Bob", 1, Hex(1, 0), facing=3, hp=9, stats=SLOW), players=(0,))


def test_a_bump_previews_the_odds_and_the_same_step_again_attacks(make_app):
    app = bumpers(make_app)
    before = app.session.battle.state_hash()
    press(app, "l")
    assert app.session.battle.state_hash() == before and app.state.mode == Mode.TARGET
    assert "hit chance" in panel_text(app)
    assert rows(draw(app))[-1].strip().startswith("l again or Enter: attack")
    press(app, "l")
    assert app.session.recorder.steps[-1]["command"]["type"] == "attack"


def test_escape_or_another_step_after_a_bump_attacks_nobody(make_app):
    app = bumpers(make_app)
    press(app, "l", "KEY_ESCAPE")
    assert app.state.mode == Mode.NORMAL and not app.session.recorder.steps
    press(app, "l", "h")  # another direction walks that way instead
    mine = [s["command"] for s in app.session.recorder.steps if s["by"] == "player"]
    assert [(c["type"], c.get("to")) for c in mine] == [("move", [-1, 0])]


def test_aiming_shows_the_targets_hit_points(make_app):
    app = bumpers(make_app)
    press(app, "a")
    assert "Bob HP 9/9, unhurt" in panel_text(app)


def test_the_opportunity_prompt_shows_the_exact_odds_of_the_blow(tmp_path):
    battle = Battle(scenario(fighter("Ann", 0, Hex(0, 0), stats=ap_stats(dex=9)),
                             fighter("Bob", 1, Hex(1, 0), facing=3)),
                    get_ruleset("ap"), seed=5, dice_script=[15, 1])
    session = Session(Recorder(battle, "test"), frozenset({0, 1}), tmp_path, journal=False)
    app = App(session)
    try:
        press(app, "h")  # Ann steps away from Bob: Bob may strike
        assert session.view.reaction is not None
        plan = reaction_plan(battle)
        assert plan is not None
        odds = attack_odds(battle.ruleset, plan[2])
        prompt = app.prompt_line()[1]
        assert f"Longsword: hit {percent(odds.hit)}" in prompt
        assert "hit chance" in panel_text(app) and "Ann HP 12/12" in panel_text(app)
    finally:
        battle.__exit__(None, None, None)


# --- (5) the help's costs come from the ruleset -------------------------------------------------

def skirmish_session(tmp_path, rules: str) -> Session:
    battle = Battle(load_scenario("skirmish"), get_ruleset(rules), 1)
    return Session(Recorder(battle, "test"), frozenset({0}), tmp_path, journal=False)


def test_the_help_prices_each_weapons_attack_as_the_ruleset_does(tmp_path):
    session = skirmish_session(tmp_path, "ap")
    try:
        text = costs_text(session)
        assert "an attack 4 AP (longbow 6)" in text and "striking off-turn 2 AP" in text
        assert "once per turn" not in text
    finally:
        session.battle.__exit__(None, None, None)


def test_the_help_says_one_attack_per_turn_where_the_ruleset_refuses_a_second(tmp_path):
    for rules in ("adnd", "becmi", "d40"):
        session = skirmish_session(tmp_path, rules)
        try:
            text = costs_text(session)
            assert "an attack 3 AP" in text and f"attacks once per turn in {rules}" in text
            assert "off-turn" not in text  # no Actions of Opportunity there
        finally:
            session.battle.__exit__(None, None, None)
