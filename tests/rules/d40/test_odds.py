"""Exact odds of `d40` (document 000): the document's example by hand, the table rows, the
saves inside them, the calculator, preview and AI on the same engine, and every face sequence
of the real `resolve_attack` weighed exactly against the odds."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import pytest

from arena.assets import load_library
from arena.calculator import build_query, odds_report, rulesets_text
from arena.dice import Dice
from arena.errors import ArenaError
from arena.rules import RULESETS
from arena.rules.base import AttackContext, AttackResult
from arena.rules.d40.attack import AUTO_HIT
from arena.rules.d40.odds import WAYS, d40_odds
from arena.rules.exact import effect_name, needs_text
from arena.rules.odds import attack_odds, expected_damage
from arena.tui.battle.preview import odds_lines
from tests.rules.test_odds_sampling import D40_CASES, FaceNeededError, TapeDice

LIBRARY = load_library()
D40 = RULESETS["d40"]


def query(attacker: str = "", defender: str = "", at: str = "") -> AttackContext:
    return build_query(D40, LIBRARY, attacker, defender, at).ctx


def odds(attacker: str = "", defender: str = "", at: str = ""):
    return attack_odds(D40, query(attacker, defender, at))


# --- the document's example, by hand ---------------------------------------------------------

def test_the_documents_warrior_needs_30_with_20_percent_criticals_and_28_percent_fumbles():
    # "a first level warrior striking at an opponent with an AC of 1 would have a 20% chance
    # of their hit being critical (40-30=10x2%=20%) ... if our first level warrior with a 14
    # Dexterity was striking at that same opponent ... they would have a 28% chance to fumble"
    o = odds("class=warrior,level=1,dex=14", "ac=1")
    assert (o.roll, o.needed, o.hits) == ("2d20", 30, tuple(range(30, 41)))
    assert needs_text(o) == "needs a natural 30+"
    # 2d20 totals 30..40: 11 + 10 + ... + 1 = 66 ways of 400.
    assert o.hit == Fraction(66, 400) == Fraction(33, 200)
    # Natural 40 (1 way) always; 37, 38, 39 (4 + 3 + 2 ways) at 20 %.
    assert o.critical == Fraction(1, 400) + Fraction(9, 400) * Fraction(20, 100) \
        == Fraction(7, 1000)
    # Natural 2 (1 way) always; 3 and 4 (2 + 3 ways) at 30 % - 2 % x (+1 for Dexterity 14).
    assert o.fumble == Fraction(1, 400) + Fraction(5, 400) * Fraction(28, 100) \
        == Fraction(3, 500)
    assert "(40 - 30) x 2% = 20%" in o.notes[0]
    assert "30% - 2% x +1 reaction = 28%" in o.notes[1]


def test_the_documents_example_damage_and_table_rows_by_hand():
    o = odds("class=warrior,level=1,dex=14", "ac=1")  # longsword 1d8, Strength 10: +0
    # A critical hit rolls no dice: MWD 8. Rows 1-2: 8+2, 3-4: x2, 5-6: x3, 7-8: 8, 9-10: 16,
    # 11-12: 24, 13: 18, 14-15: 18, 16: 16, 17-18: 16, 19: 24, 20: 24 -> 346 over 20 faces.
    crit_faces = [10] * 2 + [16] * 2 + [24] * 2 + [8] * 2 + [16] * 2 + [24] * 2 + [18] \
        + [18] * 2 + [16] + [16] * 2 + [24] + [24]
    assert sum(crit_faces) == 346
    plain_hit = o.hit - o.critical  # 6320 of 40000: the d8, mean 4.5
    assert o.expected_damage == plain_hit * Fraction(9, 2) + o.critical * Fraction(346, 20) \
        == Fraction(8321, 10000)
    assert o.damage.prob(0) == 1 - o.hit
    assert o.damage.prob(3) == plain_hit / 8
    assert o.damage.prob(8) == plain_hit / 8 + o.critical * Fraction(2, 20)  # d8 8, rows 7-8
    assert o.damage.prob(24) == o.critical * Fraction(6, 20)  # rows 5-6, 11-12, 19, 20
    # Each critical-hit and critical-miss row: the critical's chance x its faces of 20.
    hits, misses = o.tables["critical_hit"], o.tables["critical_miss"]
    assert len(hits) == len(misses) == 12
    assert hits["1-2: Maximum Weapon Damage+2"] == Fraction(7, 1000) * Fraction(2, 20)
    assert hits["20: Mortally Wounded (save vs. Poison or die)"] == Fraction(7, 20000)
    assert misses["13: Weapon hits wrong, save or weapon(shield) broken"] == Fraction(3, 10000)
    assert misses["17-18: Hit alt target, Attack of Opportunity, Flat footed"] == \
        Fraction(3, 5000)
    assert sum(hits.values()) == o.critical and sum(misses.values()) == o.fumble


def test_the_mortal_wound_saves_on_d20_at_least_save_poison_and_kills_otherwise():
    # Row 20: "save vs. Poison or die"; the damage (MWD x3) is the same either way, so the
    # save shows as the table's split and the `kill` effect, not in the damage.
    o = odds("class=warrior,level=1,dex=14", "ac=1,save_poison=14")
    row20 = Fraction(7, 1000) / 20
    assert o.tables["mortal_wound"] == {
        "row 20, saves vs poison (d20 >= 14)": row20 * Fraction(7, 20),
        "row 20, fails the save and dies": row20 * Fraction(13, 20)}
    assert o.effects["kill"] == row20 * Fraction(13, 20)
    assert "kill" not in odds("class=warrior,level=1,dex=14", "ac=1,save_poison=1").effects


def test_the_crushing_blow_save_of_critical_miss_row_13():
    # "Weapons gain a save vs. crushing blow with each quality level adding one to its save.
    # Magikal weapons gain an immediate +5 added to whatever pluses": flame blade, quality 2,
    # magic 2 -> d20 + 9 against 15: faces 6..20 save.
    o = odds("weapon=flame_blade,crushing_save=15", "ac=1")
    row13 = o.fumble / 20
    assert o.tables["crushing_blow"] == {"row 13, the weapon saves": row13 * Fraction(15, 20),
                                         "row 13, the weapon breaks": row13 * Fraction(5, 20)}
    # A longsword has no crushing_save of its own: it saves with its wielder's stat block
    # (DECISIONS.md `d40`, "Saves"): `save_crushing` 10 by default, faces 10..20 save. The
    # defender holds no weapon here, so critical row 19 shatters nothing (see below).
    plain = odds("weapon=longsword", "ac=1")
    row13 = plain.fumble / 20
    assert plain.tables["crushing_blow"] == {"row 13, the weapon saves": row13 * Fraction(11, 20),
                                             "row 13, the weapon breaks": row13 * Fraction(9, 20)}
    assert plain.effects["break_weapon"] == row13 * Fraction(9, 20)
    # A thrown weapon has left the hand and fists cannot break: no save at all.
    assert "crushing_blow" not in odds("weapon=javelin", "ac=1").tables
    assert "crushing_blow" not in odds("weapon=fists", "ac=1").tables


# --- the 2d20, the automatic results and the chance rolls --------------------------------------

def test_2d20_ways_sum_to_400():
    assert sum(WAYS.values()) == 400 and WAYS[2] == WAYS[40] == 1 and WAYS[21] == 20


def test_natural_40_always_hits_and_is_critical_even_when_the_table_needs_45():
    o = odds("class=mage,level=1", "ac=-10")
    assert o.needed == 45 and o.hits == (40,)
    assert o.hit == o.critical == Fraction(1, 400)  # (40 - 45) x 2 % is 0: only the 40
    assert needs_text(o) == "only a natural 40 hits"


def test_natural_2_always_misses_and_fumbles_even_when_the_table_needs_3():
    o = odds("class=warrior,level=30,str=18", "ac=10")
    assert o.needed == 3 and o.hits == tuple(range(3, 41))
    assert o.hit == Fraction(399, 400)
    assert o.fumble == Fraction(1, 400)  # 3 and 4 hit, so only the natural 2 is a fumble
    # (40 - 3) x 2 % = 74 % on 37-39.
    assert o.critical == Fraction(1, 400) + Fraction(9, 400) * Fraction(74, 100)


def test_the_fumble_chance_is_clamped_at_0_and_the_reaction_field_overrides_dexterity():
    # 20 % - 2 % x 5 = 10 %; -5: 30 %; needed 3 with +5: below 0, so 0.
    base = "class=warrior,level=6,weapon=greatsword"
    assert odds(f"{base},reaction=5", "ac=4").fumble == Fraction(1, 400) + Fraction(
        5, 400) * Fraction(10, 100)
    assert odds(f"{base},reaction=-5", "ac=4").fumble == Fraction(1, 400) + Fraction(
        5, 400) * Fraction(30, 100)
    low = odds("class=warrior,level=30,reaction=5,str=3", "ac=10")
    assert low.needed == 3 and "= 0%" in low.notes[1]


def test_a_flat_footed_or_stunned_defender_loses_its_dexterity_bonus():
    plain = odds("class=rogue,level=3", "ac=3,dex=17")
    caught = odds("class=rogue,level=3", "ac=3,dex=17", "flat_footed")
    stunned = odds("class=rogue,level=3", "ac=3,dex=17", "defender_conditions=stunned")
    assert (plain.needed, caught.needed, stunned.needed) == (26, 24, 24)
    assert stunned.bonus == 2  # foes gain +2 against the stunned
    with pytest.raises(ArenaError, match="unknown key 'flanked'"):
        query("", "", "flanked")  # d40 reads no flanking


# --- damage of the critical rows ---------------------------------------------------------------

def test_critical_rows_deal_mwd_times_the_row_plus_its_bonus_with_strength_and_magic():
    # Strength 16: +2; sword +1: MWD = 8 + 2 + 1 = 11.
    o = odds("str=16,weapon=long_sword_plus_1", "ac=1")
    assert o.on_hit is not None
    crits = {11 + 2, 22, 33, 11, 21}
    assert crits <= set(o.on_hit.weights)
    assert max(o.on_hit.weights) == 33 and "MWD 1d8 max 8 +2 STR +1 magic = 11" in o.notes[2]
    # A bow adds no Strength: MWD 8.
    bow = odds("str=16,weapon=longbow", "ac=1", "distance=2")
    assert bow.on_hit is not None and max(bow.on_hit.weights) == 24


def test_a_hit_deals_at_least_1_and_so_does_a_critical_row():
    o = odds("str=3,damage=d2,magic=-5", "ac=10")
    assert o.on_hit is not None and min(o.on_hit.weights) == 1
    # MWD = 2 - 3 STR - 5 magic = -6: every row is at least 1 but rows 13-15 (-6 + 10 = 4).
    assert set(o.on_hit.weights) == {1, 4}
    assert o.on_hit.prob(4) == Fraction(o.critical, o.hit) * Fraction(3, 20)


# --- effects ------------------------------------------------------------------------------------

def test_effects_follow_the_rows_and_what_the_attack_holds():
    o = odds("class=warrior,level=1,dex=14", "ac=1")
    c, f = o.critical / 20, o.fumble / 20
    assert o.effects["knockback"] == 6 * c  # rows 7-12
    assert o.effects["bleeding"] == 3 * c  # rows 14-15 and 20
    assert o.effects["stunned"] == 2 * c + 4 * f  # rows 16, 20; misses 14-16, 20
    assert o.effects["end_turn"] == o.fumble
    # Knock-back free attack 6c; the opponent's automatic hit (adjacent) 2f; no other target.
    assert o.effects["strike"] == 6 * c + 2 * f
    # A thrown weapon has flown: no free attack after a knock-back, no opponent within reach
    # of a 2-hex throw, nothing to slip or break; fists cannot be lost either.
    thrown = odds("weapon=javelin", "ac=1", "distance=2")
    assert "strike" not in thrown.effects
    assert "drop_weapon" not in thrown.effects  # nothing slips; the defender holds nothing
    fists = armed(query("weapon=fists", "ac=1"))
    assert fists.effects["drop_weapon"] == fists.critical / 10  # the defender's, rows 17-18
    attached = armed(query("", "ac=1,attached"))
    assert attached.effects["lose_initiative"] == 3 * attached.critical / 20 + \
        7 * attached.fumble / 20  # rows 17-19 still; misses 1-4, 9-10, 19
    # Only its own weapon slips (misses 5-12, 14-16, 20), never the attached one.
    assert attached.effects["drop_weapon"] == 12 * attached.fumble / 20
    # Its own row 13 (the longsword saves with the wielder's 10: breaks on 9 faces) and row
    # 19 (the claw saves with the creature's 10 as well).
    assert attached.effects["break_weapon"] == (attached.fumble + attached.critical) / 20 * \
        Fraction(9, 20)


def armed(ctx: AttackContext, weapon: str = "longsword"):
    """The odds of `ctx` with the defender holding `weapon` from the catalogue."""
    return attack_odds(D40, dataclasses.replace(ctx, defender_wielded=(LIBRARY.weapons[weapon],)))


def test_rows_17_18_count_a_drop_only_for_a_defender_holding_a_weapon():
    # "Enemies with attached or no weapons/shields are unaffected, and simply take the
    # modified Maximum Damage x2."
    # The attacker's own weapon slips on misses 5-12, 14-16 and 20 (12 faces) either way.
    bare = odds("class=warrior,level=1,dex=14", "ac=1")
    assert bare.effects["drop_weapon"] == 12 * bare.fumble / 20
    held = armed(query("class=warrior,level=1,dex=14", "ac=1"))
    assert held.effects["drop_weapon"] == 12 * held.fumble / 20 + held.critical / 10


def test_row_19_weighs_the_save_of_a_weapon_without_its_own_from_the_defenders_stat_block():
    # "Weapons gain a save vs. crushing blow" with the number from the combatant's stat block
    # (DECISIONS.md `d40`): a plain longsword in a hand with `save_crushing` 14: faces 14..20.
    o = armed(query("class=warrior,level=9", "ac=5,save_crushing=14"))
    row19 = o.critical / 20
    assert o.tables["shatter"] == {"row 19, the weapon saves": row19 * Fraction(7, 20),
                                   "row 19, the weapon shatters": row19 * Fraction(13, 20)}


def test_an_ally_in_the_forward_hexes_is_the_alternative_target():
    alone = odds("", "ac=1")
    crowded = odds("", "ac=1", "ally_adjacent")
    assert crowded.effects["strike"] - alone.effects["strike"] == 3 * crowded.fumble / 20


def test_an_automatic_hit_rolls_no_attack_dice_so_no_critical():
    ctx = dataclasses.replace(query("str=16", "ac=-10"), options=frozenset({AUTO_HIT}))
    o = d40_odds(D40, ctx)
    assert (o.hit, o.critical, o.fumble, o.needed) == (1, 0, 0, None)
    assert o.damage.probabilities() == {v: Fraction(1, 8) for v in range(3, 11)}


def test_d40_odds_refuse_another_ruleset():
    with pytest.raises(TypeError, match="d40 odds need the d40 ruleset"):
        d40_odds(RULESETS["ap"], query())


# --- one engine, three users ----------------------------------------------------------------

def test_arena_odds_json_has_the_table_rows_and_rules_lists_d40_with_odds():
    data = json.loads(odds_report(build_query(D40, LIBRARY, "class=warrior,level=1,dex=14",
                                              "ac=1"), as_json=True))
    assert (data["needed"], data["p_hit_exact"], data["p_critical_exact"],
            data["p_fumble_exact"]) == (30, "33/200", "7/1000", "3/500")
    assert data["critical_hit_exact"]["3-4: Maximum Weapon Damage x 2"] == "7/10000"
    assert data["critical_miss_exact"]["20: Hit self, Attack of Opportunity , Flat footed, "
                                       "stunned 1 round"] == "3/10000"
    assert data["exact"] is True and data["expected_damage_exact"] == "8321/10000"
    line = next(x for x in rulesets_text().splitlines() if x.startswith("d40"))
    assert "no exact odds" not in line


def test_the_preview_and_the_ai_read_the_same_odds():
    ctx = query("class=warrior,level=1,dex=14", "ac=1")
    lines = [text for text, _ in odds_lines(attack_odds(D40, ctx))]
    assert "needs a natural 30+" in lines
    assert "hit chance 16.5%" in lines and "crit 0.7%, fumble 0.6%" in lines
    assert "damage 1-24, mean 5.0" in lines  # 8321/10000 over 33/200
    assert expected_damage(D40, ctx) == Fraction(8321, 10000)


# --- every face sequence of the real resolver ----------------------------------------------------

@dataclass(frozen=True, slots=True)
class Outcome:
    """One resolved attack in the terms of the odds, with the table rows it rolled."""

    hit: bool
    critical: bool
    fumble: bool
    damage: int
    effects: tuple[str, ...]
    critical_row: int
    fumble_row: int


def outcome(result: AttackResult) -> Outcome:
    def face(purpose: str) -> int:
        return next((r.total for r in result.rolls if r.purpose == purpose), 0)

    return Outcome(result.hit, result.critical, result.fumble, result.damage,
                   tuple(sorted({effect_name(e.kind, e.name) for e in result.effects})),
                   face("critical hit d20"), face("critical miss d20"))


def chance_classes(resolve: Callable[[Dice], AttackResult],
                   tape: tuple[int, ...]) -> list[tuple[int, int]]:
    """The d100 faces grouped by what they lead to, as (a face, how many faces).

    Each face is played out twice with every later die at 1 and at its maximum; the faces
    that lead to the same pair of outcomes form a class. The chance rolls must come out as
    one threshold: faces 1..c one way, c+1..100 the other.
    """
    def signature(face: int) -> tuple[Outcome, Outcome]:
        return (outcome(resolve(TapeDice((*tape, face), lambda _: 1))),
                outcome(resolve(TapeDice((*tape, face), lambda sides: sides))))

    runs: list[tuple[tuple[Outcome, Outcome], int, int]] = []
    for face in range(1, 101):
        sig = signature(face)
        if runs and runs[-1][0] == sig:
            runs[-1] = (sig, runs[-1][1], runs[-1][2] + 1)
        else:
            runs.append((sig, face, 1))
    assert len(runs) <= 2, "a chance roll is a threshold"
    return [(first, count) for _, first, count in runs]


def enumerate_d40(ctx: AttackContext) -> dict[Outcome, Fraction]:
    """Every face sequence of `D40.resolve_attack(ctx)` with its exact weight; the d100 of
    the chance rolls walks one face per class (`chance_classes`), the other dice every face."""
    def resolve(dice: Dice) -> AttackResult:
        return D40.resolve_attack(ctx, dice)

    weights: dict[Outcome, Fraction] = {}
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    while stack:
        tape, weight = stack.pop()
        try:
            result = resolve(TapeDice(tape, None))
        except FaceNeededError as need:
            faces = chance_classes(resolve, tape) if need.sides == 100 else \
                [(f, 1) for f in range(1, need.sides + 1)]
            stack += [((*tape, f), weight * count / need.sides) for f, count in faces]
            continue
        key = outcome(result)
        weights[key] = weights.get(key, Fraction(0)) + weight
    return weights


def row_chances(odds_rows: dict[str, Fraction]) -> dict[int, Fraction]:
    """A table's row chances by d20 face (a 2-face row gives each face half)."""
    out: dict[int, Fraction] = {}
    for label, p in odds_rows.items():
        span = label.split(":")[0]
        low, _, high = span.partition("-")
        faces = range(int(low), int(high or low) + 1)
        for face in faces:
            out[face] = p / len(faces)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("case", [*D40_CASES, ("weapon=greatsword", "ac=5", "ally_adjacent")],
                         ids=[",".join(filter(None, c)) for c in
                              [*D40_CASES, ("weapon=greatsword", "ac=5", "ally_adjacent")]])
def test_d40_odds_equal_the_real_resolver_over_every_face_sequence(case):
    ctx = query(*case)
    o = attack_odds(D40, ctx)
    weights = enumerate_d40(ctx)
    assert sum(weights.values()) == 1

    def p(test: Callable[[Outcome], bool]) -> Fraction:
        return sum((w for out, w in weights.items() if test(out)), Fraction(0))

    assert p(lambda out: out.hit) == o.hit
    assert p(lambda out: out.critical) == o.critical
    assert p(lambda out: out.fumble) == o.fumble
    damage: dict[int, Fraction] = {}
    for out, w in weights.items():
        damage[out.damage] = damage.get(out.damage, Fraction(0)) + w
    assert dict(sorted(damage.items())) == o.damage.probabilities()
    names = {n for out in weights for n in out.effects} | set(o.effects)
    assert {n: p(lambda out, n=n: n in out.effects) for n in names} == \
        {n: o.effects.get(n, Fraction(0)) for n in names}
    for table, field in (("critical_hit", "critical_row"), ("critical_miss", "fumble_row")):
        expected = row_chances(dict(o.tables.get(table, {})))
        for face in range(1, 21):
            assert p(lambda out, f=face, a=field: getattr(out, a) == f) == \
                expected.get(face, Fraction(0)), (table, face)


def test_the_automatic_hit_equals_the_real_resolver_exactly():
    ctx = dataclasses.replace(query("str=16,weapon=greatsword", "ac=-10"),
                              options=frozenset({AUTO_HIT}))
    weights = enumerate_d40(ctx)
    damage: dict[int, Fraction] = {}
    for out, w in weights.items():
        damage[out.damage] = damage.get(out.damage, Fraction(0)) + w
    assert dict(sorted(damage.items())) == d40_odds(D40, ctx).damage.probabilities()


def test_critical_row_19_shatter_weighs_the_defenders_crushing_blow_save():
    # Row 19 shatters the defender's main weapon unless it saves (quality 2, magic 1: d20 + 8
    # against 15, faces 7..20 save): break_weapon = P(critical) x 1/20 x 6/20.
    blade = dataclasses.replace(load_library().weapons["longsword"], crushing_save=15,
                                quality=2, magic=1)
    ctx = dataclasses.replace(query("class=warrior,level=9", "ac=5"), defender_wielded=(blade,))
    o = attack_odds(D40, ctx)
    row19 = o.critical / 20
    assert o.tables["shatter"] == {"row 19, the weapon saves": row19 * Fraction(14, 20),
                                   "row 19, the weapon shatters": row19 * Fraction(6, 20)}
    # The attacker's plain longsword saves row 13 with its wielder's default 10 (9 faces fail).
    assert o.effects["break_weapon"] == o.fumble / 20 * Fraction(9, 20) + row19 * Fraction(6, 20)
