"""`ap` severed limbs on the map (document 003's double criticals): shields and legs.

DECISIONS.md: "severed hands drop what they hold; severed arms likewise; ... severed legs leave
the combatant prone and unable to stand". Ann (#1, acts first: initiative d20 15 against 1) on
(0, 0) facing E; Bob (#2, longsword, heater shield: ap +2) on (1, 0) facing her. A double
critical: d20 20 (threat), confirm 20, d8 5 (longsword damage), d10 the row, then its dice.
"""

from __future__ import annotations

import dataclasses

import esper
import pytest

from arena.battle.core import Battle, Wounds
from arena.ecs.components import Conditions, LyingShield, Stats, Wielded, Worn
from arena.ecs.events import ConditionAdded, Refused, WeaponDropped
from arena.hexgrid import Hex
from arena.model.commands import Attack, Draw, EndTurn, Move, PickUp, StandUp
from arena.model.stats import Armour
from arena.rules.ap import ApRuleset
from tests.factories import DAGGER, LONGSWORD, ap_stats, fighter, scenario

AP = ApRuleset()
HEATER = Armour("heater_shield", "heater shield", shield=True, protection=(("ap", 2),))
BASE_AC = 15  # ap_stats' unarmoured base; the heater shield makes it 17


def duel(*script: int, bob_weapons=(LONGSWORD,), wounds=None, bob_at=Hex(1, 0)) -> Battle:
    """Ann against Bob with his heater shield; `wounds` are Bob's carried injuries."""
    bob = dataclasses.replace(fighter("Bob", 1, bob_at, facing=3, weapons=bob_weapons, hp=60),
                              shield=HEATER)
    s = scenario(fighter("Ann", 0, Hex(0, 0), stats=ap_stats(dex=9)), bob)
    carried = None if wounds is None else {1: Wounds(60, dict.fromkeys(wounds, (0, 0)))}
    return Battle(s, AP, seed=5, dice_script=[15, 1, *script], wounds=carried)


def part(b: Battle, entity: int, kind):  # type: ignore[no-untyped-def]
    """A component of `entity` in `b`'s world."""
    esper.switch_world(b.world.name)
    return esper.component_for_entity(entity, kind)


@pytest.mark.parametrize(("row", "extra", "severed"), [
    (1, (1, 1), "left_hand_severed"), (3, (1, 1, 1, 1), "left_arm_severed")])
def test_a_severed_left_hand_or_arm_drops_the_shield_at_the_feet_and_its_ac_is_lost(
        row, extra, severed):
    # The shield is carried on the left (off) arm (docs/rules/ap.md): losing that hand or arm
    # drops it as a severed weapon hand drops its weapon, on the combatant's own hex.
    with duel(20, 20, 5, row, *extra) as b:
        assert part(b, 2, Stats).block.number("ac") == BASE_AC + 2
        events = b.apply(Attack(1, 2))
        assert ConditionAdded(2, severed, 0, 0) in events
        (dropped,) = [e for e in events if isinstance(e, WeaponDropped)]
        assert (dropped.actor, dropped.weapon, dropped.at, dropped.how) == (
            2, "heater_shield", Hex(1, 0), "falls at its feet")
        assert part(b, 2, Worn).shield is None
        assert part(b, 2, Stats).block.number("ac") == BASE_AC
        assert part(b, 2, Wielded).weapons == [LONGSWORD]  # the right hand keeps its sword
        assert part(b, dropped.item, LyingShield).shield == HEATER
        b.apply(EndTurn(1))
        (refused,) = b.apply(PickUp(2))  # one hand: it holds the sword, none for the shield
        assert isinstance(refused, Refused) and refused.reason == "no free hand for heater shield"


def test_a_severed_right_hand_leaves_the_shield_in_the_hand_left_and_no_hand_for_a_weapon():
    # Row 2: the sword falls; the shield stays on the whole left arm and takes the one hand
    # left, so neither the sword at the feet nor a spare can be taken up beside it.
    with duel(20, 20, 5, 2, 1, 1, bob_weapons=(LONGSWORD, DAGGER)) as b:
        events = b.apply(Attack(1, 2))
        (dropped,) = [e for e in events if isinstance(e, WeaponDropped)]
        assert dropped.weapon == "longsword"
        assert part(b, 2, Worn).shield == HEATER
        b.apply(EndTurn(1))
        (refused,) = b.apply(PickUp(2))
        assert isinstance(refused, Refused) and refused.reason == "no free hand for Longsword"
        (refused,) = b.apply(Draw(2, 0))
        assert isinstance(refused, Refused) and refused.reason == (
            "cannot wield Dagger: heater shield takes the hand left")


@pytest.mark.parametrize("severed", ["left_hand_severed", "left_arm_severed",
                                     "right_hand_severed", "right_arm_severed"])
def test_a_member_carrying_a_lost_hand_or_arm_enters_with_its_weapon_and_no_shield(severed):
    # A shield takes a hand of its own: with one hand left the weapon takes it (a later bout).
    with duel(wounds=(severed,)) as b:
        assert part(b, 2, Worn).shield is None
        assert part(b, 2, Stats).block.number("ac") == BASE_AC
        assert part(b, 2, Wielded).weapons == [LONGSWORD]


@pytest.mark.parametrize("severed", ["left_leg_severed", "right_leg_severed"])
def test_a_carried_severed_leg_starts_every_later_bout_prone_and_unable_to_stand(severed):
    # "severed legs leave the combatant prone and unable to stand": carried into a bout, the
    # leg is still gone, so the combatant is still down: no standing up, no walking.
    with duel(wounds=(severed,), bob_at=Hex(3, 0)) as b:
        assert "prone" in part(b, 2, Conditions).rounds
        b.apply(EndTurn(1))
        (refused,) = b.apply(StandUp(2))
        assert isinstance(refused, Refused) and refused.reason == "cannot stand on a severed leg"
        (refused,) = b.apply(Move(2, Hex(2, 0)))
        assert isinstance(refused, Refused) and refused.reason == "prone: stand up first"
