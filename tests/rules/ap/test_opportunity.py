"""Open actions and Actions of Opportunity (document 003 and DECISIONS.md `ap`: "Open")."""

from __future__ import annotations

import esper

from arena.battle.core import Battle
from arena.ecs.components import ActionPoints, Conditions, Item, Position
from arena.ecs.events import (
    ActionFailed,
    Attacked,
    ConditionEnded,
    Moved,
    OpeningPresented,
    PickedUp,
    ReactionDeclined,
    Refused,
    TurnStarted,
)
from arena.hexgrid import Hex
from arena.model.commands import Attack, EndTurn, Move, PickUp, React, StandUp
from arena.model.stats import Weapon
from arena.rules.ap import ApRuleset
from tests.factories import DAGGER, LONGSWORD, SHORTBOW, ap_stats, fighter, scenario

AP = ApRuleset()
LONGSPEAR = Weapon("longspear", "longspear", "d8", hands=2, reach=2, multiplier=3)


def duel(*script, ann=None, bob=None, **kw):
    """Ann (acts first) at (0, 0) against Bob at (1, 0) facing her."""
    s = scenario(ann or fighter("Ann", 0, Hex(0, 0), stats=ap_stats(dex=9), **kw),
                 bob or fighter("Bob", 1, Hex(1, 0), facing=3))
    return Battle(s, AP, seed=5, dice_script=[15, 1, *script])


def test_moving_presents_an_opening_and_a_hit_makes_the_move_fail():
    # "Each enemy that threatens the Open combatant may spend 2 off-turn AP on an Action of
    # Opportunity (a melee attack); if it hits, the Open action fails."
    with duel(14, 5) as b:
        events = b.apply(Move(1, Hex(-2, 0)))
        assert events == [OpeningPresented(1, "move", (2,))]
        assert b.active == 2
        events = b.apply(React(2, True))
        attacked = events[0]
        assert isinstance(attacked, Attacked) and attacked.reaction and attacked.result.hit
        assert attacked.ap_spent == 2
        assert events[-1] == ActionFailed(1, "move", "hit by an Action of Opportunity")
        esper.switch_world(b.world.name)
        assert esper.component_for_entity(1, Position).hex == Hex(0, 0)
        assert esper.component_for_entity(1, ActionPoints).current == 5
        assert esper.component_for_entity(2, ActionPoints).current == 4
        assert b.active == 1


def test_a_missed_action_of_opportunity_lets_the_move_go_on():
    with duel(3) as b:
        b.apply(Move(1, Hex(-2, 0)))
        events = b.apply(React(2, True))
        assert not events[0].result.hit
        moved = [e for e in events if isinstance(e, Moved)]
        assert moved[-1].path[-1] == Hex(-2, 0)
        esper.switch_world(b.world.name)
        assert esper.component_for_entity(1, ActionPoints).current == 4


def test_declining_is_a_choice_recorded_as_an_event():
    with duel() as b:
        b.apply(Move(1, Hex(-2, 0)))
        events = b.apply(React(2, False))
        assert events[0] == ReactionDeclined(2, 1)
        assert isinstance(events[-1], Moved) and events[-1].path[-1] == Hex(-2, 0)


def test_while_an_opening_waits_only_the_reactor_may_answer():
    with duel() as b:
        b.apply(Move(1, Hex(-2, 0)))
        (refused,) = b.apply(EndTurn(1))
        assert isinstance(refused, Refused) and "Action of Opportunity" in refused.reason
        (refused,) = b.apply(React(1, True))
        assert isinstance(refused, Refused)


def test_no_opening_without_two_ap_left():
    with duel() as b:
        esper.switch_world(b.world.name)
        esper.component_for_entity(2, ActionPoints).current = 1
        events = b.apply(Move(1, Hex(-2, 0)))
        assert isinstance(events[0], Moved) and events[0].path[-1] == Hex(-2, 0)


def test_bows_cannot_make_actions_of_opportunity():
    # "Characters cannot use ranged attacks as Actions of Opportunity."
    archer = fighter("Bob", 1, Hex(1, 0), facing=3, weapons=(SHORTBOW,))
    with duel(bob=archer) as b:
        events = b.apply(Move(1, Hex(-2, 0)))
        assert isinstance(events[0], Moved)


def test_unarmed_strikes_threaten_only_with_the_feat():
    # An unarmed attack without the feat "Presents an Opening", so it cannot answer one.
    archer = fighter("Bob", 1, Hex(1, 0), facing=3, weapons=(SHORTBOW,))
    with duel(bob=archer) as b:
        assert b.reactions.reaction_slot(2, 1) is None
    boxer = fighter("Bob", 1, Hex(1, 0), facing=3, weapons=(SHORTBOW,),
                    stats=ap_stats(feats="unarmed_strike"))
    with duel(bob=boxer) as b:
        assert b.reactions.reaction_slot(2, 1) == 1


def test_ranged_attack_is_open_and_fails_when_the_reaction_hits():
    # "Characters making a ranged attack are considered Open for the duration of the attack."
    ann = fighter("Ann", 0, Hex(0, 0), stats=ap_stats(dex=9), weapons=(SHORTBOW, DAGGER))
    with duel(14, 5, ann=ann) as b:
        events = b.apply(Attack(1, 2, weapon=0))
        assert events == [OpeningPresented(1, "attack", (2,))]
        events = b.apply(React(2, True))
        assert events[-1] == ActionFailed(1, "attack", "hit by an Action of Opportunity")
        esper.switch_world(b.world.name)
        assert esper.component_for_entity(1, ActionPoints).current == 2


def test_melee_with_a_weapon_is_not_open_but_unarmed_without_the_feat_is():
    with duel(10, 5) as b:
        assert isinstance(b.apply(Attack(1, 2, weapon=0))[0], Attacked)
    with duel() as b:
        unarmed = len(b.attacks.weapons(1)) - 1
        assert isinstance(b.apply(Attack(1, 2, weapon=unarmed))[0], OpeningPresented)


def test_standing_up_and_picking_up_are_open():
    with duel() as b:
        esper.switch_world(b.world.name)
        esper.component_for_entity(1, Conditions).rounds["prone"] = 0
        assert isinstance(b.apply(StandUp(1))[0], OpeningPresented)
        events = b.apply(React(2, False))
        assert events[-1] == ConditionEnded(1, "prone")
        esper.create_entity(Item(DAGGER, None), Position(Hex(0, 0)))
        assert isinstance(b.apply(PickUp(1))[0], OpeningPresented)
        assert isinstance(b.apply(React(2, False))[-1], PickedUp)


def test_reach_weapons_threaten_two_hexes_away():
    # "default adjacent hexes, weapons with reach extend this"
    spearman = fighter("Bob", 1, Hex(2, 0), facing=3, weapons=(LONGSPEAR,))
    with duel(bob=spearman) as b:
        events = b.apply(Move(1, Hex(-1, 0)))
        assert events == [OpeningPresented(1, "move", (2,))]


def test_an_action_of_opportunity_that_kills_ends_the_movers_turn():
    weak = fighter("Ann", 0, Hex(0, 0), stats=ap_stats(dex=9), hp=3)
    with duel(14, 5, ann=weak) as b:
        b.apply(Move(1, Hex(-2, 0)))
        events = b.apply(React(2, True))
        assert b.over or any(isinstance(e, TurnStarted) and e.actor == 2 for e in events)


def test_the_ai_takes_actions_of_opportunity():
    with duel(3) as b:
        b.apply(Move(1, Hex(-2, 0)))
        assert b.decide() == React(2, True)


def test_longsword_duel_positions_are_unchanged_by_a_declined_reaction():
    ann = fighter("Ann", 0, Hex(0, 0), stats=ap_stats(dex=9), weapons=(LONGSWORD,))
    with duel(ann=ann) as b:
        b.apply(Move(1, Hex(0, 1)))
        b.apply(React(2, False))
        esper.switch_world(b.world.name)
        assert esper.component_for_entity(1, Position).hex == Hex(0, 1)
