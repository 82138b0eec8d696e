"""`d40` shields in the Critical Hit and Miss Tables on the hex map, with scripted dice.

Ann (#1, Strength 16, longsword) on (0, 0) facing E; Bob (#2, longsword) on (1, 0) facing W,
so each stands at the other's front. Shields: a tower shield (`d40` +2 AC) and a +1 shield
(+1 bonus, +1 magic). Two d10s of initiative come first, then the attack's dice.
"""

from __future__ import annotations

import dataclasses

from arena.assets import load_library
from arena.battle.core import Battle
from arena.ecs.components import LyingShield, Position, Stats, Wielded, Worn
from arena.ecs.events import PickedUp, WeaponBroken, WeaponDropped
from arena.hexgrid import Hex
from arena.model.commands import Attack, EndTurn, PickUp
from arena.model.stats import Armour
from tests.factories import scenario
from tests.rules.d40.kit import D40
from tests.rules.d40.test_criticals_on_the_map import (
    NATURAL_2,
    NATURAL_40,
    component,
    d40_fighter,
    first,
)

LIBRARY = load_library()
TOWER: Armour = LIBRARY.armour["tower_shield"]
MAGIC: Armour = LIBRARY.armour["shield_plus_1"]


def duel(*script: int, ann_shield: Armour | None = None, bob_shield: Armour | None = None,
         bob_at: Hex = Hex(1, 0), bob_facing: int = 3, ann_arms: tuple = ()):
    """Ann against Bob, either with a shield; Ann acts first."""
    ann = dataclasses.replace(d40_fighter("Ann", 0, Hex(0, 0), 0, str=16), shield=ann_shield)
    if ann_arms:
        ann = dataclasses.replace(ann, weapons=ann_arms)
    bob = dataclasses.replace(d40_fighter("Bob", 1, bob_at, bob_facing), shield=bob_shield)
    s = dataclasses.replace(scenario(ann, bob), ruleset="d40")
    return Battle(s, D40, seed=5, dice_script=[1, 2, *script])


def ac(b, entity: int) -> int:
    return component(b, entity, Stats).block.number("ac")


def test_row_17_on_the_front_drops_the_shield_at_the_feet_and_its_ac_is_lost_until_put_back():
    with duel(*NATURAL_40, 17, 9, 1, bob_shield=TOWER) as b:
        before = ac(b, 2)
        events = b.apply(Attack(1, 2))
        dropped = first(events, WeaponDropped)
        assert (dropped.actor, dropped.weapon, dropped.at) == (2, "tower_shield", Hex(1, 0))
        assert component(b, 2, Worn).shield is None and ac(b, 2) == before + 2
        assert component(b, 2, Wielded).weapons[0].id == "longsword"  # the sword stays
        assert component(b, dropped.item, LyingShield).owner == 2
        b.apply(EndTurn(1))
        picked = first(b.apply(PickUp(2)), PickedUp)
        assert (picked.weapon, picked.ap_spent, picked.ap_left) == ("tower_shield", 6, 0)
        assert component(b, 2, Worn).shield == TOWER and ac(b, 2) == before


def test_row_17_from_the_weapon_side_drops_the_weapon_not_the_shield():
    # Bob facing 4 (W + 1): Ann, due W of him, stands at his front-right.
    with duel(*NATURAL_40, 17, 9, 1, bob_shield=TOWER, bob_facing=4) as b:
        dropped = first(b.apply(Attack(1, 2)), WeaponDropped)
        assert dropped.weapon == "longsword"
        assert component(b, 2, Worn).shield == TOWER


def test_row_19_shatters_a_shield_that_fails_its_save_vs_crushing_blow():
    with duel(*NATURAL_40, 19, 1, bob_shield=TOWER) as b:
        before = ac(b, 2)
        events = b.apply(Attack(1, 2))
        assert WeaponBroken(2, "tower_shield", 0, ()) in events
        assert component(b, 2, Worn).shield is None and ac(b, 2) == before + 2
        assert component(b, 2, Wielded).weapons[0].id == "longsword"


def test_row_19_a_magic_shield_saves_with_5_plus_its_bonus():
    # d20 3 + 5 + 1 = 9 against the wearer's save 10 fails; 4 + 6 = 10 holds.
    with duel(*NATURAL_40, 19, 3, bob_shield=MAGIC) as b:
        assert WeaponBroken(2, MAGIC.id, 0, ()) in b.apply(Attack(1, 2))
    with duel(*NATURAL_40, 19, 4, bob_shield=MAGIC) as b:
        assert not any(isinstance(e, WeaponBroken) for e in b.apply(Attack(1, 2)))
        assert component(b, 2, Worn).shield == MAGIC


def test_fumble_row_11_a_d2_of_2_knocks_the_shield_1d10_feet_away():
    # d2 2: the shield; d10 3 ft = 1 hex, direction d6 4 = straight behind; Bob's hit 5.
    with duel(*NATURAL_2, 11, 2, 3, 4, 5, ann_shield=TOWER) as b:
        before = ac(b, 1)
        events = b.apply(Attack(1, 2))
        dropped = first(events, WeaponDropped)
        assert (dropped.weapon, dropped.at) == ("tower_shield", Hex(-1, 0))
        assert component(b, dropped.item, Position).hex == Hex(-1, 0)
        assert ac(b, 1) == before + 2
        assert component(b, 1, Wielded).weapons[0].id == "longsword"


def test_fumble_row_11_a_d2_of_1_knocks_the_weapon_away_and_keeps_the_shield():
    with duel(*NATURAL_2, 11, 1, 3, 4, 5, ann_shield=TOWER) as b:
        dropped = first(b.apply(Attack(1, 2)), WeaponDropped)
        assert (dropped.weapon, dropped.at) == ("longsword", Hex(-1, 0))
        assert component(b, 1, Worn).shield == TOWER


def test_fumble_row_13_the_shield_chosen_by_the_d2_breaks_when_its_save_fails():
    with duel(*NATURAL_2, 13, 2, 1, ann_shield=TOWER) as b:
        assert WeaponBroken(1, "tower_shield", 0, ()) in b.apply(Attack(1, 2))
        assert component(b, 1, Worn).shield is None
        assert component(b, 1, Wielded).weapons[0].id == "longsword"


def test_fumble_row_13_without_a_shield_rolls_no_d2():
    with duel(*NATURAL_2, 13, 1) as b:
        assert WeaponBroken(1, "longsword", 0, ()) in b.apply(Attack(1, 2))


def test_the_ai_puts_its_dropped_shield_back_on_when_no_enemy_is_adjacent():
    # Ann shoots Bob from 3 hexes in front of him: row 17 drops his shield at his feet.
    bow = LIBRARY.weapons["shortbow"]
    with duel(*NATURAL_40, 17, bob_shield=TOWER, bob_at=Hex(3, 0), ann_arms=(bow,)) as b:
        assert first(b.apply(Attack(1, 2)), WeaponDropped).weapon == "tower_shield"
        b.apply(EndTurn(1))
        assert b.decide() == PickUp(2)
        b.apply(PickUp(2))
        assert component(b, 2, Worn).shield == TOWER


def test_the_ai_fights_on_without_its_shield_while_an_enemy_is_adjacent():
    with duel(*NATURAL_40, 17, 9, 1, bob_shield=TOWER) as b:
        b.apply(Attack(1, 2))
        b.apply(EndTurn(1))
        assert b.decide() != PickUp(2)
