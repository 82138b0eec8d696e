"""The accessible mode without a terminal: bearings, typed keys, and what it speaks of everyone,
every command, a reaction and the end (the same on a pty: test_play_on_a_pty.py)."""

from __future__ import annotations

import io

from arena.hexgrid import Hex
from arena.replay.file import Recorder
from arena.rules import get_ruleset
from arena.tui.accessible.play import Reader, keys_of, speech
from arena.tui.battle.app import App
from arena.tui.battle.modes import Exit
from arena.tui.battle.session import Session
from tests.factories import SHORTBOW, ap_stats, fighter, scenario
from tests.tui.battle import test_app as test_tui_app
from tests.tui.battle.test_app import FAST, SLOW

make_app = test_tui_app.make_app  # the same fixture: apps of hand-made battles


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


def test_accessible_mode_speaks_the_reaction_and_its_odds(tmp_path, make_battle):
    battle = make_battle(scenario(fighter("Ann", 0, Hex(0, 0), stats=ap_stats(dex=9)),
                                  fighter("Bob", 1, Hex(1, 0), facing=3)),
                         get_ruleset("ap"), seed=5, dice_script=[15, 1])
    session = Session(Recorder(battle, "test"), frozenset({0, 1}), tmp_path, journal=False)
    said = speak(App(session), "h\n")  # Ann steps away from Bob: Bob may strike
    assert "Opening: Ann, Red ann, 1 hex west" in said
    assert "hit chance" in said and "strike? (y/n" in said


def test_accessible_mode_speaks_the_end_and_keys_typed_past_the_last_blow_are_dropped(make_app):
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=ap_stats(strength=20, dex=20)),
                   fighter("Bob", 1, Hex(1, 0), hp=1, stats=ap_stats(ac=0, dex=-5)),
                   players=(0,))
    said = speak(app, "l l enter\n")  # the Enter typed past the last blow does not leave
    assert "You won. Battle over after 1 round" in said
    assert said.rstrip().endswith("Keys: Enter leaves; PgUp/PgDn scroll the log\n>")
    assert app.exit == Exit.DONE and "Replay:" in app.message  # the end of input left
