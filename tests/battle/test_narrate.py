"""The log's wording: counts agree with their nouns, a plural side wins in the plural."""

from __future__ import annotations

from arena.battle.narrate import narrate
from arena.ecs.events import AuraStarted, BattleEnded, Died

SIDES = {0: "Your company", 1: "Quarry outlaws"}


def test_a_side_whose_name_is_plural_wins_in_the_plural_after_one_round():
    line = narrate(BattleEnded(1, 1, "last side standing"), {}, SIDES)
    assert line == "Battle over after 1 round: Quarry outlaws win (last side standing)"
    line = narrate(BattleEnded(0, 3, "last side standing"), {}, SIDES)
    assert line == "Battle over after 3 rounds: Your company wins (last side standing)"


def test_a_fall_names_the_one_who_felled_it_after_by():
    names = {1: "Orc 2", 2: "Ann"}
    assert narrate(Died(2, 1), names, SIDES) == "Ann falls, slain by Orc 2"
    assert narrate(Died(2, 2, "bled out"), names, SIDES) == "Ann falls, bled out"


def test_an_aura_of_one_hex_for_one_round_is_counted_in_the_singular():
    line = narrate(AuraStarted(2, "chant", 1, 1, 2, 2), {2: "Ann"}, SIDES)
    assert line == "Ann starts chant: 1 hex around, for 1 round (2 AP)"
