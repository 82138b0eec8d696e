"""The exact odds engine: the distribution type, the documents' worked examples computed by
hand, the hook other rulesets plug into, and the targeting preview that shows the odds."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arena.assets import load_library
from arena.battle.core import Battle
from arena.calculator import build_query
from arena.errors import ArenaError
from arena.hexgrid import Hex
from arena.model.commands import Attack
from arena.rules import RULESETS
from arena.rules.ap import ApRuleset
from arena.rules.exact import Dist, dice, mix, needs_text, point, uniform
from arena.rules.odds import NoOddsError, attack_odds, expected_damage, has_odds
from arena.tui.battle.preview import _lines, attack_preview, percent
from tests.factories import ap_stats, fighter, scenario

LIBRARY = load_library()


def odds(ruleset: str, attacker: str = "", defender: str = "", at: str = ""):
    rules = RULESETS[ruleset]
    return attack_odds(rules, build_query(rules, LIBRARY, attacker, defender, at).ctx)


# --- the distribution type ---------------------------------------------------------------------

@given(st.integers(1, 4), st.integers(2, 8), st.integers(-3, 3))
def test_dice_convolution_equals_counting_every_face(count, sides, modifier):
    ways: dict[int, int] = {}
    for faces in itertools.product(range(1, sides + 1), repeat=count):
        ways[sum(faces) + modifier] = ways.get(sum(faces) + modifier, 0) + 1
    expression = f"{count}d{sides}{modifier:+d}" if modifier else f"{count}d{sides}"
    rolled = dice(expression)
    assert rolled.total == sides**count
    assert rolled.probabilities() == {v: Fraction(w, sides**count) for v, w in ways.items()}


def test_sums_mixtures_floors_and_multipliers_stay_exact():
    hit = (dice("d4") + -2).at_least(1)  # 1 1 1 2
    assert hit.probabilities() == {1: Fraction(3, 4), 2: Fraction(1, 4)}
    assert (dice("d6") + dice("d6")).probabilities() == dice("2d6").probabilities()
    assert dice("d8").times(3).probabilities()[24] == Fraction(1, 8)
    attack = mix([(9, point(0)), (11, (dice("d8") + 3).at_least(1))])
    assert attack.prob(0) == Fraction(9, 20)
    assert attack.mean() == Fraction(11, 20) * Fraction(15, 2)
    assert uniform(range(1, 11)).variance() == Fraction(33, 4)


def test_huge_dice_are_refused_in_one_line_rather_than_convolved():
    with pytest.raises(ArenaError, match="too many outcomes"):
        dice("100d1000")


def test_dist_repr_shows_its_weights():
    assert repr(Dist({2: 1, 1: 1})) == "Dist({1: 1, 2: 1}, total=2)"


# --- ap: the document's examples, computed by hand ----------------------------------------------

def test_ap_longsword_example_threat_19_20_confirmed_doubles_by_hand():
    # Document 003: "a longsword deals 1d8 points of damage and has a threat range of 19-20
    # ... if the d20 roll for a longsword attack lands on a 19 or 20, the attacker may roll
    # again to confirm the critical. If that confirming roll hits, the total damage is
    # multiplied by the longsword's critical multiplier, in this case x2."
    # d20 +3 STR +2 BAB vs AC 16: naturals 11..20 hit (10 in 20); 19 and 20 threaten; the
    # confirmation hits on 11..20 (10 in 20), its natural 20 is a double critical.
    o = odds("ap", "str=3,bab=2,weapon=longsword", "ac=16")
    assert (o.needed, o.hit) == (16, Fraction(1, 2))
    assert o.critical == Fraction(2, 20) * Fraction(10, 20)
    assert o.extras["p_double_critical"] == Fraction(2, 20) * Fraction(1, 20)
    assert o.fumble == 0
    # Expected damage: d8 + 3 = 7.5 a hit, plus overflow floor((total - 16) / 4):
    # naturals 11-14 add 0, 15-18 add 1 (8 faces: 4 x 7.5 + 4 x 8.5 = 64),
    # 19-20 add 2 and threaten: not confirmed (10 faces) 9.5, confirmed (9 faces)
    # 2 x 7.5 + 2 = 17, double (1 face) 17 + the table's mean extra (4 x 7 + 2 x 14 +
    # 2 x 17.5 + 28 + 0) / 10 = 11.9 -> per threat face (95 + 153 + 28.9) / 20 = 13.845.
    by_hand = (Fraction(64) + 2 * Fraction(138450, 10000)) / 20
    assert o.expected_damage == by_hand == Fraction(9169, 2000)
    assert o.damage.prob(0) == Fraction(1, 2)
    assert o.damage.prob(4) == Fraction(4, 20) * Fraction(1, 8)  # naturals 11-14, d8 1


def test_ap_ellies_shortbow_and_longbow_at_150_feet_by_hand():
    # "if Ellie is shooting a Shortbow (range of 60) at a target 150 feet away, she would take
    # a -4 penalty to her attack ... with a Longbow (range of 80), she would only take a -2".
    short = odds("ap", "weapon=shortbow", "ac=10", "distance=30")
    assert [(m.label, m.value) for m in short.modifiers][-1] == ("range 3", -4)
    assert short.hit == Fraction(7, 20)  # naturals 14..20
    longbow = odds("ap", "weapon=longbow", "ac=10", "distance=30")
    assert longbow.hit == Fraction(9, 20)  # naturals 12..20
    # Shortbow d6 x3, threat 20, no overflow beyond 6 hexes: plain hit 3.5, confirmed
    # (7 faces of 20, one of them the double) 10.5, double 10.5 + 11.9.
    assert short.critical == Fraction(1, 20) * Fraction(7, 20)
    hit_plain = short.hit - short.critical
    expected = (hit_plain * Fraction(7, 2) + Fraction(6, 400) * Fraction(21, 2)
                + Fraction(1, 400) * (Fraction(21, 2) + Fraction(119, 10)))
    assert short.expected_damage == expected == Fraction(5509, 4000)


def test_ap_natural_20_always_hits_and_natural_1_is_no_automatic_miss():
    # "A natural 20 is an automatic hit"; the document names no automatic miss.
    assert odds("ap", "str=0,bab=0,weapon=mace", "ac=60").hit == Fraction(1, 20)
    assert odds("ap", "str=5,bab=10,weapon=mace", "ac=5").hit == 1


def test_ap_crit_immune_targets_have_no_critical_and_no_overflow():
    o = odds("ap", "str=3,bab=10", "ac=10,crit_immune")
    assert o.critical == 0 and not o.tables
    assert max(o.damage.weights) == 8 + 3


def test_ap_sublethal_damage_is_marked_and_carries_no_overflow():
    o = odds("ap", "str=3,bab=2,weapon=mace", "ac=10", "sublethal")
    assert o.sublethal and ("sublethal", -4) in [(m.label, m.value) for m in o.modifiers]


def test_ap_double_critical_rows_each_take_a_tenth():
    o = odds("ap", "str=3,bab=2", "ac=16")
    rows = o.tables["double_critical"]
    assert len(rows) == 10 and set(rows.values()) == {Fraction(1, 2000)}
    assert o.effects["kill"] == Fraction(1, 2000)
    assert o.effects["drop_weapon"] == Fraction(4, 2000)
    assert "drop_shield" not in o.effects


def test_ap_double_critical_on_the_shield_arm_drops_the_shield_in_the_odds():
    # Rows 1 and 3 (left hand, left arm) take the arm the shield is carried on: it falls.
    o = odds("ap", "str=3,bab=2", "ac=16,shield=heater_shield")
    assert o.effects["drop_shield"] == Fraction(2, 2000)


# --- becmi: the document's examples, computed by hand --------------------------------------------

def test_becmi_mastery_example_needs_18_then_16_by_hand():
    # Document 001: "If a character needs to roll an 18 to hit someone but he has a +2 bonus
    # for weapon mastery, he actually needs a 16".
    plain = odds("becmi", "class=fighter,level=1", "ac=1")
    skilled = odds("becmi", "class=fighter,level=1,mastery=longsword:skilled", "ac=1")
    assert plain.needed == skilled.needed == 18
    assert (plain.hit, skilled.hit) == (Fraction(3, 20), Fraction(5, 20))
    assert needs_text(skilled) == "needs a natural 16+ (5 in 20)"
    assert skilled.expected_damage == Fraction(1, 4) * Fraction(9, 2)


def test_becmi_natural_1_misses_and_natural_20_hits_an_entry_of_20():
    # "An unadjusted (natural) roll of 1 always misses. An unadjusted (natural) roll of 20
    # always hits, if it is possible for the attack to hit the target."
    easy = odds("becmi", "class=fighter,level=30,str=18", "ac=9")
    assert easy.hit == Fraction(19, 20) and easy.hits == tuple(range(2, 21))
    cursed = odds("becmi", "class=fighter,level=1,curse=5", "ac=-2")
    assert cursed.needed == 20 and cursed.hit == Fraction(1, 20)
    assert needs_text(cursed) == "only a natural 20 hits"
    out_of_reach = odds("becmi", "class=fighter,level=1,str=3", "ac=-8")
    assert out_of_reach.needed > 20 and out_of_reach.hit == 0
    assert needs_text(out_of_reach) == "no roll hits"


def test_becmi_backstab_doubles_only_the_dice_by_hand():
    # Step 7: "Adjust the roll with any multipliers, such as a thief's Backstab ability";
    # DECISIONS.md: "Only the weapon dice are multiplied; Strength ... added after".
    o = odds("becmi", "class=thief,level=1,weapon=dagger,str=13", "ac=5", "backstab")
    assert o.on_hit is not None
    assert o.on_hit.probabilities() == {v: Fraction(1, 4) for v in (3, 5, 7, 9)}
    assert o.hit == Fraction(12, 20)  # needs 14: d20 +1 STR +4 backstab


def test_becmi_smash_adds_the_strength_score_and_loses_initiative():
    o = odds("becmi", "class=fighter,level=9,str=16", "ac=5", "smash")
    assert o.on_hit is not None and min(o.on_hit.weights) == 1 + 2 + 16
    assert o.effects == {"lose_initiative": 1}
    assert o.critical == o.fumble == 0


# --- the hook: rulesets plug in, or say they cannot ----------------------------------------------

class Stub(ApRuleset):
    name = "stub"

    def odds_function(self):
        return None


def test_a_ruleset_without_an_odds_function_says_so_in_one_line():
    stub = Stub()
    ctx = build_query(RULESETS["ap"], LIBRARY).ctx
    assert not has_odds(stub)
    with pytest.raises(NoOddsError, match="no exact odds for ruleset 'stub' yet"):
        attack_odds(stub, ctx)
    assert expected_damage(stub, ctx) is None
    assert _lines(stub, ctx)[0][0] == "odds: not computed for stub yet"


def test_a_ruleset_plugs_in_by_returning_its_odds_function(monkeypatch):
    stub = Stub()
    ctx = build_query(RULESETS["ap"], LIBRARY).ctx
    monkeypatch.setattr(stub, "odds_function", RULESETS["ap"].odds_function)
    assert attack_odds(stub, ctx).hit == attack_odds(RULESETS["ap"], ctx).hit


# --- the targeting preview uses the same engine --------------------------------------------------

def preview_of(*combatants, slot=0):
    with Battle(scenario(*combatants), RULESETS["ap"], 1) as battle:
        return [text for text, _ in attack_preview(battle, Attack(1, 2, slot), "Bob").lines]


def test_the_preview_shows_rear_ac_criticals_and_the_damage_spread():
    lines = preview_of(fighter("Ann", 0, Hex(0, 0), stats=ap_stats(strength=3, bab=2)),
                       fighter("Bob", 1, Hex(1, 0), facing=0, stats=ap_stats(ac=15)))
    # Bob faces away from Ann: she stands in his rear hex (AC -10). Long lines wrap.
    assert "d20 +3 STR +2 BAB vs AC 15 -10 rear = 5" in " ".join(x.strip() for x in lines)
    assert all(len(line) <= 30 for line in lines)
    assert "hits on any roll" in lines
    assert "hit chance 100%" in lines
    assert "crit 10%, double critical 0.5%" in lines
    assert "damage 4-75, mean 10.6" in lines  # (8 + 3) x 2 + overflow 5 + 8d6 at most
    assert any(line.startswith("expected damage ") for line in lines)


def test_percentages_keep_small_chances_visible():
    assert [percent(Fraction(n, d)) for n, d in ((11, 20), (1, 200), (7, 400), (1, 10**6))] \
        == ["55%", "0.5%", "1.8%", "<0.01%"]
