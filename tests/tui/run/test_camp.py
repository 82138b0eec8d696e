"""The camp screen's loot and offers: never a choice that then refuses with 'nothing fits'."""

from __future__ import annotations

import tcod.console

from arena.run.camp import choose
from arena.run.decisions import CampChoice
from arena.tui.run.camp import CampScreen
from tests.run.test_camp import full_camp
from tests.run.test_run import LIBRARY
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


def test_loot_for_a_full_member_asks_what_it_drops_and_shows_the_item_beside_each_member():
    screen = _screen()
    text = _text(screen)
    loot = screen.camp.loot[0]
    assert loot is not None
    assert "no room: every member carries 3 weapons: drop one to make room" in text, text
    screen.feed("l")
    screen.feed("1")  # the boss's sword
    text = _text(screen)
    spearman = screen.camp.party[0]
    assert f"{loot.name}: 1d8, melee, one hand, +1" in text, text
    assert f"{spearman.name}: " in text and "damage a turn with it" in text, text
    assert "Spearman (full: drops one)" in screen._prompt()
    screen.feed("1")  # the spearman
    assert screen._prompt().startswith("Spearman is full: drop which? 1) longspear  2) dagger")
    screen.feed("3")
    assert screen.pending is None
    assert [g.weapon.name for g in spearman.gear] == ["longspear", "dagger", loot.name]
    assert screen.message == f"Spearman leaves dagger behind; Spearman takes {loot.name}"


def test_inspecting_an_item_shows_its_card_until_a_key():
    screen = _screen()
    screen.feed("i")
    assert "Inspect which?" in screen._prompt()
    screen.feed("3")  # loot, then the goods: the buckler
    assert screen.card is not None and screen.card.name == "buckler"
    text = _text(screen)
    assert "buckler: shield, 1 AC" in text and "the foes ahead hit" not in text, text
    assert "against a plain soldier" in text  # no foes ahead in this hand-made camp
    screen.feed("x")
    assert screen.card is None and not screen.confirm_retire


def test_a_loot_of_more_than_nine_is_answered_by_letters_after_the_digits_and_all_shown():
    screen = _screen()
    names = ["dagger", "longsword", "short_sword", "hand_axe", "battleaxe", "mace", "spear",
             "gladius", "longspear", "trident", "war_hammer", "javelin"]
    screen.camp.loot = [LIBRARY.weapons[n] for n in names]
    for m in screen.camp.party:  # room for one more weapon each
        m.gear = m.gear[:1]
    screen.feed("l")
    prompt = screen._prompt()
    assert "9) longspear  a) trident  b) war hammer  c) javelin  Esc: never mind" in prompt, prompt
    text = _text(screen)  # the question wraps onto the rows above; nothing is cut off
    assert "c) javelin Esc: never mind" in text, text
    screen.feed("b")
    screen.feed("1")
    assert screen.camp.party[0].gear[-1].weapon.id == "war_hammer"
    assert screen.camp.loot[10] is None


def test_a_shield_is_not_offered_to_a_two_handed_fighter_as_if_it_were_full():
    screen = _screen()
    great = LIBRARY.weapons["greatsword"]
    for m in screen.camp.party:
        m.gear = m.gear[:1]
    first = screen.camp.party[0]
    first.gear[0].weapon = first.gear[0].original = great
    screen.camp.offers = [LIBRARY.armour["buckler"]]
    screen.feed("o")
    screen.feed("1")
    assert screen._prompt() == (  # the crossbowman's light crossbow takes two hands too
        "Who takes it? (Spearman fights two-handed: buckler needs a free off hand; Crossbowman "
        "fights two-handed: buckler needs a free off hand) 1) Skirmisher  Esc: never mind")
