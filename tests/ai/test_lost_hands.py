"""The AIs with a hand lost (`ap`): they never wait on a weapon they have no hand to hold."""

from __future__ import annotations

from arena.hexgrid import Hex
from arena.model.commands import Attack, EndTurn, Move
from tests.rules.ap.test_severed_limbs import duel


def test_a_shield_bearer_whose_sword_hand_is_gone_does_not_wait_to_take_the_sword_back():
    # Row 2, right hand severed: the longsword falls at Bob's feet, the heater shield takes the
    # hand left, so the sword can never be taken up again: "re-arm" by waiting for it is no
    # choice (it was the tactical AI's second, rated above most walks).
    with duel(20, 20, 5, 2, 1, 1) as b:
        b.roster.configure("tactical", "normal", 2)
        b.apply(Attack(1, 2))
        b.apply(Move(1, Hex(-1, 0)))  # Ann steps back: no foe next to Bob
        b.apply(EndTurn(1))
        _, ranked = b.explain()
        assert not [c for c in ranked if c.label.startswith("re-arm")]
