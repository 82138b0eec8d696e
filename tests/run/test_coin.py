"""Coin (arena/run/coin.py): the bounty a fight pays, prices, sales and wages, to the coin."""

from __future__ import annotations

from arena.ecs.events import Died
from arena.model.stats import Supply
from arena.procgen.threat import combatant_threat, side_strength
from arena.procgen.values import REFERENCE_WEAPON, item_value
from arena.run.auto import ai_command
from arena.run.coin import (
    MIN_PRICE,
    MIN_WAGE,
    START_COIN,
    WAGE,
    Purse,
    bounty,
    price,
    sale,
    wage,
)
from arena.run.config import RunConfig
from arena.run.engine import Run
from arena.run.fight import play_commands
from arena.run.route import BOSS, CAMP, ELITE, FIGHT
from tests.run.roads import next_bout
from tests.run.test_run import LIBRARY

REFERENCE = LIBRARY.weapons[REFERENCE_WEAPON]


def test_a_fight_pays_a_hundred_coin_for_felling_foes_as_strong_as_the_starting_party() -> None:
    assert bounty(718, 718, FIGHT) == 100
    assert bounty(359, 718, FIGHT) == 50
    assert bounty(100, 300, FIGHT) == 33  # rounded down
    assert bounty(0, 718, FIGHT) == 0


def test_an_elite_pays_half_as_much_again_and_a_boss_double() -> None:
    assert bounty(359, 718, ELITE) == 75
    assert bounty(359, 718, BOSS) == 100
    assert bounty(100, 300, ELITE) == 50  # 100 * 100 * 3 // (300 * 2)
    assert bounty(100, 300, BOSS) == 66
    assert bounty(359, 718, CAMP) == 50  # any other kind pays as a fight


def test_a_bounty_against_a_party_of_no_strength_counts_it_as_one() -> None:
    assert bounty(7, 0, FIGHT) == 700


def test_an_item_costs_its_value_and_never_less_than_the_floor() -> None:
    longsword, bandages = LIBRARY.weapons["longsword"], LIBRARY.supplies["bandages"]
    assert price("d40", longsword, REFERENCE) == item_value("d40", longsword, REFERENCE) == 35
    assert price("d40", bandages, REFERENCE) == 10
    pebble = Supply("pebble", "pebble")  # heals nothing, mends nothing: worth nothing
    assert item_value("d40", pebble, REFERENCE) == 0
    assert price("d40", pebble, REFERENCE) == MIN_PRICE == 2
    assert price("d40", longsword, None) == MIN_PRICE  # no reference weapon: no value to ask


def test_the_merchant_pays_half_an_item_s_price_rounded_down() -> None:
    assert sale("d40", LIBRARY.weapons["longsword"], REFERENCE) == 17  # 35 // 2
    assert sale("d40", LIBRARY.supplies["bandages"], REFERENCE) == 5
    assert sale("d40", Supply("pebble", "pebble"), REFERENCE) == 1  # half the floor


def test_a_wage_is_sixty_for_an_average_member_in_proportion_and_at_least_fifteen() -> None:
    # An average member of a party of three has a ninth of its strength, (sum of roots)^2.
    assert wage(100, 900) == WAGE == 60
    assert wage(150, 900) == 90
    assert wage(200, 900) == 120
    assert wage(26, 900) == MIN_WAGE == 15  # 60 * 26 * 9 // 900 is 15
    assert wage(10, 900) == MIN_WAGE  # 6 by proportion: the floor
    assert wage(1, 0) == 540  # no strength to measure against counts as one


def test_the_purse_starts_with_thirty_coin_and_pays_what_it_holds() -> None:
    purse = Purse()
    assert purse.coin == START_COIN == 30
    purse.pay(30)
    assert purse.coin == 0


def test_a_won_bout_pays_its_bounty_into_the_purse_and_says_so_on_its_bout_end_line() -> None:
    lines: list[dict[str, object]] = []
    run = Run(RunConfig("d40", 3, 6), LIBRARY, lines.append)
    assert run.purse.coin == START_COIN
    bout = next_bout(run)
    with run.battle(bout) as battle:
        play_commands(run, bout, battle, ai_command, fallback=True)
        died = {e.actor for e in battle.log if isinstance(e, Died)}
        tally = run.finish(bout, battle)
    assert tally.won
    felled = side_strength(combatant_threat("d40", c, c.hp)
                           for k, c in enumerate(bout.scenario.combatants, 1)
                           if c.side != 0 and k in died)
    paid = bounty(felled, run.start_threat, bout.node.kind)
    assert paid > 0 and tally.coin == paid
    assert run.purse.coin == START_COIN + paid
    (end,) = [line for line in lines if line["type"] == "bout_end"]
    assert (end["coin"], end["purse"]) == (paid, START_COIN + paid)
