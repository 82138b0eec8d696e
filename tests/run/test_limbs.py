"""Lost limbs across a run (`ap`, document 003): shields, two-handed weapons, severed legs.

DECISIONS.md: "severed hands drop what they hold; severed arms likewise; ... severed legs
leave the combatant prone and unable to stand". A shield takes a hand of its own, carried on
the left (off) arm (docs/rules/ap.md): a member with one hand left fights with a weapon, and
never carries a shield home or into a bout, nor is handed one at camp.
"""

from __future__ import annotations

import dataclasses

import esper

from arena.battle.core import Battle
from arena.ecs.components import Conditions, Wielded, Worn
from arena.hexgrid import Hex
from arena.model.commands import Attack
from arena.run.bout import Bout
from arena.run.camp import Camp, choose
from arena.run.camppolicy import auto_next
from arena.run.decisions import Give, Loot, Take
from arena.run.party import Gear
from arena.tui.run.camp import CampScreen
from tests.factories import ap_stats, fighter, scenario
from tests.run.roads import first_road
from tests.run.roads import next_bout as walk_on
from tests.run.test_run import LIBRARY, _carry, _staged

LONGSWORD = LIBRARY.weapons["longsword"]
GREATSWORD = LIBRARY.weapons["greatsword"]
HEATER = LIBRARY.armour["heater_shield"]
# Ann (the foe, entity 1) wins initiative (15 against 1) and lands a double critical on the
# member (entity 2): d20 20, confirm 20, d8 5 (her longsword), then the d10 row and its dice.
DOUBLE = (15, 1, 20, 20, 5)


def staged_with_shield(*row: int):  # type: ignore[no-untyped-def]
    """Bout 1 as `_staged`'s duel: member 0 with a longsword and a heater shield."""
    ann = fighter("Ann", 1, Hex(0, 0), stats=ap_stats(dex=9))
    run, _, _ = _staged("ap", ann, [], gear=(LONGSWORD,))
    run.party[0].shield = HEATER
    me = dataclasses.replace(run.party[0].spec(), side=0, at=Hex(1, 0), facing=3)
    s = dataclasses.replace(scenario(ann, me), ruleset="ap")
    bout = Bout(1, first_road(run), s, 5, 0, {0: 2}, {})
    return run, bout, Battle(s, run.ruleset, 5, [*DOUBLE, *row])


def next_bout(run):  # type: ignore[no-untyped-def]
    """Bout 2 (a generated arena): the member's shield, weapons in hand and conditions."""
    nxt = walk_on(run)
    with run.battle(nxt) as b:
        esper.switch_world(b.world.name)
        e = nxt.entities[0]
        return (esper.component_for_entity(e, Worn).shield,
                [w.id for w in esper.component_for_entity(e, Wielded).weapons],
                dict(esper.component_for_entity(e, Conditions).rounds))


def test_a_shield_lost_with_the_left_hand_is_not_carried_home_nor_into_the_next_bout():
    # Row 1, left hand severed (+2d6: 1 1): the shield falls at the member's feet.
    run, bout, battle = staged_with_shield(1, 1, 1)
    m = run.party[0]
    with battle:
        battle.apply(Attack(1, 2))
        tally = _carry(run, bout, battle)
    assert m.shield is None and f"{m.name}'s heater shield" in tally.lost
    assert [g.weapon.id for g in m.gear] == ["longsword"]
    assert m.spec().shield is None
    shield, weapons, _ = next_bout(run)
    assert (shield, weapons) == (None, ["longsword"])


def test_a_member_who_lost_the_right_hand_fights_with_a_weapon_not_the_shield_next_bout():
    # Row 2, right hand severed: the sword falls, the shield stays on the arm for the bout; the
    # one hand left cannot hold both, so the member leaves the shield and takes up a weapon.
    run, bout, battle = staged_with_shield(2, 1, 1)
    m = run.party[0]
    with battle:
        battle.apply(Attack(1, 2))
        tally = _carry(run, bout, battle)
    assert m.shield is None and f"{m.name}'s heater shield" in tally.lost
    assert m.gear == []  # the sword fell and nobody took it up
    m.gear = [Gear(LONGSWORD, LONGSWORD)]
    shield, weapons, _ = next_bout(run)
    assert (shield, weapons) == (None, ["longsword"])


def test_a_severed_leg_carried_home_leaves_the_member_prone_at_the_start_of_the_next_bout():
    # Row 7, left leg severed (+5d6: 1 1 1 1 1): prone, and it cannot stand in any later bout.
    run, bout, battle = staged_with_shield(7, 1, 1, 1, 1, 1)
    with battle:
        battle.apply(Attack(1, 2))
        _carry(run, bout, battle)
    assert "left_leg_severed" in run.party[0].injuries
    assert "prone" not in run.party[0].injuries  # the leg is the injury; prone follows from it
    _, _, conditions = next_bout(run)
    assert {"left_leg_severed", "prone"} <= set(conditions)


def one_handed_camp(injury: str) -> Camp:
    """A camp where member 0 has lost `injury`'s hand (a longsword its weapon), member 1 not;
    the loot a greatsword, the offers a heater shield and a greatsword."""
    ann = fighter("Ann", 1, Hex(0, 0), stats=ap_stats(dex=9))
    run, _, _ = _staged("ap", ann, [], gear=(LONGSWORD,))
    run.party[0].injuries = {injury: (0, 0)}
    return Camp(run.party, run.ruleset, [GREATSWORD], [HEATER, GREATSWORD])


def test_the_camp_hands_no_shield_to_a_member_without_the_hand_for_it_and_says_why():
    for injury in ("left_hand_severed", "left_arm_severed", "right_hand_severed"):
        camp = one_handed_camp(injury)
        m = camp.party[0]
        part = injury.removesuffix("_severed").replace("_", " ")
        assert choose(camp, Take(item=0, member=0)) == (
            f"{m.name} has lost the {part}: the hand left holds the weapon, none is free for "
            "heater shield")
        assert m.shield is None and camp.actions == 1
        assert choose(camp, Take(item=0, member=1)) is None  # two hands: it fits


def test_two_handed_weapons_need_two_hands_at_camp_loot_offers_and_gifts():
    camp = one_handed_camp("right_arm_severed")
    m, other = camp.party[0], camp.party[1]
    why = f"{m.name} has lost the right arm: greatsword needs 2 hands"
    assert choose(camp, Loot(item=0, member=0)) == why
    assert choose(camp, Take(item=1, member=0)) == why
    other.gear.append(Gear(GREATSWORD, GREATSWORD))
    assert choose(camp, Give(member=1, item=len(other.gear) - 1, to=0)) == why
    assert [g.weapon.id for g in m.gear] == ["longsword"]


def test_the_auto_policy_gives_the_loot_to_someone_who_can_hold_it():
    camp = one_handed_camp("left_hand_severed")
    camp.party[0].gear = []  # the neediest member: no weapon, but only one hand
    camp.party[2].gear = camp.party[2].gear[:1]  # the next: one weapon, two hands
    assert auto_next(camp) == Loot(item=0, member=2)
    assert choose(camp, Loot(item=0, member=2)) is None


def test_the_camp_screen_says_why_a_one_handed_member_is_not_asked_to_take_a_shield():
    camp = one_handed_camp("left_arm_severed")
    m = camp.party[0]
    screen = CampScreen(camp, "ap", 1, [], lambda choice: None)
    for key in "o1":  # take an offer: the heater shield
        screen.feed(key)
    prompt = screen._prompt()
    assert f"1) {m.name}" not in prompt
    assert f"({m.name} has lost the left arm: the hand left holds the weapon" in prompt
