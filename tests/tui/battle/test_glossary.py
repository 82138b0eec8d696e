"""The help's third page, the glossary: the screens' words and the ruleset's own (issue 30)."""

from __future__ import annotations

from arena.hexgrid import Hex
from arena.tui.battle.glossary import RULESETS, glossary_lines
from tests.factories import fighter
from tests.tui.battle import test_app
from tests.tui.battle.test_app import FAST, SLOW, press, screen_text

make_app = test_app.make_app  # the same fixture: apps of hand-made battles


def test_every_ruleset_has_its_terms_and_the_words_the_issue_named_are_explained():
    assert set(RULESETS) == {"d40", "ap", "adnd", "becmi"}
    becmi = " ".join(text for text, _ in glossary_lines("becmi", 200))
    for word in ("HRM: hit roll modifier", "threat N (sum M)", "AP: action points",
                 "level on the document's table", "open action"):
        assert word in becmi, word
    assert "THAC0" in " ".join(text for text, _ in glossary_lines("adnd", 200))


def test_the_last_help_page_is_the_glossary_of_the_battle_s_ruleset(make_app):
    app = make_app(fighter("Ann", 0, Hex(-2, 0), stats=FAST),
                   fighter("Bob", 1, Hex(2, 0), facing=3, stats=SLOW))
    press(app, "?", "x", "x", "x")  # this mode's keys, the other modes', the guide, the glossary
    text = screen_text(app, 100, 40)
    assert "Help, page 4 of 4" in text and "double critical:" in text, text
