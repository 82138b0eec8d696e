"""`d40` criticals on the hex map: each table row's effects acting through the engine, with
scripted dice (two d10s of initiative first, then the attack).

Ann (#1, a 1st-level warrior, Strength 16) stands on (0, 0) facing E; Bob (#2) on (1, 0)
facing W. Both wield a longsword (d8): Ann's MWD is 8 + 2 = 10.
"""

from __future__ import annotations

import dataclasses

import esper

from arena.battle.core import Battle
from arena.ecs.components import ActionPoints, Conditions, Health, Item, Position, Wielded
from arena.ecs.events import (
    Attacked,
    ConditionAdded,
    ConditionEnded,
    Died,
    KnockedBack,
    OpeningPresented,
    PickedUp,
    Refused,
    RoundStarted,
    TurnStarted,
    Upkept,
    WeaponBroken,
    WeaponDropped,
)
from arena.hexgrid import Hex
from arena.model.commands import Attack, EndTurn, Move, PickUp, React
from arena.model.scenario import CombatantSpec
from tests.factories import fighter, scenario
from tests.rules.d40.kit import D40, SWORD, d40_stats

NATURAL_40, NATURAL_2 = (20, 20), (1, 1)


def d40_fighter(name: str, side: int, at: Hex, facing: int = 0, hp: int = 40,
                **stats: object) -> CombatantSpec:
    """A combatant with a longsword and a `d40` stat block."""
    spec = fighter(name, side, at, facing, hp=hp, weapons=(SWORD,))
    return dataclasses.replace(spec, stats={"d40": d40_stats(**stats)})


def battle(*script: int, ann: dict | None = None, bob: dict | None = None,
           extra: tuple[CombatantSpec, ...] = ()) -> Battle:
    """Ann against Bob (plus `extra`), Ann acting first, then the scripted faces."""
    specs = (d40_fighter("Ann", 0, Hex(0, 0), 0, **{"str": 16, **(ann or {})}),
             d40_fighter("Bob", 1, Hex(1, 0), 3, **(bob or {})), *extra)
    s = dataclasses.replace(scenario(*specs), ruleset="d40")
    initiative = list(range(1, len(specs) + 1))
    return Battle(s, D40, seed=5, dice_script=[*initiative, *script])


def component(b: Battle, entity: int, kind: type) -> object:
    esper.switch_world(b.world.name)
    return esper.component_for_entity(entity, kind)


def hp(b: Battle, entity: int) -> int:
    health = component(b, entity, Health)
    assert isinstance(health, Health)
    return health.hp


def first(events: list, kind: type) -> object:
    return next(e for e in events if isinstance(e, kind))


# --- critical hits --------------------------------------------------------------------------

def test_knock_back_pushes_one_hex_then_the_attacker_strikes_free_at_the_off_guard_target():
    # Bob: AC 4 with Dexterity 16 (+2 inside it): the free attack is against AC 6, column B: 22.
    with battle(*NATURAL_40, 7, 15, 15, 3, bob={"ac": 4, "dex": 16}) as b:
        events = b.apply(Attack(1, 2))
        assert first(events, KnockedBack) == KnockedBack(2, (Hex(1, 0), Hex(2, 0)))
        free = [e for e in events if isinstance(e, Attacked) and e.free]
        assert len(free) == 1 and free[0].distance == 2 and free[0].ap_spent == 0
        assert free[0].result.target_label == "AC 4 +2 no DEX (off guard) = 6 (column B) needs"
        assert hp(b, 2) == 40 - 10 - 5


def test_heavy_bleeding_ticks_at_the_start_of_each_of_the_bleeders_turns():
    with battle(*NATURAL_40, 14, 3, 4, 4, 2) as b:
        b.apply(Attack(1, 2))
        assert hp(b, 2) == 20
        upkept = first(b.apply(EndTurn(1)), Upkept)
        assert (upkept.actor, upkept.damage, upkept.notes, upkept.hp) == (
            2, 3, ("heavy bleeding",), 17)
        b.apply(EndTurn(2))  # round 2: initiative d10 4, 4; Ann first on the tie
        events = b.apply(EndTurn(1))
        assert first(events, Upkept).damage == 2 and hp(b, 2) == 15


def test_a_stunned_combatant_can_only_end_its_turn_and_foes_gain_2():
    with battle(*NATURAL_40, 16, 1, 1, 2, 10, 10) as b:
        assert ConditionAdded(2, "stunned", 1, 0) in b.apply(Attack(1, 2))
        b.apply(EndTurn(1))
        (refused,) = b.apply(Attack(2, 1))
        assert isinstance(refused, Refused) and refused.reason == "stunned"
        assert b.decide() == EndTurn(2)
        assert ConditionEnded(2, "stunned") in b.apply(EndTurn(2))


def test_blindness_halves_the_ap_pool_and_gives_foes_2():
    with battle(*NATURAL_40, 13, 2) as b:
        b.apply(Attack(1, 2))
        started = first(b.apply(EndTurn(1)), TurnStarted)
        assert (started.actor, started.ap) == (2, 3)


def test_a_dropped_weapon_lies_at_the_feet_picking_it_up_takes_the_turn_and_initiative_is_lost():
    with battle(*NATURAL_40, 17, 9, 1) as b:
        events = b.apply(Attack(1, 2))
        dropped = first(events, WeaponDropped)
        assert (dropped.actor, dropped.at) == (2, Hex(1, 0)) and dropped.item is not None
        assert ConditionAdded(2, "lose_initiative", 0, 0) in events
        b.apply(EndTurn(1))
        picked = first(b.apply(PickUp(2)), PickedUp)
        assert (picked.ap_spent, picked.ap_left) == (6, 0)
        started = first(b.apply(EndTurn(2)), RoundStarted)
        assert started.order == (1, 2)  # Bob rolled 1 but acts last


def test_a_shattered_weapon_is_gone():
    # Bob's longsword saves vs crushing blow on d20 + 1 >= 12: a 1 fails.
    with battle(*NATURAL_40, 19, 1) as b:
        events = b.apply(Attack(1, 2))
        assert WeaponBroken(2, "longsword", 0, ()) in events
        assert component(b, 2, Wielded).weapons == []
        assert hp(b, 2) == 10


def test_a_mortal_wound_kills_when_the_save_vs_poison_fails():
    with battle(*NATURAL_40, 20, 13, 2, bob={"save_poison": 14}) as b:
        events = b.apply(Attack(1, 2))
        assert any(isinstance(e, Died) and e.actor == 2 for e in events)
        assert b.over


# --- critical misses ------------------------------------------------------------------------

def test_a_lost_weapon_lands_d6_feet_away_and_the_fumblers_actions_end():
    with battle(*NATURAL_2, 5, 6, 1) as b:
        dropped = first(b.apply(Attack(1, 2)), WeaponDropped)
        assert dropped.at == Hex(2, 0)  # 6 ft = 2 hexes straight ahead (d6 1)
        item = dropped.item
        assert item is not None and component(b, item, Position).hex == Hex(2, 0)
        assert component(b, item, Item).owner == 1
        assert component(b, 1, ActionPoints).current == 0


def test_a_provoked_attack_of_opportunity_is_free_and_offered_to_each_threatening_enemy():
    with battle(*NATURAL_2, 3, 10, 10, ann={"ac": 1}) as b:
        events = b.apply(Attack(1, 2))
        assert OpeningPresented(1, "provoke", (2,)) in events
        assert b.active == 2
        struck = first(b.apply(React(2, True)), Attacked)
        assert (struck.actor, struck.reaction, struck.ap_spent) == (2, True, 0)
        assert b.active == 1 and b.decide() == EndTurn(1)


def test_a_weapon_knocked_away_and_the_opponents_automatic_hit():
    with battle(*NATURAL_2, 11, 3, 4, 5) as b:
        events = b.apply(Attack(1, 2))
        assert first(events, WeaponDropped).at == Hex(-1, 0)  # d6 4: straight behind
        hit = next(e for e in events if isinstance(e, Attacked) and e.free)
        assert (hit.actor, hit.target, hit.result.natural, hit.result.damage) == (2, 1, 0, 5)
        assert hp(b, 1) == 35


def test_a_trip_leaves_the_fumbler_prone_and_stunned_until_it_comes_to():
    with battle(*NATURAL_2, 14, 1, 2, 4, 1, 2, 1, 2) as b:
        events = b.apply(Attack(1, 2))
        assert ConditionAdded(1, "prone", 2, 0) in events
        assert ConditionAdded(1, "stunned", 2, 0) in events
        assert first(events, WeaponDropped).at == Hex(-1, 0)
        b.apply(EndTurn(1))
        b.apply(EndTurn(2))
        assert b.active == 1 and b.decide() == EndTurn(1)
        events = b.apply(EndTurn(1))
        assert {e.name for e in events if isinstance(e, ConditionEnded) and e.actor == 1} >= {
            "prone", "stunned"}
        b.apply(EndTurn(2))
        assert not isinstance(b.apply(Move(1, Hex(-1, 1)))[0], Refused)


def test_hitting_an_alternative_target_strikes_the_nearest_in_the_forward_hexes():
    cid = d40_fighter("Cid", 0, Hex(1, -1), 0, hp=30)  # Ann's ally, front-left of her
    with battle(*NATURAL_2, 17, 6, extra=(cid,)) as b:
        events = b.apply(Attack(1, 2))
        hit = next(e for e in events if isinstance(e, Attacked) and e.free)
        assert (hit.actor, hit.target, hit.result.damage) == (1, 3, 8)
        assert hp(b, 3) == 22
        assert ConditionAdded(1, "flat_footed", 2, 0) in events
        assert OpeningPresented(1, "provoke", (2,)) in events


def test_hitting_oneself_deals_weapon_damage_without_strength_and_stuns():
    with battle(*NATURAL_2, 20, 4, 1, 4) as b:
        events = b.apply(Attack(1, 2))
        assert hp(b, 1) == 36
        assert ConditionAdded(1, "stunned", 2, 0) in events
        assert "stunned" in component(b, 1, Conditions).rounds


def test_a_weapon_that_fails_its_crushing_blow_save_breaks():
    with battle(*NATURAL_2, 13, 1) as b:
        assert WeaponBroken(1, "longsword", 0, ()) in b.apply(Attack(1, 2))
        assert component(b, 1, Wielded).weapons == []
