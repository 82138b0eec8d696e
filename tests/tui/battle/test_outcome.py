"""The end-of-battle summary's wording: a side whose name is plural wins in the plural."""

from __future__ import annotations

import dataclasses

from arena.battle.core import Battle
from arena.hexgrid import Hex
from arena.model.scenario import SideSpec
from arena.rules import get_ruleset
from arena.tui.battle.modes import Mode
from tests.factories import ap_stats, fighter, scenario
from tests.tui.battle import test_app as test_tui_app
from tests.tui.battle.test_app import press, screen_text

make_app = test_tui_app.make_app  # the same fixture: apps of hand-made battles


def test_the_summary_says_a_plural_side_wins_in_the_plural_after_one_round(make_app):
    s = scenario(fighter("Ann", 0, Hex(0, 0), stats=ap_stats(strength=20, dex=20)),
                 fighter("Bob", 1, Hex(1, 0), hp=1, stats=ap_stats(ac=0, dex=-5)))
    s = dataclasses.replace(s, sides=(SideSpec("Quarry outlaws", "#ff0000"), s.sides[1]))
    app = make_app(battle=Battle(s, get_ruleset("ap"), 1), players=(0,))
    press(app, "l", "l")  # a bump previews, the same step again attacks
    assert app.state.mode == Mode.SUMMARY
    assert "Battle over after 1 round: Quarry outlaws win (last side standing)" in \
        screen_text(app)
