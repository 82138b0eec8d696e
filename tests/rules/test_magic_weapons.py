"""Magic weapons (issue 19): +1..+3 to attack and damage, and "+1, +3 against X" kinds."""

from __future__ import annotations

import pytest

from arena.assets import load_library
from arena.battle.core import Battle
from arena.dice import Dice
from arena.ecs.events import Attacked
from arena.hexgrid import Hex
from arena.model.commands import Attack
from arena.model.stats import StatBlock
from arena.rules import RULESETS
from arena.rules.adnd import AdndRuleset
from arena.rules.adnd.stats import FIELDS
from arena.rules.ap import ApRuleset
from arena.rules.base import AttackContext
from tests.factories import ap_stats, fighter, scenario

WEAPONS = load_library().weapons
MAGIC = ("dagger_plus_1", "longsword_plus_1", "longsword_plus_2", "battleaxe_plus_3",
         "dawnmace", "giantsbane", "wyrmbiter", "shortbow_plus_1")


@pytest.mark.parametrize("ident", MAGIC)
def test_every_magic_weapon_is_usable_under_every_ruleset(ident):
    for rules in RULESETS.values():
        assert rules.weapon_problem(WEAPONS[ident]) is None, (ident, rules.name)


def test_a_plus_1_sword_adds_1_to_the_attack_roll_and_1_to_damage_on_the_map():
    # Ann (+5: STR 3, BAB 2) with a longsword +1 against Bob's AC 15: a natural 9 makes
    # 9 + 5 + 1 = 15, a hit that a plain sword would miss; d8 4 + STR 3 + magic 1 = 8.
    sword = WEAPONS["longsword_plus_1"]
    s = scenario(fighter("Ann", 0, Hex(0, 0), stats=ap_stats(dex=9), weapons=(sword,)),
                 fighter("Bob", 1, Hex(1, 0), facing=3, hp=12))
    with Battle(s, ApRuleset(), seed=5, dice_script=[15, 1, 9, 4]) as b:
        (attacked,) = [e for e in b.apply(Attack(1, 2)) if isinstance(e, Attacked)]
    result = attacked.result
    assert [(m.label, m.value) for m in result.modifiers][-1] == ("magic", 1)
    assert (result.total, result.target, result.hit) == (15, 15, True)
    assert [(m.label, m.value) for m in result.damage_modifiers] == [("STR", 3), ("magic", 1)]
    assert (result.damage, attacked.target_hp) == (8, 4)


def adnd_stats(**values: object) -> StatBlock:
    return StatBlock("adnd", {f.name: f.default for f in FIELDS} | values)


@pytest.mark.parametrize(("kinds", "label", "bonus", "hit"), [
    ("undead", "magic vs undead", 3, True),   # 12 + 3 = 15 ≥ THAC0 20 − AC 5
    ("", "magic", 1, False),                  # 12 + 1 = 13 < 15
])
def test_plus_1_plus_3_vs_undead_uses_the_bonus_against_its_kind_only(kinds, label, bonus, hit):
    # Dawnmace, "mace +1, +3 vs undead": a 1st-level warrior (THAC0 20) against AC 5 needs 15.
    mace = WEAPONS["dawnmace"]
    ctx = AttackContext(adnd_stats(), adnd_stats(ac=5, kinds=kinds), mace, 1, "front")
    result = AdndRuleset().resolve_attack(ctx, Dice(seed=1, script=(12, 6)))
    assert (label, bonus) in [(m.label, m.value) for m in result.modifiers]
    assert (result.total, result.hit) == (12 + bonus, hit)
    if hit:
        assert result.damage == 6 + 3  # d8 6 + magic vs undead 3
