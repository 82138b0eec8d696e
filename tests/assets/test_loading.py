"""Asset loading: the real files load, every problem is one `file: key: message` line,
scenarios round-trip through their self-contained dict form (DESIGN.md point 7 and 9)."""

from __future__ import annotations

import copy
import json
import shutil
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arena.assets import (
    Library,
    asset_root,
    load_library,
    load_scenario,
    scenario_from_dict,
    scenario_names,
    scenario_to_dict,
)
from arena.cli.main import main
from arena.errors import AssetError
from arena.hexgrid import FACING_NAMES, Hex
from arena.model.scenario import Scenario
from arena.model.stats import Weapon
from arena.rules import RULESETS
from arena.rules.ap import ApRuleset
from arena.rules.base import RulesetDefaults
from arena.rules.d40 import D40Ruleset

REAL = Path(__file__).resolve().parents[2] / "assets"
MAP_LINE = (
    'map = { id = "tiny", name = "Tiny", radius = 3, fill = "floor", '
    'patch = [{ terrain = "wall", hexes = [[0, 0], [0, 1]] }] }'
)

# A scenario that depends only on templates swordsman/axeman and terrain floor/wall.
SCENARIO = f"""
name = "Test"
ruleset = "ap"

{MAP_LINE}

[[sides]]
name = "Red"
colour = "#FF0000"

[[sides]]
name = "Blue"
colour = "#0000ff"

[[combatants]]
template = "swordsman"
side = 0
at = [-2, 0]
facing = "E"

[[combatants]]
template = "axeman"
side = 1
at = [2, 0]
facing = "w"
"""


@pytest.fixture(scope="module")
def library() -> Library:
    return load_library(REAL)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    dest = tmp_path / "assets"
    shutil.copytree(REAL, dest)
    return dest


def append(root: Path, name: str, text: str) -> None:
    with (root / name).open("a", encoding="utf-8") as f:
        f.write("\n" + text + "\n")


def error_of(action: Callable[[], object]) -> str:
    with pytest.raises(AssetError) as info:
        action()
    message = str(info.value)
    assert message.isprintable(), message  # one line, no control characters
    return message


def library_error(root: Path) -> str:
    return error_of(lambda: load_library(root))


def scenario_error(root: Path, text: str) -> str:
    (root / "scenarios" / "test.toml").write_text(text, encoding="utf-8")
    return error_of(lambda: load_scenario("test", load_library(root)))


def load_test_scenario(root: Path, text: str) -> Scenario:
    (root / "scenarios" / "test.toml").write_text(text, encoding="utf-8")
    return load_scenario("test", load_library(root))


# --- the real files ---------------------------------------------------------------------


def test_no_terrain_glyph_is_a_letter_a_digit_an_item_or_a_body(library: Library) -> None:
    # issue 30: one glyph per meaning; a letter is a combatant, `)` a weapon, `%` a body
    glyphs = {t.glyph: name for name, t in library.terrain.items()}
    assert len(glyphs) == len(library.terrain)  # no two terrains alike
    assert not [g for g in glyphs if g.isalnum() or g in ")%"], glyphs


def test_real_library_has_the_documented_ids(library: Library) -> None:
    assert {"floor", "grass", "stone", "wall", "pillar", "water", "pit"} <= set(library.terrain)
    assert {
        "dagger", "short_sword", "longsword", "battleaxe", "greatsword", "spear", "mace",
        "longspear", "shortbow", "longbow", "light_crossbow", "javelin",
    } <= set(library.weapons)
    assert {"leather", "chain_shirt", "breastplate", "full_plate"} <= set(library.armour)
    assert {
        "swordsman", "axeman", "spearman", "archer", "longbowman", "skirmisher",
    } <= set(library.templates)
    assert {"arena", "ruins"} <= set(library.maps)
    assert library.maps["arena"].radius == 6
    assert library.maps["ruins"].radius == 7


def test_weapon_fields_follow_the_brief(library: Library) -> None:
    w = library.weapons
    assert (w["dagger"].kind, w["dagger"].range_ft, w["dagger"].threat) == ("melee", 0, 19)
    # issue 11 (becmi set spear vs charge): "Tag every spear".
    assert (w["longspear"].reach, w["longspear"].tags) == (2, ("reach", "spear"))
    assert (w["longbow"].kind, w["longbow"].range_ft, w["longbow"].tags) == (
        "ranged", 80, ("longbow",),
    )
    assert all(x.range_ft == 0 for x in w.values() if x.kind == "melee")
    assert all(x.range_ft > 0 for x in w.values() if x.kind != "melee")


def test_scenario_names_are_sorted_file_ids() -> None:
    names = scenario_names(REAL)
    assert names == sorted(names)
    assert {"duel", "skirmish"} <= set(names)


def test_duel_is_one_swordsman_against_one_axeman(library: Library) -> None:
    s = load_scenario("duel", library)
    assert (s.id, s.ruleset, s.map.id, len(s.sides)) == ("duel", "ap", "arena", 2)
    korg, ysolde = s.combatants
    assert (korg.name, korg.template, korg.side) == ("Korg", "swordsman", 0)
    assert (ysolde.name, ysolde.template, ysolde.side) == ("Ysolde", "axeman", 1)
    assert korg.facing == FACING_NAMES.index("E")
    assert ysolde.facing == FACING_NAMES.index("W")


def test_skirmish_is_four_against_four(library: Library) -> None:
    s = load_scenario("skirmish", library)
    assert [sum(c.side == i for c in s.combatants) for i in range(2)] == [4, 4]
    assert all(s.map.passable(c.at) for c in s.combatants)
    assert len({c.at for c in s.combatants}) == 8


def test_every_combatant_has_a_full_stat_block_for_every_ruleset(library: Library) -> None:
    for name in scenario_names(REAL):
        for c in load_scenario(name, library).combatants:
            assert list(c.stats) == sorted(RULESETS)
            for ruleset, block in c.stats.items():
                assert block.ruleset == ruleset
                assert list(block.values) == [f.name for f in RULESETS[ruleset].fields]


def test_loading_twice_gives_equal_scenarios(library: Library) -> None:
    assert load_scenario("skirmish", library) == load_scenario("skirmish", load_library(REAL))


def test_load_scenario_accepts_a_path(library: Library) -> None:
    path = REAL / "scenarios" / "duel.toml"
    assert load_scenario(str(path), library) == load_scenario("duel", library)


def test_asset_root_prefers_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("ARENA_ASSETS", str(tmp_path))
    assert asset_root() == tmp_path
    monkeypatch.delenv("ARENA_ASSETS")
    assert (asset_root() / "weapons.toml").is_file()


# --- errors in asset files ---------------------------------------------------------------

CLUB = '[club]\nname = "club"\ndamage = "1d6"\n'


def test_unknown_weapon_key_is_rejected_with_file_and_key(root: Path) -> None:
    append(root, "weapons.toml", CLUB + "sharp = true")
    message = library_error(root)
    assert message.startswith("weapons.toml: club.sharp: unknown key (valid: ")
    assert "damage" in message
    assert "threat" in message


def test_wrong_type_names_expected_and_given_value(root: Path) -> None:
    append(root, "weapons.toml", CLUB + 'hands = "two"')
    assert library_error(root) == "weapons.toml: club.hands: expected an integer, got 'two'"


def test_bool_is_not_accepted_as_an_integer(root: Path) -> None:
    append(root, "weapons.toml", CLUB + "hands = true")
    assert library_error(root) == "weapons.toml: club.hands: expected an integer, got true"


def test_out_of_range_value_gives_the_range(root: Path) -> None:
    append(root, "weapons.toml", CLUB + "threat = 25")
    assert library_error(root) == "weapons.toml: club.threat: must be 2..20, got 25"


def test_bad_dice_notation_is_rejected(root: Path) -> None:
    append(root, "weapons.toml", '[club]\nname = "club"\ndamage = "x"')
    assert library_error(root).startswith("weapons.toml: club.damage: bad dice notation 'x'")


def test_weapon_kind_must_be_one_of_the_choices(root: Path) -> None:
    append(root, "weapons.toml", CLUB + 'kind = "laser"')
    message = library_error(root)
    assert message == "weapons.toml: club.kind: must be one of melee, ranged, thrown, got 'laser'"


def test_melee_weapon_has_no_range_and_ranged_weapon_needs_one(root: Path) -> None:
    append(root, "weapons.toml", CLUB + "range_ft = 10")
    assert library_error(root).startswith("weapons.toml: club.range_ft: must be 0 for a melee")
    shutil.copy(REAL / "weapons.toml", root / "weapons.toml")
    append(root, "weapons.toml", CLUB + 'kind = "thrown"')
    assert library_error(root).startswith("weapons.toml: club.range_ft: a thrown weapon needs")


def test_required_key_missing_is_named(root: Path) -> None:
    append(root, "weapons.toml", '[club]\nname = "club"')
    assert library_error(root) == "weapons.toml: club.damage: required key is missing"


def test_bad_id_is_rejected(root: Path) -> None:
    append(root, "armour.toml", '[Tin_Can]\nname = "tin can"')
    assert library_error(root).startswith("armour.toml: Tin_Can: bad id 'Tin_Can'")


def test_unknown_weapon_id_in_a_template_lists_the_weapons(root: Path) -> None:
    append(root, "templates.toml", '[brute]\nname = "Brute"\nglyph = "B"\nhp = 9\nspeed = 5\n'
           'weapons = ["longsword", "club"]')
    message = library_error(root)
    assert message.startswith(
        "templates.toml: brute.weapons[1]: unknown weapon 'club' (available: "
    )
    assert "longsword" in message


def test_unknown_ruleset_table_lists_the_rulesets(root: Path) -> None:
    append(root, "templates.toml", "[swordsman.d99]\nac = 3")
    known = ", ".join(sorted(RULESETS))
    assert library_error(root) == (
        f"templates.toml: swordsman.d99: unknown ruleset table (known rulesets: {known})"
    )


def test_unknown_stat_field_lists_the_ruleset_fields(root: Path) -> None:
    append(root, "templates.toml", "[swordsman.ap.luck]\n")
    valid = ", ".join(sorted(f.name for f in RULESETS["ap"].fields))
    assert library_error(root) == f"templates.toml: swordsman.ap.luck: unknown key (valid: {valid})"


def test_stat_range_comes_from_the_ruleset_field_spec(root: Path) -> None:
    spec = next(f for f in RULESETS["ap"].fields if f.name == "ac")
    assert spec.maximum is not None
    text = (root / "templates.toml").read_text(encoding="utf-8")
    (root / "templates.toml").write_text(
        text.replace("[knight.ap]\nac = 9", f"[knight.ap]\nac = {spec.maximum + 1}"),
        encoding="utf-8",
    )
    assert library_error(root) == (
        f"templates.toml: knight.ap.ac: must be {spec.minimum}..{spec.maximum}, "
        f"got {spec.maximum + 1}"
    )


def test_map_hex_outside_the_radius_is_named(root: Path) -> None:
    (root / "maps" / "bad.toml").write_text(
        'name = "Bad"\nradius = 2\nfill = "floor"\n'
        '[[patch]]\nterrain = "wall"\nhexes = [[0, 0], [3, 0]]\n',
        encoding="utf-8",
    )
    assert library_error(root) == "maps/bad.toml: patch[0].hexes[1]: hex [3, 0] is outside radius 2"


def test_malformed_toml_is_one_line(root: Path) -> None:
    (root / "armour.toml").write_text("[leather\nname = 'x'\n", encoding="utf-8")
    assert library_error(root).startswith("armour.toml: malformed TOML: ")


def test_missing_asset_file_is_reported(root: Path) -> None:
    (root / "armour.toml").unlink()
    assert library_error(root) == "armour.toml: no such file"


def test_missing_asset_directory_is_reported(tmp_path: Path) -> None:
    assert "no such asset directory" in error_of(lambda: load_library(tmp_path / "none"))


# --- errors in scenarios -----------------------------------------------------------------


def test_test_scenario_loads_with_inline_map_and_lowercase_facing(root: Path) -> None:
    s = load_test_scenario(root, SCENARIO)
    assert s.map.id == "tiny"
    assert not s.map.passable(Hex(0, 0))
    assert s.combatants[1].facing == FACING_NAMES.index("W")
    assert s.sides[0].colour == "#ff0000"
    assert s.max_rounds == 100


def test_missing_scenario_path_is_reported(library: Library) -> None:
    assert error_of(lambda: load_scenario("nope/x.toml", library)) == "nope/x.toml: no such file"


def test_unknown_scenario_lists_the_available_ones(library: Library) -> None:
    available = ", ".join(scenario_names(REAL))
    message = error_of(lambda: load_scenario("nosuch", library))
    assert message == f"unknown scenario 'nosuch' (available: {available})"


def test_unknown_template_is_rejected(root: Path) -> None:
    message = scenario_error(root, SCENARIO.replace('"axeman"', '"dragon"'))
    assert message.startswith(
        "scenarios/test.toml: combatants[1].template: unknown template 'dragon' (available: "
    )


def test_combatant_off_the_map_is_rejected(root: Path) -> None:
    message = scenario_error(root, SCENARIO.replace("at = [2, 0]", "at = [9, 0]"))
    assert message == "scenarios/test.toml: combatants[1].at: hex [9, 0] is off the map (radius 3)"


def test_combatant_on_a_wall_is_rejected(root: Path) -> None:
    message = scenario_error(root, SCENARIO.replace("at = [2, 0]", "at = [0, 1]"))
    assert message == (
        "scenarios/test.toml: combatants[1].at: hex [0, 1] is wall, which blocks movement"
    )


def test_two_combatants_on_one_hex_are_rejected(root: Path) -> None:
    message = scenario_error(root, SCENARIO.replace("at = [2, 0]", "at = [-2, 0]"))
    assert message == (
        "scenarios/test.toml: combatants[1].at: hex [-2, 0] is already taken by "
        "combatants[0] (Swordsman)"
    )


def test_unknown_ruleset_is_rejected(root: Path) -> None:
    message = scenario_error(root, SCENARIO.replace('ruleset = "ap"', 'ruleset = "chess"'))
    available = ", ".join(sorted(RULESETS))
    assert message == (
        f"scenarios/test.toml: ruleset: unknown ruleset 'chess' (available: {available})"
    )


# --- weapons a ruleset cannot use (issue 11) -------------------------------------------------
# Issue 11: "Every weapon selectable under a ruleset must carry what that ruleset needs; make
# the loader refuse a scenario that arms a combatant with a weapon lacking a field its ruleset
# requires (`file: key: message`)."

NO_BREAK_DIE = "has no break_die (this ruleset needs one)"


def _needs_break_die(weapon: Weapon) -> str | None:
    """A stub rule: every weapon must carry a break die."""
    return None if weapon.break_die else NO_BREAK_DIE


class PickyAp(ApRuleset):
    """The ap rules, but every weapon needs a break die."""

    def weapon_problem(self, weapon: Weapon) -> str | None:
        return _needs_break_die(weapon)


class PickyD40(D40Ruleset):
    """The d40 rules, but every weapon needs a break die."""

    def weapon_problem(self, weapon: Weapon) -> str | None:
        return _needs_break_die(weapon)


# The first combatant holds a weapon with a break die and carries a longsword without one.
ARMED = SCENARIO.replace('template = "swordsman"\n', 'template = "swordsman"\nweapons = [{ '
                         'id = "club", name = "club", damage = "1d6", break_die = 6 }, '
                         '"longsword"]\n')


def test_rulesets_accept_every_weapon_unless_they_say_otherwise() -> None:
    assert RulesetDefaults().weapon_problem(Weapon("stick", "stick", "1d4")) is None


def test_loader_refuses_a_spare_weapon_the_scenarios_ruleset_cannot_use(
    root: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(RULESETS, "ap", PickyAp())
    expected = ("scenarios/test.toml: combatants[0].weapons[1]: weapon 'longsword' is unusable "
                f"under ap: {NO_BREAK_DIE}")
    assert scenario_error(root, ARMED) == expected
    monkeypatch.setenv("ARENA_ASSETS", str(root))
    assert main(["sim", "--scenario", "test", "--seed", "1"]) == 2
    assert capsys.readouterr().err == f"arena: {expected}\n"


def test_loader_judges_weapons_under_the_rules_override(
    root: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(RULESETS, "d40", PickyD40())
    assert load_test_scenario(root, ARMED).ruleset == "ap"  # ap asks nothing of weapons
    expected = ("scenarios/test.toml: combatants[0].weapons[1]: weapon 'longsword' is unusable "
                f"under d40: {NO_BREAK_DIE}")
    assert error_of(lambda: load_scenario("test", load_library(root), "d40")) == expected
    monkeypatch.setenv("ARENA_ASSETS", str(root))
    assert main(["sim", "--scenario", "test", "--seed", "1", "--rules", "d40"]) == 2
    assert capsys.readouterr().err == f"arena: {expected}\n"


def test_unknown_map_is_rejected(root: Path) -> None:
    message = scenario_error(root, SCENARIO.replace(MAP_LINE, 'map = "atlantis"'))
    assert message.startswith("scenarios/test.toml: map: unknown map 'atlantis' (available: ")
    assert "arena" in message


def test_map_id_from_the_library_is_accepted(root: Path, library: Library) -> None:
    text = SCENARIO.replace(MAP_LINE, 'map = "arena"').replace("[2, 0]", "[3, 0]")
    assert load_test_scenario(root, text).map == library.maps["arena"]


def test_bad_facing_lists_the_facings(root: Path) -> None:
    message = scenario_error(root, SCENARIO.replace('facing = "E"', 'facing = "up"'))
    assert message == (
        "scenarios/test.toml: combatants[0].facing: must be one of E, NE, NW, W, SW, SE, got 'up'"
    )


def test_side_index_must_name_a_side(root: Path) -> None:
    message = scenario_error(root, SCENARIO.replace("side = 1", "side = 2"))
    assert message.startswith("scenarios/test.toml: combatants[1].side: no side 2")


def test_every_side_needs_a_combatant(root: Path) -> None:
    text = SCENARIO + '\n[[sides]]\nname = "Green"\ncolour = "#00ff00"\n'
    message = scenario_error(root, text)
    assert message == "scenarios/test.toml: sides[2]: side 'Green' has no combatants"


def test_a_battle_needs_two_sides(root: Path) -> None:
    text = SCENARIO.replace('[[sides]]\nname = "Blue"\ncolour = "#0000ff"\n', "")
    message = scenario_error(root, text)
    assert message == "scenarios/test.toml: sides: a battle needs at least 2 sides, got 1"


def test_max_rounds_range_is_checked(root: Path) -> None:
    text = SCENARIO.replace('ruleset = "ap"', 'ruleset = "ap"\nmax_rounds = 1001')
    message = scenario_error(root, text)
    assert message == "scenarios/test.toml: max_rounds: must be 1..1000, got 1001"


def test_colour_must_be_hex_rgb(root: Path) -> None:
    message = scenario_error(root, SCENARIO.replace('"#0000ff"', '"blue"'))
    assert message.startswith("scenarios/test.toml: sides[1].colour: must be a colour")


def test_glyph_must_be_one_printable_character(root: Path) -> None:
    text = SCENARIO.replace('side = 0\n', 'side = 0\nglyph = "ab"\n')
    message = scenario_error(root, text)
    assert message == (
        "scenarios/test.toml: combatants[0].glyph: must be one printable character, got 'ab'"
    )


def test_combatant_without_template_must_give_every_field(root: Path) -> None:
    text = SCENARIO.replace('template = "swordsman"\n', 'name = "Nobody"\n')
    message = scenario_error(root, text)
    assert message.startswith("scenarios/test.toml: combatants[0].glyph: required key is missing")


def test_combatant_overrides_merge_with_the_template(root: Path, library: Library) -> None:
    text = SCENARIO.replace(
        'side = 0\n', 'side = 0\nname = "Korg"\nhp = 30\nweapons = ["mace", '
        '{ id = "rusty", name = "rusty blade", damage = "1d4" }]\narmour = ""\nap = { ac = 18 }\n',
    )
    c = load_test_scenario(root, text).combatants[0]
    template = library.templates["swordsman"]
    assert (c.name, c.hp, c.speed, c.glyph) == ("Korg", 30, template["speed"], template["glyph"])
    assert [w.id for w in c.weapons] == ["mace", "rusty"]
    assert c.armour is None
    assert c.stats["ap"].number("ac") == 18
    template_ap: Any = template["ap"]
    assert c.stats["ap"].number("str") == template_ap["str"]


def test_template_without_a_ruleset_table_gets_that_rulesets_defaults(root: Path) -> None:
    append(root, "templates.toml", '[peasant]\nname = "Peasant"\nglyph = "p"\nhp = 5\nspeed = 4\n'
           'weapons = ["dagger"]')
    c = load_test_scenario(root, SCENARIO.replace('"axeman"', '"peasant"')).combatants[1]
    assert c.armour is None
    for ruleset, block in c.stats.items():
        assert dict(block.values) == {f.name: f.default for f in RULESETS[ruleset].fields}


def test_control_characters_are_stripped_from_names(root: Path) -> None:
    text = SCENARIO.replace('name = "Test"', 'name = "Te\\u001b[2Jst\\u0007"\n'
                            'description = """Two\nlines\\u200b."""')
    text = text.replace('side = 0\n', 'side = 0\nname = "Ko\\u0000rg\\t"\n')
    text = text.replace('name = "Red"', 'name = "\\u009bRed"')
    s = load_test_scenario(root, text)
    assert (s.name, s.description) == ("Te[2Jst", "Two lines.")
    assert (s.combatants[0].name, s.sides[0].name) == ("Korg", "Red")
    names = [c.name for c in s.combatants] + [x.name for x in s.sides]
    for value in (s.name, s.description, *names):
        assert not any(unicodedata.category(ch).startswith("C") for ch in value)


def test_unknown_key_with_control_characters_prints_escaped(root: Path) -> None:
    message = scenario_error(root, '"evil\\u001b[2J" = 1\n' + SCENARIO)
    assert message.startswith("scenarios/test.toml: 'evil\\x1b[2J': unknown key (valid: ")


# --- self-contained form -----------------------------------------------------------------


@pytest.mark.parametrize("name", ["duel", "skirmish"])
def test_scenario_round_trips_through_json(library: Library, name: str) -> None:
    s = load_scenario(name, library)
    d = json.loads(json.dumps(scenario_to_dict(s)))
    assert scenario_from_dict(d) == s
    assert scenario_to_dict(scenario_from_dict(d)) == d


def test_scenario_dict_needs_no_asset_files(library: Library, monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    d = scenario_to_dict(load_scenario("skirmish", library))
    monkeypatch.setenv("ARENA_ASSETS", str(tmp_path / "gone"))
    assert scenario_from_dict(d).map == library.maps["ruins"]


def test_inline_form_is_also_a_valid_toml_scenario(root: Path, library: Library) -> None:
    s = load_scenario("skirmish", library)
    text = "".join(f"{key} = {_toml_inline(value)}\n" for key, value in scenario_to_dict(s).items())
    assert load_test_scenario(root, text) == s


def _toml_inline(value: object) -> str:
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_inline(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_inline(v) for v in value) + "]"
    return json.dumps(value)


TAMPERS: list[tuple[Callable[[Any], object], str]] = [
    (lambda d: d["combatants"][0].update(hp="lots"),
     "replay: combatants[0].hp: expected an integer, got 'lots'"),
    (lambda d: d["combatants"][0].update(weapons=["longsword"]),
     "replay: combatants[0].weapons[0]: unknown weapon 'longsword' (available: none)"),
    (lambda d: d.update(map="arena"), "replay: map: unknown map 'arena' (available: none)"),
    (lambda d: d["combatants"][1].update(at=[-3, 0]),
     "replay: combatants[1].at: hex [-3, 0] is already taken by combatants[0] (Korg)"),
    (lambda d: d.update(cheat=True),
     "replay: cheat: unknown key (valid: combatants, description, id, map, max_rounds, name, "
     "ruleset, sides)"),
    (lambda d: d["combatants"][0]["ap"].update(ac=1.5),
     "replay: combatants[0].ap.ac: expected an integer, got 1.5"),
    (lambda d: d["combatants"][0].update(facing=None),
     "replay: combatants[0].facing: expected a string, got None"),
    (lambda d: d["map"]["patch"][0]["hexes"].insert(0, [40, 0]),
     "replay: map.patch[0].hexes[0]: hex [40, 0] is outside radius 6"),
    (lambda d: d.pop("id"), "replay: id: required key is missing"),
]


@pytest.mark.parametrize(("tamper", "expected"), TAMPERS)
def test_tampered_scenario_dict_is_rejected_in_one_line(
    library: Library, tamper: Callable[[Any], object], expected: str
) -> None:
    d = copy.deepcopy(scenario_to_dict(load_scenario("duel", library)))
    tamper(d)
    assert error_of(lambda: scenario_from_dict(d)) == expected


def test_scenario_from_dict_rejects_a_non_table() -> None:
    not_a_table: Any = [1, 2]
    message = error_of(lambda: scenario_from_dict(not_a_table, "save.json"))
    assert message == "save.json: expected a table, got [1, 2]"


# --- hash --------------------------------------------------------------------------------


def test_library_hash_is_stable_for_equal_bytes(root: Path, library: Library) -> None:
    assert load_library(root).hash == library.hash
    assert len(library.hash) == 64


def test_library_hash_changes_when_a_file_changes(root: Path, library: Library) -> None:
    append(root, "armour.toml", "# a comment changes the bytes")
    assert load_library(root).hash != library.hash


def test_library_hash_changes_when_a_file_is_renamed(root: Path, library: Library) -> None:
    (root / "scenarios" / "duel.toml").rename(root / "scenarios" / "duel2.toml")
    assert load_library(root).hash != library.hash


def test_library_hash_follows_the_environment(
    root: Path, library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    append(root, "weapons.toml", "# edited")
    monkeypatch.setenv("ARENA_ASSETS", str(root))
    assert load_library().hash == load_library(root).hash != library.hash


def test_a_ruleset_block_check_fails_at_load_naming_the_combatant(tmp_path: Path) -> None:
    scenario = tmp_path / "bad-hd.toml"
    scenario.write_text(
        'name = "x"\ndescription = ""\nruleset = "becmi"\nmap = "arena"\n'
        '[[sides]]\nname = "A"\ncolour = "#ff0000"\n[[sides]]\nname = "B"\ncolour = "#0000ff"\n'
        '[[combatants]]\ntemplate = "swordsman"\nside = 0\nat = [0, 0]\nfacing = "E"\n'
        '[combatants.becmi]\nclass = "monster"\nhd = "banana"\n'
        '[[combatants]]\ntemplate = "axeman"\nside = 1\nat = [2, 0]\nfacing = "W"\n'
    )
    message = error_of(lambda: load_scenario(str(scenario)))
    assert message.startswith(f"{scenario}: combatants[0].becmi: hd: bad hit dice 'banana'")
