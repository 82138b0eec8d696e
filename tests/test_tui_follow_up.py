"""Issue 17 follow-up: the accessible mode, aiming with no valid target, the bump preview, HP
and odds while aiming or reacting, `sim --record` that will not overwrite, and the help's
costs asked of the ruleset. App-level tests here; the same behaviours in a pty in
`test_tui_follow_up_pty.py`."""

from __future__ import annotations

import io

from arena.assets import load_scenario
from arena.battle.core import Battle
from arena.battle.view import reaction_plan
from arena.cli.main import main
from arena.hexgrid import Hex
from arena.replay.file import Recorder
from arena.rules import get_ruleset
from arena.rules.odds import attack_odds
from arena.tui.accessible.play import Reader, keys_of, speech
from arena.tui.battle.app import App
from arena.tui.battle.help import costs_text
from arena.tui.battle.modes import Exit, Mode
from arena.tui.battle.preview import percent
from arena.tui.battle.session import Session
from arena.tui.term.layout import layout
from tests import test_tui_app
from tests.factories import SHORTBOW, ap_stats, arena_map, fighter, scenario
from tests.test_tui_app import FAST, SLOW, draw, press, rows

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
    before = app.session.battle.state_hash()
    press(app, "KEY_ENTER")  # a refused target: aiming stays, nothing is rolled
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


# --- (4) sim --record never overwrites by accident -----------------------------------------------

def test_sim_record_refuses_an_existing_file_unless_forced(tmp_path, capsys):
    path = tmp_path / "duel.json"
    path.write_text("keep me")
    assert main(["sim", "--scenario", "duel", "--record", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "exists; --force overwrites it" in err
    assert path.read_text() == "keep me"
    assert main(["sim", "--scenario", "duel", "--record", str(path), "--force"]) == 0
    assert path.read_text().startswith("{")


# --- (1) the accessible mode --------------------------------------------------------------------

def test_bearings_use_the_step_keys_direction_names():
    assert speech.bearing(Hex(0, 0), Hex(0, -3)) == "3 hexes north-west"
    assert speech.bearing(Hex(0, 0), Hex(-2, 3)) == "3 hexes: 2 south-west, 1 south-east"
    assert speech.bearing(Hex(1, 1), Hex(1, 2)) == "1 hex south-east"


def test_typed_lines_become_the_keymaps_keys():
    assert keys_of("ll") == ["l", "l"]
    assert keys_of("a tab enter") == ["a", "KEY_TAB", "KEY_ENTER"]
    assert keys_of("backspace esc space") == ["KEY_BACKSPACE", "KEY_ESCAPE", " "]


def speak(app: App, typed: str) -> str:
    out = io.StringIO()
    Reader(app, out, io.StringIO(typed)).play()
    return out.getvalue()


def test_accessible_mode_speaks_everyone_with_side_kind_bearing_and_health(make_app):
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST),
                   fighter("Mira", 1, Hex(3, -3), hp=12, stats=SLOW, weapons=(SHORTBOW,)),
                   players=(0,))
    said = speak(app, "\n")
    assert "Ann, your ann, decides: HP 12/12 (unhurt), AP 6/6, faces east" in said
    assert "Mira, enemy mira, 3 hexes north-east, unhurt, faces east." in said
    assert "\x1b" not in said  # plain lines: no terminal control at all


def test_accessible_mode_offers_every_command_through_the_same_keymap(make_app):
    app = make_app(fighter("Ann", 0, Hex(-1, 0), stats=FAST),
                   fighter("Bob", 1, Hex(2, 0), facing=3, stats=SLOW), players=(0,))
    said = speak(app, "l\nbackspace\nx\nesc\na\nesc\np\n?\nll\nl\nl\n")
    assert "Ann moves 1 hex" in said and "Ann's step is taken back" in said
    assert "Cursor here: hex (-1, 0)" in said
    assert "Aiming, target 1 of 1: Bob, enemy bob, 3 hexes east" in said
    assert "cannot attack Bob: Longsword reaches 1 hex(es); target is 3 away" in said
    assert "Message history:" in said and "u 9 kp9        step north-east" in said
    assert "Aiming, target 1 of 1: Bob, enemy bob, 1 hex east" in said and "hit chance" in said
    assert "Ann attacks Bob with Longsword" in said
    assert app.done and "journal is kept" in app.message  # the input ended


def test_accessible_mode_speaks_the_reaction_and_its_odds(tmp_path):
    battle = Battle(scenario(fighter("Ann", 0, Hex(0, 0), stats=ap_stats(dex=9)),
                             fighter("Bob", 1, Hex(1, 0), facing=3)),
                    get_ruleset("ap"), seed=5, dice_script=[15, 1])
    session = Session(Recorder(battle, "test"), frozenset({0, 1}), tmp_path, journal=False)
    try:
        said = speak(App(session), "h\n")  # Ann steps away from Bob: Bob may strike
        assert "Opening: Ann, Red ann, 1 hex west" in said
        assert "hit chance" in said and "strike? (y/n" in said
    finally:
        battle.__exit__(None, None, None)


def test_accessible_mode_speaks_the_end_and_keys_typed_past_the_last_blow_are_dropped(make_app):
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=ap_stats(strength=20, dex=20)),
                   fighter("Bob", 1, Hex(1, 0), hp=1, stats=ap_stats(ac=0, dex=-5)),
                   players=(0,))
    said = speak(app, "l l enter\n")  # the Enter typed past the last blow does not leave
    assert "You won. Battle over after 1 rounds" in said
    assert said.rstrip().endswith("Keys: Enter leaves; PgUp/PgDn scroll the log\n>")
    assert app.exit == Exit.DONE and "Replay:" in app.message  # the end of input left
