"""Encounters: threat from exact odds, budgets by bout, bosses, rosters and their arms."""

from __future__ import annotations

from dataclasses import replace
from typing import cast

import pytest

from arena.model.stats import Armour, StatValue, Weapon
from arena.procgen import GenError, GenSpec, build
from arena.procgen.encounter import side_threat
from arena.procgen.foes import foe_pool
from arena.procgen.roster import foe_budget, is_boss_bout, pool
from arena.procgen.threat import (
    REFERENCE_BLOW,
    reference_defender,
    stat_block,
    threat,
    toughness,
    worn,
)
from arena.rules import RULESETS as REGISTERED
from arena.rules.base import AttackContext
from arena.rules.odds import expected_damage
from tests.procgen.helpers import RULESETS, shipped


def test_threat_is_a_turns_exact_damage_times_hp_scaled_by_toughness():
    t = shipped().templates["swordsman"]
    stats = worn("d40", stat_block("d40", cast(dict[str, StatValue], t["d40"])),
                 cast(Armour | None, t.get("armour")), cast(Armour | None, t.get("shield")))
    sword = cast(tuple[Weapon, ...], t["weapons"])[0]
    ctx = AttackContext(stats, reference_defender("d40"), sword, 1, "front", wielded=(sword,))
    mean = expected_damage(REGISTERED["d40"], ctx)
    plain = AttackContext(reference_defender("d40"), reference_defender("d40"), REFERENCE_BLOW,
                          1, "front", wielded=(REFERENCE_BLOW,))
    struck = replace(plain, defender=stats)
    p_mean, s_mean = (expected_damage(REGISTERED["d40"], c) for c in (plain, struck))
    assert mean is not None and p_mean is not None and s_mean is not None
    # d40 allows one attack a turn: the offence is the sword's one blow
    assert threat("d40", stats, (sword,), 20) == round(mean * 20 * p_mean / s_mean)
    assert toughness("d40", stats) == p_mean / s_mean > 1  # AC 5 is harder to hit than AC 10


def test_pinned_threats_of_a_few_templates():
    # The numbers `arena gen --threats` prints; a change means the rules or templates changed.
    found = {(r, m.template): m.threat for r in RULESETS for m in pool(shipped(), r).members}
    assert found[("d40", "swordsman")] == 181
    assert found[("adnd", "adnd_hobgoblin")] == 81
    assert found[("becmi", "becmi_hill_giant")] == 1037
    assert found[("ap", "knight")] == 967


@pytest.mark.parametrize("rules", RULESETS)
def test_every_ruleset_has_soldiers_and_a_boss(rules):
    p = pool(shipped(), rules)
    assert p.of("boss") and p.of("soldier")
    assert all(m.threat >= 3 * p.median or m.role != "boss" or m is max(
        p.members, key=lambda x: (x.threat, x.template)) for m in p.members)


def test_foe_budget_grows_with_the_bout():
    assert [foe_budget(400, b) for b in (1, 3, 5, 10)] == [320, 400, 480, 680]
    assert [is_boss_bout(b) for b in range(1, 11)] == [False] * 4 + [True] + [False] * 4 + [True]


@pytest.mark.parametrize("rules", RULESETS)
def test_foes_fit_their_budget_and_a_boss_leads_every_fifth_bout(rules):
    for seed in range(5):
        for bout in (1, 4, 5):
            enc = build(seed, GenSpec(rules, bout=bout), shipped()).encounter
            assert enc.foe_threat == side_threat(rules, enc.foes)
            if bout == 5:
                assert enc.roles[0] == "boss"
            else:
                assert "boss" not in enc.roles and enc.foe_threat <= enc.budget
            assert any(not c.weapons[0].is_ranged for c in enc.foes)


def test_a_budget_no_roster_fits_is_refused():
    cheapest = min(m.threat for m in foe_pool(shipped(), "becmi", "crypt", 1).members)
    with pytest.raises(GenError, match=f"threat budget {cheapest - 1} fits no roster"):
        build(1, GenSpec("becmi", budget=cheapest - 1, theme="crypt"), shipped())
    made = build(1, GenSpec("becmi", budget=cheapest, theme="crypt"), shipped())
    assert made.encounter.foe_threat == cheapest


@pytest.mark.parametrize("rules", RULESETS)
def test_drawn_weapons_are_usable_under_the_ruleset_and_vary(rules):
    arms = set()
    for seed in range(12):
        for c in build(seed, GenSpec(rules), shipped()).scenario.combatants:
            assert all(REGISTERED[rules].weapon_problem(w) is None for w in c.weapons)
            arms.add((c.template, c.weapons[0].id))
    rearmed = [t for t, w in arms if w != cast(tuple[Weapon, ...],
                                              shipped().templates[t]["weapons"])[0].id]
    assert rearmed  # some soldiers carry a weapon other than their template's


def test_no_template_fills_more_than_three_places_on_a_side():
    for seed in range(20):
        s = build(seed, GenSpec("d40", bout=8), shipped()).scenario
        for side in (0, 1):
            names = [c.template for c in s.combatants if c.side == side]
            assert max(names.count(n) for n in names) <= 3
