"""Ruleset `adnd` (document 002 and DECISIONS.md `adnd`), pinned rule by rule with scripted dice."""

from __future__ import annotations

import pytest

from arena.dice import Dice
from arena.model.stats import StatBlock, Weapon
from arena.rules.adnd import UNARMED, AdndRuleset
from arena.rules.adnd.attack import friendly_fire_targets, wounds
from arena.rules.adnd.stats import FIELDS, block_problem, buff_of
from arena.rules.base import AttackContext, Bystander, Effect, Entrant

ADND = AdndRuleset()
LONG_SWORD_1 = Weapon("long_sword_plus_1", "long sword +1", "1d8", magic=1, break_die=6)
LONG_SWORD = Weapon("longsword", "longsword", "1d8")
MACE = Weapon("mace", "mace", "1d6+1")
MAUL = Weapon("maul", "maul", "2d4", hands=2, break_die=6, tags=("sweeping",))
GREATSWORD = Weapon("greatsword", "greatsword", "2d6", hands=2)
SHORTBOW = Weapon("shortbow", "shortbow", "1d6", kind="ranged", hands=2, range_ft=60)
JAVELIN = Weapon("javelin", "javelin", "1d6", kind="thrown", range_ft=30)
HALBERD = Weapon("halberd", "halberd", "1d10", hands=2, reach=2, break_die=5,
                 tags=("sweeping", "pole_arm"))
SERPENT = Weapon("serpent_sword", "sword +1, +4 vs reptiles", "1d8", magic=1, break_die=6,
                 conditional=(("reptiles", 4),))


def stats(**values: object) -> StatBlock:
    """An `adnd` stat block: the field defaults, overridden by `values`."""
    block = {f.name: f.default for f in FIELDS}
    for key, value in values.items():
        block[key] = ",".join(sorted(value)) if isinstance(value, list | tuple) else value
    return StatBlock("adnd", block)  # type: ignore[arg-type]


ERDOWAN = stats(**{"class": "warrior"}, level=5, str=16)
HIPPOGRIFF = stats(thac0=17, ac=5, helmet=False)


def ctx(weapon=LONG_SWORD, attacker=None, defender=None, distance=1, **kw) -> AttackContext:
    """An attack context: a 1st-level warrior against AC 5 by default."""
    kw.setdefault("wielded", (weapon,))
    return AttackContext(attacker or stats(), defender or stats(ac=5), weapon, distance,
                         kw.pop("position", "front"), **kw)


def ally(entity, distance=3, beyond=2, angle=10.0):
    """An ally `distance` hexes from the attacker (`beyond` from the target, unused by adnd)."""
    return Bystander(entity, True, distance, beyond, angle, "front")


def labels(mods):
    return [(m.label, m.value) for m in mods]


# --- the attack roll -------------------------------------------------------------------------

def test_base_attack_is_d20_plus_modifiers_against_thac0_minus_ac():
    # DECISIONS.md `adnd`: "d20 + modifiers ≥ THAC0 − AC". A 1st-level warrior (THAC0 20)
    # with Strength 17 (+1) needs 15 against AC 5.
    attacker = stats(str=17)
    hit = ADND.resolve_attack(ctx(attacker=attacker), Dice(1, [14, 5]))
    assert (hit.target_label, hit.target, hit.total, hit.hit) == ("THAC0 20 - AC 5 =", 15, 15, True)
    assert labels(hit.modifiers) == [("STR", 1)] and hit.damage == 6
    miss = ADND.resolve_attack(ctx(attacker=attacker), Dice(1, [13]))
    assert (miss.total, miss.hit, miss.damage_roll) == (14, False, None)


def test_thac0_comes_from_the_stat_block_or_the_class_table():
    # DECISIONS.md: "Monsters give `thac0` directly"; priests 20 − 2 × floor((level − 1) / 3).
    monster = ADND.resolve_attack(ctx(attacker=stats(thac0=13)), Dice(1, [10, 1]))
    assert monster.target_label == "THAC0 13 - AC 5 ="
    priest = ADND.resolve_attack(ctx(attacker=stats(**{"class": "priest"}, level=7)),
                                 Dice(1, [10]))
    assert priest.target_label == "THAC0 16 - AC 5 ="


def test_natural_1_always_misses_and_natural_20_always_hits():
    # Interpretation: the document's fumble on a 1 and critical on a 20 imply a miss and a hit.
    fumble = ADND.resolve_attack(ctx(attacker=stats(str=18, str_pct=100), defender=stats(ac=10)),
                                 Dice(1, [1, 1]))
    assert (fumble.total, fumble.hit, fumble.fumble) == (4, False, True)
    hit = ADND.resolve_attack(ctx(defender=stats(ac=-10)), Dice(1, [20, 3]))
    assert (hit.total, hit.target, hit.hit, hit.critical) == (20, 30, True, False)


def test_strength_adds_to_melee_and_thrown_damage_dexterity_to_missile_hits():
    # DECISIONS.md tables: Strength 18/51 +2/+3; Dexterity 16 +1 missile.
    strong = stats(str=18, str_pct=51, dex=16)
    melee = ADND.resolve_attack(ctx(attacker=strong), Dice(1, [15, 4]))
    assert labels(melee.modifiers) == [("STR", 2)]
    assert labels(melee.damage_modifiers) == [("STR", 3)]
    bow = ADND.resolve_attack(ctx(SHORTBOW, strong, distance=5), Dice(1, [15, 4]))
    assert labels(bow.modifiers) == [("DEX", 1)] and bow.damage_modifiers == ()
    thrown = ADND.resolve_attack(ctx(JAVELIN, strong, distance=5), Dice(1, [15, 4]))
    assert labels(thrown.modifiers) == [("DEX", 1)]
    assert labels(thrown.damage_modifiers) == [("STR", 3)]


def test_missile_range_bands_and_long_range_limit():
    # Interpretation (AD&D 2e): `range_ft` is short range; medium ×2 at −2, long ×3 at −5.
    def mods(distance):
        result = ADND.resolve_attack(ctx(SHORTBOW, distance=distance), Dice(1, [10]))
        return labels(result.modifiers)
    assert mods(12) == [] and mods(13) == [("medium range", -2)]
    assert mods(24) == [("medium range", -2)] and mods(36) == [("long range", -5)]
    assert ADND.attack_refusal(ctx(SHORTBOW, distance=36)) is None
    assert ADND.attack_refusal(ctx(SHORTBOW, distance=37)) == (
        "shortbow reaches 36 hexes (long range); target is 37 away")


def test_cover_and_rear_attacks():
    # Interpretation (AD&D 2e): cover −2/−4/−7 against missiles; +2 from the rear.
    covered = ADND.resolve_attack(ctx(SHORTBOW, distance=3, cover=2), Dice(1, [10]))
    assert labels(covered.modifiers) == [("cover", -4)]
    rear = ADND.resolve_attack(ctx(position="rear"), Dice(1, [10]))
    assert labels(rear.modifiers) == [("rear", 2)]


def test_conditional_bonus_replaces_the_plain_one_against_its_kind_of_foe():
    # Document: "A +1, +4 vs. reptiles sword".
    reptile = ADND.resolve_attack(ctx(SERPENT, defender=stats(ac=5, kinds=["reptiles"])),
                                  Dice(1, [12, 3]))
    assert labels(reptile.modifiers) == [("magic vs reptiles", 4)] and reptile.damage == 7
    other = ADND.resolve_attack(ctx(SERPENT), Dice(1, [15, 3]))
    assert labels(other.modifiers) == [("magic", 1)] and other.damage == 4


def test_one_attack_per_turn_and_pole_arms_reach_two_hexes():
    # DECISIONS.md common: "one attack per turn costing 3 AP"; `adnd`: "pole arms reach 2".
    assert ADND.attack_refusal(ctx(weapon_attacks=1)) == (
        "already attacked this turn (one attack per turn)")
    assert ADND.attack_refusal(ctx(HALBERD, distance=2)) is None
    assert ADND.attack_refusal(ctx(HALBERD, distance=3)) == (
        "halberd reaches 2 hex(es); target is 3 away")


# --- critical hits ---------------------------------------------------------------------------

def test_erdowans_natural_20_then_19_triples_to_18_with_a_wound_and_an_injury_point():
    # Document: "Erdowan swings a long sword at a hippogriff and rolls a natural 20. He rolls
    # the d20 again and obtains a 19 ... triple damage ... rolls a 4 on a d8 ... 16 strength
    # (+1 bonus) and a +1 long sword ... 6, which is then tripled for a total of 18 damage.
    # The hippogriff suffers a wound and an injury point."
    dice = Dice(1, [20, 19, 4, 20])
    result = ADND.resolve_attack(ctx(LONG_SWORD_1, ERDOWAN, HIPPOGRIFF), dice)
    assert (result.hit, result.critical, result.multiplier, result.damage) == (True, True, 3, 18)
    assert [r.purpose for r in result.rolls] == ["attack d20", "critical d20 #1", "damage 1d8"]
    assert labels(result.damage_modifiers) == [("STR", 1), ("magic", 1)]
    assert "d20 19 after a 20, no helmet: x3, stop" in result.notes[0]
    assert dice.script_used == 3  # "the d20 is not rolled again"
    assert result.effects == (
        Effect("condition", "defender", "bleeding", amount=1, options=("stack",)),
        Effect("condition", "defender", "injured", amount=1, options=("stack",)),
    )


def test_faye_needs_a_modified_20_and_her_natural_20_is_only_a_normal_hit():
    # Document: "Faye, a 1st-level cleric, needs a modified 20 to hit Gareth, who has an armour
    # class (AC) of 0 ... she does not score a critical hit and instead deals normal damage."
    faye, gareth = stats(**{"class": "priest"}, level=1), stats(ac=0)
    dice = Dice(1, [20, 5])
    result = ADND.resolve_attack(ctx(MACE, faye, gareth), dice)
    assert (result.target, result.total, result.hit, result.critical) == (20, 20, True, False)
    assert (result.multiplier, result.damage, dice.script_used) == (1, 6, 2)
    assert result.notes == ("natural 20, but 20 < 20 + 2: no critical",)


@pytest.mark.parametrize(("ac", "critical"), [(2, True), (1, False)])
def test_a_critical_needs_two_points_above_the_number_needed(ac, critical):
    # DECISIONS.md: "natural 20 whose modified total is ≥ needed + 2" (THAC0 20: needs 18 or 19).
    result = ADND.resolve_attack(ctx(defender=stats(ac=ac)), Dice(1, [20, 7, 4]))
    assert result.critical is critical


def test_each_further_natural_20_raises_the_multiplier_and_rolls_again():
    # Document: "rolling an additional natural 20 increases the multiplier ... until a roll
    # fails to land on 20. Rolls of 1 to 18 are ignored."
    result = ADND.resolve_attack(ctx(), Dice(1, [20, 20, 20, 7, 3]))
    assert result.multiplier == 4 and result.damage == 12
    assert [r.purpose for r in result.rolls][1:4] == [
        "critical d20 #1", "critical d20 #2", "critical d20 #3"]
    assert result.notes == ("critical x2; d20 20: x3, roll again; d20 20: x4, roll again; "
                            "d20 7: stop",)


@pytest.mark.parametrize(("helmet", "multiplier"), [(False, 4), (True, 3)])
def test_natural_19_after_20_counts_only_without_helmet(helmet, multiplier):
    # Document: "a natural 19 is rolled following a natural 20, and the target is not wearing a
    # helmet ... the damage multiplier increases ... However, the d20 is not rolled again."
    dice = Dice(1, [20, 20, 19, 2, 20])
    result = ADND.resolve_attack(ctx(defender=stats(ac=5, helmet=helmet)), dice)
    assert result.multiplier == multiplier and dice.script_used == 4


def test_the_multiplier_applies_after_strength_magic_and_buffs():
    # Document: "applying strength bonuses, magic effects, and any other modifiers before
    # applying the final multiplier".
    result = ADND.resolve_attack(
        ctx(LONG_SWORD_1, stats(str=17), attacker_buffs=frozenset({"chant"})),
        Dice(1, [20, 3, 4]))
    assert labels(result.damage_modifiers) == [("STR", 1), ("magic", 1), ("chant", 1)]
    assert result.damage == (4 + 3) * 2


# --- fumbles ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("face", "direction", "amount"), [
    (1, None, 0), (2, None, 0), (3, 1, 1), (4, 1, 1), (5, 0, 1), (6, 0, 1), (7, 5, 1), (8, 5, 1),
])
def test_a_fumble_scatters_the_weapon_by_d8_relative_to_the_facing(face, direction, amount):
    # DECISIONS.md: "d8: 1–2 the combatant's own hex; 3–4 front-left, 5–6 front, 7–8
    # front-right"; the owner may take it back "next round".
    result = ADND.resolve_attack(ctx(slot=1, wielded=(LONG_SWORD, MACE)), Dice(1, [1, face]))
    assert (result.hit, result.fumble) == (False, True)
    assert result.rolls[1].purpose == "scatter d8"
    assert result.effects == (Effect("drop_weapon", "attacker", slot=1, direction=direction,
                                     amount=amount, rounds=1),)


def test_fists_and_thrown_weapons_scatter_nothing_on_a_fumble():
    for weapon in (UNARMED, JAVELIN):
        dice = Dice(1, [1, 5])
        result = ADND.resolve_attack(ctx(weapon, distance=1), dice)
        assert result.fumble and result.effects == () and dice.script_used == 1


# --- friendly fire and friendly hits ----------------------------------------------------------

def test_missile_natural_2_that_misses_strikes_the_one_ally_in_the_arc():
    # Document: "a friendly ally is positioned within a 30° arc ... a roll of a natural 2
    # results in a friendly fire hit against the ally. This hit is automatic".
    near = (ally(5, angle=12.0), Bystander(6, False, 3, 1, 5.0, "front"),
            ally(7, angle=45.0), ally(8, distance=12))
    dice = Dice(1, [2])
    result = ADND.resolve_attack(ctx(SHORTBOW, distance=4, bystanders=near), dice)
    assert not result.hit and dice.script_used == 1
    assert result.effects == (Effect("strike", "attacker", other=5,
                                     options=("auto_hit", "free", "friendly_fire")),)
    assert result.notes == ("natural 2: friendly fire strikes an ally",)


def test_a_die_picks_among_several_allies_in_the_arc():
    near = (ally(3), ally(5, angle=30.0), ally(9, distance=11))
    result = ADND.resolve_attack(ctx(SHORTBOW, distance=4, bystanders=near), Dice(1, [2, 2]))
    assert result.rolls[1].purpose == "friendly fire d3"
    assert result.effects[0].other == 5


def test_no_friendly_fire_when_the_natural_2_would_have_hit():
    # Document: "if the natural 2 would have been a successful hit against the intended enemy
    # target, then friendly fire does not occur".
    sharp = stats(dex=18, level=20)  # THAC0 1, +2: needs -4 against AC 5
    result = ADND.resolve_attack(ctx(SHORTBOW, sharp, distance=4, bystanders=(ally(3),)),
                                 Dice(1, [2, 4]))
    assert result.hit and result.effects == ()
    assert "no friendly fire or friendly hit" in result.notes[0]


def test_the_arc_is_30_degrees_either_side_and_under_8_hexes_beyond():
    # Target 4 hexes away: 11 from the shooter is 7 beyond it, 12 is 8 beyond.
    near = (ally(1, angle=30.0, distance=11), ally(2, angle=30.5), ally(3, distance=12),
            Bystander(4, False, 2, 1, 0.0, "front"), ally(5, angle=0.0, distance=4, beyond=0))
    assert friendly_fire_targets(near, 4) == [1, 5]


def test_beyond_the_target_means_farther_from_the_shooter_not_any_way_from_the_target():
    # Document: "if the ally is positioned 8 or more hexes beyond the original target, the
    # friendly fire rule is not applied". An ally 2 hexes out on the line to a target 12 away
    # stands 10 hexes from the target, but before it, not beyond it: it is at risk. One 20
    # hexes out (8 past the target) is spared, one 19 out (7 past) is not.
    near = (ally(1, distance=2, beyond=10, angle=0.0), ally(2, distance=20, beyond=8),
            ally(3, distance=19, beyond=7))
    assert friendly_fire_targets(near, 12) == [1, 3]
    dice = Dice(1, [2])
    far = ctx(SHORTBOW, distance=12, bystanders=near[:2])
    result = ADND.resolve_attack(far, dice)
    assert result.effects == (Effect("strike", "attacker", other=1,
                                     options=("auto_hit", "free", "friendly_fire")),)
    assert dice.script_used == 1  # one ally at risk: no die picks among them


def test_friendly_fire_hits_whatever_the_armour_with_normal_damage_but_no_buffs():
    # Document: "The attacker rolls for damage, and the result is applied to the ally as if
    # they had been struck directly, including any secondary effects ... bonuses gained from
    # chant, prayer or martial spirit do not apply".
    buffs = frozenset({"chant", "prayer"})
    result = ADND.resolve_attack(
        ctx(JAVELIN, stats(str=18, str_pct=100), stats(ac=-10), distance=6,
            options=frozenset({"auto_hit", "free", "friendly_fire"}), attacker_buffs=buffs),
        Dice(1, [6]))
    assert (result.natural, result.hit, result.damage) == (0, True, 12)
    assert labels(result.damage_modifiers) == [("STR", 6)]
    assert result.effects[0] == Effect("condition", "defender", "bleeding", amount=1,
                                       options=("stack",))


def test_sweeping_weapons_strike_an_adjacent_ally_on_a_natural_2():
    # Document: "wielders of large or sweeping weapons risk striking allies in adjacent hexes
    # when rolling a natural 2 ... mauls, flails, morning stars, pole arms, quarterstaves,
    # spears, two-handed swords and tridents".
    near = (ally(4, distance=2), ally(6, distance=1, angle=90.0))
    for weapon in (MAUL, GREATSWORD, HALBERD):
        result = ADND.resolve_attack(ctx(weapon, bystanders=near), Dice(1, [2]))
        assert result.effects == (Effect("strike", "attacker", other=6,
                                         options=("auto_hit", "free", "friendly_hit")),)


def test_a_sweeping_natural_2_that_hits_strikes_no_ally_and_friendly_hits_take_no_buffs():
    # Interpretation: "Though not technically 'fire'", friendly fire's exceptions carry over.
    near = (ally(6, distance=1),)
    strong = stats(level=20, str=18, str_pct=100)  # THAC0 1, +3: needs -4 against AC 5
    result = ADND.resolve_attack(ctx(MAUL, strong, bystanders=near), Dice(1, [2, 1, 1]))
    assert result.hit and result.effects == ()
    blow = ADND.resolve_attack(
        ctx(MAUL, stats(), options=frozenset({"auto_hit", "free", "friendly_hit"}),
            attacker_buffs=frozenset({"martial_spirit"})), Dice(1, [2, 3]))
    assert (blow.damage, blow.damage_modifiers) == (5, ())


def test_disciplined_swing_and_ordinary_weapons_strike_no_ally():
    # Document: "this risk may be negated if the character possesses the disciplined swing".
    near = (ally(6, distance=1),)
    disciplined = stats(abilities=["disciplined_swing"])
    for weapon, attacker in ((MAUL, disciplined), (LONG_SWORD, stats())):
        result = ADND.resolve_attack(ctx(weapon, attacker, bystanders=near), Dice(1, [2]))
        assert not result.hit and result.effects == ()


# --- wounds ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("damage", "bleeding", "injury"), [
    (10, 0, 0), (11, 1, 0), (14, 1, 0), (15, 1, 1), (19, 1, 1), (20, 1, 2), (22, 2, 2),
    (25, 2, 3),
])
def test_wounds_bleed_damage_over_11_and_injury_points_from_15(damage, bleeding, injury):
    # DECISIONS.md: "a single hit of 11 or more damage causes a wound that bleeds
    # floor(damage / 11) hp per round; a single hit of 15 or more adds 1 + floor((damage − 15)
    # / 5) injury points".
    found = {e.name: e.amount for e in wounds(ctx(), damage)}
    assert found.get("bleeding", 0) == bleeding and found.get("injured", 0) == injury


def test_unwoundable_targets_neither_bleed_nor_take_injury_points():
    assert wounds(ctx(defender=stats(woundable=False)), 30) == ()


def test_wounds_bleed_their_strength_at_the_start_of_each_turn():
    up = ADND.upkeep(stats(), {"bleeding": 3, "injured": 2}, Dice(1))
    assert (up.damage, up.rolls, up.notes) == (3, (), ("bleeding 3 a round from wounds",))
    assert ADND.upkeep(stats(), {"injured": 2}, Dice(1)).damage == 0


# --- breakage --------------------------------------------------------------------------------

def test_soft_surfaces_never_break_a_weapon():
    # Document: "Weapons that fall on dirt, wood or other soft surfaces do not require a break
    # check."
    dice = Dice(1, [1])
    assert ADND.landing(LONG_SWORD_1, "soft", dice).rolls == () and dice.script_used == 0


@pytest.mark.parametrize(("face", "broken"), [(1, True), (2, False)])
def test_a_hard_landing_breaks_an_ordinary_weapon_on_a_1_of_its_break_die(face, broken):
    # Document: "A roll of '1' on the designated die indicates that the weapon has broken".
    landing = ADND.landing(MAUL, "hard", Dice(1, [face]))
    assert landing.broken is broken and [r.purpose for r in landing.rolls] == ["break d6"]


def test_shared_weapons_take_their_break_die_from_the_table_and_others_never_break():
    # DECISIONS.md: "d6 ... long sword"; "d5 ... two-handed sword"; the fist has no die.
    assert ADND.landing(LONG_SWORD, "hard", Dice(1, [1])).rolls[0].purpose == "break d6"
    assert ADND.landing(GREATSWORD, "hard", Dice(1, [5])).rolls[0].purpose == "break d5"
    assert ADND.landing(UNARMED, "hard", Dice(1, [1])).rolls == ()


@pytest.mark.parametrize(("weapon", "faces", "broken", "lost"), [
    (LONG_SWORD_1, [1, 2], False, 0),
    (LONG_SWORD_1, [1, 1], True, 0),
    (Weapon("sword_2", "sword +2", "1d8", magic=2, break_die=6), [1, 1], False, 1),
    (SERPENT, [1, 1], False, 1),
])
def test_magic_weapons_roll_twice_and_only_two_1s_break_or_degrade_them(weapon, faces, broken,
                                                                        lost):
    # DECISIONS.md: "roll the break die twice; only two 1s break it; a +1 weapon is then
    # destroyed, a +2 or better loses one point from every bonus it has (including conditional
    # ones such as '+4 vs reptiles')".
    landing = ADND.landing(weapon, "hard", Dice(1, faces))
    assert (landing.broken, landing.magic_lost, len(landing.rolls)) == (broken, lost, 2)


# --- turns, costs, buffs, stat blocks ---------------------------------------------------------

def test_initiative_is_d10_per_combatant_lower_first_ties_to_lower_id():
    # DECISIONS.md: "d10 per combatant for `adnd` (lower acts first) ... ties broken by a stable
    # order".
    entrants = [Entrant(e, e % 2, stats()) for e in (1, 2, 3)]
    initiative = ADND.roll_initiative(entrants, Dice(1, [7, 3, 3]))
    assert initiative.order == (2, 3, 1)
    assert initiative.scores == ((2, 3), (3, 3), (1, 7))


def test_costs_follow_the_common_decisions_and_nothing_happens_off_turn():
    # DECISIONS.md common: move 1, facing free, attack 3, pick up 1, draw 1; kick 1 and reload
    # 1 are interpretations; no action presents an opening.
    costs = {a: ADND.action_cost(a, None, False)
             for a in ("move", "face", "melee", "ranged", "pick_up", "draw", "reload")}
    assert costs == {"move": 1, "face": 0, "melee": 3, "ranged": 3, "pick_up": 1, "draw": 1,
                     "reload": 1}
    assert ADND.action_cost("move", None, True) is None and ADND.kick_cost == 1
    assert ADND.attack_cost(ctx()) == 3 and ADND.attack_cost(ctx(off_turn=True)) is None
    assert not ADND.opens("move", None, stats()) and not ADND.opens("melee", ctx(), stats())


def test_buffs_need_the_ability_and_last_as_decisions_says():
    # DECISIONS.md: "chant ... within 12 hexes while the caster chants ... prayer ... within 12
    # hexes for 2 rounds per caster level; martial spirit ... within 9 hexes for 3 rounds + 1
    # per level".
    caster = stats(level=4, abilities=["chant", "prayer", "martial_spirit"])
    assert buff_of("chant", stats(level=4)) is None
    chant, prayer, spirit = (buff_of(n, caster) for n in ("chant", "prayer", "martial_spirit"))
    assert chant is not None and (chant.radius, chant.rounds, chant.foes) == (12, 0, True)
    assert prayer is not None and (prayer.radius, prayer.rounds, prayer.foes) == (12, 8, True)
    assert spirit is not None and (spirit.radius, spirit.rounds, spirit.foes) == (9, 7, False)
    assert chant.cost == prayer.cost == spirit.cost == 3


def test_buffs_give_plus_1_to_allies_and_minus_1_to_enemies_to_hit_and_damage():
    buffs = frozenset({"chant", "martial_spirit", "prayer_foe"})
    result = ADND.resolve_attack(ctx(attacker_buffs=buffs), Dice(1, [15, 4]))
    expected = [("chant", 1), ("martial spirit", 1), ("enemy prayer", -1)]
    assert labels(result.modifiers) == expected and labels(result.damage_modifiers) == expected


def test_exceptional_strength_needs_strength_18():
    assert block_problem(stats(str=17, str_pct=50)) == (
        "str_pct: exceptional Strength needs str 18, got str 17")
    assert block_problem(stats(str=18, str_pct=50)) is None
