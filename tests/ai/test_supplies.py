"""The tactical AI uses supplies (issue 19): a hand-made `d40` position with scripted dice.

Ann (#1, shortbow, 20 HP) on (0, 0) facing E; Bob (#2, longsword) five hexes east, where a
fresh archer shoots. Ann acts first (initiative 1, 2); her pack holds bandages or a potion.
"""

from __future__ import annotations

import dataclasses

import esper

from arena.ai.pack import bleed_per_round, supply_value
from arena.assets import load_library
from arena.battle.core import Battle
from arena.ecs.components import Conditions, Health
from arena.ecs.events import UsedItem
from arena.hexgrid import Hex
from arena.model.commands import Attack, UseItem
from tests.factories import scenario
from tests.rules.d40.kit import D40
from tests.rules.d40.test_criticals_on_the_map import d40_fighter

LIBRARY = load_library()
BOW = LIBRARY.weapons["shortbow"]
BANDAGES = LIBRARY.supplies["bandages"]
POTION = LIBRARY.supplies["healing_potion"]


def archer(*supplies, hp_now: int = 20, bleeding: bool = False) -> Battle:
    """Ann the archer, hurt to `hp_now` and perhaps bleeding (d4 a round), facing Bob."""
    ann = dataclasses.replace(d40_fighter("Ann", 0, Hex(0, 0), 0, hp=20), weapons=(BOW,),
                              supplies=tuple(supplies))
    bob = d40_fighter("Bob", 1, Hex(5, 0), 3)
    b = Battle(dataclasses.replace(scenario(ann, bob), ruleset="d40"), D40, seed=5,
               dice_script=[1, 2])
    esper.switch_world(b.world.name)
    esper.component_for_entity(1, Health).hp = hp_now
    if bleeding:
        conditions = esper.component_for_entity(1, Conditions)
        conditions.rounds["bleeding"], conditions.amounts["bleeding"] = 0, 4
    return b


def test_a_bleeding_archer_with_bandages_binds_the_wound_rather_than_shooting():
    with archer(BANDAGES, hp_now=14, bleeding=True) as b:
        assert b.decide() == UseItem(1, 0)
        used = next(e for e in b.apply(UseItem(1, 0)) if isinstance(e, UsedItem))
        assert used.ended == ("bleeding",)


def test_a_fresh_archer_with_bandages_shoots():
    with archer(BANDAGES) as b:
        assert isinstance(b.decide(), Attack)


def test_a_badly_hurt_archer_drinks_its_potion():
    with archer(POTION, hp_now=6) as b:
        assert b.decide() == UseItem(1, 0)


def test_a_lightly_hurt_archer_keeps_its_potion_and_shoots():
    with archer(POTION, hp_now=15) as b:
        assert isinstance(b.decide(), Attack)


def test_the_supply_rating_is_the_documented_formula():
    # Bandages on a d4 bleed: 2.5 a round x 3 rounds = 7.5, x (1 + 6/20 lost) = 9.75.
    with archer(BANDAGES, hp_now=14, bleeding=True) as b:
        rules = b.ruleset
        assert bleed_per_round(rules, 1) == 2.5
        assert supply_value(rules, 1, BANDAGES) == (9.75, "stop the bleeding")
    # A potion (2d4+2, mean 7) at 6 of 20 HP: 7 x (1 + 14/20) = 11.9; at full health nothing.
    with archer(POTION, hp_now=6) as b:
        assert supply_value(b.ruleset, 1, POTION) == (7 * 1.7, "heal")
    with archer(POTION) as b:
        assert supply_value(b.ruleset, 1, POTION)[0] == 0
