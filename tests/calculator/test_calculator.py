"""The attack calculator: `arena rules`, `arena attack`, `arena odds`, SPECs and every error.

Issue 8: "An unknown key, an unknown weapon or a value out of range is a one-line error
listing the valid choices, exit 2"; "scripted dice are consumed in the order the rule document
narrates them — attack roll, then confirmation roll or critical chain, then damage dice, then
effect-table rolls".
"""

from __future__ import annotations

import json

import pytest

from arena.assets import WEAPON_KEYS, load_library
from arena.calculator import (
    CHOICE_FIELDS,
    WEAPON_FIELDS,
    build_query,
    effect_text,
    situations,
    split_spec,
)
from arena.cli.main import main
from arena.errors import ArenaError
from arena.rules import RULESETS
from arena.rules.ap import ApRuleset
from arena.rules.base import Effect, FieldSpec

LIBRARY = load_library()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    return json.loads(run(capsys, *argv, "--json"))


def one_line_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run main; assert exit 2 and exactly one stderr line; return it."""
    try:
        code: object = main(list(argv))
    except SystemExit as stop:  # argparse exits by itself on usage errors
        code = stop.code
    assert code == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert "Traceback" not in captured.err
    return lines[0]


# --- arena rules -------------------------------------------------------------------------------

def test_rules_lists_every_ruleset_with_version_and_title(capsys):
    out = run(capsys, "rules")
    for ruleset in RULESETS.values():
        assert any(line.startswith(ruleset.name) and ruleset.version in line
                   and ruleset.title in line for line in out.splitlines())


@pytest.mark.parametrize("name", ["ap", "becmi"])
def test_rules_name_shows_every_key_with_its_meaning_and_default(capsys, name):
    out = run(capsys, "rules", name)
    ruleset = RULESETS[name]
    keys = [*ruleset.fields, *CHOICE_FIELDS, *WEAPON_FIELDS, *(s.spec for s in situations(ruleset))]
    for spec in keys:
        line = next(x for x in out.splitlines() if x.split()[:1] == [spec.name])
        assert spec.help.split(",")[0] in line
    assert "Situation fields (--at):" in out and "longsword" in out


def test_rules_of_an_unknown_ruleset_is_one_line(capsys):
    assert "unknown ruleset 'nope' (available: " in one_line_error(capsys, "rules", "nope")


def test_weapon_keys_are_the_asset_files_weapon_fields():
    # The SPEC overrides the same fields a weapons.toml entry has (its name aside).
    assert {f.name for f in WEAPON_FIELDS} == set(WEAPON_KEYS) - {"name"}


def test_stat_keys_never_shadow_weapon_keys():
    weapon = {f.name for f in (*WEAPON_FIELDS, *CHOICE_FIELDS)}
    for ruleset in RULESETS.values():
        assert not weapon & {f.name for f in ruleset.fields}, ruleset.name


# --- SPECs -------------------------------------------------------------------------------------

def test_every_field_has_a_default_so_the_issues_short_query_is_valid():
    query = build_query(RULESETS["becmi"], LIBRARY, "class=fighter,level=1", "ac=5")
    ctx = query.ctx
    assert (ctx.weapon.id, ctx.distance, ctx.position, ctx.cover) == ("longsword", 1, "front", 0)
    assert ctx.defender.values["class"] == "normal_man"
    assert build_query(RULESETS["ap"], LIBRARY).ctx.attacker.values["ac"] == 10


def test_lists_continue_after_commas_and_true_false_keys_may_stand_alone():
    specs = {f.name: f for f in RULESETS["becmi"].fields}
    assert split_spec("mastery=longsword:expert,dagger:skilled,ac=4", "--x", specs) == [
        ("mastery", "longsword:expert,dagger:skilled"), ("ac", "4")]
    query = build_query(RULESETS["ap"], LIBRARY, "feats=two_weapon_fighting,unarmed_strike",
                        "crit_immune", "position=rear,flanked")
    ctx = query.ctx
    assert ctx.attacker.values["feats"] == "two_weapon_fighting,unarmed_strike"
    assert ctx.defender.flag("crit_immune") and ctx.flanked and ctx.position == "rear"


def test_weapon_fields_override_the_weapon_in_the_same_spec():
    ctx = build_query(RULESETS["ap"], LIBRARY, "weapon=longsword,magic=1,threat=17-20,"
                      "tags=reach,damage=2d4+1").ctx
    assert (ctx.weapon.magic, ctx.weapon.threat, ctx.weapon.tags) == (1, 17, ("reach",))
    assert ctx.weapon.damage == "2d4+1"


def test_missiles_default_to_two_hexes_and_side_is_the_hex_after_the_front_three():
    ctx = build_query(RULESETS["ap"], LIBRARY, "weapon=shortbow", "", "position=side").ctx
    assert (ctx.distance, ctx.position) == (2, "rear-left")


def test_off_hand_puts_the_other_weapon_in_the_main_hand():
    ctx = build_query(RULESETS["ap"], LIBRARY, "weapon=dagger,other_weapon=longsword", "",
                      "off_hand").ctx
    assert [w.id for w in ctx.wielded] == ["longsword", "dagger", "unarmed"]
    assert ctx.slot == 1 and ctx.weapon_attacks == 1


def test_off_hand_with_the_same_weapon_in_both_hands_takes_the_off_hand_penalty(capsys):
    """Document 003, Two Weapon Fighting: "| Two one-handed weapons | -6/-8 |" (main/off).

    Two longswords: striking with the off hand is -8 whatever the main hand holds.
    """
    ctx = build_query(RULESETS["ap"], LIBRARY, "weapon=longsword,other_weapon=longsword", "",
                      "off_hand").ctx
    assert ctx.slot == 1 and [w.id for w in ctx.wielded] == ["longsword", "longsword", "unarmed"]
    out = run(capsys, "attack", "--rules", "ap", "--attacker",
              "weapon=longsword,other_weapon=longsword", "--at", "off_hand", "--dice", "10")
    assert "d20 10 +0 STR +0 BAB -8 off hand = 2 vs AC 10: miss" in out.splitlines()
    data = run_json(capsys, "odds", "--rules", "ap", "--attacker",
                    "weapon=longsword,other_weapon=longsword", "--at", "off_hand")
    assert data["bonus"] == -8 and data["query"]["situation"]["slot"] == 1
    main = run_json(capsys, "odds", "--rules", "ap", "--attacker",
                    "weapon=longsword,other_weapon=longsword")
    assert main["bonus"] == -6 and main["query"]["situation"]["slot"] == 0


def test_defender_weapon_reaches_the_context_as_battles_carry_it(capsys):
    """Document 000, critical hit row 19 (Weapon Shattered): "Weapons gain a save vs. crushing
    blow"; "Enemies with no weapons/shields are unaffected". Odds need the defender's weapon,
    carried as battles carry it (`defender_wielded`, what the target holds)."""
    ctx = build_query(RULESETS["d40"], LIBRARY, "", "weapon=war_spear,ac=5").ctx
    assert ctx.defender_wielded == (LIBRARY.weapons["war_spear"],)
    assert ctx.defender.values["ac"] == 5 and "weapon" not in ctx.defender.values
    assert build_query(RULESETS["d40"], LIBRARY).ctx.defender_wielded == ()
    data = run_json(capsys, "odds", "--rules", "d40", "--defender", "weapon=longsword")
    assert data["query"]["situation"]["defender_wielded"] == ["longsword"]
    assert "weapon" not in data["query"]["defender"]
    assert "  weapon " in run(capsys, "rules", "d40").split("Defender fields")[1]


def test_a_bare_handed_defender_drops_and_shatters_nothing_as_in_battles(capsys):
    """Document 000, critical hit rows 17-18 (Weapon Dropped) and 19 (Weapon Shattered):
    "Enemies with attached or no weapons/shields are unaffected". Battles never hold the
    unarmed strike in the hand (`defender_wielded` is empty), so `weapon=fists` is bare hands:
    the odds of rows 17-19 drop and shatter nothing, exactly as with no weapon named."""
    fists = run_json(capsys, "odds", "--rules", "d40", "--defender", "weapon=fists")
    bare = run_json(capsys, "odds", "--rules", "d40")
    assert fists["query"]["situation"]["defender_wielded"] == []
    assert "shatter_exact" not in fists
    # What is left is the attacker's own fumbles (its longsword lost or broken): 2d20 3 or 4.
    assert (fists["effects_exact"]["drop_weapon"], fists["effects_exact"]["break_weapon"]) == (
        "27/10000", "81/800000")
    assert fists["critical_hit_exact"]["17-18: MWD x2 + Weapon Dropped, Loss of Initiative"] \
        == "133/100000"
    assert {k: v for k, v in fists.items() if k != "query"} == {
        k: v for k, v in bare.items() if k != "query"}
    for row in ("17", "19"):
        data = run_json(capsys, "attack", "--rules", "d40", "--defender", "weapon=fists",
                        "--dice", f"20,20,{row},5")
        assert data["effects"] == ["lose_initiative"]
        assert f"nothing in hand to {'drop' if row == '17' else 'shatter'}" in data["notes"]


def test_odds_summary_shows_the_base_ac_as_attack_does(capsys):
    """DECISIONS.md, Facing: "An attacker in the defender's rear hex: defender's AC −10"; and
    DESIGN.md point 10, "Every number a player sees is explained": the −10 is shown against
    the AC it lowers, in `arena odds` as in `arena attack`."""
    spec = ("--rules", "ap", "--defender", "ac=14", "--at", "position=rear")
    odds = run(capsys, "odds", *spec).splitlines()
    assert odds[3] == "attack: d20 +0 STR +0 BAB vs AC 14 -10 rear = 4: needs a natural 4+ " \
                      "(17 in 20)"
    attack = run(capsys, "attack", *spec, "--dice", "10,1").splitlines()
    assert attack[3].startswith("d20 10 +0 STR +0 BAB = 10 vs AC 14 -10 rear = 4: hit")
    plain = run(capsys, "odds", "--rules", "ap", "--defender", "ac=14").splitlines()
    assert plain[3] == "attack: d20 +0 STR +0 BAB vs AC 14: needs a natural 14+ (7 in 20)"


def test_becmi_presets_set_the_situation_the_ruleset_reads():
    ctx = build_query(RULESETS["becmi"], LIBRARY, "class=fighter,weapon=lance", "",
                      "charge").ctx
    assert ctx.run_up == 3
    ctx = build_query(RULESETS["becmi"], LIBRARY, "class=thief,weapon=dagger", "",
                      "backstab").ctx
    assert ctx.position == "rear"
    ctx = build_query(RULESETS["becmi"], LIBRARY, "weapon=boar_spear", "", "set_vs_charge").ctx
    assert "charging" in ctx.defender_conditions


@pytest.mark.parametrize(("argv", "expected"), [
    (["--attacker", "strength=3"], "--attacker: unknown key 'strength' (valid: "),
    (["--defender", "helmet=dagger"], "--defender: unknown key 'helmet' (valid: weapon, "
                                      "armour, shield, ac, str"),
    (["--defender", "shield=dagger"], "--defender: shield: unknown shield 'dagger' (available: "
                                      "buckler, "),
    (["--defender", "weapon=stick"], "--defender: weapon: unknown weapon 'stick' (available: "),
    (["--at", "range=3"], "--at: unknown key 'range' (valid: distance, position"),
    (["--attacker", "weapon=long_sword"], "--attacker: weapon: unknown weapon 'long_sword' "
                                          "(available: "),
    (["--attacker", "other_weapon=stick"], "--attacker: other_weapon: unknown weapon 'stick'"),
    (["--attacker", "str=25"], "--attacker: str: 25 is out of range (-5..20)"),
    (["--defender", "ac=ten"], "--defender: ac: expected a whole number, got 'ten'"),
    (["--defender", "crit_immune=maybe"], "--defender: crit_immune: expected true or false"),
    (["--attacker", "feats=flying"], "--attacker: feats: unknown 'flying' (valid: "
                                     "unarmed_strike, two_weapon_fighting"),
    (["--at", "position=above"], "--at: position: unknown 'above' (valid: front, front-left"),
    (["--at", "distance=0"], "--at: distance: 0 is out of range (1..500)"),
    (["--attacker", "str=1,str=2"], "--attacker: str is given twice"),
    (["--attacker", "3"], "--attacker: '3' is not key=value (keys: "),
    (["--attacker", "damage=x"], "--attacker: damage: bad dice notation 'x'"),
    (["--attacker", "kind=ranged"], "--attacker: a ranged weapon needs range_ft above 0"),
    (["--attacker", "range_ft=30"], "--attacker: range_ft must be 0 for a melee weapon"),
    (["--attacker", "threat=1"], "--attacker: threat: 1 is out of range (2..20)"),
    (["--attacker", "tags=Bad Tag"], "--attacker: tags: unknown 'Bad Tag' (valid: ids of"),
    (["--attacker", "conditional=reptiles"], "--attacker: conditional: expected kind:bonus"),
    (["--at", "off_hand"], "--at: off_hand needs other_weapon=<id> in --attacker"),
    (["--attacker", "weapon=longbow,other_weapon=dagger"], "--attacker: longbow and dagger "
                                                           "need more than two hands"),
    (["--at", "distance=3"], "ap refuses this attack: longsword reaches 1 hex(es); target is 3"),
    (["--at", "sublethal", "--attacker", "weapon=shortbow"], "ap refuses this attack: "
                                                             "sublethal attacks are melee"),
])
@pytest.mark.parametrize("command", ["odds", "attack"])
def test_every_bad_spec_is_one_line_naming_the_valid_choices(capsys, command, argv, expected):
    line = one_line_error(capsys, command, "--rules", "ap", *argv)
    assert line.startswith(f"arena: {expected}"), line


@pytest.mark.parametrize(("argv", "expected"), [
    (["--attacker", "class=wizard"], "--attacker: class: unknown 'wizard' (valid: fighter,"),
    (["--attacker", "class=monster"], "--attacker: hd: a monster needs its hit dice"),
    (["--defender", "mastery=sword"], "--defender: mastery: bad entry"),
    (["--at", "backstab"], "--at: backstab needs class=thief and a melee weapon"),
    (["--at", "charge"], "--at: charge needs a melee weapon tagged lance or charge"),
    (["--at", "set_vs_charge"], "--at: set_vs_charge needs a melee weapon tagged spear"),
    (["--at", "smash"], "becmi refuses this attack: only fighters of level 9 or higher"),
    (["--at", "flanked"], "--at: unknown key 'flanked' (valid: distance, position, cover,"),
])
def test_becmi_spec_errors_are_one_line(capsys, argv, expected):
    line = one_line_error(capsys, "odds", "--rules", "becmi", *argv)
    assert line.startswith(f"arena: {expected}"), line


def test_usage_errors_are_one_line(capsys):
    assert "--rules" in one_line_error(capsys, "odds", "--attacker", "str=1")
    assert "unknown ruleset 'nope'" in one_line_error(capsys, "attack", "--rules", "nope")
    assert "--seed must be 0 or more" in one_line_error(capsys, "attack", "--rules", "ap",
                                                        "--seed", "-1")
    assert "scripted face 9 does not fit d8" in one_line_error(
        capsys, "attack", "--rules", "ap", "--dice", "15,9")


def test_odds_for_a_ruleset_without_an_odds_function_is_one_line(capsys, monkeypatch):
    class Stub(ApRuleset):
        name = "stub"

        def odds_function(self):
            return None

    monkeypatch.setitem(RULESETS, "stub", Stub())
    line = one_line_error(capsys, "odds", "--rules", "stub")
    assert line == "arena: no exact odds for ruleset 'stub' yet"
    assert "(no exact odds yet)" in run(capsys, "rules")
    assert run(capsys, "attack", "--rules", "stub", "--dice", "3")  # attacks still resolve


def test_bystander_keys_appear_for_rulesets_that_want_bystanders():
    class Crowded(ApRuleset):
        name = "crowded"
        wants_bystanders = True

    ruleset = Crowded()
    assert {"ally_in_line", "ally_adjacent"} <= {s.spec.name for s in situations(ruleset)}
    ctx = build_query(ruleset, LIBRARY, "weapon=shortbow", "", "distance=4,ally_in_line,"
                      "ally_adjacent").ctx
    line, beside = ctx.bystanders
    assert (line.ally, line.beyond, line.angle, line.distance) == (True, 2, 0.0, 6)
    assert (beside.distance, beside.angle > 30, beside.position) == (1, True, "front-right")


# --- arena attack --------------------------------------------------------------------------------

def test_attack_dice_read_like_the_document_threat_confirm_damage(capsys):
    # ap, document 003: "if the d20 roll for a longsword attack lands on a 19 or 20, the
    # attacker may roll again to confirm the critical ... multiplied by ... x2".
    data = run_json(capsys, "attack", "--rules", "ap", "--attacker", "str=3,bab=2",
                    "--defender", "ac=16", "--dice", "19,15,5")
    assert [(r["die"], r["face"], r["purpose"]) for r in data["rolls"]] == [
        ("d20", 19, "attack d20"), ("d20", 15, "confirm d20"), ("d8", 5, "damage 1d8")]
    assert (data["hit"], data["critical"], data["multiplier"]) == (True, True, 2)
    assert data["damage"] == (5 + 3) * 2 + 2  # overflow floor((24 - 16) / 4), not multiplied
    assert data["fumble"] is False and data["effects"] == [] and data["unused_dice"] == []
    assert data["events"][0]["type"] == "attacked"


def test_attack_text_is_the_explained_log_line(capsys):
    out = run(capsys, "attack", "--rules", "ap", "--attacker", "str=3,bab=2", "--defender",
              "ac=16", "--dice", "19,15,5")
    assert ("d20 19 +3 STR +2 BAB = 24 vs AC 16: critical hit (threat; confirm d20 15 +5 = "
            "20: confirmed); d8 5 +3 STR = 8 x2 = 16 +2 overflow = 18 damage") in out
    assert out.startswith("ap 0.4: longsword (1d8) at 1 hex, from the front")


def test_a_double_critical_rolls_its_table_then_its_extra_dice(capsys):
    data = run_json(capsys, "attack", "--rules", "ap", "--attacker", "str=3,bab=2",
                    "--defender", "ac=16", "--dice", "20,20,5,3,1,2,3,4,6")
    assert [r["purpose"] for r in data["rolls"]] == [
        "attack d20", "confirm d20", "damage 1d8", "double critical d10",
        *["double critical 4d6"] * 4]
    assert data["effects"] == ["left_arm_severed", "drop_weapon"]
    assert data["damage"] == 16 + 2 + (1 + 2 + 3 + 4)
    assert data["unused_dice"] == [6]
    assert [e["type"] for e in data["events"]] == ["attacked", "effect", "effect"]
    out = run(capsys, "attack", "--rules", "ap", "--attacker", "str=3,bab=2", "--defender",
              "ac=16", "--dice", "20,20,5,3,1,2,3,4,6")
    assert "effect: the defender: left arm severed (until removed)" in out
    assert "effect: the defender drops the weapon in the off hand" in out
    assert "note: scripted faces not used: 6" in out


def test_becmi_attack_rolls_the_d20_then_the_doubled_dice(capsys):
    data = run_json(capsys, "attack", "--rules", "becmi", "--attacker",
                    "class=thief,level=1,weapon=dagger", "--defender", "ac=5", "--at",
                    "backstab", "--dice", "15,3")
    assert [(r["die"], r["face"]) for r in data["rolls"]] == [("d20", 15), ("d4", 3)]
    assert (data["hit"], data["damage"]) == (True, 6)


def test_attack_goes_on_with_the_seed_after_the_script_and_says_so(capsys):
    data = run_json(capsys, "attack", "--rules", "ap", "--attacker", "bab=10", "--dice", "15",
                    "--seed", "4")
    assert data["notices"] == ["dice script exhausted after 1 face; later faces come from "
                               "seed 4"]
    again = run_json(capsys, "attack", "--rules", "ap", "--attacker", "bab=10", "--dice", "15",
                     "--seed", "4")
    assert again == data


def test_effects_read_as_sentences():
    assert effect_text(Effect("knockback", "defender", amount=1)) == \
        "the defender is knocked back 1 hex(es)"
    assert effect_text(Effect("kill", "defender", "head severed")) == \
        "the defender dies (head severed)"
    assert effect_text(Effect("condition", "attacker", "stunned", rounds=2)) == \
        "the attacker: stunned (for 2 turns)"
    assert effect_text(Effect("strike", "attacker", options=("friendly_fire",))) == \
        "the attacker makes a free attack (friendly_fire)"


# --- arena odds ----------------------------------------------------------------------------------

def test_odds_json_gives_decimals_with_exact_fractions_beside_them(capsys):
    data = run_json(capsys, "odds", "--rules", "ap", "--attacker", "str=3,bab=2",
                    "--defender", "ac=15")
    assert (data["needed"], data["p_hit"], data["p_hit_exact"]) == (15, 0.55, "11/20")
    # naturals 10..20 hit; 19 and 20 threaten; the confirmation hits on 10..20 (11 of 20)
    assert data["p_critical_exact"] == "11/200" and data["p_fumble"] == 0
    assert data["p_double_critical_exact"] == "1/200"
    assert data["damage"]["0"] == 0.45 and data["damage_exact"]["0"] == "9/20"
    assert abs(sum(data["damage"].values()) - 1) < 1e-12
    assert data["exact"] is True and data["residual"] == 0
    assert data["double_critical_exact"]["head severed"] == "1/2000"
    assert data["query"]["weapon"]["id"] == "longsword"


def test_odds_text_prints_fractions_and_decimals(capsys):
    out = run(capsys, "odds", "--rules", "becmi", "--attacker", "class=fighter,level=1",
              "--defender", "ac=5")
    assert "attack: d20 +0 STR vs AC 5 (HRM 1) needs 14: needs a natural 14+ (7 in 20)" in out
    lines = out.splitlines()
    assert lines[lines.index(next(x for x in lines if x.strip().startswith("hit")))].split() \
        == ["hit", "7/20", "0.35"]
    assert any(x.split() == ["0", "13/20", "0.65"] for x in lines)
    assert out.rstrip().endswith("every chance is exact")


def test_field_line_shows_the_range_and_default():
    from arena.calculator import field_line  # noqa: PLC0415

    line = field_line(FieldSpec("ac", "int", 10, "armour class", 0, 60))
    assert line.split()[:4] == ["ac", "int", "0..60", "10"]


def test_split_spec_rejects_unknown_keys_before_any_value():
    with pytest.raises(ArenaError, match="unknown key 'x'"):
        split_spec("x=1", "--at", {})


def test_odds_of_dice_too_large_to_convolve_is_one_line_but_the_attack_still_rolls(capsys):
    line = one_line_error(capsys, "odds", "--rules", "ap", "--attacker", "damage=100d1000")
    assert line == ("arena: 100d1000 has too many outcomes for exact odds (count × sides at "
                    "most 20000)")
    assert run_json(capsys, "attack", "--rules", "ap", "--attacker", "damage=100d1000")["hit"] \
        in (True, False)
