"""Exact odds of `d40` with shields: rows 17-19 on the defender's shield, rows 11-13 on the
fumbler's, weighed against every face sequence of the real resolver."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from arena.assets import load_library
from arena.rules.base import AttackContext
from arena.rules.odds import attack_odds
from tests.rules.d40.test_odds import D40, enumerate_d40, query

LIBRARY = load_library()
TOWER = LIBRARY.armour["tower_shield"]
MAGIC = LIBRARY.armour["shield_plus_1"]


def shielded(attacker: str, defender: str, at: str, *, mine=None, theirs=None) -> AttackContext:
    return dataclasses.replace(query(attacker, defender, at), attacker_shield=mine,
                               defender_shield=theirs)


CASES = {
    "defender's shield, struck at the front": lambda: shielded(
        "class=warrior,level=6,str=17", "ac=-4,weapon=longsword", "", theirs=TOWER),
    "defender's magic shield, struck from the shield side": lambda: shielded(
        "class=warrior,level=30", "ac=10", "position=rear-left", theirs=MAGIC),
    "defender's shield, struck from the weapon side": lambda: shielded(
        "class=warrior,level=30", "ac=10", "position=rear-right", theirs=TOWER),
    "fumbler's shield and sword: a d2": lambda: shielded(
        "class=mage,level=1", "ac=-10", "", mine=TOWER),
    "fumbler's shield and thrown axe: always the shield": lambda: shielded(
        "class=mage,level=1,weapon=throwing_axe", "ac=-10", "distance=1", mine=MAGIC),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(CASES))
def test_shield_outcomes_in_the_odds_equal_the_real_resolver_exactly(name):
    ctx = CASES[name]()
    o = attack_odds(D40, ctx)
    weights = enumerate_d40(ctx)

    def p(name: str) -> Fraction:
        return sum((w for out, w in weights.items() if name in out.effects), Fraction(0))

    names = {n for out in weights for n in out.effects} | set(o.effects)
    assert {n: p(n) for n in names} == {n: o.effects.get(n, Fraction(0)) for n in names}


def test_rows_17_19_on_the_front_take_the_shield_not_the_weapon():
    ctx = CASES["defender's shield, struck at the front"]()
    o = attack_odds(D40, ctx)
    bare = attack_odds(D40, dataclasses.replace(ctx, defender_shield=None))
    assert o.effects["drop_shield"] == o.critical * Fraction(2, 20)
    # The attacker's own fumbles still drop its weapon; the defender's rows 17-18 no longer.
    assert o.effects["drop_weapon"] == bare.effects["drop_weapon"] - o.critical * Fraction(2, 20)
    assert set(o.tables["shatter"]) == {"row 19, the shield saves", "row 19, the shield shatters"}


def test_rows_11_13_split_evenly_between_the_sword_and_the_shield():
    o = attack_odds(D40, CASES["fumbler's shield and sword: a d2"]())
    split = o.tables["fumble_shield"]
    assert split["rows 11-13 take the weapon"] == split["rows 11-13 take the shield"] \
        == o.fumble * Fraction(3, 20) / 2


def test_the_calculators_defender_shield_reaches_the_odds():
    o = attack_odds(D40, query("class=warrior,level=6", "weapon=longsword,shield=tower_shield"))
    assert o.effects["drop_shield"] == o.critical * Fraction(2, 20)
