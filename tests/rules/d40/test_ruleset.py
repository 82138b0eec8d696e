"""Ruleset `d40` (document 000 and DECISIONS.md `d40`): the attack roll, the chance rules,
costs, initiative and conditions, pinned with scripted dice."""

from __future__ import annotations

import pytest

from arena.rules.base import Entrant, RulesetDefaults
from arena.rules.d40.attack import critical_chance, fumble_chance, plan_attack
from arena.rules.d40.stats import UNARMED, check_modifiers, reaction_adjustment
from tests.rules.d40.kit import (
    BOW,
    D40,
    JAVELIN,
    MAGIC_SWORD,
    SWORD,
    ctx,
    d40_stats,
    dice,
    purposes,
)


def labels(result):
    return [(m.label, m.value) for m in result.modifiers]


# --- the table number ----------------------------------------------------------------------

def test_first_level_warrior_against_ac_1_needs_30():
    # "Thus a first level warrior striking at an opponent with an AC of 1 ... (40-30=10x2%=20%)"
    plan = plan_attack(D40.tables, ctx(defender=d40_stats(ac=1)))
    assert (plan.column, plan.needed) == ("B", 30)
    assert plan.label == "AC 1 (column B) needs"


@pytest.mark.parametrize(("klass", "level", "column"), [
    ("warrior", 1, "B"), ("warrior", 8, "H"), ("warrior", 17, "P"), ("mage", 5, "B"),
    ("rogue", 12, "I"), ("savant", 13, "H"), ("monk", 7, "F"), ("assassin", 1, "B"),
    ("huntsman", 16, "M"), ("shaman", 17, "N"),
])
def test_column_comes_from_the_combat_progression_table(klass, level, column):
    assert plan_attack(D40.tables, ctx(attacker=d40_stats(klass=klass, level=level))).column \
        == column


def test_levels_above_17_use_the_column_of_level_17():
    # DECISIONS.md d40: "Levels above 17 use column of level 17."
    assert plan_attack(D40.tables, ctx(attacker=d40_stats(level=25))).column == "P"


def test_armour_class_beyond_the_table_uses_its_edge():
    # DECISIONS.md d40: "AC below -10 uses -10; above 10 uses 10."
    low = plan_attack(D40.tables, ctx(defender=d40_stats(ac=-14)))
    high = plan_attack(D40.tables, ctx(defender=d40_stats(ac=13)))
    assert (low.needed, high.needed) == (44, 16)
    assert low.label == "AC -14 (as -10) (column B) needs"


# --- the attack roll -----------------------------------------------------------------------

def test_attack_is_2d20_plus_strength_against_the_table_number():
    # DECISIONS.md d40: "2d20 ... plus the attacker's to-hit modifiers ... must be >= the table
    # number". Strength 16: +2 (interpretation: the same adjustment table as Reaction).
    attacker = d40_stats(str=16)
    result = D40.resolve_attack(ctx(attacker=attacker, defender=d40_stats(ac=1)),
                                dice(14, 14, 5))
    assert (result.natural, result.total, result.target, result.hit) == (28, 30, 30, True)
    assert labels(result) == [("STR", 2)]
    assert [(m.label, m.value) for m in result.damage_modifiers] == [("STR", 2)]
    assert result.damage == 7
    assert purposes(result) == ["attack 2d20", "damage d8"]


def test_one_short_of_the_table_number_misses_and_rolls_no_damage():
    d = dice(14, 13)
    result = D40.resolve_attack(ctx(attacker=d40_stats(str=16), defender=d40_stats(ac=1)), d)
    assert (result.total, result.hit, result.damage, result.rolls[1:]) == (29, False, 0, ())
    assert d.script_used == 2


def test_missiles_use_dexterity_to_hit_and_no_strength_for_damage():
    attacker = d40_stats(str=18, dex=17)
    result = D40.resolve_attack(ctx(BOW, distance=4, attacker=attacker), dice(15, 15, 4))
    assert labels(result) == [("DEX", 2)]
    assert (result.damage_modifiers, result.damage) == ((), 4)


def test_thrown_weapons_use_dexterity_to_hit_and_strength_for_damage():
    attacker = d40_stats(str=18, dex=6)
    result = D40.resolve_attack(ctx(JAVELIN, distance=3, attacker=attacker), dice(15, 15, 4))
    assert labels(result) == [("DEX", -1)]
    assert result.damage == 7


def test_magic_adds_to_hit_and_damage():
    result = D40.resolve_attack(ctx(MAGIC_SWORD), dice(15, 15, 4))
    assert labels(result) == [("STR", 0), ("magic", 2)]
    assert result.damage == 6


def test_missile_range_bands_and_longest_range():
    # Interpretation (AD&D): range_ft is short range; to 2x medium -2; to 3x long -5.
    def mods(distance):
        return labels(D40.resolve_attack(ctx(BOW, distance=distance), dice(10, 10)))
    assert mods(10) == [("DEX", 0)]
    assert mods(11) == [("DEX", 0), ("medium range", -2)]
    assert mods(30) == [("DEX", 0), ("long range", -5)]
    assert D40.attack_refusal(ctx(BOW, distance=30)) is None
    assert D40.attack_refusal(ctx(BOW, distance=31)) == (
        "shortbow reaches 30 hexes (long range); target is 31 away")


def test_cover_penalises_missiles_by_quarters():
    for quarters, penalty in ((1, -2), (2, -4), (3, -7)):
        result = D40.resolve_attack(ctx(BOW, distance=3, cover=quarters), dice(10, 10))
        assert labels(result)[-1] == (f"cover {quarters}/4", penalty)


def test_attack_from_the_rear_gains_2():
    result = D40.resolve_attack(ctx(position="rear"), dice(10, 10))
    assert labels(result) == [("STR", 0), ("rear", 2)]


def test_blind_attacker_takes_minus_4_for_the_full_concealment_of_everything():
    # "everything has full concealment to it. Blind victims suffer a -4 to attacks": the
    # document gives full concealment no other number (interpretation: the -4 is it), on
    # every attack, melee, missile or free, and the log says why.
    blind = frozenset({"blind"})
    for kw in ({}, {"weapon": BOW, "distance": 2}, {"off_turn": True}):
        result = D40.resolve_attack(ctx(attacker_conditions=blind, **kw), dice(10, 10))
        assert ("blind: full concealment", -4) in labels(result)


@pytest.mark.parametrize(("ability", "conditions", "expected"), [
    ("str", {"blind"}, [("blind", -4)]), ("dex", {"blind", "prone"}, [("blind", -4)]),
    ("str", {"stunned"}, []), ("save_poison", {"blind"}, []),
])
def test_blind_combatants_take_minus_4_on_strength_and_dexterity_checks(ability, conditions,
                                                                       expected):
    # "suffer a -4 penalty on most Strength and Dexterity-based skills"
    mods = check_modifiers(ability, frozenset(conditions))
    assert [(m.label, m.value) for m in mods] == expected


@pytest.mark.parametrize("condition", ["stunned", "blind"])
def test_foes_gain_2_against_stunned_or_blind_targets_who_lose_their_dexterity_bonus(condition):
    # "Foes gain a +2 bonus to hit stunned characters" / blind: "opponents gain a +2 bonus";
    # both "lose positive Dexterity bonus to AC". Dexterity 16: +2, already inside AC 3.
    defender = d40_stats(ac=3, dex=16)
    result = D40.resolve_attack(
        ctx(defender=defender, defender_conditions=frozenset({condition})), dice(10, 10))
    assert (f"target {condition}", 2) in labels(result)
    assert result.target_label == f"AC 3 +2 no DEX ({condition}) = 5 (column B) needs"
    assert result.target == 24


def test_flat_footed_target_loses_its_dexterity_bonus_but_gives_no_bonus_to_hit():
    defender = d40_stats(ac=3, dex=18)
    result = D40.resolve_attack(
        ctx(defender=defender, defender_conditions=frozenset({"flat_footed"})), dice(10, 10))
    assert labels(result) == [("STR", 0)]
    assert result.target_label == "AC 3 +3 no DEX (flat-footed) = 6 (column B) needs"


def test_a_target_without_positive_dexterity_bonus_loses_nothing():
    defender = d40_stats(ac=3, dex=7)
    result = D40.resolve_attack(
        ctx(defender=defender, defender_conditions=frozenset({"stunned"})), dice(10, 10))
    assert result.target_label == "AC 3 (column B) needs"


def test_damage_is_at_least_1_on_a_hit():
    result = D40.resolve_attack(ctx(attacker=d40_stats(str=3), defender=d40_stats(ac=10)),
                                dice(15, 15, 1))
    assert result.damage == 1


def test_automatic_hit_rolls_no_attack_dice_and_cannot_be_critical():
    result = D40.resolve_attack(ctx(options=frozenset({"free", "auto_hit"}),
                                    attacker=d40_stats(str=16)), dice(6))
    assert (result.natural, result.hit, result.critical, result.damage) == (0, True, False, 8)
    assert purposes(result) == ["damage d8"]


# --- automatic results and chances ---------------------------------------------------------

def test_natural_40_always_hits_and_is_a_critical_hit():
    # "Any roll of an unadjusted 40 (2d20) is an automatic critical hit"; AC -10 column A: 45.
    attacker = d40_stats(klass="mage", str=3)
    result = D40.resolve_attack(ctx(attacker=attacker, defender=d40_stats(ac=-10)),
                                dice(20, 20, 1))
    assert (result.total, result.target, result.hit, result.critical) == (37, 45, True, True)
    assert result.notes[:2] == ("natural 40 always hits", "natural 40: critical hit")
    assert purposes(result) == ["attack 2d20", "critical hit d20"]


def test_natural_2_always_misses_and_is_a_critical_miss():
    # "... any roll of 2 (2d20) is an automatic critical miss." AC 10, column P: 3.
    attacker = d40_stats(level=17, str=18)
    result = D40.resolve_attack(ctx(MAGIC_SWORD, attacker=attacker, defender=d40_stats(ac=10)),
                                dice(1, 1, 1))
    assert (result.total, result.target, result.hit, result.fumble) == (7, 3, False, True)
    assert result.notes[:2] == ("natural 2 always misses", "natural 2: critical miss")
    assert purposes(result) == ["attack 2d20", "critical miss d20"]


def test_critical_chance_is_40_minus_needed_times_2_percent_on_37_to_39():
    # The document: 1st-level warrior against AC 1 needs 30: "20% chance of their hit being
    # critical". d100 20 is a critical; 21 is not.
    assert critical_chance(30) == 20
    hit = D40.resolve_attack(ctx(defender=d40_stats(ac=1)), dice(19, 18, 20, 1))
    assert (hit.critical, purposes(hit)) == (True, ["attack 2d20", "critical chance d%",
                                                     "critical hit d20"])
    assert "natural 37: critical chance (40 - 30) x 2% = 20%, d% 20: critical" in hit.notes
    plain = D40.resolve_attack(ctx(defender=d40_stats(ac=1)), dice(20, 19, 21, 5))
    assert (plain.critical, plain.damage) == (False, 5)
    assert "natural 39: critical chance (40 - 30) x 2% = 20%, d% 21: no critical" in plain.notes


def test_a_37_that_misses_is_no_critical_and_rolls_no_chance_die():
    attacker = d40_stats(klass="mage", str=3)
    d = dice(19, 18)
    result = D40.resolve_attack(ctx(attacker=attacker, defender=d40_stats(ac=-10)), d)
    assert (result.hit, result.critical, d.script_used) == (False, False, 2)


def test_a_critical_chance_of_0_rolls_no_die():
    # Needed 41 (AC -10, column E): the chance (40 - 41) x 2 is below 0, so 0: no d100.
    attacker = d40_stats(level=4, str=18)
    result = D40.resolve_attack(ctx(MAGIC_SWORD, attacker=attacker, defender=d40_stats(ac=-10)),
                                dice(19, 19, 3))
    assert (result.hit, result.critical, result.damage) == (True, False, 8)
    assert "natural 38: critical chance (40 - 41) x 2% = 0%: no critical" in result.notes


def test_fumble_chance_is_needed_percent_minus_2_per_reaction_adjustment():
    # The document: the same warrior "with a 14 Dexterity ... would have a 28% chance to fumble".
    attacker = d40_stats(dex=14)
    assert fumble_chance(30, reaction_adjustment(D40.tables, attacker)) == 28
    fumbled = D40.resolve_attack(ctx(attacker=attacker, defender=d40_stats(ac=1)),
                                 dice(1, 2, 28, 1))
    assert fumbled.fumble and purposes(fumbled) == [
        "attack 2d20", "critical miss chance d%", "critical miss d20"]
    assert ("natural 3: critical miss chance 30% - 2% x +1 reaction = 28%, d% 28: critical miss"
            in fumbled.notes)
    plain = D40.resolve_attack(ctx(attacker=attacker, defender=d40_stats(ac=1)), dice(2, 2, 29))
    assert (plain.fumble, plain.effects) == (False, ())


def test_the_reaction_field_overrides_the_dexterity_adjustment():
    attacker = d40_stats(dex=18, reaction=-2)
    assert reaction_adjustment(D40.tables, attacker) == -2
    result = D40.resolve_attack(ctx(attacker=attacker, defender=d40_stats(ac=1)),
                                dice(2, 2, 34, 1))
    assert result.fumble


def test_fumble_chance_is_clamped_to_0_100_and_then_rolls_no_die():
    assert (fumble_chance(3, 3), fumble_chance(60, -30)) == (0, 100)
    attacker = d40_stats(level=17, str=3, dex=18)
    d = dice(1, 2)
    result = D40.resolve_attack(ctx(attacker=attacker, defender=d40_stats(ac=10)), d)
    assert (result.hit, result.fumble, d.script_used) == (False, False, 2)


def test_a_natural_3_that_hits_is_no_critical_miss():
    attacker = d40_stats(level=17, str=16)
    result = D40.resolve_attack(ctx(attacker=attacker, defender=d40_stats(ac=10)), dice(1, 2, 4))
    assert (result.hit, result.fumble, result.damage) == (True, False, 6)


@pytest.mark.parametrize(("dex", "adjustment"), [
    (3, -3), (4, -2), (5, -2), (6, -1), (8, -1), (9, 0), (12, 0), (13, 1), (14, 1), (15, 1),
    (16, 2), (17, 2), (18, 3),
])
def test_reaction_adjustment_by_dexterity_follows_decisions(dex, adjustment):
    # DECISIONS.md d40: 3: -3; 4-5: -2; 6-8: -1; 9-12: 0; 13-15: +1; 16-17: +2; 18: +3.
    assert reaction_adjustment(D40.tables, d40_stats(dex=dex)) == adjustment


# --- costs, initiative, conditions -----------------------------------------------------------

def test_action_costs_follow_the_common_decisions_and_interpretations():
    own = {a: D40.action_cost(a, None, False)
           for a in ("move", "face", "melee", "ranged", "pick_up", "draw", "stand_up", "reload")}
    assert own == {"move": 1, "face": 0, "melee": 3, "ranged": 3, "pick_up": 1, "draw": 1,
                   "stand_up": 2, "reload": 3}
    # "spend 1 round to pick it up": picking up takes the rest of the turn, nothing else does.
    assert [a for a in own if D40.ends_turn(a)] == ["pick_up"]
    assert D40.action_cost("move", None, True) is None
    assert D40.attack_cost(ctx()) == 3
    assert D40.attack_cost(ctx(off_turn=True)) == 0
    assert D40.attack_cost(ctx(BOW, distance=1, off_turn=True)) is None


def test_one_attack_per_turn_and_melee_within_reach():
    assert D40.attack_refusal(ctx(weapon_attacks=1)) == (
        "already attacked this turn (one attack per turn)")
    assert D40.attack_refusal(ctx(weapon_attacks=1, off_turn=True)) is None
    assert D40.attack_refusal(ctx(distance=2)) == "longsword reaches 1 hex(es); target is 2 away"


def test_initiative_is_d10_each_lower_first_ties_to_the_lower_entity_id():
    # DECISIONS.md common section: "d10 per combatant for adnd (lower acts first) and d40".
    entrants = [Entrant(e, e % 2, d40_stats()) for e in (1, 2, 3)]
    initiative = D40.roll_initiative(entrants, dice(7, 3, 7))
    assert initiative.order == (2, 1, 3)
    assert initiative.scores == ((2, 3), (1, 7), (3, 7))
    assert [r.purpose for r in initiative.rolls] == ["initiative #1", "initiative #2",
                                                     "initiative #3"]


def test_stunned_combatants_can_take_no_action():
    # "the enemy is momentarily stunned and cannot take any action"
    assert D40.incapacity(frozenset({"stunned", "prone"})) == "stunned"
    assert D40.incapacity(frozenset({"blind", "bleeding", "prone"})) is None


@pytest.mark.parametrize(("speed", "pool"), [(6, 3), (8, 4), (9, 5), (5, 3), (2, 2)])
def test_blind_combatants_move_at_half_speed_but_can_still_attack(speed, pool):
    # "Target moves at half speed": half the AP (rounded up), never below one attack's 3 AP.
    assert D40.action_points(speed, frozenset({"blind"})) == pool
    assert D40.action_points(speed, frozenset({"stunned"})) == speed


def test_healing_of_any_kind_stops_bleeding():
    # "A healing potion/spell/etc of any kind will immediately stop any bleeding."
    wounded = {"bleeding": 4, "blind": 0, "stunned": 2}
    assert D40.heal(wounded, 1) == {"blind": 0, "stunned": 2}
    assert D40.heal(wounded, 0) == wounded
    assert wounded == {"bleeding": 4, "blind": 0, "stunned": 2}  # the caller's stays
    assert RulesetDefaults().heal(wounded, 5) == wounded  # documents silent on it: nothing ends


def test_heavy_bleeding_costs_1d4_at_the_start_of_each_turn():
    # "causing an additional 1d4 points of damage effected at the beginning of each round"
    up = D40.upkeep(d40_stats(), {"bleeding": 4}, dice(3))
    assert (up.damage, [r.purpose for r in up.rolls], up.notes) == (
        3, ["bleeding d4"], ("heavy bleeding",))
    assert D40.upkeep(d40_stats(), {"stunned": 0}, dice()).damage == 0


def test_nothing_is_open_nothing_breaks_on_landing_two_hands_no_maneuvers():
    assert not any(D40.opens(a, None, d40_stats()) for a in ("move", "ranged", "pick_up"))
    assert D40.landing(SWORD, "hard", dice()).broken is False
    assert D40.hands(frozenset({"stunned"})) == 2
    assert (D40.maneuvers, D40.ai_options(ctx()), D40.unarmed) == ((), (), UNARMED)
    assert D40.wants_bystanders
