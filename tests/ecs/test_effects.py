"""The engine's shared effects system and the situation it reads off the map for rulesets."""

from __future__ import annotations

import dataclasses

import esper

from arena.battle.core import Battle
from arena.dice import Dice
from arena.ecs.components import ActionPoints, Conditions, Health, Item, Position, Wielded
from arena.ecs.events import (
    Attacked,
    ConditionAdded,
    ConditionEnded,
    Died,
    KnockedBack,
    OpeningPresented,
    Refused,
    RoundStarted,
    Upkept,
    WeaponBroken,
    WeaponDropped,
)
from arena.hexgrid import Hex
from arena.model.commands import Attack, EndTurn, Move, React
from arena.model.terrain import Terrain
from arena.rules.ap import ApRuleset
from arena.rules.base import AttackContext, AttackResult, Effect, Landing, Upkeep
from tests.factories import SHORTBOW, WALL, ap_stats, fighter, scenario

PIT = Terrain("pit", "Pit", "_", blocks_move=True, hazard=True)
LOW_WALL = Terrain("low_wall", "Low wall", "=", "hard", blocks_move=True, obstacle=True, cover=2)


class Scripted(ApRuleset):
    """The ap ruleset, but every attack also carries the effects we choose."""

    maneuvers = (("smash", "test maneuver"),)

    def __init__(self, *effects: Effect) -> None:
        self.effects = effects
        self.seen: list[AttackContext] = []

    def resolve_attack(self, ctx: AttackContext, dice: Dice) -> AttackResult:
        self.seen.append(ctx)
        effects = () if "free" in ctx.options else self.effects
        return dataclasses.replace(super().resolve_attack(ctx, dice), effects=effects)


def battle(rules, *extra, walls=None, a_at=Hex(0, 0), b_at=Hex(1, 0), script=(14, 1)):
    s = scenario(fighter("Ann", 0, a_at, stats=ap_stats(dex=9)), fighter("Bob", 1, b_at, facing=3),
                 *extra)
    if walls:
        cells = dict(s.map.cells)
        cells.update(walls)
        s = dataclasses.replace(s, map=dataclasses.replace(s.map, cells=cells))
    return Battle(s, rules, seed=3, dice_script=[15, 1, *extra_faces(extra), *script])


def extra_faces(extra):
    return [1] * len(extra)


def test_condition_lasts_its_turns_and_ends_with_an_event():
    rules = Scripted(Effect("condition", "defender", "stunned", rounds=2))
    with battle(rules) as b:
        events = b.apply(Attack(1, 2))
        assert ConditionAdded(2, "stunned", 2, 0) in events
        b.apply(EndTurn(1))
        b.apply(EndTurn(2))   # first stunned turn over
        esper.switch_world(b.world.name)
        assert esper.component_for_entity(2, Conditions).rounds == {"stunned": 1}
        b.apply(EndTurn(1))
        events = b.apply(EndTurn(2))
        assert ConditionEnded(2, "stunned") in events


def test_dropped_weapon_lands_relative_to_facing():
    # Bob faces W (3); direction 0 = straight ahead, 2 hexes: from (1,0) to (-1,0)... Ann is on
    # (0,0), so it flies over her head and lands at (-1, 0).
    rules = Scripted(Effect("drop_weapon", "defender", slot=0, direction=0, amount=2))
    with battle(rules) as b:
        events = b.apply(Attack(1, 2))
        dropped = next(e for e in events if isinstance(e, WeaponDropped))
        assert dropped.at == Hex(-1, 0) and dropped.item is not None
        esper.switch_world(b.world.name)
        assert esper.component_for_entity(2, Wielded).weapons == []
        assert esper.component_for_entity(dropped.item, Position).hex == Hex(-1, 0)
        assert esper.component_for_entity(dropped.item, Item).owner == 2


def test_dropped_weapon_rebounds_off_an_obstacle_into_the_own_hex():
    rules = Scripted(Effect("drop_weapon", "defender", slot=0, direction=3, amount=1))
    with battle(rules, walls={Hex(2, 0): WALL}) as b:
        dropped = next(e for e in b.apply(Attack(1, 2)) if isinstance(e, WeaponDropped))
        assert dropped.at == Hex(1, 0) and dropped.how == "rebounds into its hex"


def test_dropped_weapon_into_a_hazard_is_lost():
    rules = Scripted(Effect("drop_weapon", "defender", slot=0, direction=3, amount=1))
    with battle(rules, walls={Hex(2, 0): PIT}) as b:
        dropped = next(e for e in b.apply(Attack(1, 2)) if isinstance(e, WeaponDropped))
        assert dropped.item is None and "lost" in dropped.how


def test_knockback_pushes_away_and_stops_before_a_wall():
    rules = Scripted(Effect("knockback", "defender", amount=3))
    with battle(rules, walls={Hex(3, 0): WALL}) as b:
        pushed = next(e for e in b.apply(Attack(1, 2)) if isinstance(e, KnockedBack))
        assert pushed.path == (Hex(1, 0), Hex(2, 0))


def test_kill_effect_kills_and_ends_the_battle():
    rules = Scripted(Effect("kill", "defender", "head severed"))
    with battle(rules) as b:
        events = b.apply(Attack(1, 2))
        assert any(isinstance(e, Died) for e in events) and b.over


def test_lost_initiative_acts_last_next_round_then_clears():
    rules = Scripted(Effect("condition", "attacker", "lose_initiative"))
    with battle(rules, script=(14, 1, 20, 1)) as b:
        b.apply(Attack(1, 2))
        b.apply(EndTurn(1))
        events = b.apply(EndTurn(2))
        started = next(e for e in events if isinstance(e, RoundStarted))
        assert started.order == (2, 1)
        assert ConditionEnded(1, "lose_initiative") in events


def test_run_up_counts_straight_hexes_toward_the_target():
    rules = Scripted()
    with battle(rules, a_at=Hex(-2, 0), b_at=Hex(1, 0)) as b:
        b.apply(Move(1, Hex(0, 0)))
        b.apply(Attack(1, 2))
        assert rules.seen[-1].run_up == 2


def test_cover_from_a_low_wall_in_front_of_the_target():
    rules = Scripted()
    ann = fighter("Ann", 0, Hex(-3, 0), weapons=(SHORTBOW,), stats=ap_stats(dex=9))
    s = scenario(ann, fighter("Bob", 1, Hex(2, 0)))
    cells = dict(s.map.cells)
    cells[Hex(1, 0)] = LOW_WALL
    s = dataclasses.replace(s, map=dataclasses.replace(s.map, cells=cells))
    with Battle(s, rules, seed=1, dice_script=[15, 1, 14, 1]) as b:
        assert isinstance(b.apply(Attack(1, 2))[0], Attacked)
        assert rules.seen[-1].cover == 2


def test_flanked_and_adjacent_foes_are_read_off_the_map():
    rules = Scripted()
    cid = fighter("Cid", 0, Hex(2, 0))
    with battle(rules, cid) as b:
        b.apply(Attack(1, 2))
        assert (rules.seen[-1].flanked, rules.seen[-1].adjacent_foes) == (True, 2)


def test_unknown_maneuver_is_refused_listing_the_valid_ones():
    with battle(Scripted()) as b:
        (refused,) = b.apply(Attack(1, 2, options=("backflip",)))
        assert isinstance(refused, Refused)
        assert refused.reason == "unknown maneuver 'backflip' for ap (valid: smash)"
        assert isinstance(b.apply(Attack(1, 2, options=("smash",)))[0], Attacked)


class Harsh(Scripted):
    """Scripted effects plus conditions that bleed, stun, and floors that break weapons."""

    def incapacity(self, conditions):
        return "stunned" if "stunned" in conditions else None

    def upkeep(self, stats, conditions, dice):
        if "bleeding" not in conditions:
            return Upkeep()
        roll = dice.roll("d4", "bleeding d4")
        return Upkeep(roll.total, (roll,), ("bleeding",))

    def landing(self, weapon, surface, dice):
        if surface != "hard":
            return Landing()
        roll = dice.roll("d6", "break d6")
        return Landing(broken=roll.total == 1, rolls=(roll,))


def test_damage_and_end_turn_effects():
    rules = Scripted(Effect("damage", "attacker", "hits itself", amount=3),
                     Effect("end_turn", "attacker"))
    with battle(rules) as b:
        b.apply(Attack(1, 2))
        esper.switch_world(b.world.name)
        assert esper.component_for_entity(1, Health).hp == 9
        assert esper.component_for_entity(1, ActionPoints).current == 0


def test_break_and_degrade_weapon_effects():
    rules = Scripted(Effect("degrade_weapon", "defender", slot=0, amount=1),
                     Effect("break_weapon", "attacker", slot=0))
    with battle(rules) as b:
        events = b.apply(Attack(1, 2))
        broken = [e for e in events if isinstance(e, WeaponBroken)]
        assert [(e.actor, e.magic_lost) for e in broken] == [(2, 1), (1, 0)]
        esper.switch_world(b.world.name)
        assert esper.component_for_entity(1, Wielded).weapons == []
        assert esper.component_for_entity(2, Wielded).weapons[0].magic == -1


def test_strike_effect_is_a_free_attack_on_the_chosen_combatant():
    rules = Scripted(Effect("strike", "defender", other=1, options=("free", "smash")))
    with battle(rules, script=(14, 1, 14, 1)) as b:
        events = b.apply(Attack(1, 2))
        free = [e for e in events if isinstance(e, Attacked) and e.free]
        assert [(e.actor, e.target, e.ap_spent) for e in free] == [(2, 1, 0)]
        assert rules.seen[-1].options == frozenset({"free", "smash"})


def test_provoke_effect_opens_the_attacker_to_its_enemies():
    rules = Scripted(Effect("provoke", "attacker"))
    with battle(rules) as b:
        events = b.apply(Attack(1, 2))
        assert events[-1] == OpeningPresented(1, "provoke", (2,))
        assert b.active == 2
        rules.effects = ()
        b.apply(React(2, False))
        assert b.active == 1


def test_upkeep_bleeds_at_the_start_of_the_turn():
    rules = Harsh(Effect("condition", "defender", "bleeding", amount=1))
    with battle(rules, script=(14, 1, 3)) as b:
        b.apply(Attack(1, 2))
        events = b.apply(EndTurn(1))
        upkept = next(e for e in events if isinstance(e, Upkept))
        assert (upkept.actor, upkept.damage, upkept.notes) == (2, 3, ("bleeding",))


def test_incapacitated_combatants_can_only_end_their_turn():
    rules = Harsh(Effect("condition", "defender", "stunned", rounds=1))
    with battle(rules) as b:
        b.apply(Attack(1, 2))
        b.apply(EndTurn(1))
        (refused,) = b.apply(Move(2, Hex(2, 0)))
        assert isinstance(refused, Refused) and refused.reason == "stunned"
        assert b.decide() == EndTurn(2)


def test_a_dropped_weapon_on_a_hard_floor_may_break():
    rules = Harsh(Effect("drop_weapon", "defender", slot=0))
    stone = Terrain("stone", "Stone", ",", "hard")
    with battle(rules, walls={Hex(1, 0): stone}, script=(14, 1, 1)) as b:
        events = b.apply(Attack(1, 2))
        assert any(isinstance(e, WeaponBroken) for e in events)
        dropped = next(e for e in events if isinstance(e, WeaponDropped))
        assert dropped.item is None
