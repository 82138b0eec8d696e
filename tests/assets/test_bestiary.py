"""The bestiary and natural weapons: loading, attack routines, what fumbles and criticals do to
claws and bites, every template fighting under each of its rulesets, threat, and the foes the
generator draws."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
import sys
from pathlib import Path
from typing import cast

import esper
import pytest

from arena.assets import load_library
from arena.assets.common import Template
from arena.assets.generated import materials
from arena.assets.templates import full_stats
from arena.battle.core import Battle
from arena.battle.holdings import holdings
from arena.cli.main import main
from arena.dice import Dice
from arena.ecs.components import Dead, Health, Wielded
from arena.ecs.events import Attacked, BattleEnded, Refused, WeaponBroken, WeaponDropped
from arena.errors import AssetError
from arena.hexgrid import Hex
from arena.model.commands import Attack
from arena.model.scenario import CombatantSpec
from arena.model.stats import StatBlock, Weapon
from arena.procgen import GenSpec, build
from arena.procgen.foes import foe_pool, tier_cap
from arena.procgen.threat import offence, reference_defender, stat_block
from arena.rules import RULESETS, get_ruleset
from arena.rules.base import AttackContext
from arena.rules.d40.criticals import CRITICAL_HITS, Critical, weapon_lost
from arena.rules.d40.fumbles import Fumble, break_check, fling, fumble_row
from arena.rules.odds import expected_damage
from arena.run.carry import loot
from tests.factories import arena_map, scenario


def hp_of(entity: int) -> int:
    """Hit points of an entity of the battle in hand."""
    return esper.component_for_entity(entity, Health).hp


def wielded(entity: int) -> list[Weapon]:
    """What an entity of the battle in hand wields."""
    return esper.component_for_entity(entity, Wielded).weapons

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = load_library(ROOT / "assets")
BESTIARY = sorted(i for i, t in LIBRARY.templates.items() if "tier" in t)
CLAW = Weapon("claw", "claw", "1d3", hands=0, natural=True)
BITE = Weapon("bite", "bite", "1d6", hands=0, natural=True)
SWORD = Weapon("longsword", "longsword", "1d8", break_die=8)


def spec(ident: str, side: int, at: Hex, facing: int, ruleset: str) -> CombatantSpec:
    """A combatant made from a library template."""
    t = LIBRARY.templates[ident]
    return CombatantSpec(ident, cast(str, t["name"]), cast(str, t["glyph"]), side, at, facing,
                         cast(int, t["hp"]), cast(int, t["speed"]),
                         cast(tuple[Weapon, ...], t["weapons"]), None, full_stats(t))


def duel(a: str, b: str, ruleset: str, script: tuple[int, ...] = (), rounds: int = 4,
         seed: int = 7) -> Battle:
    """`a` (side 0) facing `b` (side 1) one hex apart on a small floor."""
    s = dataclasses.replace(
        scenario(spec(a, 0, Hex(0, 0), 0, ruleset), spec(b, 1, Hex(1, 0), 3, ruleset),
                 hexmap=arena_map(3), max_rounds=rounds), ruleset=ruleset)
    return Battle(s, get_ruleset(ruleset), seed=seed, dice_script=list(script))


# --- loading -----------------------------------------------------------------------------

def test_the_bestiary_has_thirty_foes_across_families_tiers_and_named_bosses():
    foes = [LIBRARY.templates[i] for i in BESTIARY]
    assert len(foes) >= 30
    assert {f["family"] for f in foes} == {"beast", "humanoid", "undead", "giant"}
    assert {f["tier"] for f in foes} == {1, 2, 3, 4}
    assert len([f for f in foes if f["boss"]]) >= 3
    assert all(f["flavour"] and all(r in f for r in RULESETS) for f in foes)


@pytest.mark.parametrize("ident", BESTIARY)
def test_every_foe_loads_under_every_ruleset_it_names(ident):
    t = LIBRARY.templates[ident]
    for ruleset in (r for r in sorted(RULESETS) if r in t):
        rules = RULESETS[ruleset]
        assert all(rules.weapon_problem(w) is None for w in cast(tuple[Weapon, ...], t["weapons"]))
        stats = full_stats(t)[ruleset]
        assert offence(ruleset, stats, cast(tuple[Weapon, ...], t["weapons"])) > 0


def _copy_assets(tmp_path: Path) -> Path:
    root = tmp_path / "assets"
    shutil.copytree(ROOT / "assets", root)
    return root


def test_an_id_in_both_template_files_is_refused(tmp_path):
    root = _copy_assets(tmp_path)
    text = (root / "bestiary.toml").read_text().replace("[wolf]", "[swordsman]", 1)
    (root / "bestiary.toml").write_text(text)
    with pytest.raises(AssetError, match=r"bestiary\.toml: swordsman: id 'swordsman' is "
                                         r"already taken in templates\.toml"):
        load_library(root)


def test_a_natural_weapon_in_a_hand_or_an_unknown_haunt_is_refused(tmp_path):
    root = _copy_assets(tmp_path)
    natural = root / "natural.toml"
    natural.write_text(natural.read_text() + '\n[hand_claw]\nname = "x"\ndamage = "1d4"\n'
                       'hands = 1\n')
    with pytest.raises(AssetError, match=r"natural.toml: hand_claw.hands: .*0"):
        load_library(root)
    shutil.copy(ROOT / "assets" / "natural.toml", natural)
    bestiary = root / "bestiary.toml"
    bestiary.write_text(bestiary.read_text().replace('haunts = ["crypt", "quarry"]',
                                                     'haunts = ["moon"]', 1))
    with pytest.raises(AssetError, match="unknown theme 'moon'"):
        load_library(root)


# --- every template fights under each of its rulesets -------------------------------------

CASES = [(i, r) for i in sorted(LIBRARY.templates) for r in sorted(RULESETS)
         if r in LIBRARY.templates[i]
         and all(RULESETS[r].weapon_problem(w) is None
                 for w in cast(tuple[Weapon, ...], LIBRARY.templates[i]["weapons"]))]


@pytest.mark.parametrize(("ident", "ruleset"), CASES)
def test_a_short_duel_with_each_template_under_each_of_its_rulesets(ident, ruleset):
    # A frail foe may fall to the first blow on one seed: it must strike on one of three.
    attacks = 0
    for seed in (7, 8, 9):
        with duel(ident, "swordsman" if ident != "swordsman" else "axeman", ruleset,
                  seed=seed) as b:
            b.roster.configure("basic", "normal", 2)
            for _ in range(200):
                if b.over:
                    break
                events = b.apply(b.decide())
                assert not (len(events) == 1 and isinstance(events[0], Refused)), events
                attacks += sum(1 for e in events if isinstance(e, Attacked) and e.actor == 1)
            assert b.over and any(isinstance(e, BattleEnded) for e in b.log)
        if attacks:
            break
    assert attacks > 0  # the template struck with what it carries


# --- attack routines ---------------------------------------------------------------------

def test_a_ghoul_strikes_claw_claw_bite_in_one_adnd_turn_and_no_more():
    # initiative d10s (ghoul 1, swordsman 9); then d20 15 hits (claw d3 2), 15 (claw d3 3),
    # 15 (bite d6 4)
    with duel("ghoul", "swordsman", "adnd", (1, 9, 15, 2, 15, 3, 15, 4)) as b:
        assert b.active == 1
        costs = []
        for slot in (0, 1, 2):
            events = b.apply(Attack(1, 2, weapon=slot))
            (hit,) = [e for e in events if isinstance(e, Attacked)]
            costs.append(hit.ap_spent)
        assert costs == [3, 0, 0]
        assert hp_of(2) == 20 - 2 - 3 - 4
        (refused,) = b.apply(Attack(1, 2, weapon=0))
        assert isinstance(refused, Refused) and "routine is spent" in refused.reason


def test_the_routine_is_one_attack_per_turn_for_a_weapon_in_hand():
    hand = AttackContext(stat_block("becmi", {}), reference_defender("becmi"), SWORD, 1, "front",
                         wielded=(SWORD, CLAW), weapon_attacks=1, turn_weapons=("longsword",),
                         slot=1)
    rules = RULESETS["becmi"]
    assert rules.attack_refusal(dataclasses.replace(hand, weapon=CLAW)) == (
        "already attacked this turn (one attack per turn)")
    claws = dataclasses.replace(hand, weapon=CLAW, wielded=(CLAW, CLAW, BITE),
                                turn_weapons=("claw",))
    assert rules.attack_refusal(claws) is None and rules.attack_cost(claws) == 0
    assert RULESETS["ap"].attack_cost(dataclasses.replace(claws, slot=2, weapon=BITE)) == 2


def test_threat_prices_the_whole_routine():
    stats = stat_block("adnd", {"thac0": 19})
    one = [expected_damage(RULESETS["adnd"], AttackContext(
        stats, reference_defender("adnd"), w, 1, "front", wielded=(CLAW, CLAW, BITE)))
        for w in (CLAW, BITE)]
    assert None not in one
    assert offence("adnd", stats, (CLAW, CLAW, BITE)) == 2 * one[0] + one[1]  # type: ignore


# --- fumbles and criticals leave natural weapons on -----------------------------------------

def test_an_adnd_fumble_with_a_bite_drops_nothing():
    # initiative 1, 9; the ghoul's bite rolls a natural 1
    with duel("ghoul", "swordsman", "adnd", (1, 9, 1)) as b:
        events = b.apply(Attack(1, 2, weapon=2))
        assert not [e for e in events if isinstance(e, WeaponDropped | WeaponBroken)]
        (hit,) = [e for e in events if isinstance(e, Attacked)]
        assert "a bite cannot be dropped" in " ".join(hit.result.notes)
        assert len(wielded(1)) == 3


def _d40(attacker: StatBlock, defender_wields: tuple[Weapon, ...], weapon: Weapon
         ) -> AttackContext:
    return AttackContext(attacker, reference_defender("d40"), weapon, 1, "front",
                         wielded=(weapon,), defender_wielded=defender_wields)


def test_d40_fumbles_neither_fling_nor_break_a_claw():
    ctx = _d40(reference_defender("d40"), (SWORD,), CLAW)
    fumble = Fumble(fumble_row(5))
    fling(ctx, Dice(1, [4, 2]), fumble, "d6", "lose weapon")
    break_check(ctx, Dice(1, [1]), fumble)
    assert fumble.effects == [] and fumble.rolls == []
    assert fumble.notes == ["lose weapon: no weapon in hand to lose", "no weapon in hand to break"]


def test_d40_critical_drop_leaves_a_creatures_claws_on_but_a_shatter_may_sever_one():
    drop_row = next(r for r in CRITICAL_HITS if r.drop)
    shatter_row = next(r for r in CRITICAL_HITS if r.shatter)
    ctx = _d40(reference_defender("d40"), (CLAW, BITE), SWORD)
    crit = Critical(drop_row)
    weapon_lost(ctx, Dice(1, []), crit)
    assert "attached weapons: unaffected" in crit.notes
    assert [e.kind for e in crit.effects] == ["condition"]
    crit = Critical(shatter_row)
    weapon_lost(ctx, Dice(1, [1]), crit)  # the save vs crushing blow fails: d20 1
    assert [e.kind for e in crit.effects] == ["break_weapon", "condition"]
    assert any("severed with its limb" in n for n in crit.notes)


def test_the_engine_never_drops_a_natural_weapon():
    with duel("ghoul", "swordsman", "adnd", (1, 9)) as b:
        assert b.effects.drop(1, 0, 0, 1) == []
        assert len(wielded(1)) == 3


def test_a_fallen_beasts_claws_and_bite_are_not_loot_but_a_fallen_swordsmans_sword_is():
    # Natural weapons "cannot be dropped or disarmed": a run's camp offers none of them.
    with duel("swordsman", "ghoul", "adnd") as b:
        assert [w.natural for w in wielded(2)] == [True, True, True]
        esper.add_component(2, Dead(1))
        assert loot(set(), holdings(b)) == []
    with duel("ghoul", "swordsman", "adnd") as b:
        esper.add_component(2, Dead(1))
        assert [w.id for w in loot(set(), holdings(b))] == [w.id for w in wielded(2)] != []


# --- the generator ---------------------------------------------------------------------------

def _families(theme: str, bout: int, ruleset: str = "adnd") -> set[str]:
    members = foe_pool(_materials(), ruleset, theme, bout).of("soldier", "leader")
    return {cast(str, LIBRARY.templates[m.template]["family"]) for m in members}


def _materials():
    return materials(LIBRARY)


def test_themes_bring_fitting_foes_and_tiers_grow_with_the_bout():
    assert "undead" in _families("crypt", 1) and "undead" not in _families("forest", 9)
    assert "giant" not in _families("bridge", 1) and "giant" in _families("bridge", 7)
    forest = foe_pool(_materials(), "d40", "forest", 3)
    assert {LIBRARY.templates[m.template]["family"] for m in forest.of("soldier", "leader")} >= {
        "beast"}
    assert all("forest" in cast(tuple[str, ...], LIBRARY.templates[m.template]["haunts"])
               for m in forest.members)
    assert [tier_cap(b) for b in (1, 2, 3, 5, 7, 12)] == [1, 1, 2, 3, 4, 4]
    assert max(m.tier for m in foe_pool(_materials(), "ap", "crypt", 1).of("soldier")) == 1


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_a_forest_bout_draws_beasts_and_a_crypt_bout_the_dead(ruleset):
    for seed in range(3):
        forest = build(seed, GenSpec(ruleset, bout=3, theme="forest"), _materials())
        crypt = build(seed, GenSpec(ruleset, bout=3, theme="crypt"), _materials())
        foes = [c.template for c in forest.scenario.combatants if c.side == 1]
        dead = [c.template for c in crypt.scenario.combatants if c.side == 1]
        assert all("forest" in _haunts(t) for t in foes)
        assert all("crypt" in _haunts(t) for t in dead)
    families = {LIBRARY.templates[c.template]["family"]
                for seed in range(6)
                for c in build(seed, GenSpec(ruleset, bout=3, theme="forest"),
                               _materials()).scenario.combatants if c.side == 1}
    assert "beast" in families


def _haunts(ident: str) -> tuple[str, ...]:
    return cast(tuple[str, ...], LIBRARY.templates[ident]["haunts"])


def test_a_boss_bout_with_room_for_one_meets_a_named_boss():
    made = build(2, GenSpec("adnd", bout=5, theme="crypt", budget=5000), _materials())
    boss = made.scenario.combatants[len(made.encounter.company)]
    assert made.encounter.roles[0] == "boss" and LIBRARY.templates[boss.template]["boss"]


def test_a_boss_bout_too_poor_for_a_named_boss_promotes_its_strongest_foe():
    made = build(2, GenSpec("adnd", bout=5, theme="forest", budget=300), _materials())
    first = made.scenario.combatants[len(made.encounter.company)]
    assert made.encounter.roles[0] == "boss"
    assert not LIBRARY.templates[first.template]["boss"]
    assert made.encounter.foe_threat <= 300


# --- the content table -------------------------------------------------------------------------

@pytest.mark.slow
def test_the_threat_table_in_assets_readme_is_up_to_date():
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "threat_table.py"), "--check"],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stdout + done.stderr + (
        " (run .venv/bin/python scripts/threat_table.py)")


def test_natural_weapons_take_no_hand_so_a_bear_wields_its_whole_routine():
    bear = cast(Template, LIBRARY.templates["brown_bear"])
    assert [w.hands for w in cast(tuple[Weapon, ...], bear["weapons"])] == [0, 0, 0]
    with duel("brown_bear", "swordsman", "d40"):
        assert [w.id for w in wielded(1)] == ["bear_claw", "bear_claw", "bear_bite"]


def test_arena_gen_prints_a_line_of_flavour_for_each_kind_of_foe(capsys):
    assert main(["gen", "--seed", "4", "--rules", "ap", "--theme", "crypt", "--bout", "3"]) == 0
    out = capsys.readouterr().out
    foes = out[out.index("\nFoes:\n"):].splitlines()[2:]
    assert foes and all(": " in line for line in foes)
    shown = {line.split(": ", 1)[1] for line in foes}
    assert shown <= {cast(str, t["flavour"]) for t in LIBRARY.templates.values() if "flavour" in t}
