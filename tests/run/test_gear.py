"""Runs and gear (issue 19): camp offers armour, shields and supplies; what is bought is worn
and carried into the next bout; supplies used in battle are gone."""

from __future__ import annotations

import esper

from arena.ecs.components import Carried, Dead, Health, Pack, Stats, Wielded
from arena.hexgrid import Hex
from arena.model.commands import UseItem
from arena.model.stats import Armour, Supply
from arena.rules.base import Effect
from arena.run.camp import choose
from arena.run.carry import Tally, carry_over
from arena.run.config import RunConfig
from arena.run.decisions import Take, Use
from arena.run.engine import Run
from arena.run.route import CAMP
from tests.factories import fighter
from tests.run.roads import first_road, next_bout
from tests.run.test_run import LIBRARY, _carry, _staged


def test_camp_offers_three_weapons_then_an_armour_and_a_supply():
    run = Run(RunConfig("ap", 3, steps=3), LIBRARY)
    offers = run.offers(first_road(run))  # drawn from (run seed, node a1s1n0) alone
    assert [x.id for x in offers] == ["quarterstaff", "two_handed_sword", "serpent_sword",
                                      "round_shield", "healing_potion"]
    assert isinstance(offers[3], Armour) and isinstance(offers[4], Supply)


def won_bout_one():
    """Run seed 3 under ap: member 0 (leather armour; a longsword and the default stats, so
    base AC 10) wins a quiet bout 1."""
    foe = fighter("Foe", 1, Hex(0, 0))
    run, bout, battle = _staged("ap", foe, [1, 20], gear=(LIBRARY.weapons["longsword"],))
    with battle:
        _carry(run, bout, battle)
    return run


def next_bout_member(run, kind):
    nxt = next_bout(run)
    with run.battle(nxt) as b:
        esper.switch_world(b.world.name)
        e = nxt.entities[0]
        return esper.component_for_entity(e, kind), b, e


def test_buying_a_shield_at_camp_changes_the_armour_class_in_the_next_bout():
    run = won_bout_one()
    m = run.party[0]
    assert (m.armour.id, m.stats["ap"].get("ac", 10)) == ("leather", 10)
    camp = run.camp_for(CAMP)
    camp.offers[3] = LIBRARY.armour["buckler"]
    assert choose(camp, Take(item=3, member=0)) is None
    assert m.shield.id == "buckler" and camp.actions == 0
    stats, _, _ = next_bout_member(run, Stats)
    assert stats.block.number("ac") == 10 + 2 + 1  # base, leather (ap AC 12), buckler +1


def test_buying_body_armour_replaces_what_was_worn_in_the_next_bout():
    run = won_bout_one()
    camp = run.camp_for(CAMP)
    camp.offers[3] = LIBRARY.armour["chain_shirt"]
    assert choose(camp, Take(item=3, member=0)) is None
    stats, _, _ = next_bout_member(run, Stats)
    assert stats.block.number("ac") == 10 + 4  # chain shirt: ap AC 14


def test_a_potion_bought_at_camp_is_in_the_pack_next_bout_and_gone_once_drunk():
    run = won_bout_one()
    assert choose(run.camp_for(CAMP), Take(item=4, member=0)) is None
    assert [s.id for s in run.party[0].supplies] == ["healing_potion"]
    nxt = next_bout(run)
    with run.battle(nxt) as b:
        esper.switch_world(b.world.name)
        e = nxt.entities[0]
        assert [s.id for s in esper.component_for_entity(e, Pack).supplies] == [
            "healing_potion"]
        while b.active != e:
            b.apply(b.decide())
        assert b.apply(UseItem(e, 0))[0].type == "used_item"
        carry_over(b, run.party, nxt.entities, Tally(bout=2, won=True))
    assert run.party[0].supplies == []


def test_a_potion_used_at_camp_heals_its_average_rounded_up_and_is_free():
    run = won_bout_one()
    m = run.party[0]
    m.hp = 10
    m.supplies = [LIBRARY.supplies["healing_potion"]]
    camp = run.camp_for(CAMP)
    assert choose(camp, Use(member=0, item=0)) is None
    assert (m.hp, m.supplies, camp.actions) == (10 + 7, [], 1)  # 2d4+2: 5 + 2 = 7
    assert choose(camp, Use(member=0, item=0)) == f"{m.name} has no supply #0"


def test_a_shield_is_refused_to_a_member_who_fights_only_two_handed():
    run = won_bout_one()
    camp = run.camp_for(CAMP)
    camp.offers[3] = LIBRARY.armour["tower_shield"]
    run.party[0].gear[0].weapon = LIBRARY.weapons["greatsword"]
    assert choose(camp, Take(item=3, member=0)) == (
        f"{run.party[0].name} fights two-handed: tower shield needs a free off hand")


def test_a_shield_left_on_the_floor_at_the_end_of_a_bout_is_gone_from_the_run():
    run = won_bout_one()
    camp = run.camp_for(CAMP)
    camp.offers[3] = LIBRARY.armour["buckler"]
    assert choose(camp, Take(item=3, member=0)) is None
    nxt = next_bout(run)
    with run.battle(nxt) as b:
        esper.switch_world(b.world.name)
        e = nxt.entities[0]
        dropped = b.effects.apply((Effect("drop_shield", "defender"),), e, e)
        assert [(d.weapon, d.how) for d in dropped] == [("buckler", "falls at its feet")]
        tally = Tally(bout=2, won=True)
        carry_over(b, run.party, nxt.entities, tally)
    assert run.party[0].shield is None and tally.lost == [f"{run.party[0].name}'s buckler"]


def _fell(hp):  # type: ignore[no-untyped-def]
    """Bout 1 staged, member 0 (entity 2, a longsword) down at `hp` when the foe is beaten."""
    foe = fighter("Foe", 1, Hex(0, 0))
    run, bout, battle = _staged("ap", foe, [1, 20], gear=(LIBRARY.weapons["longsword"],))
    battle.world.activate()
    esper.component_for_entity(2, Health).hp = hp
    esper.add_component(2, Dead(1))
    return run, bout, battle


def test_a_member_who_dies_in_a_won_bout_leaves_its_weapons_in_the_loot():
    run, bout, battle = _fell(-3)
    with battle:
        tally = _carry(run, bout, battle)
    assert not run.party[0].alive and "longsword" in [w.id for w in tally.loot]


def test_a_member_knocked_out_in_a_won_bout_keeps_its_weapons_out_of_the_loot():
    run, bout, battle = _fell(2)
    with battle:
        tally = _carry(run, bout, battle)
    assert run.party[0].alive and [g.weapon.id for g in run.party[0].gear] == ["longsword"]
    assert "longsword" not in [w.id for w in tally.loot]


def test_a_lost_bout_offers_no_loot_not_even_the_fallen_members_weapons():
    run, bout, battle = _fell(-3)
    with battle:
        tally = _carry(run, bout, battle, won=False)
    assert tally.loot == []


def test_the_weapon_in_hand_at_the_end_of_a_bout_is_drawn_at_the_start_of_the_next():
    foe = fighter("Foe", 1, Hex(0, 0))
    sword, dagger = LIBRARY.weapons["greatsword"], LIBRARY.weapons["dagger"]
    run, bout, battle = _staged("ap", foe, [1, 20], gear=(sword, dagger))
    with battle:
        battle.world.activate()
        assert [w.id for w in esper.component_for_entity(2, Wielded).weapons] == ["greatsword"]
        esper.component_for_entity(2, Wielded).weapons = [dagger]  # as a Draw leaves them
        esper.component_for_entity(2, Carried).weapons = [sword]
        _carry(run, bout, battle)
    assert [g.weapon.id for g in run.party[0].gear] == ["dagger", "greatsword"]
    wielded, _, _ = next_bout_member(run, Wielded)
    assert [w.id for w in wielded.weapons] == ["dagger"]
