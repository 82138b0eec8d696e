"""The `becmi` ruleset (document 001, the Rules Cyclopedia attack roll checklist), pinned with
scripted dice. Each test quotes the document's line or DECISIONS.md's `becmi` section."""

from __future__ import annotations

import dataclasses
import json

import pytest

from arena.battle.core import Battle
from arena.battle.narrate import attack_text
from arena.cli.main import main
from arena.dice import Dice
from arena.ecs.events import Attacked, RoundStarted
from arena.errors import AssetError
from arena.hexgrid import Hex
from arena.model.commands import Attack, EndTurn
from arena.model.stats import StatBlock, Weapon
from arena.rules.base import AttackContext, Effect, Entrant
from arena.rules.becmi import BecmiRuleset
from arena.rules.becmi.stats import parse_hd, parse_mastery
from tests.factories import DAGGER, LONGSWORD, SHORTBOW, fighter, scenario

BECMI = BecmiRuleset()
LANCE = Weapon("lance", "lance", "d10", tags=("lance",))
BOAR_SPEAR = Weapon("boar_spear", "boar spear", "d6", tags=("spear",))
HAND_AXE = Weapon("hand_axe", "hand axe", "d6", tags=("primary_m",))
CLUB_H = Weapon("blackjack", "blackjack", "d2", tags=("primary_h",))
SWORD_1 = Weapon("sword_plus_1", "sword +1", "d8", magic=1)
JAVELIN = Weapon("javelin", "javelin", "d6", kind="thrown", range_ft=30)


def stats(klass: str = "fighter", level: int = 1, hd: str = "", strength: int = 10,
          dex: int = 10, ac: int = 9, mastery: str = "", curse: int = 0) -> StatBlock:
    """A `becmi` stat block."""
    return StatBlock("becmi", {"class": klass, "level": level, "hd": hd, "str": strength,
                               "dex": dex, "ac": ac, "mastery": mastery, "curse": curse})


def ctx(attacker: StatBlock | None = None, ac: int = 5, weapon: Weapon = LONGSWORD,
        distance: int = 1, position: str = "front", defender: StatBlock | None = None,
        **extra: object) -> AttackContext:
    """An attack by `attacker` (a 1st-level fighter) on a defender of armour class `ac`."""
    target = defender or stats(ac=ac)
    return AttackContext(attacker or stats(), target, weapon, distance, position, **extra)


def labels(mods) -> list[tuple[str, int]]:
    return [(m.label, m.value) for m in mods]


# --- step 1: the Attack Rolls Table ---------------------------------------------------------


def test_the_table_entry_is_found_by_hit_roll_modifier_and_armour_class():
    # "1. The attacker looks on the 'Attack Rolls Table: All Characters' and finds the armor
    # class of his target. The number given on the table is the number he needs to achieve"
    result = BECMI.resolve_attack(ctx(ac=5), Dice(1, [14, 5]))
    assert (result.target_label, result.target) == ("AC 5 (HRM 1) needs", 14)
    assert (result.total, result.hit, result.damage) == (14, True, 5)


def test_a_total_one_below_the_entry_misses_and_rolls_no_damage():
    # "5. If the result ... equals or exceeds the number on the Attack Rolls Table ... hit"
    dice = Dice(1, [13])
    result = BECMI.resolve_attack(ctx(ac=5), dice)
    assert (result.total, result.hit, result.damage_roll, dice.script_used) == (13, False, None, 1)


@pytest.mark.parametrize(("attacker", "hrm"), [
    (stats("fighter", 4), 3), (stats("thief", 5), 3), (stats("cleric", 4), 1),
    (stats("magic_user", 6), 3), (stats("normal_man", 20), 0),
    (stats("monster", hd="4+1"), 5), (stats("monster", hd="1/2"), 1),
])
def test_the_row_comes_from_class_and_level_or_monster_hit_dice(attacker, hrm):
    # DECISIONS.md: HRM by class and level (fighters 4–6 → 3, clerics/thieves 5–8 → 3,
    # magic-users 6–10 → 3, normal man → 0) and by hit dice (4+ to 5 → 5, up to 1 → 1).
    result = BECMI.resolve_attack(ctx(attacker, ac=5), Dice(1, [2]))
    assert result.target_label == f"AC 5 (HRM {hrm}) needs"
    assert result.target == 20 - hrm - 5


# --- step 1a: weapon mastery ------------------------------------------------------------------


def test_mastery_lowers_the_roll_needed_as_in_the_documents_example():
    # "If a character needs to roll an 18 to hit someone but he has a +2 bonus for weapon
    # mastery, he actually needs a 16 for a successful attack"
    skilled = stats(mastery="longsword:skilled")
    result = BECMI.resolve_attack(ctx(skilled, ac=1), Dice(1, [16, 3]))
    assert result.target == 18 and result.hit
    assert labels(result.modifiers)[0] == ("mastery skilled", 2)


@pytest.mark.parametrize(("level", "primary", "secondary"), [
    ("skilled", 2, 2), ("expert", 4, 2), ("master", 6, 4), ("grand_master", 8, 6),
])
def test_mastery_bonus_against_primary_and_secondary_targets(level, primary, secondary):
    # DECISIONS.md: "Basic 0/0, Skilled +2/+2, Expert +4/+2, Master +6/+4, Grand Master +8/+6
    # (the Rules Cyclopedia's values; from Expert on, secondary = primary − 2)".
    axe = stats(mastery=f"hand_axe:{level}")
    name = level.replace("_", " ")
    on_monster = BECMI.resolve_attack(
        ctx(axe, weapon=HAND_AXE, defender=stats("monster", hd="2", ac=5)), Dice(1, [2]))
    on_man = BECMI.resolve_attack(ctx(axe, weapon=HAND_AXE), Dice(1, [2]))
    assert labels(on_monster.modifiers)[0] == (f"mastery {name}", primary)
    assert labels(on_man.modifiers)[0] == (f"mastery {name} (secondary)", secondary)


def test_basic_or_unlisted_mastery_adds_nothing_and_untagged_weapons_treat_all_as_primary():
    basic = BECMI.resolve_attack(ctx(stats(mastery="longsword:basic")), Dice(1, [2]))
    other = BECMI.resolve_attack(ctx(stats(mastery="dagger:master")), Dice(1, [2]))
    assert labels(basic.modifiers) == labels(other.modifiers) == [("STR", 0)]
    monster = stats("monster", hd="3", ac=5)
    untagged = BECMI.resolve_attack(ctx(stats(mastery="longsword:master"), defender=monster),
                                    Dice(1, [2]))
    blackjack = BECMI.resolve_attack(
        ctx(stats(mastery="blackjack:master"), weapon=CLUB_H, defender=monster), Dice(1, [2]))
    assert labels(untagged.modifiers)[0] == ("mastery master", 6)
    assert labels(blackjack.modifiers)[0] == ("mastery master (secondary)", 4)


# --- steps 3 and 4: bonuses and penalties --------------------------------------------------


def test_strength_adjusts_melee_hit_and_damage():
    # "3a. Strength adjustment, for melee attacks." "8a. Strength adjustments (added to melee
    # attacks)." DECISIONS.md: 16–17 → +2.
    result = BECMI.resolve_attack(ctx(stats(strength=16, dex=18)), Dice(1, [12, 5]))
    assert labels(result.modifiers) == [("STR", 2)]
    assert (result.total, result.hit, result.damage) == (14, True, 7)


@pytest.mark.parametrize("weapon", [SHORTBOW, JAVELIN])
def test_dexterity_adjusts_missile_and_thrown_hits_but_not_damage(weapon):
    # "3b. Dexterity adjustment, for missile or thrown attacks." Strength is added to melee only.
    medium = 13 if weapon is SHORTBOW else 7
    result = BECMI.resolve_attack(ctx(stats(strength=18, dex=16), weapon=weapon,
                                      distance=medium), Dice(1, [12, 5]))
    assert labels(result.modifiers) == [("DEX", 2)]
    assert (result.total, result.hit, result.damage, result.damage_modifiers) == (14, True, 5, ())


def test_magic_adds_to_hit_and_damage():
    # "3c. Magic bonuses ... magical weapons being used." "8b. Magic bonuses"
    result = BECMI.resolve_attack(ctx(weapon=SWORD_1), Dice(1, [13, 5]))
    assert labels(result.modifiers) == [("STR", 0), ("magic", 1)]
    assert (result.total, result.hit, result.damage) == (14, True, 6)


def test_a_curse_subtracts_from_the_roll():
    # "4b. Magical curses, if the curse affects combat abilities and attack rolls."
    result = BECMI.resolve_attack(ctx(stats(curse=2)), Dice(1, [15]))
    assert labels(result.modifiers) == [("STR", 0), ("curse", -2)]
    assert (result.total, result.hit) == (13, False)


@pytest.mark.parametrize(("quarters", "label", "penalty"), [
    (1, "cover ¼", -1), (2, "cover ½", -2), (3, "cover ¾", -4),
])
def test_cover_penalises_missile_attacks_by_quarters(quarters, label, penalty):
    # "4a. Cover, if missile attack and target is partially concealed (optional)."
    # DECISIONS.md: "−1 (¼ covered), −2 (½), −4 (¾)".
    result = BECMI.resolve_attack(ctx(weapon=SHORTBOW, distance=13, cover=quarters),
                                  Dice(1, [14]))
    assert labels(result.modifiers) == [("DEX", 0), (label, penalty)]
    assert result.total == 14 + penalty


def test_cover_does_not_touch_melee_attacks():
    result = BECMI.resolve_attack(ctx(cover=2), Dice(1, [14, 1]))
    assert labels(result.modifiers) == [("STR", 0)]


@pytest.mark.parametrize(("distance", "mods"), [
    (12, [("DEX", 0), ("short range", 1)]), (13, [("DEX", 0)]), (24, [("DEX", 0)]),
    (25, [("DEX", 0), ("long range", -1)]), (36, [("DEX", 0), ("long range", -1)]),
])
def test_missile_range_bands_short_medium_long(distance, mods):
    # Interpretation (docs/rules/becmi.md): range_ft is short range; medium to 2×, long to 3×.
    result = BECMI.resolve_attack(ctx(weapon=SHORTBOW, distance=distance), Dice(1, [2]))
    assert labels(result.modifiers) == mods


def test_missiles_beyond_long_range_and_melee_beyond_reach_are_refused():
    assert BECMI.attack_refusal(ctx(weapon=SHORTBOW, distance=36)) is None
    assert "long range" in (BECMI.attack_refusal(ctx(weapon=SHORTBOW, distance=37)) or "")
    assert "reaches 1" in (BECMI.attack_refusal(ctx(distance=2)) or "")


# --- step 5: the hit, natural 1 and natural 20 -------------------------------------------------


def test_natural_1_misses_even_an_easy_target():
    # "Important Note: An unadjusted (natural) roll of 1 always misses."
    hero = stats(level=9, strength=18, mastery="longsword:expert")
    dice = Dice(1, [1])
    result = BECMI.resolve_attack(ctx(hero, ac=9), dice)
    assert (result.target, result.total, result.hit) == (6, 8, False)
    assert result.notes == ("natural 1 always misses",) and dice.script_used == 1


def test_natural_20_hits_an_entry_of_20_despite_penalties():
    # "An unadjusted (natural) roll of 20 always hits, if it is possible for the attack to hit
    # the target." DECISIONS.md: "A natural 20 hits, whatever the penalties, when the table
    # entry is 20 or less".
    weak = stats("normal_man", strength=3, curse=5)
    result = BECMI.resolve_attack(ctx(weak, ac=0), Dice(1, [20, 6]))
    assert (result.target, result.total, result.hit, result.damage) == (20, 12, True, 3)
    assert result.notes == ("natural 20 hits: the entry is 20 or less",)


def test_natural_20_against_an_entry_of_21_misses_without_bonuses():
    # DECISIONS.md: "entries of 21 or more need bonuses."
    result = BECMI.resolve_attack(ctx(stats("normal_man"), ac=-5), Dice(1, [20]))
    assert (result.target, result.total, result.hit) == (21, 20, False)
    assert result.notes == ("natural 20: an entry above 20 needs bonuses",)


def test_an_entry_of_21_is_reached_with_bonuses():
    result = BECMI.resolve_attack(ctx(stats("normal_man", strength=13), ac=-5), Dice(1, [20, 2]))
    assert (result.target, result.total, result.hit, result.notes) == (21, 21, True, ())


def test_a_1_plus_n_cell_hits_on_anything_but_a_natural_1_and_adds_n_damage():
    # CSV: '"1+N" = hits on anything but a natural 1, with N bonus damage.' HRM 9 vs AC 19:
    # D = −8, so 1+4. Even a smash's −5 cannot make a natural 2 miss.
    champion = stats(level=13)
    result = BECMI.resolve_attack(ctx(champion, ac=19, options=frozenset({"smash"})),
                                  Dice(1, [2, 3]))
    assert (result.target, result.total, result.hit) == (1, -3, True)
    assert result.notes == ("table 1+4: anything but a natural 1 hits",)
    assert labels(result.damage_modifiers) == [("STR", 0), ("smash STR score", 10),
                                               ("table 1+4", 4)]
    assert result.damage == 3 + 10 + 4
    missed = BECMI.resolve_attack(ctx(champion, ac=19), Dice(1, [1]))
    assert (missed.hit, missed.notes) == (False, ("natural 1 always misses",))


def test_a_plain_1_cell_still_needs_a_total_of_1():
    # CSV: a "1" cell (D = −3) is a number like the others, not "anything but a natural 1".
    cursed = stats("monster", hd="4", curse=2)
    result = BECMI.resolve_attack(ctx(cursed, ac=19), Dice(1, [2]))
    assert (result.target, result.total, result.hit) == (1, 0, False)


# --- steps 6 to 9: damage ---------------------------------------------------------------------


def test_backstab_from_behind_adds_4_to_hit_and_doubles_only_the_dice():
    # "7. Adjust the roll with any multipliers, such as a thief's Backstab ability" and
    # DECISIONS.md: "backstab +4 to hit and ×2 damage ... Only the weapon dice are multiplied;
    # Strength and magic bonuses are added after the multiplier."
    thief = stats("thief", 5, strength=16)
    result = BECMI.resolve_attack(ctx(thief, weapon=DAGGER, position="rear"), Dice(1, [8, 3]))
    assert labels(result.modifiers) == [("STR", 2), ("backstab", 4)]
    assert (result.target, result.total, result.hit) == (12, 14, True)
    assert result.damage_roll is not None and result.damage_roll.faces == (3,)
    assert (result.multiplier, result.damage_modifiers) == (2, ())
    assert labels(result.bonus_damage) == [("STR", 2)]
    assert result.damage == 3 * 2 + 2 and result.notes == ("backstab: ×2 dice",)
    assert attack_text(result).endswith("d4 3 = 3 x2 = 6 +2 STR = 8 damage")


@pytest.mark.parametrize(("klass", "position", "weapon", "backstab"), [
    ("thief", "rear-left", DAGGER, True), ("thief", "rear-right", DAGGER, True),
    ("thief", "front-left", DAGGER, False), ("thief", "front", DAGGER, False),
    ("fighter", "rear", DAGGER, False), ("thief", "rear", SHORTBOW, False),
])
def test_backstab_needs_a_thief_striking_in_melee_from_the_three_hexes_behind(
        klass, position, weapon, backstab):
    attack = ctx(stats(klass, 5), weapon=weapon, position=position, distance=1)
    result = BECMI.resolve_attack(attack, Dice(1, [2]))
    assert (("backstab", 4) in labels(result.modifiers)) is backstab


def test_charge_doubles_the_lance_dice_after_a_three_hex_run_up():
    # "7. ... multipliers, such as ... a charge bonus." DECISIONS.md: "charge ×2 damage (lance
    # charge ...)"; the run-up of 3 hexes is an interpretation (docs/rules/becmi.md).
    lancer = stats(level=5)
    result = BECMI.resolve_attack(ctx(lancer, weapon=LANCE, run_up=3), Dice(1, [12, 7]))
    assert result.hit and result.damage == 7 * 2
    assert (result.multiplier, labels(result.bonus_damage)) == (2, [("STR", 0)])
    assert result.notes == ("charge after a 3-hex run-up: ×2 dice",)
    assert result.effects == ()   # no marker: a set spear meets the charge as it comes


@pytest.mark.parametrize(("weapon", "run_up"), [(LANCE, 2), (LONGSWORD, 5)])
def test_no_charge_without_the_run_up_or_a_charging_weapon(weapon, run_up):
    result = BECMI.resolve_attack(ctx(weapon=weapon, run_up=run_up), Dice(1, [14, 5]))
    assert result.damage == 5 and result.notes == () and result.effects == ()


@pytest.mark.parametrize("situation", [
    {"options": frozenset({"set_vs_charge"})},             # the set-spear reaction's blow
    {"defender_conditions": frozenset({"charging"})},      # the calculator's `set_vs_charge`
])
def test_a_spear_set_against_a_charger_doubles_its_dice(situation):
    # DECISIONS.md: "charge ×2 damage (lance charge, spear set against a charge, ...)"
    spear = ctx(weapon=BOAR_SPEAR, **situation)
    result = BECMI.resolve_attack(spear, Dice(1, [14, 4]))
    assert (result.multiplier, labels(result.bonus_damage)) == (2, [("STR", 0)])
    assert result.damage == 8 and result.notes == ("spear set against a charge: ×2 dice",)


def test_multipliers_do_not_stack():
    # Interpretation (docs/rules/becmi.md): one ×2 however many multipliers apply.
    thief = stats("thief", 5)
    result = BECMI.resolve_attack(ctx(thief, weapon=LANCE, position="rear", run_up=4),
                                  Dice(1, [15, 6]))
    assert (result.multiplier, result.damage) == (2, 12)
    assert result.notes == ("backstab: ×2 dice", "charge after a 4-hex run-up: ×2 dice")


def test_smash_takes_5_from_the_roll_adds_the_strength_score_and_loses_initiative():
    # "8c. The attacker's entire Strength score is added to the damage if he performed a smash
    # maneuver." DECISIONS.md: "smash −5 to hit, adds the whole Strength score to damage,
    # loses initiative."
    hero = stats(level=9, strength=17)
    result = BECMI.resolve_attack(ctx(hero, options=frozenset({"smash"})), Dice(1, [13, 5]))
    assert labels(result.modifiers) == [("STR", 2), ("smash", -5)]
    assert (result.target, result.total, result.hit) == (10, 10, True)
    assert labels(result.damage_modifiers) == [("STR", 2), ("smash STR score", 17)]
    assert result.damage == 5 + 2 + 17
    assert result.effects == (Effect("condition", "attacker", "lose_initiative"),)
    missed = BECMI.resolve_attack(ctx(hero, options=frozenset({"smash"})), Dice(1, [2]))
    assert not missed.hit and missed.effects == result.effects


@pytest.mark.parametrize(("attacker", "weapon", "reason"), [
    (stats(level=8), LONGSWORD, "only fighters of level 9 or higher can smash"),
    (stats("thief", 12), DAGGER, "only fighters of level 9 or higher can smash"),
    (stats(level=9), SHORTBOW, "smash needs a melee weapon"),
])
def test_smash_is_a_fighter_combat_option_from_level_9_in_melee(attacker, weapon, reason):
    attack = ctx(attacker, weapon=weapon, distance=3 if weapon.is_ranged else 1,
                 options=frozenset({"smash"}))
    assert BECMI.attack_refusal(attack) == reason
    assert BECMI.attack_refusal(ctx(stats(level=9), options=frozenset({"smash"}))) is None


def test_a_hit_deals_at_least_1_damage():
    # Interpretation (docs/rules/becmi.md): the checklist is silent; BECMI's usual minimum.
    result = BECMI.resolve_attack(ctx(stats(strength=3), ac=9), Dice(1, [19, 1]))
    assert result.hit and result.damage == 1
    assert attack_text(result).endswith("d8 1 -3 STR = -2, at least 1 damage")


# --- turns: costs, initiative, one attack -------------------------------------------------------


def test_action_costs_follow_the_common_decisions():
    # DECISIONS.md: "moving one hex costs 1 AP; turning ... is free ...; one attack per turn
    # costing 3 AP ...; picking up an item 1 AP; drawing a weapon 1 AP."
    assert [BECMI.action_cost(a, None, False) for a in
            ("move", "face", "melee", "ranged", "pick_up", "draw")] == [1, 0, 3, 3, 1, 1]
    assert BECMI.action_cost("melee", LONGSWORD, True) is None
    assert BECMI.attack_cost(ctx()) == 3


def test_one_attack_per_turn():
    # DECISIONS.md: "one attack per turn costing 3 AP"
    assert BECMI.attack_refusal(ctx(weapon_attacks=0)) is None
    assert BECMI.attack_refusal(ctx(weapon_attacks=1)) == (
        "already attacked this turn (one attack per turn)")


def test_initiative_is_a_d6_per_side_higher_first_then_entity_id():
    # DECISIONS.md: "Initiative each round: d6 per side for `becmi` (side initiative, as in the
    # Rules Cyclopedia) ... ties broken by a stable order."
    entrants = [Entrant(1, 0, stats()), Entrant(2, 1, stats()), Entrant(3, 0, stats()),
                Entrant(4, 1, stats())]
    ini = BECMI.roll_initiative(entrants, Dice(1, [3, 5]))
    assert ini.order == (2, 4, 1, 3)
    assert ini.scores == ((2, 5), (4, 5), (1, 3), (3, 3))
    assert [r.purpose for r in ini.rolls] == ["initiative side 0", "initiative side 1"]


def test_initiative_ties_go_to_the_lower_side_index():
    entrants = [Entrant(2, 1, stats()), Entrant(1, 0, stats())]
    assert BECMI.roll_initiative(entrants, Dice(1, [4, 4])).order == (1, 2)


# --- the AI's maneuvers ----------------------------------------------------------------------


def test_the_ai_smashes_when_the_expected_damage_is_higher():
    hero = stats(level=9, strength=18)
    assert BECMI.ai_options(ctx(hero, ac=9)) == ("smash",)
    # Against AC −10 the entry is 21: a plain blow hits on 18+, a smash never.
    assert BECMI.ai_options(ctx(hero, ac=-10)) == ()
    assert BECMI.ai_options(ctx(stats(level=8, strength=18), ac=9)) == ()


# --- stat blocks -----------------------------------------------------------------------------


@pytest.mark.parametrize(("block", "message"), [
    (stats(mastery="longsword:guru"), "mastery: unknown mastery level 'guru' for longsword "
                                      "(levels: basic, skilled, expert, master, grand_master)"),
    (stats(mastery="longsword:expert,longsword:master"), "mastery: longsword is listed twice"),
    (stats(mastery="longsword"), "mastery: bad entry 'longsword': use weapon_id:level, "
                                 "comma-separated"),
    (stats("monster"), "hd: a monster needs its hit dice (N, N+M, N-M or 1/2)"),
    (stats("monster", hd="4++1"), "hd: bad hit dice '4++1': use N, N+M or N-M (N, M 1..99) "
                                  "or 1/2"),
    (stats(hd="3"), "hd: only a monster has hit dice (class fighter)"),
])
def test_a_malformed_stat_block_stops_the_battle_before_the_first_roll(block, message):
    dice = Dice(1)
    with pytest.raises(AssetError) as info:
        BECMI.roll_initiative([Entrant(1, 0, stats()), Entrant(2, 1, block)], dice)
    assert str(info.value) == f"becmi stats of combatant #2: {message}"
    assert dice.draws == 0


def test_hit_dice_and_mastery_formats():
    assert [(h.whole, h.plus) for h in map(parse_hd, ("1/2", "1-1", "1", "4+1", "35"))] == [
        (0, 0), (1, -1), (1, 0), (4, 1), (35, 0)]
    for bad in ("0", "4+0", "1/3", "+1", "4*", "100"):
        with pytest.raises(ValueError, match="bad hit dice"):
            parse_hd(bad)
    assert dict(parse_mastery("")) == {}
    assert dict(parse_mastery(" lance:expert , dagger:skilled ")) == {
        "lance": "expert", "dagger": "skilled"}
    with pytest.raises(ValueError, match="bad entry"):
        parse_mastery("lance:expert,")


# --- through the engine ------------------------------------------------------------------------


def becmi_fighter(name, side, at, facing=0, **kw):
    return dataclasses.replace(fighter(name, side, at, facing, hp=40),
                               stats={"becmi": stats(**kw)})


def test_in_battle_a_smash_costs_the_next_initiative_and_a_second_attack_is_refused():
    ann = becmi_fighter("Ann", 0, Hex(0, 0), level=9, strength=17)
    bob = becmi_fighter("Bob", 1, Hex(1, 0), facing=3, ac=5)
    with Battle(scenario(ann, bob), BECMI, seed=3, dice_script=[6, 1, 13, 2, 5, 1]) as b:
        hit = b.apply(Attack(1, 2, options=("smash",)))[0]
        assert isinstance(hit, Attacked) and hit.result.damage == 2 + 2 + 17
        again = b.apply(Attack(1, 2))[0]
        assert again.reason == "already attacked this turn (one attack per turn)"
        b.apply(EndTurn(1))
        started = next(e for e in b.apply(EndTurn(2)) if isinstance(e, RoundStarted))
        assert started.order == (2, 1)   # Ann's side won 5 to 1, but she smashed


# --- step 7 as a multiplier: the log, the odds and the calculator -----------------------------


def test_the_odds_show_step_7s_multiplier_on_every_hit():
    # "7. Adjust the roll with any multipliers, such as a thief's Backstab ability": the odds
    # name the ×2 as a multiplier acting on every hit, and the damage spread doubles the dice.
    thief = stats("thief", 5)
    odds = BECMI.odds_function()(BECMI, ctx(thief, weapon=DAGGER, position="rear"))
    assert dict(odds.tables["damage_multiplier"]) == {"x2 backstab": odds.hit}
    assert sorted(odds.on_hit.probabilities()) == [2, 4, 6, 8]
    plain = BECMI.odds_function()(BECMI, ctx(thief, weapon=DAGGER))
    assert "damage_multiplier" not in plain.tables


@pytest.mark.parametrize(("attacker", "at", "note"), [
    ("class=thief,level=1,weapon=dagger", "backstab", "backstab: ×2 dice"),
    ("class=fighter,level=1,weapon=lance", "charge", "charge after a 3-hex run-up: ×2 dice"),
])
def test_the_calculator_reports_the_documents_x2_as_the_multiplier(capsys, attacker, at, note):
    # The issue: "`arena attack --rules becmi … --json` reports "multiplier": 1 for backstab
    # and charge (the ×2 is folded into a modifier): report the multiplier the document names."
    argv = ["attack", "--rules", "becmi", "--attacker", attacker, "--defender", "ac=5",
            "--at", at, "--dice", "15,3", "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["multiplier"], data["damage"], data["notes"]) == (2, 6, [note])
    assert data["text"].endswith("= 3 x2 = 6 +0 STR = 6 damage")
