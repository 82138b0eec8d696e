"""Exact odds of `adnd` (document 002): the document's examples by hand, the exploding chain and
its residual, friendly fire and friendly hits per ally, and every face sequence of the real
`resolve_attack` (the chain cut where the odds cut it) against the odds, fraction for fraction.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import pytest

from arena.assets import load_library
from arena.calculator import build_query, odds_json
from arena.hexgrid import Hex
from arena.model.commands import Attack
from arena.rules import RULESETS
from arena.rules.adnd.odds import CHAIN_ROLLS, adnd_odds, multipliers
from arena.rules.base import AttackContext, AttackResult, Bystander
from arena.rules.exact import TOLERANCE, effect_name
from arena.rules.odds import attack_odds, expected_damage
from arena.tui.battle.preview import attack_preview
from tests.rules.adnd.test_on_the_map import MAUL, SHORTBOW, battle, who
from tests.rules.test_odds_sampling import FaceNeededError, TapeDice

LIBRARY = load_library()
ADND = RULESETS["adnd"]
ERDOWAN = "class=warrior,level=5,str=16,weapon=longsword,magic=1"
FAYE = "class=priest,level=1,weapon=mace"


def context(attacker: str = "", defender: str = "", at: str = "") -> AttackContext:
    return build_query(ADND, LIBRARY, attacker, defender, at).ctx


def odds(attacker: str = "", defender: str = "", at: str = ""):
    return attack_odds(ADND, context(attacker, defender, at))


def resolve(ctx: AttackContext, faces: list[int]) -> AttackResult:
    return ADND.resolve_attack(ctx, TapeDice(tuple(faces), None))


def test_adnd_is_an_engine_of_the_one_odds_function():
    assert ADND.odds_function() is adnd_odds
    assert expected_damage(ADND, context()) is not None  # the AI weighs adnd attacks now
    with pytest.raises(TypeError, match="adnd odds need the adnd ruleset"):
        adnd_odds(RULESETS["ap"], context())


# --- the document's examples ---------------------------------------------------------------------

def test_erdowans_20_then_19_is_one_path_to_18_damage_by_hand():
    # "Erdowan swings a long sword at a hippogriff and rolls a natural 20. He rolls the d20
    # again and obtains a 19. Since the hippogriff has no protective headgear, Erdowan's attack
    # causes triple damage. ... rolls a 4 on a d8 ... With a 16 strength (+1 bonus) and a +1
    # long sword, his adjusted damage is 6, which is then tripled for a total of 18 damage."
    ctx = context(ERDOWAN, "ac=5")
    result = resolve(ctx, [20, 19, 4])
    assert (result.damage, result.multiplier, result.critical) == (18, 3, True)
    o = attack_odds(ADND, ctx)
    # THAC0 16 (5th-level warrior) - AC 5 = 11; +1 magic: naturals 10..20 hit.
    assert (o.needed, o.bonus, o.hits) == (11, 1, tuple(range(10, 21)))
    assert (o.hit, o.critical, o.fumble) == (Fraction(11, 20), Fraction(1, 20), Fraction(1, 20))
    d20, d8 = Fraction(1, 20), Fraction(1, 8)
    erdowan = d20 * d20 * d8  # 20, then 19 (x3, stop), then d8 4: (4 + 1 + 1) x 3
    others = (d20 * d20 * Fraction(18, 20) * d8  # 20, 20, then 1..18: x3, d8 4
              + d20 * Fraction(18, 20) * d8  # 20, then 1..18: x2, d8 7 -> 9 x 2
              + d20 * d20**4 * Fraction(38, 20) * d8)  # x6 (four 20s and a stop, or 3 and 19)
    assert o.damage.prob(18) == erdowan + others
    # "The hippogriff suffers a wound and an injury point."
    assert {effect_name(e.kind, e.name): e.amount for e in result.effects} == \
        {"bleeding": 1, "injured": 1}
    assert 0 < o.effects["injured"] < o.effects["bleeding"] < o.hit


def test_faye_needs_a_modified_20_so_her_natural_20_is_a_normal_hit():
    # "Faye, a 1st-level cleric, needs a modified 20 to hit Gareth, who has an armour class
    # (AC) of 0. Faye has no attack modifiers. ... she does not score a critical hit and
    # instead deals normal damage."
    ctx = context(FAYE, "ac=0")
    o = attack_odds(ADND, ctx)
    assert (o.needed, o.bonus, o.hits, o.hit) == (20, 0, (20,), Fraction(1, 20))
    assert o.critical == 0 and o.residual == 0 and "critical_multiplier" not in o.tables
    assert o.damage.probabilities() == {0: Fraction(19, 20),
                                        **{v: Fraction(1, 160) for v in range(1, 9)}}
    assert any("a normal hit, no critical" in note for note in o.notes)
    assert (resolve(ctx, [20, 5]).damage, resolve(ctx, [20, 5]).critical) == (5, False)


def test_two_points_over_the_number_needed_make_the_natural_20_critical():
    # THAC0 20 - AC 0 = 20: a +2 total (22) is the least that lets a natural 20 explode.
    assert odds("class=priest,str=17,weapon=mace,magic=1", "ac=0").critical == Fraction(1, 20)
    assert odds("class=priest,str=17,weapon=mace", "ac=0").critical == 0  # 21 < 22


# --- the exploding chain -------------------------------------------------------------------------

def chain_by_hand(m: int, helmet: bool) -> Fraction:
    """The infinite chain's chance of a multiplier: ×2 on 1..18 (1..19 with a helmet), each 20
    one more, a 19 without a helmet one more and stop."""
    if helmet:
        return Fraction(1, 20) ** (m - 2) * Fraction(19, 20)
    return Fraction(18, 20) if m == 2 else Fraction(1, 20) ** (m - 2) * Fraction(38, 20)


@pytest.mark.parametrize("helmet", [False, True])
def test_the_chain_is_summed_until_less_than_1e_12_is_left_and_says_so(helmet):
    defender = "ac=5,helmet" if helmet else "ac=5"
    o = odds(ERDOWAN, defender)
    assert Fraction(1, 20**CHAIN_ROLLS) < TOLERANCE <= Fraction(1, 20 ** (CHAIN_ROLLS - 1))
    assert o.residual == Fraction(1, 20) * Fraction(1, 20**CHAIN_ROLLS)
    table = {int(k.removeprefix("x")): p for k, p in o.tables["critical_multiplier"].items()}
    last = 2 + CHAIN_ROLLS - 1  # the last multiplier whose every path is summed
    for m in range(2, last + 1):
        assert table[m] == o.critical * chain_by_hand(m, helmet), m
    assert max(table) == last + (0 if helmet else 1)
    assert sum(table.values()) + o.residual == o.critical
    assert sum(o.damage.probabilities().values()) + o.residual == 1
    assert sum(ways for _, ways in multipliers(helmet)) == 20**CHAIN_ROLLS - 1
    data = odds_json(build_query(ADND, LIBRARY, ERDOWAN, defender), o)
    assert (data["exact"], data["residual"]) == (False, float(o.residual))
    assert json.dumps(data)  # every value serialises


def test_a_helmet_makes_the_19_stop_the_chain_without_raising_it():
    bare, helmet = odds(ERDOWAN, "ac=5"), odds(ERDOWAN, "ac=5,helmet")
    assert bare.tables["critical_multiplier"]["x3"] == Fraction(1, 20) * Fraction(38, 400)
    assert helmet.tables["critical_multiplier"]["x3"] == Fraction(1, 20) * Fraction(19, 400)
    assert helmet.expected_damage < bare.expected_damage
    assert resolve(context(ERDOWAN, "ac=5,helmet"), [20, 19, 4]).damage == 12


def test_the_expected_damage_misses_only_the_residual_tail():
    # The mean of a critical is E[d8 + 2] × E[multiplier], and without a helmet the infinite
    # chain's mean multiplier is 2 × 18/20 + Σ (j + 2) × 38/20 × 20^-j = 40/19. The truncated
    # sum falls short of it by the residual's share only.
    o = odds(ERDOWAN, "ac=5")
    assert sum(chain_by_hand(m, False) * m for m in range(2, 40)) == \
        pytest.approx(Fraction(40, 19), abs=1e-40)
    exact = Fraction(10, 20) * Fraction(13, 2) + Fraction(1, 20) * Fraction(13, 2) * \
        Fraction(40, 19)
    assert 0 < exact - o.expected_damage < o.residual * 10 * 15


# --- fumbles, friendly fire and friendly hits ----------------------------------------------------

def ranged_ctx(allies: int, attacker: str = "weapon=shortbow", defender: str = "ac=2"
               ) -> AttackContext:
    ctx = context(attacker, defender, "distance=4")
    near = tuple(Bystander(10 + i, True, 4, 1, 10.0 * i, "front") for i in range(allies))
    foe = (Bystander(20, False, 5, 1, 0.0, "front"),)
    return dataclasses.replace(ctx, bystanders=near + foe)


def test_friendly_fire_splits_the_natural_2_among_the_allies_in_the_arc():
    o = attack_odds(ADND, ranged_ctx(3))
    assert o.friendly_fire == Fraction(1, 60)  # a natural 2 that misses, then a d3 picks
    assert o.tables["friendly_fire"] == {f"ally #{e}": Fraction(1, 60) for e in (10, 11, 12)}
    assert o.effects["strike"] == Fraction(1, 20)
    assert o.effects["drop_weapon"] == o.fumble == Fraction(1, 20)
    none = attack_odds(ADND, ranged_ctx(0))
    assert none.friendly_fire == 0 and "strike" not in none.effects
    assert any("no ally where a friendly fire" in note for note in none.notes)


def test_no_friendly_fire_when_the_natural_2_would_have_hit():
    o = attack_odds(ADND, ranged_ctx(1, "weapon=shortbow,level=12", "ac=10"))  # THAC0 9 - 10
    assert 2 in o.hits and o.friendly_fire == 0 and "strike" not in o.effects
    assert any("a natural 2 hits the target" in note for note in o.notes)


def test_friendly_hits_are_their_own_chance_and_melee_has_no_friendly_fire():
    maul = odds("weapon=maul", "ac=4", "ally_adjacent")
    assert maul.friendly_fire is None
    assert maul.extras["p_friendly_hit"] == maul.effects["strike"] == Fraction(1, 20)
    assert maul.tables["friendly_hit"] == {"ally #3": Fraction(1, 20)}
    disciplined = odds("weapon=maul,abilities=disciplined_swing", "ac=4", "ally_adjacent")
    assert "p_friendly_hit" not in disciplined.extras and disciplined.friendly_fire is None
    sword = odds("", "ac=4", "ally_adjacent")
    assert sword.friendly_fire is None and not sword.extras and "strike" not in sword.effects


def test_fists_and_thrown_weapons_fumble_without_dropping_anything():
    for attacker in ("weapon=fist", "weapon=javelin"):
        o = odds(attacker, "ac=5")
        assert o.fumble == Fraction(1, 20) and "drop_weapon" not in o.effects


def test_a_friendly_strike_is_an_automatic_hit_without_buffs_or_criticals():
    ctx = context("str=18,str_pct=100,weapon=maul", "ac=-10", "buffs=chant")
    ctx = dataclasses.replace(ctx, options=frozenset({"auto_hit", "free", "friendly_hit"}))
    o = attack_odds(ADND, ctx)
    assert (o.hit, o.critical, o.fumble, o.needed, o.residual) == (1, 0, 0, None, 0)
    assert o.damage.probabilities() == {v: Fraction(4 - abs(v - 11), 16) for v in range(8, 15)}
    assert o.effects == {"bleeding": Fraction(10, 16)}  # 2d4 + 6: 11 or more


# --- every face sequence of the real resolver ----------------------------------------------------

@dataclass(frozen=True, slots=True)
class Result:
    hit: bool
    critical: bool
    fumble: bool
    damage: int
    multiplier: int
    effects: tuple[str, ...]
    struck: tuple[int, ...]


def result_of(r: AttackResult) -> Result:
    return Result(r.hit, r.critical, r.fumble, r.damage, r.multiplier,
                  tuple(sorted({effect_name(e.kind, e.name) for e in r.effects})),
                  tuple(e.other for e in r.effects if e.kind == "strike"))


def enumerate_truncated(ctx: AttackContext) -> tuple[dict[Result, Fraction], Fraction]:
    """Every face sequence of `resolve_attack`, with its exact chance; the chain is cut as the
    odds cut it (a natural 20 followed by CHAIN_ROLLS 20s): that mass is returned apart."""
    def run(tape: tuple[int, ...]) -> AttackResult:
        return ADND.resolve_attack(ctx, TapeDice(tape, None))

    cut = (20,) * (1 + CHAIN_ROLLS)
    weights: dict[Result, Fraction] = {}
    left_out = Fraction(0)
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    while stack:
        tape, weight = stack.pop()
        try:
            result = result_of(run(tape))
        except FaceNeededError as need:
            if tape == cut and need.sides == 20:
                left_out += weight
                continue
            stack += [((*tape, f), weight / need.sides) for f in range(1, need.sides + 1)]
            continue
        weights[result] = weights.get(result, Fraction(0)) + weight
    return weights, left_out


def bow_with_allies(allies: int) -> Callable[[], AttackContext]:
    return lambda: ranged_ctx(allies, "weapon=shortbow,dex=16", "ac=4")


CASES: list[tuple[str, Callable[[], AttackContext]]] = [
    ("erdowan", lambda: context(ERDOWAN, "ac=5")),
    ("erdowan-helmet", lambda: context(ERDOWAN, "ac=5,helmet")),
    ("faye", lambda: context(FAYE, "ac=0")),
    ("maul-ally", lambda: context("class=warrior,level=3,str=18,str_pct=50,weapon=maul",
                                  "ac=4", "ally_adjacent")),
    ("bow-2-allies", bow_with_allies(2)),
    ("javelin-ally", lambda: context("str=17,dex=15,weapon=javelin", "ac=7",
                                     "distance=3,ally_in_line")),
    ("fist", lambda: context("class=wizard,str=3,weapon=fist", "ac=8")),
    ("serpent-reptile", lambda: context("class=warrior,level=4,weapon=serpent_sword",
                                        "ac=5,kinds=reptiles")),
    ("chant-rear", lambda: context("class=rogue,level=3,weapon=dagger", "ac=2,woundable=false",
                                   "position=rear,buffs=chant,prayer_foe")),
]


@pytest.mark.slow
@pytest.mark.parametrize("make", [make for _, make in CASES], ids=[n for n, _ in CASES])
def test_the_odds_equal_the_real_resolver_over_every_face_sequence(make):
    ctx = make()
    o = attack_odds(ADND, ctx)
    weights, left_out = enumerate_truncated(ctx)
    assert left_out == o.residual

    def p(test: Callable[[Result], bool]) -> Fraction:
        return sum((w for r, w in weights.items() if test(r)), Fraction(0))

    assert p(lambda r: r.hit) + left_out == o.hit  # the cut paths are critical hits
    assert p(lambda r: r.critical) + left_out == o.critical
    assert p(lambda r: r.fumble) == o.fumble
    damage: dict[int, Fraction] = {}
    for r, w in weights.items():
        damage[r.damage] = damage.get(r.damage, Fraction(0)) + w
    assert dict(sorted(damage.items())) == o.damage.probabilities()
    multipliers_seen = {f"x{m}": p(lambda r, m=m: r.critical and r.multiplier == m)
                        for m in {r.multiplier for r in weights if r.critical}}
    assert multipliers_seen == dict(o.tables.get("critical_multiplier", {}))
    names = {n for r in weights for n in r.effects} | set(o.effects)
    assert {n: p(lambda r, n=n: n in r.effects) for n in names} == dict(o.effects)
    allies = {a for r in weights for a in r.struck}
    per_ally = {a: p(lambda r, a=a: a in r.struck) for a in allies}
    kind = "friendly_fire" if ctx.weapon.is_ranged else "friendly_hit"
    assert per_ally == {int(k.removeprefix("ally #")): v
                        for k, v in o.tables.get(kind, {}).items()}
    each = o.friendly_fire if ctx.weapon.is_ranged else o.extras.get("p_friendly_hit")
    assert all(v == each for v in per_ally.values())


# --- the preview and the AI read the same odds ---------------------------------------------------

def test_the_preview_shows_thac0_the_critical_chance_and_friendly_fire():
    with battle(who("Ann", 0, Hex(0, 0), weapons=(SHORTBOW,), dex=16),
                who("Bob", 1, Hex(3, 0), facing=3, ac=4), who("Cid", 0, Hex(5, 0))) as b:
        lines = [text for text, _ in attack_preview(b, Attack(1, 2), "Bob").lines]
    text = " ".join(line.strip() for line in lines)
    assert "d20 +1 DEX vs THAC0 20 - AC 4 = 16" in text
    assert "crit 5%, fumble 5%, friendly fire 5%" in text
    with battle(who("Ann", 0, Hex(0, 0), weapons=(MAUL,)), who("Bob", 1, Hex(1, 0), facing=3),
                who("Cid", 0, Hex(0, 1))) as b:
        lines = [text for text, _ in attack_preview(b, Attack(1, 2), "Bob").lines]
    assert "friendly hit 5%" in " ".join(line.strip() for line in lines)
