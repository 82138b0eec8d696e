"""The fast paths of issue 15 give what the slow ones gave: assets once per process, rolls, sims.

Speed is measured by benchmarks/ (bench.py, bench_speed.py); these tests pin behaviour only.
"""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from arena.assets import load_library
from arena.cli.main import main
from arena.dice import Dice, Roll
from arena.errors import AssetError
from arena.paths import asset_root


def test_the_library_is_parsed_once_per_process_for_unchanged_files() -> None:
    assert load_library() is load_library()


def test_a_changed_asset_file_is_read_again(tmp_path: Path) -> None:
    root = tmp_path / "assets"
    shutil.copytree(asset_root(), root)
    first = load_library(root)
    weapons = root / "weapons.toml"
    weapons.write_text(weapons.read_text() + "\n# an edit\n")
    second = load_library(root)
    assert second is not first
    assert second.hash != first.hash
    assert load_library(root) is second


def test_a_broken_asset_file_is_reported_even_after_a_good_load(tmp_path: Path) -> None:
    root = tmp_path / "assets"
    shutil.copytree(asset_root(), root)
    load_library(root)
    (root / "terrain.toml").write_text("[floor\n")
    with pytest.raises(AssetError, match=r"terrain\.toml"):
        load_library(root)


def test_the_same_root_by_another_path_keeps_that_path(tmp_path: Path) -> None:
    root = tmp_path / "assets"
    shutil.copytree(asset_root(), root)
    link = tmp_path / "link"
    link.symlink_to(root)
    assert load_library(link).root == link
    assert load_library(root).root == root


def test_a_rolled_record_equals_one_built_field_by_field() -> None:
    rolled = Dice(7, (20,)).roll("d20+5", "attack d20")
    built = Roll("d20+5", (20,), 5, 25, "attack d20", scripted=True)
    assert rolled == built
    assert hash(rolled) == hash(built)
    assert repr(rolled) == repr(built)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rolled.total = 1  # type: ignore[misc]


@pytest.mark.slow
def test_a_sim_without_record_prints_what_a_recorded_sim_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["sim", "--seed", "3"]) == 0
    plain = capsys.readouterr().out
    assert main(["sim", "--seed", "3", "--record", str(tmp_path / "r.json")]) == 0
    assert capsys.readouterr().out == plain
    assert plain.splitlines()[-1].startswith("State hash ")
