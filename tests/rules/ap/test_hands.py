"""`ap` hands on the map (document 003): unarmed strikes added to a weapon, severed hands."""

from __future__ import annotations

import esper

from arena.battle.core import Battle
from arena.ecs.components import Conditions, Item, Position, Wielded
from arena.ecs.events import Attacked, ConditionAdded, Refused, WeaponDropped
from arena.hexgrid import Hex
from arena.model.commands import Attack, EndTurn
from arena.model.stats import Weapon
from arena.rules.ap import UNARMED, ApRuleset
from arena.rules.ap.hands import holding
from arena.rules.ap.odds import ap_odds
from tests.factories import DAGGER, LONGSWORD, ap_stats, fighter, scenario

AP = ApRuleset()
GREATSWORD = Weapon("greatsword", "greatsword", "2d6", hands=2, threat=19)
BRAWLER = ap_stats(dex=9, feats="unarmed_strike")  # no opening, no −2: only the table shows


def duel(*script, ann_weapons=(LONGSWORD,), bob_weapons=(LONGSWORD,), bob_hp=12, speed=8):
    """Ann (acts first, Unarmed Strike feat) at (0, 0) against Bob at (1, 0) facing her."""
    s = scenario(
        fighter("Ann", 0, Hex(0, 0), stats=BRAWLER, weapons=ann_weapons, speed=speed),
        fighter("Bob", 1, Hex(1, 0), facing=3, weapons=bob_weapons, hp=bob_hp))
    return Battle(s, AP, seed=5, dice_script=[15, 1, *script])


def penalties(events):
    """The two-weapon labels of the one attack in `events`."""
    (attacked,) = [e for e in events if isinstance(e, Attacked)]
    return [(m.label, m.value) for m in attacked.result.modifiers
            if m.label in ("two weapons", "off hand")]


def test_unarmed_strikes_in_addition_to_a_weapon_take_the_table_penalties_in_either_order():
    # "If a character fights with a weapon in each hand, or uses unarmed attacks in addition to
    # normal weapons, that character incurs penalties ... according to the table": the unarmed
    # strike is a light off hand, "Off hand weapon is light -4/-6". Declared with `two_weapons`
    # on the turn's first attack, whichever comes first.
    with duel(3, 3) as b:
        assert penalties(b.apply(Attack(1, 2, 0, ("two_weapons",)))) == [("two weapons", -4)]
        assert penalties(b.apply(Attack(1, 2, 1))) == [("off hand", -6)]
    with duel(3, 3) as b:
        assert penalties(b.apply(Attack(1, 2, 1, ("two_weapons",)))) == [("off hand", -6)]
        assert penalties(b.apply(Attack(1, 2, 0))) == [("two weapons", -4)]


def test_undeclared_unarmed_strike_in_addition_to_a_weapon_is_refused_in_either_order():
    # The first attack could not carry its table penalty, so the mix is refused, nothing spent.
    for first, second in ((0, 1), (1, 0)):
        with duel(3) as b:
            b.apply(Attack(1, 2, first))
            hashed = b.state_hash()
            (refused,) = b.apply(Attack(1, 2, second))
            assert isinstance(refused, Refused) and "two_weapons" in refused.reason
            assert b.state_hash() == hashed


def test_a_single_weapon_or_fists_alone_take_no_two_weapon_penalty():
    with duel(3, 3) as b:
        assert penalties(b.apply(Attack(1, 2, 0))) == []
        assert penalties(b.apply(Attack(1, 2, 0))) == []
    with duel(3, 3, ann_weapons=()) as b:
        assert penalties(b.apply(Attack(1, 2, 0))) == []
        (refused,) = b.apply(Attack(1, 2, 0, ("two_weapons",)))
        assert isinstance(refused, Refused)


def test_third_weapon_unarmed_is_an_off_hand_even_before_the_weapons_attack():
    # "If the character is in fact using three weapons (such as a sword, a dagger, and unarmed
    # strikes), the extra weapon counts as an off-hand weapon and incurs those penalties."
    with duel(3, ann_weapons=(LONGSWORD, DAGGER)) as b:
        assert penalties(b.apply(Attack(1, 2, 2))) == [("off hand", -6)]


def test_the_odds_show_the_two_weapon_penalty_of_the_declared_turn():
    # The exact odds read the same modifiers as the battle (`attack_modifiers`).
    with duel(3) as b:
        b.apply(Attack(1, 2, 1, ("two_weapons",)))
        plan = b.attacks.plan(Attack(1, 2, 0))
        assert not isinstance(plan, str)
        odds = ap_odds(AP, plan[0])
        assert ("two weapons", -4) in [(m.label, m.value) for m in odds.modifiers]


def test_two_handed_weapon_falls_when_either_hand_is_severed():
    # Document: "1 | Left hand severed"; DECISIONS.md: "severed hands drop what they hold".
    # A two-handed weapon is held by both hands: it falls on Bob's hex, and Bob fights on with
    # his fists (the AI's choice once nothing is left in hand).
    # Ann: d20 20 (threat), confirm 20 (double critical), d8 5, d10 1, 2d6 1 1.
    with duel(20, 20, 5, 1, 1, 1, bob_weapons=(GREATSWORD,), bob_hp=60, speed=6) as b:
        events = b.apply(Attack(1, 2))
        assert ConditionAdded(2, "left_hand_severed", 0, 0) in events
        (dropped,) = [e for e in events if isinstance(e, WeaponDropped)]
        assert (dropped.actor, dropped.weapon, dropped.at) == (2, "greatsword", Hex(1, 0))
        esper.switch_world(b.world.name)
        assert esper.component_for_entity(2, Wielded).weapons == []
        assert esper.component_for_entity(dropped.item, Item).weapon == GREATSWORD
        assert esper.component_for_entity(dropped.item, Position).hex == Hex(1, 0)
        b.apply(EndTurn(1))
        assert b.decide() == Attack(2, 1, 0)
        assert b.attacks.weapons(2) == [UNARMED]


def test_a_severed_hand_drops_what_it_really_holds_after_an_earlier_loss():
    # After the right hand is gone the sword sits in the left hand: losing the left arm drops it.
    right_gone = frozenset({"right_hand_severed"})
    assert holding((LONGSWORD,), right_gone) == {1: 0}
    assert holding((GREATSWORD,), frozenset()) == {0: 0, 1: 0}
    assert holding((LONGSWORD, DAGGER), frozenset()) == {0: 0, 1: 1}
    with duel(20, 20, 5, 3, 1, 1, 1, 1, bob_hp=60, speed=6) as b:
        esper.switch_world(b.world.name)
        esper.component_for_entity(2, Conditions).rounds["right_hand_severed"] = 0
        events = b.apply(Attack(1, 2))
        (dropped,) = [e for e in events if isinstance(e, WeaponDropped)]
        assert dropped.weapon == "longsword"
        assert esper.component_for_entity(2, Wielded).weapons == []
