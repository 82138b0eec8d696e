"""The `d40` tables as data: every cell against the document, every row of the critical tables
against the document's words, and the loader's one-line errors naming the cell.

The document is copied to `tests/data/` so this runs on a clean clone.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from arena.errors import AssetError
from arena.rules.d40.criticals import CRITICAL_HITS
from arena.rules.d40.fumbles import CRITICAL_MISSES
from arena.rules.d40.tables import ACS, COLUMNS, load_tables

DOCUMENT = Path(__file__).parents[2] / "data" / "d40_000_60a4c8c67f380e01.txt"
ASSETS = Path(__file__).resolve().parents[3] / "assets"
PROGRESSION_ROWS = {"Warrior": ("warrior",), "Mage": ("mage",), "Rogue": ("rogue",),
                    "Savant": ("savant",),
                    "M, A, H, S*": ("monk", "assassin", "huntsman", "shaman")}


def lines() -> list[str]:
    return DOCUMENT.read_text(encoding="utf-8").splitlines()


def cells(line: str) -> list[str]:
    return [c.strip() for c in line.split("|") if c.strip()]


def section(start: str, stop: str) -> list[str]:
    """The document's lines after the one starting with `start`, up to the one with `stop`."""
    text = lines()
    first = next(i for i, line in enumerate(text) if line.startswith(start))
    last = next(i for i in range(first + 1, len(text)) if text[i].startswith(stop))
    return text[first + 1:last]


def document_attack_table() -> dict[tuple[int, str], int]:
    rows = section("The Attack Table", "The Combat Progression Table")
    assert cells(rows[0]) == ["AC", *COLUMNS]
    table = {}
    for line in rows[1:]:
        ac, *needed = cells(line)
        table.update({(int(ac), c): int(n) for c, n in zip(COLUMNS, needed, strict=True)})
    return table


def document_progression() -> dict[str, list[str]]:
    rows = section("The Combat Progression Table", "*Attack table")
    joined: list[list[str]] = []
    for line in rows[2:]:  # "Class/Level |" and the level numbers
        parts = cells(line)
        if len(parts) == 1:  # "Warrior |" with its letters on the next line
            joined.append(parts)
        elif joined and len(joined[-1]) == 1:
            joined[-1] += parts
        else:
            joined.append(parts)
    assert cells(rows[1]) == [str(n) for n in range(1, 18)]
    return {row[0]: row[1:] for row in joined}


def document_rows(start: str, stop: str) -> list[tuple[int, int, str]]:
    found = []
    for line in section(start, stop)[1:]:  # "Roll | ... Effect |"
        roll, text = cells(line)
        low, _, high = roll.partition("-")
        found.append((int(low), int(high or low), " ".join(text.split())))
    return found


def test_every_cell_of_the_attack_table_matches_the_document():
    loaded = load_tables(ASSETS).needed
    expected = document_attack_table()
    assert len(expected) == len(ACS) * len(COLUMNS) == 21 * 16
    for (ac, column), needed in expected.items():
        assert loaded[(ac, column)] == needed, f"AC {ac}, column {column}"
    assert set(loaded) == set(expected)


def test_every_cell_of_the_combat_progression_table_matches_the_document():
    tables = load_tables(ASSETS)
    for name, letters in document_progression().items():
        assert len(letters) == 17, name
        for klass in PROGRESSION_ROWS[name]:
            for level, letter in enumerate(letters, start=1):
                assert tables.column(klass, level) == letter, f"{klass} level {level}"


def test_every_row_of_the_critical_hit_table_matches_the_document():
    expected = document_rows("Critical Hit Table", "In the course of combat")
    assert [(r.low, r.high, r.text) for r in CRITICAL_HITS] == expected


def test_every_row_of_the_critical_miss_table_matches_the_document():
    expected = document_rows("Critical Miss Table", "Critical Miss Descriptions")
    assert [(r.low, r.high, " ".join(r.text.split())) for r in CRITICAL_MISSES] == expected


# --- the loader's errors --------------------------------------------------------------------

@pytest.fixture
def root(tmp_path: Path) -> Path:
    shutil.copytree(ASSETS / "rules" / "d40", tmp_path / "rules" / "d40")
    return tmp_path


def edit(root: Path, name: str, old: str, new: str, count: int = 1) -> None:
    path = root / "rules" / "d40" / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def error(root: Path) -> str:
    with pytest.raises(AssetError) as caught:
        load_tables(root)
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_a_missing_attack_table_cell_names_its_ac_and_column(root: Path) -> None:
    edit(root, "attack_table.toml", ", 24, 23]", ", 24]")  # AC -7 loses column P
    assert error(root) == (
        "rules/d40/attack_table.toml: rows[3].needed[15] (AC -7, column P): missing")


def test_a_duplicated_row_is_named(root: Path) -> None:
    edit(root, "attack_table.toml", "ac = -9", "ac = -10")
    assert error(root) == (
        "rules/d40/attack_table.toml: rows[1].ac: AC -10 is listed twice (also rows[0])")


def test_a_missing_row_is_named(root: Path) -> None:
    text = (root / "rules/d40/attack_table.toml").read_text(encoding="utf-8")
    start = text.index("[[rows]]\nac = 0\n")
    end = text.index("[[rows]]", start + 1)
    (root / "rules/d40/attack_table.toml").write_text(text[:start] + text[end:], "utf-8")
    assert error(root) == "rules/d40/attack_table.toml: rows: AC 0 is missing"


def test_an_extra_cell_is_named(root: Path) -> None:
    edit(root, "attack_table.toml", ", 28, 27]", ", 28, 27, 26]")
    assert error(root) == (
        "rules/d40/attack_table.toml: rows[0].needed[16]: one too many (expected 16)")


def test_a_wrong_type_is_named(root: Path) -> None:
    edit(root, "attack_table.toml", "needed = [45,", 'needed = ["45",')
    assert error(root) == ("rules/d40/attack_table.toml: rows[0].needed[0] (AC -10, column A): "
                           "expected a whole number, got '45'")


def test_an_unknown_key_is_named(root: Path) -> None:
    edit(root, "attack_table.toml", "ac = 3\n", "ac = 3\nnote = 'x'\n")
    assert error(root) == (
        "rules/d40/attack_table.toml: rows[13].note: unknown key (known: ac, needed)")


def test_columns_must_be_a_to_p_in_order(root: Path) -> None:
    edit(root, "attack_table.toml", '"B", "C"', '"C", "B"')
    assert error(root) == (
        "rules/d40/attack_table.toml: columns[1]: expected column B here, got C")


def test_a_progression_cell_must_be_a_column_letter(root: Path) -> None:
    edit(root, "progression.toml", 'mage = ["A", "A", "A"', 'mage = ["A", "A", "Q"')
    assert error(root) == ("rules/d40/progression.toml: columns.mage[2] (level 3): "
                           "expected a column A..P, got 'Q'")


def test_a_missing_progression_level_is_named(root: Path) -> None:
    edit(root, "progression.toml", '"O", "P"]', '"O"]')
    assert error(root) == "rules/d40/progression.toml: columns.warrior[16] (level 17): missing"


def test_a_class_must_name_a_progression_row(root: Path) -> None:
    edit(root, "progression.toml", 'monk = "monk_assassin_huntsman_shaman"', 'monk = "monks"')
    assert re.fullmatch(r"rules/d40/progression\.toml: classes\.monk: must be one of .*, "
                        r"got 'monks'", error(root))


def test_a_missing_ability_score_is_named(root: Path) -> None:
    edit(root, "abilities.toml", "14 = 1\n", "")
    assert error(root) == "rules/d40/abilities.toml: adjustment.14: missing"


def test_duplicate_keys_and_missing_files_are_one_line_errors(root: Path) -> None:
    edit(root, "abilities.toml", "14 = 1\n", "14 = 1\n14 = 2\n")
    assert error(root).startswith("rules/d40/abilities.toml: malformed TOML: ")
    (root / "rules/d40/progression.toml").unlink()
    assert error(root) == "rules/d40/progression.toml: no such file"
