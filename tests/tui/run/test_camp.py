"""The camp screen's loot and offers: never a choice that then refuses with 'nothing fits'."""

from __future__ import annotations

import tcod.console

from arena.run.camp import choose
from arena.run.decisions import CampChoice
from arena.tui.run.camp import CampScreen
from tests.run.test_camp import full_camp
from tests.tui.battle.test_app import rows


def _screen() -> CampScreen:
    camp = full_camp()

    def make(choice: CampChoice) -> str | None:
        return choose(camp, choice)

    return CampScreen(camp, "ap", 5, [], make)


def _text(screen: CampScreen) -> str:
    console = tcod.console.Console(100, 30, order="C")
    screen.draw(console)
    return " ".join(" ".join(rows(console)).split())


def test_loot_nobody_can_take_is_shown_as_such_and_never_offered_as_a_choice():
    screen = _screen()
    text = _text(screen)
    assert f"{screen.camp.loot[0].name} (no room)" in text, text
    screen.feed("l")
    assert screen.pending is None  # no question that leads nowhere
    assert "nothing fits" not in screen.message
    assert "carries 3 weapons" in screen.message and "dropped" in screen.message, \
        screen.message


def test_an_offer_list_holds_only_what_someone_can_take():
    screen = _screen()
    screen.feed("o")
    assert screen.pending is not None
    prompt = screen._prompt()
    assert "buckler" in prompt and "longsword" not in prompt, prompt
