"""The camp's loot and offers: what nobody can take is said to be so, with why and what helps."""

from __future__ import annotations

from arena.run.camp import MAX_GEAR, Camp, choose, no_room
from arena.run.config import RunConfig
from arena.run.decisions import Drop, Loot
from arena.run.engine import Run
from arena.run.party import Gear
from tests.run.test_run import LIBRARY


def full_camp() -> Camp:
    """A camp after a boss bout: every member carries three weapons; the boss's is the loot."""
    run = Run(RunConfig("ap", 3, steps=5), LIBRARY)
    dagger = LIBRARY.weapons["dagger"]
    for m in run.party:
        m.gear = [*m.gear, *(Gear(dagger, dagger) for _ in range(MAX_GEAR))][:MAX_GEAR]
    return Camp(run.party, run.ruleset, [LIBRARY.weapons["serpent_sword"]],
                [LIBRARY.weapons["longsword"], LIBRARY.armour["buckler"]])


def test_loot_nobody_has_room_for_says_whose_slots_are_full_and_what_makes_room():
    camp = full_camp()
    assert no_room(camp, camp.loot[0]) == "every member carries 3 weapons: drop one to make room"
    assert choose(camp, Loot(0, 0)) is not None  # and the camp refuses it, as it says


def test_a_full_member_drops_a_weapon_and_takes_the_boss_weapon():
    camp = full_camp()
    m = camp.party[0]
    assert choose(camp, Drop(member=0, item=2)) is None
    assert choose(camp, Loot(item=0, member=0)) is None
    assert [g.weapon.id for g in m.gear][-1] == "serpent_sword"
    assert len(m.gear) == MAX_GEAR
    assert camp.log[-2:] == [f"{m.name} leaves dagger behind",
                             f"{m.name} takes sword +1, +4 vs reptiles"]


def test_loot_someone_has_room_for_is_takeable():
    camp = full_camp()
    camp.party[1].gear.pop()
    assert no_room(camp, camp.loot[0]) is None
    assert no_room(camp, camp.offers[1]) is None  # a shield: any one-handed fighter
