"""The game without a terminal: keys go into the App, and the Console's cells are checked."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import tcod.console

from arena.assets import load_scenario
from arena.battle.core import Battle
from arena.battle.view import CombatantView
from arena.cli.main import main
from arena.hexgrid import ORIGIN, Hex, hex_to_cell
from arena.replay.file import Recorder
from arena.replay.journal import load_resumable, resume
from arena.rules import get_ruleset
from arena.tui.battle.app import App
from arena.tui.battle.modes import Exit, Mode
from arena.tui.battle.render import FACING_ARROWS
from arena.tui.battle.session import JOURNAL_NAME, Session
from arena.tui.term import palette
from arena.tui.term.keymap import BINDINGS, keys_for
from arena.tui.term.layout import layout, map_origin
from tests.ecs.test_equipment import CROSSBOW
from tests.factories import DAGGER, LONGSWORD, SHORTBOW, ap_stats, arena_map, fighter, scenario
from tests.rules.adnd.test_on_the_map import chant_battle, kick_battle

FAST = ap_stats(dex=20)  # d20 + 20 always beats d20 - 5: this combatant acts first
SLOW = ap_stats(dex=-5)

MakeApp = Callable[..., App]


@pytest.fixture
def make_app(tmp_path: Path) -> Iterator[MakeApp]:
    apps: list[App] = []

    def make(*combatants, players=(0, 1), seed=1, hexmap=None, battle=None) -> App:
        if battle is None:
            battle = Battle(scenario(*combatants, hexmap=hexmap), get_ruleset("ap"), seed)
        session = Session(Recorder(battle, "test"), frozenset(players), tmp_path)
        app = App(session)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.session.close()
        app.session.battle.__exit__(None, None, None)


def draw(app: App, w: int = 80, h: int = 24) -> tcod.console.Console:
    console = tcod.console.Console(w, h, order="C")
    app.draw(console)
    return console


def rows(console: tcod.console.Console) -> list[str]:
    return ["".join(chr(c) for c in row) for row in console.rgb["ch"]]


def screen_text(app: App, w: int = 80, h: int = 24) -> str:
    return "\n".join(rows(draw(app, w, h)))


def press(app: App, *keys: str) -> None:
    for key in keys:
        app.feed(key)


def active(app: App) -> CombatantView:
    c = app.session.view.combatant(app.session.view.active)
    assert c is not None
    return c


def cell_of(h: Hex, radius: int = 4) -> tuple[int, int]:
    origin = map_origin(layout(80, 24).map, radius, ORIGIN)
    return hex_to_cell(h, origin)


def two_apart(make_app: MakeApp, **kw) -> App:
    return make_app(fighter("Ann", 0, Hex(-2, 0), stats=FAST),
                    fighter("Bob", 1, Hex(2, 0), facing=3, stats=SLOW), **kw)


def test_map_shows_terrain_walls_and_combatants_in_their_side_colour(make_app):
    app = make_app(fighter("Ann", 0, Hex(-2, 0), stats=FAST),
                   fighter("Bob", 1, Hex(2, 0), facing=3, stats=SLOW),
                   hexmap=arena_map(walls=(Hex(0, -1),)))
    con = draw(app)
    x, y = cell_of(Hex(0, -1))
    assert chr(con.rgb["ch"][y, x]) == "#"
    x, y = cell_of(Hex(2, 0))
    assert chr(con.rgb["ch"][y, x]) == "b"  # side 1 in lower case: sides part without colour
    assert tuple(con.rgb["fg"][y, x]) == palette.parse_colour("#0000ff")
    assert chr(con.rgb["ch"][y, x + 1]) == FACING_ARROWS[3]
    x, y = cell_of(Hex(1, 0))
    assert chr(con.rgb["ch"][y, x]) == "."


def test_the_active_combatant_is_highlighted_with_its_facing_arrow(make_app):
    app = two_apart(make_app)
    con = draw(app)
    x, y = cell_of(Hex(-2, 0))
    assert tuple(con.rgb["bg"][y, x]) == palette.ACTIVE_BG
    assert chr(con.rgb["ch"][y, x + 1]) == FACING_ARROWS[0]
    assert tuple(con.rgb["bg"][y, x + 1]) == palette.ACTIVE_BG
    x, y = cell_of(Hex(2, 0))
    assert tuple(con.rgb["bg"][y, x]) == palette.BLACK


def test_a_direction_key_steps_one_hex_and_faces_the_step(make_app):
    app = two_apart(make_app)
    press(app, "l")
    assert (active(app).hex, active(app).facing) == (Hex(-1, 0), 0)
    press(app, "y")
    assert (active(app).hex, active(app).facing) == (Hex(-1, -1), 2)
    press(app, "KEY_KP_3")
    assert (active(app).hex, active(app).facing) == (Hex(-1, 0), 5)
    assert "Ann moves 1 hex" in screen_text(app)


def test_stepping_into_an_enemy_twice_previews_then_attacks_it(make_app):
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST),
                   fighter("Bob", 1, Hex(1, 0), facing=3, stats=SLOW))
    press(app, "l")
    assert "hit chance" in screen_text(app) and "Ann attacks" not in screen_text(app)
    press(app, "l")
    assert active(app).hex == Hex(0, 0)
    assert "Ann attacks Bob with Longsword" in screen_text(app)


def test_stepping_into_an_ally_is_a_hint_not_a_command(make_app):
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST), fighter("Cy", 0, Hex(1, 0)),
                   fighter("Bob", 1, Hex(3, 0), stats=SLOW))
    before = app.session.battle.state_hash()
    press(app, "l")
    assert app.session.battle.state_hash() == before
    assert "Cy is in the way" in rows(draw(app))[-1]


def test_a_key_without_meaning_shows_a_hint_and_changes_nothing(make_app):
    app = two_apart(make_app)
    before = app.session.battle.state_hash()
    press(app, "z")
    assert app.session.battle.state_hash() == before
    assert "'z' does nothing here; ? lists the keys" in rows(draw(app))[-1]
    press(app, "KEY_UP")
    assert "hexes have no north or south" in rows(draw(app))[-1]


def test_a_refused_command_is_explained_in_the_prompt_line(make_app):
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST, speed=1),
                   fighter("Bob", 1, Hex(3, 0), stats=SLOW))
    press(app, "l", "l")
    assert "cannot: needs 1 AP" in rows(draw(app))[-1]


def test_turn_keys_turn_left_and_right(make_app):
    app = two_apart(make_app)
    press(app, "[")
    assert active(app).facing == 1
    press(app, "]", "]")
    assert active(app).facing == 5


def test_end_turn_passes_to_the_next_combatant(make_app):
    app = two_apart(make_app)
    press(app, ".")
    assert active(app).name == "Bob"
    assert "Ann ends the turn" in screen_text(app)


def let_openings_pass(app: App) -> None:
    """Answer n to any Action of Opportunity the engine offers the player."""
    while app.session.view.reaction is not None and app.session.player_turn:
        press(app, "n")


def test_the_ai_plays_its_sides_turns_after_the_player(make_app):
    app = two_apart(make_app, players=(0,))
    press(app, ".")
    let_openings_pass(app)
    assert active(app).name == "Ann" and app.session.view.turn == active(app).id
    assert app.session.view.round == 2
    assert "Bob's turn (6 AP)" in [line.text for line in app.session.log]
    assert app.session.recorder.steps[0]["by"] == "player"
    assert "ai" in [s["by"] for s in app.session.recorder.steps]


def three(make_app: MakeApp) -> App:
    return make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST),
                    fighter("Bob", 1, Hex(1, 0), facing=3, stats=ap_stats(ac=15, dex=-5)),
                    fighter("Cat", 1, Hex(0, 1), stats=SLOW))


def test_target_mode_cycles_valid_targets_with_tab_and_escape_backs_out(make_app):
    app = three(make_app)
    before = app.session.battle.state_hash()
    press(app, "a")
    assert app.state.mode == Mode.TARGET and [t for t, _ in app.state.targets] == [2, 3]
    assert "Longsword at Bob" in screen_text(app)
    press(app, "KEY_TAB")
    assert "Longsword at Cat" in screen_text(app)
    press(app, "KEY_BTAB", "KEY_ESCAPE")
    assert app.state.mode == Mode.NORMAL
    assert app.session.battle.state_hash() == before


def test_the_preview_shows_the_needed_roll_each_modifier_and_the_exact_hit_chance(make_app):
    app = three(make_app)
    press(app, "a")
    text = screen_text(app)
    # d20 + 3 STR + 2 BAB against AC 15: a natural 10 or better, 11 faces of 20
    assert "d20 +3 STR +2 BAB vs AC 15" in text
    assert "needs a natural 10+ (11 in 20)" in text
    assert "hit chance 55%" in text
    assert "4 AP; 1 hex, from the front" in text


def test_target_cells_are_highlighted_and_enter_attacks(make_app):
    app = three(make_app)
    press(app, "a", "KEY_TAB")
    con = draw(app)
    x, y = cell_of(Hex(0, 1))
    assert tuple(con.rgb["bg"][y, x]) == palette.TARGET_BG
    press(app, "KEY_ENTER")
    assert app.state.mode == Mode.NORMAL
    assert "Ann attacks Cat" in screen_text(app)


def test_fire_mode_aims_missile_weapons_only(make_app):
    app = make_app(fighter("Ann", 0, Hex(-2, 0), stats=FAST, weapons=(SHORTBOW,)),
                   fighter("Bob", 1, Hex(2, 0), stats=SLOW))
    press(app, "f")
    assert app.state.targets == ((2, 0),)
    assert "Shortbow at Bob" in screen_text(app)
    press(app, "KEY_ESCAPE")
    app2 = two_apart(make_app)
    press(app2, "f")
    assert app2.state.mode == Mode.NORMAL
    assert "Ann has no missile weapon in hand" in rows(draw(app2))[-1]


def test_attack_with_no_enemy_in_reach_aims_anyway_and_says_why(make_app):
    app = two_apart(make_app)
    press(app, "a")
    assert app.state.mode == Mode.TARGET
    panel = layout(80, 24).panel
    text = " ".join(" ".join(r[panel.x:panel.x + panel.width].strip()
                             for r in rows(draw(app))).split())
    assert "cannot attack Bob: Longsword reaches 1 hex(es); target is 4 away" in text
    before = app.session.battle.state_hash()
    press(app, "KEY_ENTER")
    assert app.state.mode == Mode.TARGET and app.session.battle.state_hash() == before
    assert "cannot attack Bob" in rows(draw(app))[-1]


def test_look_mode_describes_a_hex_and_previews_the_walk_then_enter_walks(make_app):
    app = two_apart(make_app)
    press(app, "x", "l", "l")
    text = screen_text(app)
    assert "hex (0, 0), 2 away" in text and "Floor" in text
    assert "walk 2 hexes: 2 AP (have 6)" in text
    con = draw(app)
    x, y = cell_of(Hex(-1, 0))
    assert tuple(con.rgb["bg"][y, x]) == palette.PATH_BG
    x, y = cell_of(Hex(0, 0))
    assert tuple(con.rgb["bg"][y, x]) == palette.CURSOR_BG
    press(app, "KEY_ENTER")
    assert active(app).hex == Hex(0, 0) and app.state.mode == Mode.NORMAL


def test_look_mode_tab_jumps_between_combatants_and_describes_them(make_app):
    app = two_apart(make_app)
    press(app, "x", "KEY_TAB")
    assert app.state.cursor == Hex(2, 0)
    assert "HP 12/12" in screen_text(app) and "Blue" in screen_text(app)
    press(app, "KEY_ESCAPE")
    assert app.state.cursor is None


def test_the_log_scrolls_back_with_pgup_and_forward_with_pgdn(make_app):
    app = two_apart(make_app)
    for _ in range(12):
        press(app, ".")
    last = rows(draw(app))[22]
    press(app, "KEY_PGUP")
    text = screen_text(app)
    assert "newer rows: PgDn" in text and rows(draw(app))[22] != last
    press(app, "KEY_PGDOWN")
    assert rows(draw(app))[22] == last


def test_help_from_look_mode_comes_back_to_it_and_quit_to_the_plain_map(make_app):
    app = two_apart(make_app)
    press(app, "x", "l", "?", "KEY_ESCAPE")
    assert app.state.mode == Mode.LOOK and app.state.cursor == Hex(-1, 0)
    press(app, "KEY_ESCAPE", "a")
    press(app, "x", "Q", "n")
    assert app.state.mode == Mode.NORMAL and app.state.cursor is None


def test_help_lists_every_key_of_the_keymap_then_the_guide_then_the_glossary(make_app):
    app = two_apart(make_app)
    press(app, "?")
    text = screen_text(app)
    press(app, "x")  # page 2: the keys of the modes other than the one the help came from
    text += screen_text(app)
    for binding in BINDINGS:  # what a skirmish refuses (auto-fight) is listed as refused
        refused = binding.action in app.session.unavailable
        assert keys_for(binding.action) in text
        assert (f"{keys_for(binding.action)}: " if refused else binding.help) in text
    press(app, "x")
    assert "How to play" in screen_text(app)
    press(app, "x")
    assert "Words the screens use" in screen_text(app)
    press(app, "x")
    assert app.state.mode == Mode.NORMAL and app.state.cursor is None


def test_the_guide_of_a_shipped_scenario_fits_80x24(make_app):
    app = make_app(battle=Battle(load_scenario("skirmish"), get_ruleset("ap"), 1))
    press(app, "?", "x", "x")
    text = " ".join(screen_text(app).split())  # the guide's paragraphs wrap anywhere
    assert "reloading 3 AP" in text and "m a maneuver" in text
    assert "S saves and quits." in text


def test_a_small_terminal_shows_a_message_until_resized(make_app):
    app = two_apart(make_app)
    text = screen_text(app, 79, 24)
    assert "Terminal too small" in text and "79x24" in text
    assert "Terminal too small" in screen_text(app, 80, 23)
    assert "Terminal too small" not in screen_text(app, 80, 24)
    assert "Ann" in screen_text(app, 200, 60)


def test_quit_asks_first_then_abandons_and_deletes_the_journal(make_app, tmp_path):
    app = two_apart(make_app)
    assert (tmp_path / JOURNAL_NAME).exists()
    press(app, "Q")
    assert "Abandon this battle?" in rows(draw(app))[-1]
    press(app, "n")
    assert not app.done and app.state.mode == Mode.NORMAL
    press(app, "Q", "y")
    assert app.exit == Exit.ABANDON and not (tmp_path / JOURNAL_NAME).exists()


def test_the_journal_gets_one_line_per_command_after_its_header(make_app, tmp_path):
    app = two_apart(make_app)
    press(app, "l", "z", "[", ".")
    lines = (tmp_path / JOURNAL_NAME).read_text().splitlines()
    assert json.loads(lines[0])["format"] == "arena-journal"
    commands = [json.loads(line)["command"]["type"] for line in lines[1:]]
    assert commands == ["move", "face", "end_turn"]


def test_save_and_quit_writes_a_save_that_resumes_to_the_same_state(make_app, tmp_path):
    app = two_apart(make_app, players=(0,))
    press(app, "l", "u", ".", "l")
    digest = app.session.battle.state_hash()
    press(app, "S")
    assert app.exit == Exit.SAVE
    path = tmp_path / "test-1.save.json"
    assert path.exists() and str(path) in app.message
    with resume(load_resumable(path)).battle as battle:
        assert battle.state_hash() == digest
    assert (tmp_path / JOURNAL_NAME).exists()
    assert main(["replay", str(path), "--verify", "--partial"]) == 0


def test_the_end_of_battle_shows_a_summary_and_a_replay_that_verifies(make_app, tmp_path,
                                                                       capsys):
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=ap_stats(strength=20, dex=20)),
                   fighter("Bob", 1, Hex(1, 0), hp=1, stats=ap_stats(ac=0, dex=-5)),
                   players=(0,))
    press(app, "l", "l")  # a bump previews, the same step again attacks
    assert app.state.mode == Mode.SUMMARY
    text = screen_text(app)
    assert "Battle over after 1 round: Red wins (last side standing)" in text
    assert "dealt" in text and "fallen" in text
    replay = app.session.replay_path
    assert replay is not None and replay.name in text
    assert not (tmp_path / JOURNAL_NAME).exists()
    press(app, "l")
    assert not app.done
    press(app, "KEY_ENTER")
    assert app.exit == Exit.DONE and str(replay) in app.message
    capsys.readouterr()
    assert main(["replay", str(replay), "--verify"]) == 0


def test_text_from_files_reaches_the_screen_without_control_characters(make_app):
    app = make_app(fighter("Ev\x1b[2Jil\x07", 0, Hex(0, 0), stats=FAST),
                   fighter("Bob", 1, Hex(2, 0), stats=SLOW))
    press(app, ".")
    chars = set(draw(app).rgb["ch"].ravel().tolist())
    assert not any(c < 32 or c == 127 for c in chars)
    assert "Ev[2Jil" in screen_text(app)


@dataclass
class Tremor:
    """An event type this front end has never heard of."""

    type = "tremor"
    strength: int


def test_an_unknown_event_type_is_narrated_by_the_fallback(make_app):
    app = two_apart(make_app)
    app.session._narrate([Tremor(3)])  # type: ignore[list-item]
    assert "Tremor(strength=3)" in screen_text(app)


def test_the_map_follows_the_active_combatant_when_it_does_not_fit(make_app):
    far = Hex(12, -6)
    app = make_app(fighter("Ann", 0, far, stats=FAST), fighter("Bob", 1, Hex(-12, 6), stats=SLOW),
                   hexmap=arena_map(radius=14))
    con = draw(app)
    assert "A" in "".join(rows(con)[1:16])
    press(app, "x", "KEY_TAB")
    assert "b" in "".join(r[:49] for r in rows(draw(app))[1:16])


# --- drawing, reloading, kicking, invoking, maneuvers ------------------------------------------

def commands(app: App) -> list[dict[str, object]]:
    return [step["command"] for step in app.session.recorder.steps]


def test_an_archer_draws_its_spare_dagger_with_d(make_app):
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST, weapons=(SHORTBOW, DAGGER)),
                   fighter("Bob", 1, Hex(3, 0), stats=SLOW))
    assert "spare: Dagger" in screen_text(app)
    press(app, "d")
    assert commands(app) == [{"type": "draw", "actor": 1, "spare": 0}]
    text = screen_text(app)
    assert "- Dagger d4" in text and "spare: Shortbow" in text
    assert "Ann draws Dagger, stowing Shortbow (1 AP)" in text


def test_with_several_spares_d_asks_which_and_esc_backs_out(make_app):
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST,
                           weapons=(SHORTBOW, DAGGER, LONGSWORD)),
                   fighter("Bob", 1, Hex(3, 0), stats=SLOW))
    assert "spares: Dagger, Longsword" in screen_text(app)
    press(app, "d")
    text = screen_text(app)
    assert app.state.mode == Mode.MENU and "Draw which spare?" in text
    assert "a) Dagger d4" in text and "b) Longsword d8" in text
    press(app, "z")
    assert "a-b chooses, Esc backs out" in rows(draw(app))[-1] and not commands(app)
    press(app, "KEY_ESCAPE")
    assert app.state.mode == Mode.NORMAL and not commands(app)
    press(app, "d", "b")
    assert commands(app) == [{"type": "draw", "actor": 1, "spare": 1}]
    assert app.state.mode == Mode.NORMAL and "- Longsword d8" in screen_text(app)


def test_keys_that_do_not_apply_give_a_hint(make_app):
    app = two_apart(make_app)
    for key, hint in (("d", "Ann carries no spare weapon"), ("r", "Ann has nothing to reload"),
                      ("i", "there are no area buffs in ap"),
                      ("K", "cannot: this ruleset does not allow kicking weapons"),
                      ("m", "maneuvers are chosen while aiming")):
        press(app, key)
        assert hint in rows(draw(app))[-1]
    assert not commands(app)


def test_a_crossbowman_shows_it_unloaded_after_a_shot_and_reloads_with_r(make_app):
    app = make_app(fighter("Ann", 0, Hex(0, 0), stats=FAST, speed=8, weapons=(CROSSBOW,)),
                   fighter("Bob", 1, Hex(3, 0), hp=99, stats=SLOW))
    press(app, "f", "KEY_ENTER")
    assert active(app).unloaded == (0,)
    assert "- light crossbow (unloaded: r)" in screen_text(app)
    press(app, "r")
    assert commands(app)[-1] == {"type": "reload", "actor": 1, "weapon": 0}
    assert active(app).unloaded == () and "light crossbow d8, 80 ft" in screen_text(app)


def test_sublethal_chosen_with_m_while_aiming_reaches_the_attack(make_app):
    app = three(make_app)
    press(app, "a")
    assert "m: maneuver" in rows(draw(app))[-1]
    press(app, "m")
    assert app.state.options == ("sublethal",)
    text = screen_text(app)
    assert "maneuver: sublethal" in text and "-4 sublethal" in text
    press(app, "m")
    assert app.state.options == ("two_weapons",)  # ap's second maneuver (docs/rules/ap.md)
    press(app, "m")
    assert app.state.options == ()
    press(app, "m", "KEY_ENTER")
    assert commands(app) == [{"type": "attack", "actor": 1, "target": 2, "weapon": 0,
                              "options": ["sublethal"]}]
    assert app.state.options == ()


def test_an_adnd_cleric_invokes_prayer_from_a_menu_and_the_panel_shows_it(make_app):
    app = make_app(battle=chant_battle(level=1))
    press(app, "i")
    text = screen_text(app)
    assert "Invoke which buff?" in text
    assert "a) chant: 3 AP, r12, while" in text and "b) prayer: 3 AP, r12, 2 rd" in text
    press(app, "b")
    assert commands(app) == [{"type": "invoke", "actor": 1, "buff": "prayer"}]
    assert "keeps prayer r12, 2 rd" in screen_text(app)
    press(app, "i", "b")
    assert "cannot: prayer was already started this battle" in rows(draw(app))[-1]
    press(app, ".")
    assert active(app).name == "Ann" and "under prayer" in screen_text(app)
    assert app.session.view.combatant(3).buffs == ("prayer_foe",)  # type: ignore[union-attr]


def test_a_warrior_without_a_buff_is_told_so(make_app):
    app = make_app(battle=chant_battle())
    press(app, ".")
    assert active(app).name == "Ann"
    press(app, "i")
    assert "Ann cannot start any area buff (chant, prayer, martial_spirit)" in rows(
        draw(app))[-1]


def test_an_ally_on_a_dropped_weapon_kicks_it_back_with_shift_k(make_app):
    app = make_app(battle=kick_battle())
    press(app, "l", "l", ".")
    assert active(app).name == "Cid"
    press(app, "K")
    assert commands(app)[-1] == {"type": "kick", "actor": 3}
    assert "Cid kicks Ann's longsword back to (0, 0) (1 AP)" in screen_text(app)
    press(app, "K")
    assert "cannot: no dropped weapon of an ally next to you" in rows(draw(app))[-1]
