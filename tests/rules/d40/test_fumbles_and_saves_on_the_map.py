"""`d40` on the map, issue 11: what ends actions ends reactions too; saves vs crushing blow
from the stat block; row 19 against attached weapons; picking up takes the turn.

Scripted dice as in `test_criticals_on_the_map.py`: two d10s of initiative (Ann #1 first), then
the attacks. Ann (0, 0) faces E, Bob (1, 0) faces W; both wield the kit's longsword (d8).
"""

from __future__ import annotations

import dataclasses

from arena.battle.core import Battle
from arena.ecs.components import Wielded
from arena.ecs.events import (
    Attacked,
    ConditionAdded,
    ConditionEnded,
    OpeningPresented,
    PickedUp,
    Refused,
    TurnStarted,
    WeaponBroken,
)
from arena.hexgrid import Hex
from arena.model.commands import Attack, EndTurn, PickUp, React
from arena.model.stats import Weapon
from tests.factories import fighter, scenario
from tests.rules.d40.kit import D40, d40_stats
from tests.rules.d40.test_criticals_on_the_map import (
    NATURAL_2,
    NATURAL_40,
    battle,
    component,
    first,
    hp,
)

PLAIN_SWORD = Weapon("longsword", "longsword", "d8")  # no crushing_save of its own
CLAW = Weapon("claw", "claw", "d6")


def duel(*script: int, bob_weapon: Weapon, bob_speed: int = 6, **bob: object) -> Battle:
    """Ann (kit longsword, Strength 16) against Bob holding `bob_weapon`, Ann first."""
    ann = fighter("Ann", 0, Hex(0, 0), 0, hp=40, weapons=(PLAIN_SWORD,))
    ann = dataclasses.replace(ann, stats={"d40": d40_stats(str=16)})
    bob_spec = fighter("Bob", 1, Hex(1, 0), 3, hp=40, speed=bob_speed, weapons=(bob_weapon,))
    bob_spec = dataclasses.replace(bob_spec, stats={"d40": d40_stats(**bob)})
    s = dataclasses.replace(scenario(ann, bob_spec), ruleset="d40")
    return Battle(s, D40, seed=5, dice_script=[1, 2, *script])


# --- whatever ends or forbids actions forbids reactions --------------------------------------

def test_a_fumbler_whose_actions_ended_takes_no_attack_of_opportunity_later_that_round():
    # "If a player suffers a Critical Miss of any kind then they automatically lose any
    # additional attacks or actions for the rest of that round." Ann stumbles (row 1) on her
    # turn; Bob then stumbles into row 3 ("provoke an Attack of Opportunity"): Ann may not.
    with battle(*NATURAL_2, 1, *NATURAL_2, 3, 4, 4) as b:
        assert ConditionAdded(1, "actions_ended", 0, 0) in b.apply(Attack(1, 2))
        b.apply(EndTurn(1))
        events = b.apply(Attack(2, 1))
        assert not any(isinstance(e, OpeningPresented) for e in events)
        assert b.active == 2
        (refused,) = b.apply(React(1, True))
        assert isinstance(refused, Refused)
        # The round is over: the next one starts with Ann free to act again.
        assert ConditionEnded(1, "actions_ended") in b.apply(EndTurn(2))


def test_a_stunned_opponent_makes_no_automatic_hit_of_critical_miss_rows_11_12():
    # Stunned: "can take no actions"; rows 11-12: "Weapon (Shield) knocked away, Automatic
    # Hit ... This hit is considered an Attack of Opportunity by the opponent." Ann stuns Bob
    # (row 16, d4 2: two of his turns), then fumbles into row 11 next round (d10 3 ft, d6 4).
    with battle(*NATURAL_40, 16, 2, 1, 2, *NATURAL_2, 11, 3, 4, 5) as b:
        b.apply(Attack(1, 2))
        b.apply(EndTurn(1))
        b.apply(EndTurn(2))  # stunned: ends its turn; still stunned for one more
        events = b.apply(Attack(1, 2))
        assert not any(isinstance(e, Attacked) and e.actor == 2 for e in events)
        fumbled = next(e for e in events if isinstance(e, Attacked) and e.actor == 1)
        assert "the opponent is stunned: no automatic hit" in fumbled.result.notes
        assert hp(b, 1) == 40


def test_a_critical_miss_during_an_attack_of_opportunity_costs_the_fumblers_next_turn():
    # "they automatically lose any additional attacks or actions for the rest of that round.
    # Furthermore, they may not attempt any other combat actions for the remainder of the
    # round." Ann's row 3 provokes; Bob's attack of opportunity fumbles (row 1): Bob's own
    # turn, still to come this round, is lost, and it ends with that turn.
    with battle(*NATURAL_2, 3, *NATURAL_2, 1) as b:
        assert OpeningPresented(1, "provoke", (2,)) in b.apply(Attack(1, 2))
        events = b.apply(React(2, True))
        assert ConditionAdded(2, "turn_lost", 1, 0) in events
        started = first(b.apply(EndTurn(1)), TurnStarted)
        assert (started.actor, started.ap) == (2, 0)
        (refused,) = b.apply(Attack(2, 1))
        assert isinstance(refused, Refused)
        assert refused.reason == "its actions are over for this round"
        assert b.decide() == EndTurn(2)
        assert ConditionEnded(2, "turn_lost") in b.apply(EndTurn(2))


# --- saves vs crushing blow from the stat block; attached weapons ---------------------------

def test_row_19_a_weapon_without_its_own_save_saves_with_its_wielders_on_the_map():
    # DECISIONS.md `d40`: "Saves (... "save vs crushing blow") use a saving-throw number from
    # the combatant's stat block". Bob's plain longsword, his `save_crushing` 12: d20 12 saves.
    with duel(*NATURAL_40, 19, 12, bob_weapon=PLAIN_SWORD, save_crushing=12) as b:
        events = b.apply(Attack(1, 2))
        assert not any(isinstance(e, WeaponBroken) for e in events)
        assert component(b, 2, Wielded).weapons == [PLAIN_SWORD]
    with duel(*NATURAL_40, 19, 11, bob_weapon=PLAIN_SWORD, save_crushing=12) as b:
        assert WeaponBroken(2, "longsword", 0, ()) in b.apply(Attack(1, 2))


def test_row_13_a_fumbled_weapon_without_its_own_save_saves_with_its_wielders_on_the_map():
    # "The item must save vs. a crushing blow or be broken": Ann's plain longsword saves with
    # her default `save_crushing` 10.
    with duel(*NATURAL_2, 13, 10, bob_weapon=PLAIN_SWORD) as b:
        assert not any(isinstance(e, WeaponBroken) for e in b.apply(Attack(1, 2)))
        assert component(b, 1, Wielded).weapons == [PLAIN_SWORD]


def test_row_19_severs_an_attached_claw_that_fails_its_save():
    # "For enemies with attached weapons, this may cause a limb to get severed (for example,
    # a claw to get severed or may shatter)."
    with duel(*NATURAL_40, 19, 3, bob_weapon=CLAW, attached=True) as b:
        events = b.apply(Attack(1, 2))
        assert WeaponBroken(2, "claw", 0, ()) in events
        assert component(b, 2, Wielded).weapons == []
        assert hp(b, 2) == 40 - 30


# --- "spend 1 round to pick it up" ------------------------------------------------------------

def test_picking_up_a_dropped_weapon_takes_the_whole_turn_even_at_speed_8():
    # "To retrieve it, the enemy must spend 1 round to pick it up off of the ground." Bob
    # (speed 8) drops his sword to row 17; picking it up leaves no AP for an attack.
    with duel(*NATURAL_40, 17, bob_weapon=PLAIN_SWORD, bob_speed=8) as b:
        b.apply(Attack(1, 2))
        b.apply(EndTurn(1))
        picked = first(b.apply(PickUp(2)), PickedUp)
        assert (picked.ap_spent, picked.ap_left) == (8, 0)
        (refused,) = b.apply(Attack(2, 1))
        assert isinstance(refused, Refused)
        assert b.decide() == EndTurn(2)
