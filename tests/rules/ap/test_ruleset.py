"""Ruleset `ap` (document 003 and DECISIONS.md `ap`), pinned rule by rule with scripted dice."""

from __future__ import annotations

import dataclasses

from arena.dice import Dice
from arena.model.stats import Weapon
from arena.rules.ap import UNARMED, ApRuleset, range_increment
from arena.rules.base import AttackContext, Effect, Entrant
from tests.factories import DAGGER, LONGSWORD, SHORTBOW, ap_stats

AP = ApRuleset()
MACE = Weapon("mace", "mace", "d8")
LONGBOW = Weapon("longbow", "longbow", "d8", kind="ranged", hands=2, range_ft=80, multiplier=3,
                 tags=("longbow",))
JAVELIN = Weapon("javelin", "javelin", "d6", kind="thrown", range_ft=30)
HANDAXE = Weapon("handaxe", "handaxe", "d6", light=True, multiplier=3)


def ctx(weapon=LONGSWORD, distance=1, ac=16, strength=3, bab=2, **kw):
    attacker = kw.pop("attacker", ap_stats(strength=strength, bab=bab))
    defender = kw.pop("defender", ap_stats(ac=ac))
    kw.setdefault("wielded", (weapon,))
    return AttackContext(attacker, defender, weapon, distance, kw.pop("position", "front"), **kw)


def stats(**values):
    base = ap_stats()
    return dataclasses.replace(base, values={**base.values, **values})


def labels(result):
    return [(m.label, m.value) for m in result.modifiers]


# --- the attack roll -------------------------------------------------------------------------

def test_attack_roll_is_d20_plus_strength_plus_bab_against_ac():
    # "Attack Roll: d20 + Strength + BAB + Facing modifiers + Miscellaneous modifiers";
    # "If the character meets or surpasses the target's AC, the attack is successful".
    result = AP.resolve_attack(ctx(weapon=MACE, ac=16), Dice(1, [11, 5]))
    assert (result.natural, result.total, result.target, result.hit) == (11, 16, 16, True)
    assert labels(result) == [("STR", 3), ("BAB", 2)]
    assert result.damage == 8


def test_total_one_below_ac_misses_and_rolls_no_damage():
    dice = Dice(1, [10])
    result = AP.resolve_attack(ctx(ac=16), dice)
    assert (result.total, result.hit, result.damage, result.damage_roll) == (15, False, 0, None)
    assert dice.script_used == 1


def test_natural_20_always_hits():
    # "A natural 20 is an automatic hit." (longsword: the 20 also threatens; 5 +5 fails to confirm)
    result = AP.resolve_attack(ctx(ac=40), Dice(1, [20, 5, 8]))
    assert (result.total, result.hit, result.critical, result.damage) == (25, True, False, 11)
    assert "natural 20 always hits" in result.notes


def test_natural_1_is_no_automatic_miss_in_ap():
    result = AP.resolve_attack(ctx(weapon=MACE, ac=5), Dice(1, [1, 4]))
    assert (result.total, result.hit) == (6, True)


def test_damage_is_weapon_dice_plus_strength():
    # "Damage Roll: Weapon's damage dice + Strength + Any Overflow Damage + Misc"
    result = AP.resolve_attack(ctx(weapon=MACE, strength=4, ac=21), Dice(1, [15, 6]))
    assert result.damage_roll is not None and result.damage_roll.faces == (6,)
    assert result.damage == 10


def test_damage_is_at_least_one_on_a_hit():
    result = AP.resolve_attack(ctx(weapon=MACE, strength=-3, ac=5), Dice(1, [15, 1]))
    assert result.damage == 1


# --- facing ----------------------------------------------------------------------------------

def test_attack_from_directly_behind_lowers_ac_by_10():
    # DECISIONS.md: "An attacker in the defender's rear hex: defender's AC −10".
    result = AP.resolve_attack(ctx(weapon=MACE, ac=16, position="rear"), Dice(1, [2, 3]))
    assert (result.target, result.hit) == (6, True)
    assert [(m.label, m.value) for m in result.target_modifiers] == [("rear", -10)]


def test_side_hexes_give_no_modifier():
    for position in ("front-left", "rear-left", "rear-right", "front-right"):
        result = AP.resolve_attack(ctx(weapon=MACE, position=position), Dice(1, [10]))
        assert (result.target, result.target_modifiers) == (16, ())


def test_flanked_defender_is_flat_footed_minus_4_ac():
    # DECISIONS.md: "Flanked (enemies in opposite hexes): defender is flat-footed, −4 AC".
    result = AP.resolve_attack(ctx(weapon=MACE, ac=16, flanked=True), Dice(1, [7, 3]))
    assert (result.target, result.hit) == (12, True)


def test_surrounded_defender_gives_attackers_plus_2():
    # DECISIONS.md: "Surrounded (3 or more adjacent enemies): attackers +2".
    result = AP.resolve_attack(ctx(weapon=MACE, adjacent_foes=3), Dice(1, [9, 3]))
    assert ("surrounded", 2) in labels(result)
    assert (result.total, result.hit) == (16, True)
    assert "surrounded" not in [m.label for m in
                                AP.resolve_attack(ctx(adjacent_foes=2), Dice(1, [9])).modifiers]


# --- overflow --------------------------------------------------------------------------------

def test_overflow_is_a_quarter_of_the_margin():
    # DECISIONS.md: "floor((attack total − AC) / 4) added to damage on a hit".
    result = AP.resolve_attack(ctx(weapon=MACE, ac=10), Dice(1, [16, 4]))
    assert result.total == 21
    assert [(m.label, m.value) for m in result.bonus_damage] == [("overflow", 2)]
    assert result.damage == 4 + 3 + 2


def test_ranged_overflow_only_within_6_hexes():
    near = AP.resolve_attack(ctx(weapon=SHORTBOW, distance=6, ac=10), Dice(1, [16, 4]))
    far = AP.resolve_attack(ctx(weapon=SHORTBOW, distance=7, ac=10), Dice(1, [16, 4]))
    assert [m.label for m in near.bonus_damage] == ["overflow"]
    assert far.bonus_damage == ()


def test_crit_immune_targets_take_no_critical_and_no_overflow():
    # "Characters ... immune to critical hits are also immune to Overflow Damage."
    dice = Dice(1, [20, 6])
    result = AP.resolve_attack(ctx(defender=stats(ac=10, crit_immune=True)), dice)
    assert (result.critical, result.bonus_damage, result.damage) == (False, (), 9)
    assert dice.script_used == 2  # no confirmation roll


# --- criticals -------------------------------------------------------------------------------

def test_longsword_threat_19_confirmed_doubles_dice_and_strength_not_overflow():
    # Document: longsword "threat range of 19-20 ... multiplied by the longsword's critical
    # multiplier, in this case x2"; "Overflow damage is never increased by a crit".
    result = AP.resolve_attack(ctx(ac=16), Dice(1, [19, 15, 5]))
    assert (result.total, result.critical, result.multiplier) == (24, True, 2)
    assert result.damage == (5 + 3) * 2 + 2


def test_threat_that_does_not_reach_ac_is_no_hit():
    # "the attack roll within the threat range still must still meet or exceed the target's AC"
    dice = Dice(1, [19])
    result = AP.resolve_attack(ctx(ac=30), dice)
    assert (result.hit, result.critical) == (False, False)
    assert dice.script_used == 1


def test_failed_confirmation_is_a_normal_hit():
    result = AP.resolve_attack(ctx(ac=16), Dice(1, [19, 2, 5]))
    assert (result.hit, result.critical, result.damage) == (True, False, 5 + 3 + 2)


def test_confirmation_uses_the_same_bonus():
    # "the attacker rolls again with the same attack bonus": 11 +5 = 16 meets AC 16.
    result = AP.resolve_attack(ctx(ac=16), Dice(1, [19, 11, 5]))
    assert result.critical
    assert "confirm d20 11 +5 = 16: confirmed" in result.notes[0]


def test_overflow_on_a_critical_comes_from_the_original_roll():
    # "Overflow Damage for a critical hit is determined by the original roll"
    result = AP.resolve_attack(ctx(ac=12), Dice(1, [20, 19, 1]))
    assert [(m.label, m.value) for m in result.bonus_damage] == [("overflow", 3)]


def test_confirmation_natural_20_is_a_double_critical_with_the_d10_table():
    # "If the roll to confirm a critical lands on a natural 20, the target is subject to a
    # double critical ... roll a d10": 9 = "Torso ripped open, +8d6 damage".
    dice = Dice(1, [20, 20, 4, 9, 1, 1, 1, 1, 1, 1, 1, 1])
    result = AP.resolve_attack(ctx(ac=16), dice)
    assert result.critical and result.multiplier == 2
    assert [r.purpose for r in result.rolls] == [
        "attack d20", "confirm d20", "damage d8", "double critical d10", "double critical 8d6"]
    assert result.damage == (4 + 3) * 2 + 2 + 8


def test_double_critical_rows_are_lasting_effects():
    def row(face):
        faces = [20, 20, 4, face] + ([1] * 8 if face != 10 else [])
        return AP.resolve_attack(ctx(), Dice(1, faces)).effects

    assert row(1) == (Effect("condition", "defender", "left_hand_severed"),
                      Effect("drop_weapon", "defender", slot=1))
    assert row(4) == (Effect("condition", "defender", "right_arm_severed"),
                      Effect("drop_weapon", "defender", slot=0))
    assert row(5) == (Effect("condition", "defender", "left_foot_severed"),)
    assert row(8) == (Effect("condition", "defender", "right_leg_severed"),
                      Effect("condition", "defender", "prone"))
    assert row(10) == (Effect("kill", "defender", "head severed"),)


def test_severed_feet_halve_speed_and_severed_hands_leave_fewer_hands():
    assert AP.action_points(8, frozenset({"left_foot_severed"})) == 4
    assert AP.action_points(8, frozenset({"left_foot_severed", "right_foot_severed"})) == 2
    assert AP.hands(frozenset({"left_hand_severed"})) == 1
    assert AP.hands(frozenset({"left_hand_severed", "left_arm_severed"})) == 1
    greatsword = Weapon("greatsword", "greatsword", "2d6", hands=2)
    assert AP.attack_refusal(ctx(weapon=greatsword,
                                 attacker_conditions=frozenset({"right_hand_severed"})))


# --- ranged ----------------------------------------------------------------------------------

def test_range_penalty_follows_ellies_example():
    # "Ellie is shooting a Shortbow (range of 60) at a target 150 feet away, she would take a -4
    # penalty ... If she was shooting with a Longbow (range of 80), she would only take a -2".
    assert range_increment(SHORTBOW, 30) == 3
    assert ("range 3", -4) in labels(AP.resolve_attack(ctx(weapon=SHORTBOW, distance=30),
                                                        Dice(1, [1])))
    assert ("range 2", -2) in labels(AP.resolve_attack(ctx(weapon=LONGBOW, distance=30),
                                                        Dice(1, [1])))


def test_ranged_attack_into_an_adjacent_hex_takes_minus_4():
    assert ("adjacent", -4) in labels(AP.resolve_attack(ctx(weapon=SHORTBOW), Dice(1, [1])))


def test_ranged_attacks_stop_at_10_increments_thrown_at_5():
    # "targets up to 10 Range Increments away. Thrown Weapons ... up to 5"
    assert AP.attack_refusal(ctx(weapon=SHORTBOW, distance=120)) is None
    assert AP.attack_refusal(ctx(weapon=SHORTBOW, distance=121)) is not None
    assert AP.attack_refusal(ctx(weapon=JAVELIN, distance=30)) is None
    assert AP.attack_refusal(ctx(weapon=JAVELIN, distance=31)) is not None


def test_melee_needs_the_target_within_reach():
    assert AP.attack_refusal(ctx(distance=1)) is None
    assert "reaches 1" in (AP.attack_refusal(ctx(distance=2)) or "")


# --- unarmed and sublethal ---------------------------------------------------------------------

def test_unarmed_without_the_feat_takes_minus_2():
    # "this takes a -2 penalty to attack unless the character possesses the Unarmed Strike Feat"
    plain = AP.resolve_attack(ctx(weapon=UNARMED, wielded=(UNARMED,)), Dice(1, [10]))
    trained = AP.resolve_attack(ctx(weapon=UNARMED, wielded=(UNARMED,),
                                    attacker=stats(feats="unarmed_strike")), Dice(1, [10]))
    assert ("unarmed", -2) in labels(plain)
    assert "unarmed" not in [m.label for m in trained.modifiers]


def test_sublethal_takes_minus_4_and_deals_no_overflow():
    # "they take a -4 to attack and can't deal overflow damage"
    result = AP.resolve_attack(ctx(weapon=MACE, ac=5, options=frozenset({"sublethal"})),
                               Dice(1, [18, 4]))
    assert ("sublethal", -4) in labels(result)
    assert (result.sublethal, result.bonus_damage, result.damage) == (True, (), 7)


# --- two-weapon fighting -----------------------------------------------------------------------

def twf(weapon, slot, wielded, **kw):
    result = AP.resolve_attack(ctx(weapon=weapon, slot=slot, wielded=wielded, **kw), Dice(1, [10]))
    return [(m.label, m.value) for m in result.modifiers if m.label in ("two weapons", "off hand")]


def test_two_weapon_penalties_follow_the_table():
    # "Two one-handed weapons -6/-8; Off hand weapon is light -4/-6; Both weapons are light -2/-4"
    both = (LONGSWORD, MACE, UNARMED)
    assert twf(LONGSWORD, 0, both) == [("two weapons", -6)]
    assert twf(MACE, 1, both) == [("off hand", -8)]
    light_off = (LONGSWORD, DAGGER, UNARMED)
    assert twf(LONGSWORD, 0, light_off) == [("two weapons", -4)]
    assert twf(DAGGER, 1, light_off) == [("off hand", -6)]
    light_both = (HANDAXE, DAGGER, UNARMED)
    assert (twf(HANDAXE, 0, light_both), twf(DAGGER, 1, light_both)) == (
        [("two weapons", -2)], [("off hand", -4)])


def test_two_weapon_feats_reduce_the_penalties_by_2_each():
    feats = stats(feats="two_weapon_fighting,improved_two_weapon_fighting")
    assert twf(MACE, 1, (LONGSWORD, MACE), attacker=feats) == [("off hand", -4)]
    greater = stats(feats="two_weapon_fighting,improved_two_weapon_fighting,"
                          "greater_two_weapon_fighting")
    assert twf(HANDAXE, 0, (HANDAXE, DAGGER), attacker=greater) == []


def test_third_weapon_unarmed_counts_as_off_hand():
    # "If the character is in fact using three weapons (such as a sword, a dagger, and unarmed
    # strikes), the extra weapon counts as an off-hand weapon".
    wielded = (LONGSWORD, DAGGER, UNARMED)
    assert twf(UNARMED, 2, wielded, weapon_attacks=1) == [("off hand", -6)]


def test_off_hand_of_another_type_takes_2_more():
    # "If the two weapons are not of the same type ... the off-hand weapon takes an additional -2"
    assert twf(JAVELIN, 1, (LONGSWORD, JAVELIN), distance=2) == [("off hand", -10)]


def test_attack_costs_follow_the_decisions_table():
    # Main weapon 4 / 2 off-turn; off hand 4, or 2 against the main weapon's target;
    # ranged 4 and never off-turn; longbow 6.
    assert AP.attack_cost(ctx()) == 4
    assert AP.attack_cost(ctx(off_turn=True)) == 2
    assert AP.attack_cost(ctx(weapon=DAGGER, slot=1)) == 4
    assert AP.attack_cost(ctx(weapon=DAGGER, slot=1, primary_attacked_target=True)) == 2
    assert AP.attack_cost(ctx(weapon=SHORTBOW, distance=3)) == 4
    assert AP.attack_cost(ctx(weapon=SHORTBOW, distance=3, off_turn=True)) is None
    assert AP.attack_cost(ctx(weapon=LONGBOW, distance=3)) == 6


def test_other_action_costs_follow_the_decisions_table():
    assert [AP.action_cost(a, None, False) for a in ("move", "face", "pick_up", "draw",
                                                     "stand_up", "reload")] == [1, 0, 1, 1, 2, 3]
    assert AP.action_cost("face", None, True) == 1


def test_initiative_is_d20_plus_dexterity_ties_to_dexterity_then_id():
    entrants = [Entrant(1, 0, ap_stats(dex=1)), Entrant(2, 1, ap_stats(dex=3)),
                Entrant(3, 1, ap_stats(dex=3))]
    ini = AP.roll_initiative(entrants, Dice(1, [12, 10, 10]))
    assert ini.scores == ((2, 13), (3, 13), (1, 13))
    assert ini.order == (2, 3, 1)
