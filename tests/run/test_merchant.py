"""The merchant (arena/run/market.py, camp.py): wares at their prices, sales, hires, no action."""

from __future__ import annotations

from functools import cache

from arena.model.stats import Armour, Supply, Weapon
from arena.procgen.threat import combatant_threat
from arena.procgen.values import REFERENCE_WEAPON
from arena.run import goods
from arena.run.auto import ai_command, policy
from arena.run.camp import MARKET, Camp, choose, refusal
from arena.run.camppolicy import auto_next
from arena.run.coin import price, sale, wage
from arena.run.config import PARTY_SIZE, RunConfig
from arena.run.decisions import Answer, Buy, Recruit, Rest, Sell, Take
from arena.run.engine import Run
from arena.run.fight import play_commands
from arena.run.holding import belongings
from arena.run.market import Ware
from arena.run.party import BROKEN, Gear, Member
from arena.run.route import CAMP, FIRST_MERCHANT, MERCHANT, Route
from tests.run.test_run import LIBRARY

RULES = "d40"
REFERENCE = LIBRARY.weapons[REFERENCE_WEAPON]


@cache
def merchant_seed() -> tuple[int, str, tuple[str, ...]]:
    """The first seed whose map has a merchant at step 2 reached from two step-1 nodes.

    (seed, the merchant's node id, the step-1 nodes leading to it).
    """
    themes = sorted(Run(RunConfig(RULES, 1), LIBRARY).materials.themes)
    for seed in range(1, 200):
        route = Route(seed, 12, themes)
        for node in route.step_nodes(FIRST_MERCHANT):
            came = tuple(n.id for n in route.step_nodes(1) if node.id in n.leads)
            if node.kind == MERCHANT and len(came) >= 2:
                return seed, node.id, came
    raise AssertionError("no seed with two roads to a step-2 merchant")


def at_merchant(road: int = 0, fight: bool = False) -> tuple[Run, Camp]:
    """A run at the step-2 merchant by step-1 node `road` (its bout fought by the AI if `fight`)."""
    seed, merchant, came = merchant_seed()
    run = Run(RunConfig(RULES, seed), LIBRARY)
    assert run.go(came[road]) is None
    if fight:
        bout = run.prepare()
        with run.battle(bout) as battle:
            play_commands(run, bout, battle, ai_command, fallback=True)
            run.finish(bout, battle)
    camp = run.camp()
    run.make_camp(camp, policy(camp) if fight else [])
    assert run.go(merchant) is None
    return run, run.camp()


def _wares(camp: Camp) -> list[Ware]:
    """The merchant's wares still on its table."""
    assert camp.market is not None
    return [w for w in camp.market.wares if w is not None]


def _has(m: Member, item: Weapon | Armour | Supply) -> bool:
    """Whether `m` holds `item` where it goes: gear, armour, shield or pack."""
    if isinstance(item, Supply):
        return item in m.supplies
    if isinstance(item, Armour):
        return (m.shield if item.shield else m.armour) is item
    return item in [g.weapon for g in m.gear]


def test_a_merchant_sells_its_node_s_stock_each_at_the_item_s_price() -> None:
    run, camp = at_merchant()
    assert run.here is not None and run.here.kind == MERCHANT
    assert camp.allowed == MARKET and camp.costed == frozenset() and camp.actions == 0
    assert camp.market is not None
    stock = goods.stock(LIBRARY, run.ruleset, run.config.seed, run.here)
    assert [w.item for w in _wares(camp)] == stock and len(stock) == sum(goods.STOCK)
    assert [type(i) for i in stock[:4]] == [Weapon] * 4
    assert [type(i) for i in stock[4:6]] == [Armour] * 2
    assert [type(i) for i in stock[6:]] == [Supply] * 2
    for ware in _wares(camp):
        assert ware.price == camp.market.price(ware.item) == price(RULES, ware.item, REFERENCE)
        assert camp.market.sale(ware.item) == sale(RULES, ware.item, REFERENCE) == ware.price // 2


def test_buying_a_ware_gives_it_to_the_member_and_takes_exactly_its_price() -> None:
    run, camp = at_merchant()
    assert camp.market is not None
    run.purse.coin = 1000
    m = camp.party[0]
    k = next(k for k, w in enumerate(camp.market.wares)
             if w is not None and isinstance(w.item, Weapon))
    ware = camp.market.wares[k]
    assert ware is not None
    gear = len(m.gear)
    assert choose(camp, Buy(k, 0)) is None
    assert run.purse.coin == 1000 - ware.price
    assert len(m.gear) == gear + 1 and m.gear[-1].weapon is ware.item
    assert camp.market.wares[k] is None
    assert camp.log == [f"{m.name} buys {ware.item.name} for {ware.price} coin"]
    assert choose(camp, Buy(k, 0)) == f"no ware #{k}"  # sold


def test_every_ware_goes_where_its_kind_goes_and_worn_armour_is_traded_in() -> None:
    run, camp = at_merchant()
    assert camp.market is not None
    run.purse.coin = 1000
    for k, ware in enumerate(list(camp.market.wares)):
        assert ware is not None
        who = next(i for i in range(len(camp.party)) if refusal(camp, Buy(k, i)) is None)
        m = camp.party[who]
        worn = (m.shield if ware.item.shield else m.armour) if isinstance(ware.item, Armour) \
            else None
        back = camp.market.sale(worn) if worn is not None else 0
        before = run.purse.coin
        assert choose(camp, Buy(k, who)) is None, k
        assert _has(m, ware.item)
        assert run.purse.coin == before - ware.price + back
        if worn is not None:
            assert camp.log[-1] == f"{worn.name} traded in for {back} coin"
    assert any(line.endswith(" traded in for 1 coin") for line in camp.log)  # a round shield


def test_buying_with_too_little_coin_is_refused_naming_the_price_and_the_purse() -> None:
    run, camp = at_merchant()
    ware = _wares(camp)[0]
    run.purse.coin = ware.price - 1
    gear = [g.weapon for g in camp.party[0].gear]
    assert choose(camp, Buy(0, 0)) == \
        f"{ware.item.name} costs {ware.price} coin; the party has {ware.price - 1}"
    assert run.purse.coin == ware.price - 1
    assert [g.weapon for g in camp.party[0].gear] == gear
    assert camp.market is not None and camp.market.wares[0] == ware and camp.log == []
    run.purse.coin = ware.price  # exactly enough
    assert choose(camp, Buy(0, 0)) is None and run.purse.coin == 0


def test_selling_a_weapon_pays_half_its_price_and_takes_it_away() -> None:
    run, camp = at_merchant()
    assert camp.market is not None
    m = camp.party[0]
    weapon = m.gear[0].weapon
    before, count = run.purse.coin, len(m.gear)
    paid = camp.market.sale(weapon)
    assert paid == price(RULES, weapon, REFERENCE) // 2 > 0
    assert choose(camp, Sell(0, 0)) is None
    assert run.purse.coin == before + paid
    assert len(m.gear) == count - 1 and weapon not in [g.weapon for g in m.gear]
    assert camp.log == [f"{m.name} sells {weapon.name} for {paid} coin"]


def test_a_member_s_belongings_sell_in_order_weapons_armour_shield_supplies() -> None:
    run, camp = at_merchant()
    assert camp.market is not None
    m = camp.party[0]
    m.armour, m.shield = LIBRARY.armour["leather"], LIBRARY.armour["round_shield"]
    m.supplies = [LIBRARY.supplies["bandages"]]
    weapons = [g.weapon for g in m.gear]
    assert belongings(m) == [*weapons, m.armour, m.shield, m.supplies[0]]
    before = run.purse.coin
    assert choose(camp, Sell(0, len(weapons))) is None  # the armour
    assert m.armour is None and m.shield is not None
    assert choose(camp, Sell(0, len(weapons))) is None  # now the shield
    assert m.shield is None
    assert choose(camp, Sell(0, len(weapons))) is None  # now the bandages
    assert m.supplies == []
    assert run.purse.coin == before + sum(camp.market.sale(LIBRARY.armour[a]) for a in (
        "leather", "round_shield")) + camp.market.sale(LIBRARY.supplies["bandages"])
    assert choose(camp, Sell(0, len(weapons))) == f"{m.name} has no belonging #{len(weapons)}"


def test_a_broken_weapon_and_a_natural_one_find_no_buyer() -> None:
    run, camp = at_merchant()
    m = camp.party[0]
    m.gear[0].state = BROKEN
    bite = LIBRARY.weapons["wolf_bite"]
    m.gear.append(Gear(bite, bite))
    before, gear = run.purse.coin, list(m.gear)
    assert choose(camp, Sell(0, 0)) == \
        f"{m.gear[0].weapon.name} is broken: the merchant buys no broken weapon"
    assert choose(camp, Sell(0, len(m.gear) - 1)) == f"{bite.name} is part of {m.name}: nobody " \
                                                      "buys it"
    assert run.purse.coin == before and m.gear == gear and camp.log == []


def test_no_merchant_choice_takes_an_action_so_several_are_made_in_a_row() -> None:
    run, camp = at_merchant()
    run.purse.coin = 1000
    for k in range(3):
        assert choose(camp, Buy(k, k)) is None
        assert camp.actions == 0
    assert choose(camp, Sell(1, 0)) is None
    assert choose(camp, Buy(6, 0)) is None  # a supply
    assert camp.actions == 0 and len(camp.log) == 5
    assert choose(camp, Rest()) == "no rest here: only at a camp on the run's map"
    assert choose(camp, Take(0, 0)) == "no take here: only at a camp on the run's map"
    assert choose(camp, Answer(0)) == "no answer here: no event is held here"


def test_hiring_at_the_merchant_costs_the_wage_and_the_fighter_takes_a_fallen_member_s_place(
        ) -> None:
    run, camp = at_merchant()
    fallen = camp.party[2]
    fallen.alive, fallen.hp = False, 0
    run.purse.coin = 500
    offer = camp.hires[0]
    m = offer.member
    assert offer.price == wage(combatant_threat(RULES, m.spec(), m.max_hp), run.start_threat)
    assert (m.level, m.xp, m.recruited_at) == (1, 0, run.next_bout)
    assert choose(camp, Recruit(0)) is None
    assert run.purse.coin == 500 - offer.price
    assert camp.party[-1] is m and len(camp.party) == PARTY_SIZE + 1
    assert fallen.replaced and offer.joined and camp.actions == 0
    assert camp.log == [f"{m.name} joins for {offer.price} coin"]
    assert choose(camp, Recruit(0)) == "no fighter #0 for hire here"
    assert choose(camp, Recruit(len(camp.hires))) == f"no fighter #{len(camp.hires)} for hire here"


def test_hiring_is_refused_with_three_standing_or_too_little_coin() -> None:
    run, camp = at_merchant()
    run.purse.coin = 500
    assert choose(camp, Recruit(0)) == f"the party is full ({PARTY_SIZE} fighters)"
    assert len(camp.party) == PARTY_SIZE and run.purse.coin == 500
    camp.party[1].alive = False
    offer = camp.hires[0]
    run.purse.coin = offer.price - 1
    assert choose(camp, Recruit(0)) == \
        f"{offer.member.name} asks {offer.price} coin; the party has {offer.price - 1}"
    assert len(camp.party) == PARTY_SIZE and not offer.joined


def test_a_node_offers_two_or_three_different_fighters_of_the_soldiers_and_leaders() -> None:
    run = Run(RunConfig(RULES, merchant_seed()[0]), LIBRARY)
    hirable = {m.template for m in run.pool.of(*goods.HIRED_ROLES)}
    counts = set()
    for step in range(1, 13):
        for node in run.route.step_nodes(step):
            offered = run.hires(node)
            templates = [h.member.template for h in offered]
            counts.add(len(offered))
            assert len(set(templates)) == len(templates) in goods.HIRES
            assert set(templates) <= hirable
            names = [m.name for m in run.party] + [h.member.name for h in offered]
            assert len(set(names)) == len(names)  # named apart from the party
    assert counts == {2, 3}


def test_a_merchant_holds_the_same_wares_and_fighters_whichever_road_reached_it() -> None:
    made = []
    for road in (0, 1):
        run, camp = at_merchant(road, fight=True)
        made.append(([(w.item, w.price) for w in _wares(camp)],
                     [(h.member.template, h.member.name, h.price) for h in camp.hires],
                     run.tallies[0].foes, run.purse.coin))
        again = run.camp()  # the camp built again: the same table
        assert [(w.item, w.price) for w in _wares(again)] == made[-1][0]
    assert made[0][:2] == made[1][:2]
    assert made[0][2] != made[1][2]  # two different fights on the way


def test_hiring_at_a_camp_node_is_its_one_action() -> None:
    run, _ = at_merchant()
    camp = run.camp_for(CAMP)
    assert "recruit" in camp.costed and camp.actions == 1
    camp.party[0].alive = False
    camp.party[1].hp = 1  # a rest would help, but the hire takes the action
    run.purse.coin = 500
    offer = camp.hires[0]
    assert choose(camp, Recruit(0)) is None
    assert camp.actions == 0 and run.purse.coin == 500 - offer.price
    assert choose(camp, Rest()) == "this camp's action is taken: march on"


def test_the_auto_policy_hires_the_dearest_fighter_it_can_pay_for_when_one_member_stands() -> None:
    run, _ = at_merchant()
    camp = run.camp_for(CAMP)
    camp.party[0].alive = camp.party[1].alive = False
    prices = [h.price for h in camp.hires]
    run.purse.coin = sorted(prices)[-2]  # enough for all but the dearest
    wanted = max(range(len(prices)), key=lambda k: (prices[k] <= run.purse.coin, prices[k], -k))
    assert auto_next(camp) == Recruit(wanted)
