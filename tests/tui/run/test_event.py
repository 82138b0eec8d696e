"""The event screen: what befell the party is shown whole, however long its words."""

from __future__ import annotations

import tcod.console

from arena.model.eventcard import Effect, EventCard, EventOption
from arena.run.camp import choose
from arena.tui.run.event import EventScreen
from tests.run.test_events import event_camp
from tests.tui.battle.test_app import rows

LONG = ("The owner comes back with his sons and their cudgels. You leave with nothing but the "
        "bruises, and the tracks that led away were theirs all along.")
CARD = EventCard("test_cart", "A Cart", "A cart lies in the ditch.", (
    EventOption("Strip the cart", 0, 100, Effect(text=LONG, coin=-5), None),
))


def test_an_answer_s_long_outcome_wraps_onto_the_rows_above_the_keys():
    camp = event_camp(30, CARD)
    screen = EventScreen(camp, lambda c: choose(camp, c), "An event at step 7")
    screen.feed("1")
    screen.feed("y")
    console = tcod.console.Console(80, 24, order="C")
    screen.draw(console)
    text = " ".join(" ".join(rows(console)).split())
    assert "and the tracks that led away were theirs all along." in text, text
    assert rows(console)[-1].strip() == "Enter: march on (the run's map)"
