"""The `becmi` tables as data: every cell against the CSV and the DECISIONS.md formulas, and the
strict loader's one-line errors (DECISIONS.md, `becmi`; DESIGN.md point 7)."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest

from arena.errors import AssetError
from arena.rules.becmi.stats import parse_hd
from arena.rules.becmi.tables import ACS, Cell, Tables, load_tables

REAL = Path(__file__).resolve().parents[3] / "assets"
CSV = Path(__file__).resolve().parents[2] / "data" / "becmi_attack_rolls.csv"
ROLLS = Path("rules") / "becmi" / "attack_rolls.toml"
HRMS = Path("rules") / "becmi" / "hit_roll_modifiers.toml"
MODS = Path("rules") / "becmi" / "modifiers.toml"


@pytest.fixture(scope="module")
def tables() -> Tables:
    return load_tables(REAL)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    dest = tmp_path / "assets"
    shutil.copytree(REAL / "rules", dest / "rules")
    return dest


def csv_cells() -> dict[tuple[int, int], str]:
    """Every cell of the shared CSV (copied into tests/data), keyed by (HRM, AC)."""
    with CSV.open(encoding="utf-8") as f:
        rows = [r for r in csv.reader(f) if r and not r[0].startswith("#")]
    acs = [int(a) for a in rows[0][1:]]
    return {(int(r[0]), ac): cell for r in rows[1:] for ac, cell in zip(acs, r[1:], strict=True)}


def decisions_cell(hrm: int, ac: int) -> str:
    """DECISIONS.md's rule with D = (20 − HRM) − AC; "1+N" where D ≤ −4."""
    d = (20 - hrm) - ac
    if d <= -4:
        # "adds min(10, −4 − D) bonus damage (the cap of 10 holds for five ACs and then rises
        # again, as in the CSV)": past those five ACs the bonus grows as D − 8 does at the top.
        return f"1+{-4 - d if d >= -14 else 10 if d >= -18 else -8 - d}"
    if d == -3:
        return "1"
    if d <= 2:
        return "2"
    if d <= 19:
        return str(d)
    if d <= 24:
        return "20"
    if d <= 33:
        return str(d - 4)
    if d <= 38:
        return "30"
    return str(d - 8)


def test_every_cell_of_the_attack_rolls_table_matches_the_csv(tables: Tables) -> None:
    # DECISIONS.md: "Attack Rolls Table (fact ...): becmi_attack_rolls.csv beside this file."
    cells = csv_cells()
    assert len(cells) == 24 * 40
    for (hrm, ac), text in cells.items():
        assert str(tables.cell(hrm, ac)) == text, (hrm, ac)


def test_the_decisions_formula_reproduces_every_cell() -> None:
    # DECISIONS.md: "D 3..19 → D; D 20..24 → 20; D 25..33 → D − 4; D 34..38 → 30; D ≥ 39 → D − 8;
    # D −2..2 → 2; D −3 → 1; D ≤ −4 → hits on anything but a natural 1 ..."
    for (hrm, ac), text in csv_cells().items():
        assert decisions_cell(hrm, ac) == text, (hrm, ac)


def test_plateaus_and_automatic_cells_have_the_right_shape(tables: Tables) -> None:
    assert tables.cell(0, 0) == Cell(20) and tables.cell(0, -4) == Cell(20)
    assert tables.cell(0, -5) == Cell(21) and tables.cell(0, -14) == Cell(30)
    assert tables.cell(4, 19) == Cell(1)
    assert tables.cell(5, 19) == Cell(1, automatic=True, bonus=0)
    assert tables.cell(20, 19) == Cell(1, automatic=True, bonus=11)


def fighter_hrm(level: int) -> int:
    # DECISIONS.md: "levels 1–3 → 1, 4–6 → 3, 7–9 → 5, then +2 per 3 levels"
    return 1 + 2 * ((level - 1) // 3)


def cleric_hrm(level: int) -> int:
    # DECISIONS.md: "1–4 → 1, 5–8 → 3, 9–12 → 5, +2 per 4 levels (… 33–35 → 17, 36 → 19)"
    return 19 if level == 36 else 1 + 2 * ((level - 1) // 4)


def magic_user_hrm(level: int) -> int:
    # DECISIONS.md: "Magic-users: 1–5 → 1, 6–10 → 3, +2 per 5 levels (… 36 → 15)"
    return 1 + 2 * ((level - 1) // 5)


@pytest.mark.parametrize(("klass", "rule"), [
    ("fighter", fighter_hrm), ("dwarf", fighter_hrm), ("elf", fighter_hrm),
    ("halfling", fighter_hrm), ("mystic", fighter_hrm), ("cleric", cleric_hrm),
    ("thief", cleric_hrm), ("druid", cleric_hrm), ("magic_user", magic_user_hrm),
    ("normal_man", lambda level: 0),
])
def test_hrm_by_class_and_level_follows_the_decisions_progression(tables, klass, rule) -> None:
    assert [tables.hrm_of_class(klass, n) for n in range(1, 37)] == [rule(n) for n in range(1, 37)]


@pytest.mark.parametrize(("hd", "hrm"), [
    ("1/2", 1), ("1-1", 1), ("1", 1), ("1+1", 2), ("2", 2), ("2+1", 3), ("3-1", 3), ("8", 8),
    ("8+2", 9), ("9", 9), ("9+1", 10), ("11", 10), ("11+1", 11), ("13", 11), ("33+1", 22),
    ("35", 22), ("35+1", 23), ("60", 23),
])
def test_monster_hrm_by_hit_dice(tables: Tables, hd: str, hrm: int) -> None:
    # DECISIONS.md: "up to 1 → 1, 1+ to 2 → 2, ... 8+ to 9 → 9, 9+ to 11 → 10, 11+ to 13 → 11,
    # ... (+1 per 2 HD) ... 35+ → 23."
    dice = parse_hd(hd)
    assert tables.hrm_of_monster(dice.whole, dice.plus) == hrm


def test_ability_mastery_and_cover_tables(tables: Tables) -> None:
    # DECISIONS.md: "3: −3; 4–5: −2; 6–8: −1; 9–12: 0; 13–15: +1; 16–17: +2; 18: +3."
    assert [tables.ability[s] for s in range(3, 19)] == [
        -3, -2, -2, -1, -1, -1, 0, 0, 0, 0, 1, 1, 1, 2, 2, 3]
    assert dict(tables.mastery) == {"basic": (0, 0), "skilled": (2, 2), "expert": (4, 2),
                                    "master": (6, 4), "grand_master": (8, 6)}
    assert dict(tables.cover) == {1: -1, 2: -2, 3: -4}


# --- strict loading -----------------------------------------------------------------------


def edit(root: Path, rel: Path, old: str, new: str) -> None:
    path = root / rel
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def error(root: Path) -> str:
    with pytest.raises(AssetError) as info:
        load_tables(root)
    message = str(info.value)
    assert "\n" not in message
    return message


def test_missing_cell_is_named(root: Path) -> None:
    edit(root, ROLLS, ", 31, 32]\n", ", 31]\n")
    assert error(root) == "rules/becmi/attack_rolls.toml: needed.0[39] (AC -20): missing"


def test_duplicated_row_is_rejected(root: Path) -> None:
    edit(root, ROLLS, "\n1 = [", "\n0 = [")
    assert error(root).startswith("rules/becmi/attack_rolls.toml: malformed TOML: ")


def test_duplicated_column_is_named(root: Path) -> None:
    edit(root, ROLLS, "ac = [19, 18,", "ac = [19, 19,")
    assert error(root) == "rules/becmi/attack_rolls.toml: ac[1]: AC 19 is listed twice"


def test_wrong_cell_type_names_the_cell(root: Path) -> None:
    edit(root, ROLLS, '5 = ["1+0", 1,', '5 = ["1+0", true,')
    assert error(root) == (
        'rules/becmi/attack_rolls.toml: needed.5[1] (AC 18): expected a whole number, got True')
    edit(root, ROLLS, '5 = ["1+0", true,', '5 = ["2+0", 1,')
    assert error(root) == (
        "rules/becmi/attack_rolls.toml: needed.5[0] (AC 19): "
        "expected a number 1..40 or \"1+N\", got '2+0'")


def test_unknown_key_is_rejected(root: Path) -> None:
    edit(root, MODS, "[cover]\n", "[cover]\n4 = -8\n")
    assert error(root) == "rules/becmi/modifiers.toml: cover.4: unknown key (known: 1, 2, 3)"


def test_missing_row_and_short_level_list_are_named(root: Path) -> None:
    text = (root / ROLLS).read_text(encoding="utf-8")
    (root / ROLLS).write_text("\n".join(
        line for line in text.splitlines() if not line.startswith("23 = ")) + "\n",
        encoding="utf-8")
    assert error(root) == "rules/becmi/attack_rolls.toml: needed.23: missing"
    shutil.copy(REAL / ROLLS, root / ROLLS)
    edit(root, HRMS, "21, 21, 21, 23, 23, 23]", "21, 21, 21, 23, 23]")
    assert error(root) == (
        "rules/becmi/hit_roll_modifiers.toml: groups.fighter[35] (level 36): missing")


def test_unknown_group_and_missing_file_are_reported(root: Path) -> None:
    edit(root, HRMS, 'thief = "cleric"', 'thief = "rogue"')
    assert error(root) == ("rules/becmi/hit_roll_modifiers.toml: classes.thief: must be one of "
                           "fighter, cleric, magic_user, normal_man, got 'rogue'")
    (root / MODS).unlink()
    (root / HRMS).write_bytes((REAL / HRMS).read_bytes())
    assert error(root) == "rules/becmi/modifiers.toml: no such file"


def test_table_columns_are_the_forty_armour_classes() -> None:
    assert ACS[0] == 19 and ACS[-1] == -20 and len(ACS) == 40
