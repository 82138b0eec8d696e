"""The front ends' read-only view: it copies what the screen shows and never changes a battle."""

from __future__ import annotations

import dataclasses

import esper

from arena.battle.core import Battle
from arena.battle.holdings import Dropped, holdings
from arena.battle.view import (
    AuraView,
    ClockView,
    ConditionView,
    attack_plan,
    clock,
    known_buffs,
    make_command,
    path_to,
    snapshot,
    step_cost,
)
from arena.ecs.components import Conditions, Dead, Health, Item, Position, Wielded
from arena.hexgrid import Hex
from arena.model.commands import Attack, Invoke, Move
from arena.rules import get_ruleset
from tests.ecs.test_equipment import CROSSBOW
from tests.factories import DAGGER, LONGSWORD, SHORTBOW, fighter, scenario
from tests.rules.adnd.test_on_the_map import chant_battle


def duel(seed: int = 3) -> Battle:
    return Battle(
        scenario(fighter("Ann", 0, Hex(0, 0), facing=0, hp=15),
                 fighter("Bob", 1, Hex(2, 0), facing=3, weapons=(LONGSWORD, DAGGER))),
        get_ruleset("ap"), seed,
    )


def test_snapshot_copies_each_combatant_hex_facing_hp_ap_side_weapons():
    with duel() as battle:
        view = snapshot(battle)
        ann, bob = view.combatants
        assert (ann.name, ann.hex, ann.facing, ann.hp, ann.max_hp, ann.side) == (
            "Ann", Hex(0, 0), 0, 15, 15, 0)
        assert (bob.glyph, bob.hex, bob.facing, bob.side) == ("B", Hex(2, 0), 3, 1)
        assert [w.name for w in bob.weapons] == ["Longsword", "Dagger"]
        assert bob.arms[:2] == bob.weapons
        assert ann.alive and ann.conditions == ()
        assert view.active in (ann.id, bob.id) and view.turn == view.active
        assert view.round == 1 and set(view.order) == {ann.id, bob.id}
        assert view.map is battle.scenario.map and view.sides == battle.scenario.sides


def test_snapshot_lists_items_on_the_ground_and_finds_who_stands_where():
    with duel() as battle:
        esper.create_entity(Item(DAGGER, None), Position(Hex(1, 1)))
        view = snapshot(battle)
        assert [(i.hex, i.weapon.name) for i in view.items] == [(Hex(1, 1), "Dagger")]
        assert view.items_at(Hex(1, 1)) and not view.items_at(Hex(0, 0))
        standing = view.standing_at(Hex(2, 0))
        assert standing is not None and standing.name == "Bob"
        assert [e.name for e in view.enemies_of(1)] == ["Bob"]


def test_questions_about_paths_and_attacks_change_nothing():
    with duel() as battle:
        before = battle.state_hash()
        actor = snapshot(battle).active
        assert actor is not None
        path = path_to(battle, actor, Hex(-2, 1))
        assert path is not None and path[-1] == Hex(-2, 1)
        plan = attack_plan(battle, Attack(actor, 3 - actor, 0))
        assert isinstance(plan, (str, tuple))
        assert step_cost(battle) == 1
        snapshot(battle)
        assert battle.state_hash() == before


def test_view_is_a_copy_that_later_commands_do_not_change():
    with duel() as battle:
        view = snapshot(battle)
        actor = view.combatant(view.active)
        assert actor is not None
        there = Hex(actor.hex.q, actor.hex.r + 1)
        battle.apply(Move(actor.id, there))
        assert view.combatant(actor.id).hex == actor.hex  # type: ignore[union-attr]
        assert snapshot(battle).combatant(actor.id).hex == there  # type: ignore[union-attr]


def test_make_command_builds_known_kinds_and_returns_none_for_unknown_ones():
    assert make_command("end_turn", actor=1) is not None
    assert make_command("teleport", actor=1) is None


def test_snapshot_shows_spares_unloaded_crossbows_and_condition_strengths():
    s = scenario(fighter("Ann", 0, Hex(0, 0), weapons=(SHORTBOW, DAGGER, LONGSWORD)),
                 fighter("Bob", 1, Hex(2, 0), weapons=(CROSSBOW,)))
    with Battle(s, get_ruleset("ap"), 1) as battle:
        esper.component_for_entity(2, Wielded).unloaded.append("light_crossbow")
        conditions = esper.component_for_entity(2, Conditions)
        conditions.rounds["bleeding"] = 3
        conditions.amounts["bleeding"] = 2
        view = snapshot(battle)
        ann, bob = view.combatants
        assert [w.name for w in ann.spares] == ["Dagger", "Longsword"] and ann.unloaded == ()
        assert bob.spares == () and bob.unloaded == (0,)
        assert bob.conditions == (ConditionView("bleeding", 3, 2),)
        assert view.maneuvers[0][0] == "sublethal" and view.buffs == ()
        assert known_buffs(battle, 1) == ()


def test_snapshot_shows_the_buffs_kept_up_and_those_acting_on_each_combatant():
    with chant_battle(level=1) as battle:
        assert [b.name for b in known_buffs(battle, 1)] == ["chant", "prayer"]
        battle.apply(Invoke(1, "prayer"))
        view = snapshot(battle)
        faye, ann, bob, cid = view.combatants
        assert view.buffs == ("chant", "prayer", "martial_spirit")
        assert faye.auras == (AuraView("prayer", 12, 2),)
        assert (ann.buffs, bob.buffs, cid.buffs) == (("prayer",), ("prayer_foe",), ())


def test_the_clock_is_the_snapshot_s_round_order_and_turn():
    with duel() as battle:
        now, view = clock(battle), snapshot(battle)
        assert now == ClockView(view.round, view.order, view.turn, view.over, view.winner,
                                view.reason)
        assert snapshot(battle).combatants[0].template == "ann"


def test_holdings_give_each_combatant_s_kit_as_records_and_the_floor_with_owners():
    s = scenario(fighter("Ann", 0, Hex(0, 0), weapons=(SHORTBOW, DAGGER, LONGSWORD)),
                 fighter("Bob", 1, Hex(2, 0), weapons=(CROSSBOW,)))
    with Battle(s, get_ruleset("ap"), 1) as battle:
        esper.create_entity(Item(DAGGER, 2), Position(Hex(1, 1)))
        esper.component_for_entity(2, Health).sublethal = 4
        esper.add_component(2, Dead(1))
        esper.component_for_entity(1, Conditions).rounds["bleeding"] = 0
        before = battle.state_hash()
        left = holdings(battle)
        assert battle.state_hash() == before
        ann, bob = left.combatants
        assert (ann.id, ann.side, ann.fallen, ann.wielded, ann.carried) == (
            1, 0, False, (SHORTBOW,), (DAGGER, LONGSWORD))
        assert ann.conditions == (ConditionView("bleeding", 0, 0),) and ann.shield is None
        assert (bob.fallen, bob.sublethal, bob.supplies) == (True, 4, ())
        assert left.of(2) is bob
        assert left.floor == (Dropped(left.floor[0].id, DAGGER, 2),)


def test_within_a_side_every_combatant_shows_its_own_letter_and_the_hash_keeps_the_glyphs():
    specs = [fighter("Lancer", 0, Hex(-2, 0)), fighter("Longbowman", 0, Hex(-2, 1)),
             fighter("Lancer 2", 0, Hex(-2, 2)), fighter("Goblin 1", 1, Hex(2, 0)),
             fighter("Goblin 2", 1, Hex(2, 1)), fighter("Gnoll", 1, Hex(2, 2))]
    specs = [dataclasses.replace(s, glyph="L" if s.side == 0 else "g") for s in specs]
    with Battle(scenario(*specs), get_ruleset("ap"), 1) as b:
        before = b.state_hash()
        letters = [(c.name, c.glyph) for c in snapshot(b).combatants]
        assert b.state_hash() == before
    assert letters == [("Lancer", "L"), ("Longbowman", "O"), ("Lancer 2", "2"),
                       ("Goblin 1", "g"), ("Goblin 2", "2"), ("Gnoll", "N")]
