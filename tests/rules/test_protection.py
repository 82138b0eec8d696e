"""Armour with real protection and shields (issue 19): AC = unarmoured base + armour + shield."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import esper
import pytest

from arena.assets import load_library, load_scenario
from arena.assets.generated import generate_checked
from arena.battle.core import Battle
from arena.calculator import build_query
from arena.cli.main import main
from arena.ecs.components import Carried, Stats, Wielded, Worn
from arena.ecs.events import Attacked, Refused
from arena.errors import AssetError
from arena.hexgrid import DIRECTIONS, Hex, relative_position
from arena.model.commands import Attack, Draw
from arena.model.stats import Armour, StatBlock, Weapon
from arena.procgen import GenSpec
from arena.rules import get_ruleset
from arena.rules.ap import ApRuleset
from arena.rules.d40.attack import plan_attack
from arena.rules.protection import worn_stats
from tests.factories import LONGSWORD, ap_stats, fighter, scenario
from tests.rules.d40.kit import D40, d40_stats
from tests.rules.d40.kit import ctx as d40_ctx

AP = ApRuleset()
REAL = Path(__file__).resolve().parents[2] / "assets"
HEATER = Armour("heater_shield", "heater shield", shield=True, protection=(("ap", 2),))
GREATSWORD = Weapon("greatsword", "Greatsword", "2d6", hands=2, threat=19)


def stats_in_battle(scenario_id: str, entity: int) -> StatBlock:
    s = load_scenario(scenario_id)
    with Battle(s, get_ruleset(s.ruleset), seed=1) as b:
        esper.switch_world(b.world.name)
        return esper.component_for_entity(entity, Stats).block


def test_a_templates_armour_class_is_its_base_plus_its_armour_in_battle():
    # duel: a swordsman (ap base 11, chain shirt AC 14 = +4) keeps the AC 15 it always had.
    library = load_library()
    assert library.templates["swordsman"]["ap"]["ac"] == 11
    assert stats_in_battle("duel", 1).number("ac") == 15


@pytest.mark.parametrize(("ruleset", "base", "armour", "shield", "expected"), [
    ("ap", 10, "chain_mail", "heater_shield", 17),      # 10 + 5 + 2 (ascending)
    ("adnd", 10, "chain_mail", "heater_shield", 4),     # 10 - 5 - 1 (descending)
    ("becmi", 9, "plate_mail", "buckler", 2),           # 9 - 6 - 1
    ("d40", 10, "full_plate", "tower_shield", -1),      # 10 - 9 - 2
    ("adnd", 10, "plate_mail_plus_3", "shield_plus_1", -2),  # 10 - (7 + 3) - (1 + 1)
])
def test_armour_shield_and_magic_add_up_in_the_rulesets_direction(
        ruleset, base, armour, shield, expected):
    library, rules = load_library(), get_ruleset(ruleset)
    block = StatBlock(ruleset, {s.name: s.default for s in rules.fields} | {"ac": base})
    worn = worn_stats(rules, block, library.armour[armour], library.armour[shield])
    assert worn.number("ac") == expected


def test_adnd_armour_with_a_helm_counts_as_wearing_a_helmet():
    # Document 002: a 19 after a 20 adds to the multiplier only "if the target is not wearing a
    # helmet": the breastplate-and-helm sets the stat block's `helmet`.
    rules, library = get_ruleset("adnd"), load_library()
    block = StatBlock("adnd", {s.name: s.default for s in rules.fields})
    assert not block.flag("helmet")
    assert worn_stats(rules, block, library.armour["breastplate"], None).flag("helmet")


def duel_with_shield(roll: int, ann_at: Hex = Hex(1, 0), bob_facing: int = 0):
    """Ann (+5: STR 3, BAB 2; acts first) strikes Bob (base AC 15, heater shield +2)."""
    bob = dataclasses.replace(fighter("Bob", 1, Hex(0, 0), facing=bob_facing), shield=HEATER)
    s = scenario(fighter("Ann", 0, ann_at, stats=ap_stats(dex=9)), bob)
    return Battle(s, AP, seed=5, dice_script=[15, 1, roll, 4, 4])


def attack_result(roll: int, ann_at: Hex = Hex(1, 0)):
    with duel_with_shield(roll, ann_at) as b:
        (attacked,) = [e for e in b.apply(Attack(1, 2)) if isinstance(e, Attacked)]
        return attacked


def test_a_shield_raises_the_roll_needed_by_its_bonus_exactly():
    # Bob faces Ann (front): AC 15 + 2 = 17. 11 + 5 = 16 misses, 12 + 5 = 17 hits.
    miss, hit = attack_result(11), attack_result(12)
    assert (miss.result.target, miss.result.hit) == (17, False)
    assert (hit.result.target, hit.result.hit) == (17, True)


def hex_at(position: str) -> Hex:
    """Bob's neighbour (Bob at the origin facing E) in that position."""
    return next(d for d in DIRECTIONS if relative_position(Hex(0, 0), 0, d) == position)


@pytest.mark.parametrize(("position", "target"), [
    ("front-left", 17), ("rear-left", 17), ("front-right", 17),
    ("rear-right", 15), ("rear", 5),  # rear: -10 and no shield either
])
def test_an_ap_shield_guards_the_front_and_shield_side_but_not_the_rear(position, target):
    attacked = attack_result(12, hex_at(position))
    assert attacked.position == position
    assert attacked.result.target == target
    shield_mods = [m.value for m in attacked.result.target_modifiers if "shield" in m.label]
    assert shield_mods == ([-2] if target < 17 else [])


def test_drawing_a_two_handed_weapon_with_a_shield_is_refused():
    bob = dataclasses.replace(
        fighter("Ann", 0, Hex(0, 0), weapons=(LONGSWORD, GREATSWORD)), shield=HEATER)
    s = scenario(bob, fighter("Bob", 1, Hex(3, 0), facing=3))
    with Battle(s, AP, seed=5, dice_script=[15, 1]) as b:
        events = b.apply(Draw(1, 0))
        assert events == [Refused("draw", "cannot wield Greatsword (two hands): heater shield "
                                          "takes the off hand")]


def test_a_shield_bearer_starts_with_only_its_main_weapon_in_hand():
    # Two one-handed weapons and a shield: the shield takes the off hand, the dagger is a spare.
    dagger = Weapon("dagger", "Dagger", "d4", light=True)
    ann = dataclasses.replace(fighter("Ann", 0, Hex(0, 0), weapons=(LONGSWORD, dagger)),
                              shield=HEATER)
    with Battle(scenario(ann, fighter("Bob", 1, Hex(3, 0))), AP, seed=5) as b:
        esper.switch_world(b.world.name)
        assert [w.id for w in esper.component_for_entity(1, Wielded).weapons] == ["longsword"]
        assert [w.id for w in esper.component_for_entity(1, Carried).weapons] == ["dagger"]


@pytest.fixture
def root(tmp_path: Path) -> Path:
    dest = tmp_path / "assets"
    shutil.copytree(REAL, dest)
    return dest


def test_the_loader_refuses_a_template_with_a_two_handed_weapon_and_a_shield(root: Path):
    with (root / "templates.toml").open("a", encoding="utf-8") as f:
        f.write('\n[brute]\nname = "Brute"\nglyph = "B"\nhp = 10\nspeed = 6\n'
                'weapons = ["greatsword"]\nshield = "buckler"\n')
    with pytest.raises(AssetError) as info:
        load_library(root)
    assert str(info.value) == (
        "templates.toml: brute.shield: greatsword needs two hands but buckler takes the off "
        "hand (carry the two-handed weapon second, as a spare, or drop the shield)")


def test_the_loader_refuses_body_armour_named_as_a_shield(root: Path):
    with (root / "templates.toml").open("a", encoding="utf-8") as f:
        f.write('\n[oddity]\nname = "Oddity"\nglyph = "O"\nhp = 10\nspeed = 6\n'
                'weapons = ["mace"]\nshield = "chain_mail"\n')
    with pytest.raises(AssetError) as info:
        load_library(root)
    assert str(info.value) == \
        "templates.toml: oddity.shield: 'chain_mail' is body armour, not a shield"


def test_the_calculator_takes_the_defenders_armour_and_shield(capsys):
    query = build_query(get_ruleset("ap"), load_library(), "",
                        "ac=10,armour=chain_mail,shield=heater_shield")
    assert query.ctx.defender.number("ac") == 17
    assert main(["odds", "--rules", "ap", "--defender", "ac=10,shield=heater_shield",
                 "--at", "position=rear-right"]) in (0, None)
    assert "vs AC 12 -2 shield on the other arm = 10" in capsys.readouterr().out


def test_the_calculator_refuses_an_unknown_shield_in_one_line(capsys):
    assert main(["odds", "--rules", "ap", "--defender", "shield=leather"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--defender: shield: unknown shield 'leather'" in err[0]


def test_a_flat_footed_d40_defender_loses_its_shield():
    # Document 000: "Flat-footed: The character loses all Dexterity and shield benefits to
    # their armour class." AC 10 with a tower shield (+2) is AC 8; flat-footed, AC 10 again.
    rules, library = get_ruleset("d40"), load_library()
    block = worn_stats(rules, d40_stats(), None, library.armour["tower_shield"])
    assert block.number("ac") == 8
    standing = plan_attack(D40.tables, d40_ctx(defender=block))
    fallen = plan_attack(D40.tables, d40_ctx(defender=block,
                                             defender_conditions=frozenset({"flat_footed"})))
    assert (standing.ac, fallen.ac) == (8, 10)
    assert fallen.label.startswith("AC 8 +2 no shield (flat-footed) = 10")


def test_generated_arenas_field_shieldbearers_with_their_shields():
    for seed in range(1, 60):
        made = generate_checked(seed, GenSpec("ap", bout=3))
        ours = [i for i, c in enumerate(made.scenario.combatants) if c.template == "shieldbearer"]
        if ours:
            break
    assert ours, "no shieldbearer in 60 generated ap arenas"
    with Battle(made.scenario, get_ruleset("ap"), seed=1) as b:
        esper.switch_world(b.world.name)
        entity = ours[0] + 1
        assert esper.component_for_entity(entity, Worn).shield.id == "heater_shield"
        assert esper.component_for_entity(entity, Stats).block.number("ac") == 10 + 5 + 2
        assert [w.id for w in esper.component_for_entity(entity, Carried).weapons][-1] == \
            "javelin"
