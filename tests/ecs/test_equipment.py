"""Hands, spares and crossbows: what a combatant holds decides what it can do."""

from __future__ import annotations

import dataclasses

import esper

from arena.battle.core import Battle
from arena.ecs.components import ActionPoints, Carried, Item, Wielded
from arena.ecs.events import Attacked, Drew, Refused, Reloaded, WeaponDropped
from arena.hexgrid import Hex
from arena.model.commands import Attack, Draw, EndTurn, Reload
from arena.model.stats import Weapon
from arena.rules.ap import ApRuleset
from tests.factories import DAGGER, LONGSWORD, SHORTBOW, ap_stats, fighter, scenario

AP = ApRuleset()
CROSSBOW = Weapon("light_crossbow", "light crossbow", "d8", kind="ranged", hands=2,
                  range_ft=80, threat=19, tags=("crossbow",))


def battle(weapons, *script, bob_at=Hex(4, 0)):
    s = scenario(fighter("Ann", 0, Hex(0, 0), stats=ap_stats(dex=9), weapons=weapons),
                 fighter("Bob", 1, bob_at, facing=3))
    return Battle(s, AP, seed=2, dice_script=[15, 1, *script])


def test_weapons_that_do_not_fit_the_hands_are_carried_as_spares():
    with battle((SHORTBOW, DAGGER)) as b:
        esper.switch_world(b.world.name)
        assert [w.id for w in esper.component_for_entity(1, Wielded).weapons] == ["shortbow"]
        assert [w.id for w in esper.component_for_entity(1, Carried).weapons] == ["dagger"]


def test_drawing_a_spare_costs_1_ap_and_stows_what_is_in_the_way():
    # DECISIONS.md `ap`: "draw 1 / 1".
    with battle((SHORTBOW, DAGGER)) as b:
        (drew,) = b.apply(Draw(1, 0))
        assert drew == Drew(1, "dagger", ("shortbow",), 1, 5)
        esper.switch_world(b.world.name)
        assert [w.id for w in esper.component_for_entity(1, Wielded).weapons] == ["dagger"]
        assert [w.id for w in esper.component_for_entity(1, Carried).weapons] == ["shortbow"]


def test_drawing_a_missing_spare_is_refused():
    with battle((LONGSWORD,)) as b:
        (refused,) = b.apply(Draw(1, 0))
        assert isinstance(refused, Refused) and "no spare weapon" in refused.reason


def test_a_crossbow_must_be_reloaded_after_each_shot_for_3_ap():
    # DECISIONS.md `ap`: "reload crossbow 3 / 3".
    with battle((CROSSBOW,), 5, bob_at=Hex(4, 0)) as b:
        assert isinstance(b.apply(Attack(1, 2))[0], Attacked)
        b.apply(EndTurn(1))
        b.apply(EndTurn(2))
        (refused,) = b.apply(Attack(1, 2))
        assert isinstance(refused, Refused) and "reloaded" in refused.reason
        (reloaded,) = b.apply(Reload(1, 0))
        assert reloaded == Reloaded(1, "light_crossbow", 3, 3)
        esper.switch_world(b.world.name)
        assert esper.component_for_entity(1, ActionPoints).current == 3


def test_the_ai_draws_a_melee_spare_when_an_enemy_is_adjacent():
    # The basic AI's rule (the tactical one rates the draw against stepping back to shoot,
    # an Action of Opportunity priced in: tests/ai/test_tactical.py).
    with battle((SHORTBOW, DAGGER), bob_at=Hex(1, 0)) as b:
        b.roster.configure("basic", "normal", 2)
        assert b.decide() == Draw(1, 0)


def test_a_thrown_weapon_leaves_the_hand_and_lies_by_the_target():
    javelin = Weapon("javelin", "javelin", "d6", kind="thrown", range_ft=30)
    with battle((javelin, DAGGER), 3, bob_at=Hex(3, 0)) as b:
        events = b.apply(Attack(1, 2))
        assert isinstance(events[0], Attacked) and not events[0].result.hit
        dropped = events[1]
        assert (dropped.weapon, dropped.at, dropped.how) == ("javelin", Hex(3, 0), "is thrown")
        esper.switch_world(b.world.name)
        assert [w.id for w in esper.component_for_entity(1, Wielded).weapons] == ["dagger"]
        assert esper.component_for_entity(dropped.item, Item).owner == 1


class Veering(ApRuleset):
    """ap, but every missed throw veers a hex to the left of the line of the throw."""

    def resolve_attack(self, ctx, dice):
        result = super().resolve_attack(ctx, dice)
        return result if result.hit else dataclasses.replace(result, thrown_lands=(1, 1))


def test_a_missed_throw_lands_where_the_ruleset_says_it_veers():
    javelin = Weapon("javelin", "javelin", "d6", kind="thrown", range_ft=30)
    s = scenario(fighter("Ann", 0, Hex(0, 0), stats=ap_stats(dex=9), weapons=(javelin,)),
                 fighter("Bob", 1, Hex(3, 0), facing=3))
    with Battle(s, Veering(), seed=2, dice_script=[15, 1, 3]) as b:
        events = b.apply(Attack(1, 2))
        dropped = next(e for e in events if isinstance(e, WeaponDropped))
        # Thrown east (direction 0); veer direction 0 + 1 = NE, one hex from (3, 0).
        assert (dropped.at, dropped.how) == (Hex(4, -1), "is thrown and veers")
