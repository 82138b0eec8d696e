"""The `adnd` tables and content as data: the THAC0, Strength and Dexterity tables against
DECISIONS.md, the break dice against the weapons, and the strict loader's one-line errors
(DECISIONS.md, `adnd`; DESIGN.md point 7)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from arena.assets import Library, load_library, load_scenario
from arena.errors import AssetError
from arena.rules.adnd.tables import CLASSES, LEVELS, Tables, load_tables

REAL = Path(__file__).resolve().parents[3] / "assets"
FOLDER = Path("rules") / "adnd"


@pytest.fixture(scope="module")
def tables() -> Tables:
    return load_tables(REAL)


@pytest.fixture(scope="module")
def library() -> Library:
    return load_library(REAL)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    dest = tmp_path / "assets"
    shutil.copytree(REAL / "rules", dest / "rules")
    return dest


def decisions_thac0(group: str, level: int) -> int:
    """DECISIONS.md: "warriors 21 − level; priests 20 − 2 × floor((level − 1) / 3); rogues
    20 − floor((level − 1) / 2); wizards 20 − floor((level − 1) / 3); never below 1"."""
    value = {
        "warrior": 21 - level,
        "priest": 20 - 2 * ((level - 1) // 3),
        "rogue": 20 - (level - 1) // 2,
        "wizard": 20 - (level - 1) // 3,
    }[group]
    return max(1, value)


def test_thac0_table_follows_the_class_group_formulas(tables: Tables) -> None:
    for group in CLASSES:
        for level in range(1, LEVELS + 1):
            assert tables.thac0_of(group, level) == decisions_thac0(group, level), (group, level)
    assert tables.thac0_of("warrior", 25) == 1  # levels past 20 use level 20


def test_strength_table_follows_decisions(tables: Tables) -> None:
    # DECISIONS.md: "3: −3/−1; 4–5: −2/−1; 6–7: −1/0; 8–15: 0/0; 16: 0/+1; 17: +1/+1; 18: +1/+2;
    # 18/01–50: +1/+3; 18/51–75: +2/+3; 18/76–90: +2/+4; 18/91–99: +2/+5; 18/00: +3/+6".
    expected = {3: (-3, -1), 4: (-2, -1), 5: (-2, -1), 6: (-1, 0), 7: (-1, 0), 16: (0, 1),
                17: (1, 1), 18: (1, 2), **dict.fromkeys(range(8, 16), (0, 0))}
    assert {s: tables.strength_of(s, 0) for s in range(3, 19)} == expected
    bands = {1: (1, 3), 50: (1, 3), 51: (2, 3), 75: (2, 3), 76: (2, 4), 90: (2, 4), 91: (2, 5),
             99: (2, 5), 100: (3, 6)}
    assert {p: tables.strength_of(18, p) for p in bands} == bands


def test_dexterity_table_follows_decisions(tables: Tables) -> None:
    # DECISIONS.md: "3: −3; 4: −2; 5: −1; 6–15: 0; 16: +1; 17: +2; 18: +2".
    expected = {3: -3, 4: -2, 5: -1, 16: 1, 17: 2, 18: 2, **dict.fromkeys(range(6, 16), 0)}
    assert dict(tables.dexterity) == expected


def test_every_weapon_of_the_break_and_sweeping_tables_exists(tables: Tables,
                                                            library: Library) -> None:
    assert set(tables.break_dice) <= set(library.weapons)
    assert tables.sweeping <= set(library.weapons)


def test_adnd_weapons_carry_break_dice_and_the_sweeping_tag(library: Library) -> None:
    # Document: "mauls, flails, morning stars, pole arms, quarterstaves, spears, two-handed
    # swords and tridents"; DECISIONS.md break dice: d5 halberd, d8 flail and morning star.
    w = library.weapons
    sweeping = ("maul", "footmans_flail", "morning_star", "quarterstaff", "trident", "halberd",
                "two_handed_sword")
    assert all("sweeping" in w[i].tags for i in sweeping)
    assert (w["halberd"].break_die, w["halberd"].reach) == (5, 2)
    assert (w["morning_star"].break_die, w["footmans_flail"].break_die) == (8, 8)
    assert w["serpent_sword"].conditional == (("reptiles", 4),)
    assert library.terrain["well"].hazard and library.terrain["stone"].surface == "hard"


def test_the_scenarios_hold_what_their_rules_need(library: Library) -> None:
    melee = load_scenario("adnd-melee", library)
    cells = melee.map.cells.values()
    assert {"stone", "well", "pillar"} <= {t.id for t in cells}
    weapons = {w.id for c in melee.combatants for w in c.weapons}
    assert {"maul", "long_sword_plus_1", "serpent_sword"} <= weapons
    assert any("chant" in c.stats["adnd"].text("abilities") for c in melee.combatants)
    archers = load_scenario("adnd-archers", library)
    bows = [c for c in archers.combatants if c.weapons[0].kind == "ranged"]
    assert {c.side for c in bows} == {0, 1} and len(bows) >= 4


def write(root: Path, name: str, old: str, new: str) -> None:
    path = root / FOLDER / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize(("name", "old", "new", "message"), [
    ("thac0.toml", "warrior = [20, 19, 18, 17", "warrior = [20, 19, 18, 0",
     "rules/adnd/thac0.toml: warrior[3] (level 4): must be 1..20, got 0"),
    ("thac0.toml", "wizard = [20, 20, 20, 19, 19, 19, 18, 18, 18, 17, 17, 17, 16, 16, 16, 15, "
     "15, 15, 14, 14]", "wizard = [20]",
     "rules/adnd/thac0.toml: wizard: expected 20 entries, got 1"),
    ("thac0.toml", "rogue =", "bard = 1\nrogue =",
     "rules/adnd/thac0.toml: bard: unknown key (known: warrior, priest, rogue, wizard)"),
    ("abilities.toml", "16 = [0, 1]", "16 = [0, true]",
     "rules/adnd/abilities.toml: strength.16[1]: expected a whole number, got True"),
    ("abilities.toml", "75 = [2, 3]\n", "",
     "rules/adnd/abilities.toml: exceptional.75: missing"),
    ("weapons.toml", "lance = 3", "lance = 1",
     "rules/adnd/weapons.toml: break_die.lance: must be 2..20, got 1"),
    ("weapons.toml", '["spear",', '["Spear",',
     "rules/adnd/weapons.toml: sweeping.weapons[0]: expected a weapon id, got 'Spear'"),
])
def test_bad_tables_fail_with_one_line_naming_file_and_key(root: Path, name: str, old: str,
                                                           new: str, message: str) -> None:
    write(root, name, old, new)
    with pytest.raises(AssetError) as error:
        load_tables(root)
    assert str(error.value) == message


def test_a_missing_table_file_is_one_line(root: Path) -> None:
    (root / FOLDER / "abilities.toml").unlink()
    with pytest.raises(AssetError, match=r"^rules/adnd/abilities.toml: no such file$"):
        load_tables(root)


def test_exceptional_strength_without_18_is_a_load_error(tmp_path: Path) -> None:
    dest = tmp_path / "assets"
    shutil.copytree(REAL, dest)
    path = dest / "templates.toml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "str = 18\nstr_pct = 50", "str = 17\nstr_pct = 50", 1), encoding="utf-8")
    with pytest.raises(AssetError) as error:
        load_scenario("adnd-melee", load_library(dest))
    assert str(error.value) == ("scenarios/adnd-melee.toml: combatants[1].adnd: str_pct: "
                                "exceptional Strength needs str 18, got str 17")
