"""Belongings change hands at camp: given, swapped or dropped, with what each refuses."""

from __future__ import annotations

from arena.run.camp import MAX_GEAR, Camp, choose
from arena.run.campwork import MAX_SUPPLIES
from arena.run.config import RunConfig
from arena.run.decisions import Drop, Give, Swap
from arena.run.engine import Run
from arena.run.holding import belongings
from arena.run.party import BROKEN, Gear
from arena.run.route import FIGHTS
from tests.run.test_run import LIBRARY


def camp() -> Camp:
    """A plain camp of a d40 run's starting party (three members)."""
    run = Run(RunConfig("d40", 7, steps=5), LIBRARY)
    return Camp(run.party, run.ruleset, [], [])


def test_a_potion_is_given_to_the_member_who_needs_it():
    c = camp()
    a, b = c.party[0], c.party[1]
    potion = LIBRARY.supplies["healing_potion"]
    a.supplies, b.supplies = [potion], []
    k = belongings(a).index(potion)
    assert choose(c, Give(member=0, item=k, to=1)) is None
    assert (a.supplies, b.supplies) == ([], [potion])
    assert c.log == [f"{a.name} gives potion of healing to {b.name}"]


def test_a_broken_weapon_given_stays_broken():
    c = camp()
    a, b = c.party[0], c.party[1]
    a.gear[0].state = BROKEN
    b.gear = b.gear[:1]
    name = a.gear[0].weapon.name
    assert choose(c, Give(member=0, item=0, to=1)) is None
    assert (b.gear[-1].weapon.name, b.gear[-1].state) == (name, BROKEN)


def test_armour_goes_only_to_a_member_wearing_none_else_it_is_swapped():
    c = camp()
    a, b = c.party[0], c.party[1]
    assert a.armour is not None and b.armour is not None
    mine, theirs = a.armour, b.armour
    k = len(a.gear)  # the armour follows the weapons
    assert choose(c, Give(member=0, item=k, to=1)) == f"{b.name} wears {theirs.name}: swap them " \
        "instead"
    assert choose(c, Swap(member=0, item=k, to=1, other=len(b.gear))) is None
    assert (a.armour, b.armour) == (theirs, mine)


def test_a_full_member_is_given_nothing_and_a_swap_keeps_each_in_its_place():
    c = camp()
    a, b = c.party[0], c.party[1]
    dagger = LIBRARY.weapons["dagger"]
    b.gear = [Gear(dagger, dagger)] * MAX_GEAR
    assert choose(c, Give(member=0, item=0, to=1)) == \
        f"{b.name} carries {MAX_GEAR} weapons: swap instead"
    first = a.gear[0].weapon
    assert choose(c, Swap(member=0, item=0, to=1, other=1)) is None
    assert (a.gear[0].weapon, b.gear[1].weapon) == (dagger, first)


def test_things_of_two_sorts_are_not_swapped_and_a_pack_has_a_limit():
    c = camp()
    a, b = c.party[0], c.party[1]
    bandage = LIBRARY.supplies["bandages"]
    a.supplies, b.supplies = [bandage], [bandage] * MAX_SUPPLIES
    s = belongings(a).index(bandage)
    assert choose(c, Swap(member=0, item=0, to=1, other=len(belongings(b)) - 1)) == \
        f"{a.gear[0].weapon.name} and bandages are not of one sort: give or drop instead"
    assert choose(c, Give(member=0, item=s, to=1)) == \
        f"{b.name} carries {MAX_SUPPLIES} supplies: swap instead"


def test_dropped_is_gone_and_a_body_part_cannot_be_dropped():
    c = camp()
    a = c.party[0]
    count = len(belongings(a))
    assert choose(c, Drop(member=0, item=0)) is None
    assert len(belongings(a)) == count - 1
    bite = LIBRARY.weapons["wolf_bite"]
    a.gear.insert(0, Gear(bite, bite))
    assert choose(c, Drop(member=0, item=0)) == f"{bite.name} is part of {a.name}"
    assert choose(c, Drop(member=0, item=99)) == f"{a.name} has no belonging #99"
    assert choose(c, Give(member=0, item=1, to=0)) == "give to someone else"


def test_a_dropped_shield_and_a_spent_pack_stay_gone_in_the_next_bout() -> None:
    run = Run(RunConfig("d40", 2, steps=5), LIBRARY)
    bearer = run.party[1]
    assert bearer.shield is not None and not bearer.supplies  # its template's shield
    c = Camp(run.party, run.ruleset, [], [])
    assert choose(c, Drop(member=1, item=belongings(bearer).index(bearer.shield))) is None
    run.go(next(n for n in run.options() if n.kind in FIGHTS).id)
    fought = run.prepare().scenario.combatants[1]
    assert fought.name == bearer.name
    assert fought.shield is None  # not the template's, read back from the generated arena
    assert fought.supplies == ()
