"""The `ap` ruleset's basic attack (document 003), pinned with scripted dice."""

from __future__ import annotations

from arena.dice import Dice
from arena.rules.ap import ApRuleset, range_increment
from arena.rules.base import AttackContext, Entrant
from tests.factories import LONGSWORD, SHORTBOW, ap_stats

AP = ApRuleset()


def ctx(weapon=LONGSWORD, distance=1, ac=16, strength=3, bab=2):
    return AttackContext(ap_stats(strength=strength, bab=bab), ap_stats(ac=ac), weapon,
                         distance, "front")


def test_attack_roll_is_d20_plus_strength_plus_bab_against_ac():
    # "Attack Roll: d20 + Strength + BAB + ... If the character meets or surpasses the target's AC"
    result = AP.resolve_attack(ctx(ac=16), Dice(1, [11, 5]))
    assert (result.natural, result.total, result.target, result.hit) == (11, 16, 16, True)
    assert [(m.label, m.value) for m in result.modifiers] == [("STR", 3), ("BAB", 2)]


def test_total_one_below_ac_misses_and_rolls_no_damage():
    dice = Dice(1, [10])
    result = AP.resolve_attack(ctx(ac=16), dice)
    assert (result.total, result.hit, result.damage, result.damage_roll) == (15, False, 0, None)
    assert dice.script_used == 1


def test_natural_20_always_hits():
    # "A natural 20 is an automatic hit"
    result = AP.resolve_attack(ctx(ac=40), Dice(1, [20, 8]))
    assert (result.total, result.hit, result.damage) == (25, True, 11)
    assert result.notes == ("natural 20 always hits",)


def test_natural_1_is_no_automatic_miss_in_ap():
    result = AP.resolve_attack(ctx(ac=5), Dice(1, [1, 4]))
    assert (result.total, result.hit) == (6, True)


def test_damage_is_weapon_dice_plus_strength():
    # "Damage Roll: Weapon's damage dice + Strength + ..."
    result = AP.resolve_attack(ctx(strength=4), Dice(1, [15, 6]))
    assert result.damage_roll is not None and result.damage_roll.faces == (6,)
    assert result.damage == 10


def test_damage_is_at_least_one_on_a_hit():
    result = AP.resolve_attack(ctx(strength=-3, ac=5), Dice(1, [15, 1]))
    assert result.damage == 1


def test_range_penalty_is_minus_2_per_increment_past_the_first():
    # Document 003: shortbow (60 ft) at 150 ft (30 hexes) is the third increment: -4.
    assert range_increment(SHORTBOW, 30) == 3
    result = AP.resolve_attack(ctx(weapon=SHORTBOW, distance=30), Dice(1, [10]))
    assert [(m.label, m.value) for m in result.modifiers][-1] == ("range 3", -4)
    assert result.total == 10 + 3 + 2 - 4


def test_ranged_attack_beyond_ten_increments_is_refused():
    # "Normal ranged weapons can be fired at targets up to 10 Range Increments away."
    assert AP.attack_refusal(ctx(weapon=SHORTBOW, distance=120)) is None
    assert AP.attack_refusal(ctx(weapon=SHORTBOW, distance=121)) is not None


def test_melee_needs_the_target_within_reach():
    assert AP.attack_refusal(ctx(distance=1)) is None
    assert "reaches 1" in (AP.attack_refusal(ctx(distance=2)) or "")


def test_action_costs_follow_the_decisions_table():
    assert AP.action_cost("melee", LONGSWORD, False) == 4
    assert AP.action_cost("melee", LONGSWORD, True) == 2
    assert AP.action_cost("ranged", SHORTBOW, False) == 4
    assert AP.action_cost("ranged", SHORTBOW, True) is None
    assert AP.action_cost("move", None, False) == 1
    assert AP.action_cost("face", None, False) == 0


def test_initiative_is_d20_plus_dexterity_ties_to_dexterity_then_id():
    entrants = [Entrant(1, 0, ap_stats(dex=1)), Entrant(2, 1, ap_stats(dex=3)),
                Entrant(3, 1, ap_stats(dex=3))]
    ini = AP.roll_initiative(entrants, Dice(1, [12, 10, 10]))
    assert ini.scores == ((2, 13), (3, 13), (1, 13))
    assert ini.order == (2, 3, 1)
