"""`d40` Critical Hit Table (d20): every row, with scripted dice (natural 40, then the table).

A longsword (d8) in the hands of Strength 16 (+2): MWD = 8 + 2 = 10.
"""

from __future__ import annotations

import dataclasses

import pytest

from arena.model.stats import Weapon
from arena.rules.base import Effect
from arena.rules.d40.criticals import CRITICAL_HITS, critical_row
from tests.rules.d40.kit import BOW, D40, JAVELIN, SWORD, ctx, d40_stats, dice, purposes

ATTACKER = d40_stats(str=16)
KNOCK = (Effect("knockback", "defender", amount=1),
         Effect("strike", "attacker", options=("free", "no_dex", "own_turn")))


def critical(*row_dice, **kw):
    """A natural-40 critical hit whose table d20 and row dice are `row_dice`."""
    kw.setdefault("attacker", ATTACKER)
    return D40.resolve_attack(ctx(**kw), dice(20, 20, *row_dice))


def test_every_d20_face_has_exactly_one_row():
    assert [critical_row(face).low <= face <= critical_row(face).high
            for face in range(1, 21)] == [True] * 20
    assert sum(row.high - row.low + 1 for row in CRITICAL_HITS) == 20


@pytest.mark.parametrize(("face", "damage", "multiplier", "bonus"), [
    (1, 12, 1, 2), (2, 12, 1, 2),     # "Maximum Weapon Damage+2"
    (3, 20, 2, 0), (4, 20, 2, 0),     # "Maximum Weapon Damage x 2"
    (5, 30, 3, 0), (6, 30, 3, 0),     # "Maximum Weapon Damage x 3"
])
def test_rows_1_to_6_are_maximum_weapon_damage_plus_2_times_2_times_3(face, damage, multiplier,
                                                                       bonus):
    result = critical(face)
    assert (result.critical, result.damage, result.multiplier, result.effects) == (
        True, damage, multiplier, ())
    assert sum(m.value for m in result.bonus_damage) == bonus
    assert result.damage_roll is None  # MWD: no damage dice are rolled
    assert purposes(result) == ["attack 2d20", "critical hit d20"]


def test_mwd_is_the_dice_at_maximum_plus_strength_and_magic_and_the_log_shows_it():
    result = critical(3)
    assert result.notes[1:3] == ("critical hit d20 3: Maximum Weapon Damage x 2",
                                 "MWD: d8 max 8 +2 STR = 10 x2 = 20 damage")


@pytest.mark.parametrize(("face", "damage"), [(7, 10), (8, 10), (9, 20), (10, 20), (11, 30),
                                              (12, 30)])
def test_rows_7_to_12_knock_back_one_hex_with_a_free_attack_on_the_off_guard_target(face,
                                                                                   damage):
    # "knocked backed a step, leaving it open for an attack of opportunity by the attacker ...
    # the enemy loses positive Dexterity bonus to AC (if any) during this free attack."
    result = critical(face)
    assert (result.damage, result.effects) == (damage, KNOCK)


def test_knock_back_off_turn_marks_no_own_turn_and_thrown_weapons_get_no_free_attack():
    off = critical(7, off_turn=True)
    assert off.effects[1].options == ("free", "no_dex")
    thrown = critical(7, weapon=JAVELIN, distance=3)
    assert thrown.effects == (Effect("knockback", "defender", amount=1),)
    assert "no free attack: the thrown weapon is gone" in thrown.notes


def test_the_free_attack_ignores_the_targets_dexterity_bonus():
    defender = d40_stats(ac=2, dex=17)
    result = D40.resolve_attack(ctx(defender=defender, options=frozenset({"free", "no_dex"}),
                                    off_turn=True), dice(10, 10))
    assert result.target_label == "AC 2 +2 no DEX (off guard) = 4 (column B) needs"


def test_row_13_mwd_plus_10_and_blinded_for_1d4_rounds():
    result = critical(13, 3)
    assert result.damage == 20
    assert result.effects == (Effect("condition", "defender", "blind", rounds=3),)
    assert purposes(result)[-1] == "blind d4 rounds"


@pytest.mark.parametrize("face", [14, 15])
def test_rows_14_15_mwd_plus_10_and_heavy_bleeding_1d4_per_round(face):
    result = critical(face)
    assert result.damage == 20
    assert result.effects == (Effect("condition", "defender", "bleeding", amount=4),)


def test_row_16_mwd_x2_and_stunned_for_1d4_rounds():
    result = critical(16, 2)
    assert result.damage == 20
    assert result.effects == (Effect("condition", "defender", "stunned", rounds=2),)


def test_a_stun_dealt_during_the_targets_own_turn_also_covers_that_turn():
    # An attack of opportunity against a fumbler in its own turn: that turn ends first.
    result = critical(16, 2, off_turn=True)
    assert result.effects == (Effect("condition", "defender", "stunned", rounds=3),)


@pytest.mark.parametrize("face", [17, 18])
def test_rows_17_18_mwd_x2_weapon_dropped_at_its_feet_and_loss_of_initiative(face):
    # "caused the enemy to drop its weapon ... the enemy must spend 1 round to pick it up"
    result = critical(face, defender_wielded=(SWORD,))
    assert result.damage == 20
    assert result.effects == (Effect("drop_weapon", "defender", slot=0),
                              Effect("condition", "defender", "lose_initiative"))


def test_row_19_mwd_x3_weapon_shattered_and_loss_of_initiative():
    # A longsword without a save of its own saves with the wielder's 10: a d20 of 3 fails.
    result = critical(19, 3, defender_wielded=(dataclasses.replace(SWORD, crushing_save=0),))
    assert result.damage == 30
    assert result.effects == (Effect("break_weapon", "defender", slot=0),
                              Effect("condition", "defender", "lose_initiative"))


def test_row_19_the_weapon_gets_its_save_vs_crushing_blow():
    # "Weapon Shattered (the weapon's crushing-blow save, +1 per quality level, +5 for magic
    # weapons)": quality 2, magic 1 -> d20 + 8 against 15; a 7 saves it, a 6 does not.
    blade = dataclasses.replace(SWORD, crushing_save=15, quality=2, magic=1)
    saved = critical(19, 7, defender_wielded=(blade,))
    assert saved.effects == (Effect("condition", "defender", "lose_initiative"),)
    assert [r.purpose for r in saved.rolls][-1] == "crushing blow save d20"
    broken = critical(19, 6, defender_wielded=(blade,))
    assert Effect("break_weapon", "defender", slot=0) in broken.effects


def test_row_19_with_nothing_in_hand_shatters_nothing():
    result = critical(19)
    assert result.effects == (Effect("condition", "defender", "lose_initiative"),)
    assert "nothing in hand to shatter" in result.notes


@pytest.mark.parametrize("face", [17, 18])
def test_attached_weapons_are_unaffected_and_take_the_damage_only(face):
    # "Enemies with attached or no weapons/shields are unaffected, and simply take the
    # modified Maximum Damage"
    claw = Weapon("claw", "claw", "d6")
    result = critical(face, defender=d40_stats(attached=True), defender_wielded=(claw,))
    assert result.effects == (Effect("condition", "defender", "lose_initiative"),)
    assert "attached weapons: unaffected" in result.notes


def test_rows_17_18_with_nothing_in_hand_drop_nothing():
    # "Enemies with attached or no weapons/shields are unaffected, and simply take the
    # modified Maximum Damage x2."
    result = critical(17)
    assert result.effects == (Effect("condition", "defender", "lose_initiative"),)
    assert "nothing in hand to drop" in result.notes


def test_row_19_may_sever_an_attached_weapon_that_fails_its_crushing_blow_save():
    # "For enemies with attached weapons, this may cause a limb to get severed (for example,
    # a claw to get severed or may shatter)." The claw has no save of its own: the creature's
    # `save_crushing` 12 (DECISIONS.md: saves come from the stat block). d20 11 fails, 12 saves.
    claw = Weapon("claw", "claw", "d6")
    beast = d40_stats(attached=True, save_crushing=12)
    severed = critical(19, 11, defender=beast, defender_wielded=(claw,))
    assert severed.damage == 30
    assert severed.effects == (Effect("break_weapon", "defender", slot=0),
                               Effect("condition", "defender", "lose_initiative"))
    assert "the attached claw is severed with its limb" in severed.notes
    kept = critical(19, 12, defender=beast, defender_wielded=(claw,))
    assert kept.effects == (Effect("condition", "defender", "lose_initiative"),)


def test_row_19_a_weapon_without_its_own_save_saves_with_its_wielders():
    # DECISIONS.md `d40`: "Saves (... "save vs crushing blow") use a saving-throw number from
    # the combatant's stat block". Club (no `crushing_save`) in a hand whose `save_crushing`
    # is 10 (the default): d20 10 saves, 9 shatters.
    club = Weapon("club", "club", "d6")
    assert critical(19, 10, defender_wielded=(club,)).effects == (
        Effect("condition", "defender", "lose_initiative"),)
    broken = critical(19, 9, defender_wielded=(club,))
    assert Effect("break_weapon", "defender", slot=0) in broken.effects
    assert "the club saves vs crushing blow: d20 9 = 9 vs 10 (the wielder's save): it breaks" \
        in broken.notes


def test_row_20_mortal_wound_failed_save_vs_poison_kills():
    # "forcing it to a save vs. Poison or die ... still takes the Maximum Weapon Damage x3 and
    # is Stunned & Bleeding". Save 14: d20 13 fails. Stun 1d4: 4.
    result = critical(20, 13, 4, defender=d40_stats(save_poison=14))
    assert result.damage == 30
    assert result.effects == (Effect("condition", "defender", "stunned", rounds=4),
                              Effect("condition", "defender", "bleeding", amount=4),
                              Effect("kill", "defender", "mortally wounded"))
    assert purposes(result)[1:] == ["critical hit d20", "save vs poison d20", "stunned d4 rounds"]
    assert "save vs poison d20 13 vs 14: failed: dies" in result.notes


def test_row_20_saved_still_takes_x3_stunned_and_bleeding():
    result = critical(20, 14, 1, defender=d40_stats(save_poison=14))
    assert result.damage == 30
    assert [e.kind for e in result.effects] == ["condition", "condition"]


def test_bows_deal_no_strength_in_mwd():
    result = critical(5, weapon=BOW, distance=4)
    assert result.damage == 18  # d6 max 6 x3
