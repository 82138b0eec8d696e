"""The seed catalog in tests/catalog/: regenerated and compared (re-bless: scripts/)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.cli.gen import catalog_document
from arena.procgen import GENERATOR_VERSION
from tests.procgen.helpers import RULESETS, library

pytestmark = pytest.mark.slow  # every test here plays or generates many battles

CATALOG = Path(__file__).parents[1] / "catalog"


@pytest.mark.parametrize("rules", RULESETS)
def test_seed_catalog_matches_the_generator(rules):
    stored = (CATALOG / f"{rules}.csv").read_text()
    assert stored.splitlines()[0].startswith(
        f"# arena gen seed catalog: generator version {GENERATOR_VERSION}, ruleset {rules},"
    ), "catalog header names another generator version: re-bless with scripts/bless_catalog.py"
    fresh = catalog_document(rules, range(1, 41), library())
    for old, new in zip(stored.splitlines(), fresh.splitlines(), strict=True):
        assert old == new, ("the generator changed this seed; if intended, run "
                            "`.venv/bin/python scripts/bless_catalog.py` (it bumps the version)")
