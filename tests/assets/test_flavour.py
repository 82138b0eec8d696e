"""Every bestiary foe's line of flavour: required, one sentence at most 100 characters, and
cleaned of control characters as every text field is (issue 30, look mode)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from arena.assets import load_library
from arena.assets.bestiary import FLAVOUR_LIMIT
from arena.errors import AssetError

ROOT = Path(__file__).resolve().parents[2]
RAT = ('flavour = "A rat the size of a terrier, bold with hunger; it comes in packs out of the '
       'drains."')


def _with_rat_flavour(tmp_path: Path, line: str) -> Path:
    """A copy of the assets whose giant rat has the flavour line `line` ('' for none)."""
    root = tmp_path / "assets"
    shutil.copytree(ROOT / "assets", root)
    bestiary = root / "bestiary.toml"
    text = bestiary.read_text()
    assert text.count(RAT) == 1
    bestiary.write_text(text.replace(RAT, line))
    return root


def test_every_foe_of_the_bestiary_has_one_sentence_of_flavour():
    foes = {i: t for i, t in load_library(ROOT / "assets").templates.items() if "tier" in t}
    assert len(foes) > 30
    for ident, foe in foes.items():
        flavour = foe["flavour"]
        assert isinstance(flavour, str) and 0 < len(flavour) <= FLAVOUR_LIMIT, ident
        assert flavour.isprintable() and re.fullmatch(r"[A-Z].*[.!?]", flavour), ident


def test_a_flavour_s_control_characters_are_dropped(tmp_path):
    root = _with_rat_flavour(tmp_path, r'flavour = "Small\u001b[2J and\u0007 hungry."')
    assert load_library(root).templates["giant_rat"]["flavour"] == "Small[2J and hungry."


def test_a_flavour_too_long_or_missing_is_one_clear_error(tmp_path):
    root = _with_rat_flavour(tmp_path, f'flavour = "{"squeak " * 15}"')
    with pytest.raises(AssetError, match=r"bestiary\.toml: giant_rat\.flavour: must be at most "
                                         r"100 characters, got 104"):
        load_library(root)
    root = _with_rat_flavour(tmp_path / "again", "")
    with pytest.raises(AssetError, match=r"giant_rat\.flavour: required key is missing"):
        load_library(root)
