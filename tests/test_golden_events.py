"""Golden battles: every shipped scenario, three seeds, both AIs, byte for byte as blessed."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from bless_golden import GOLDEN, digest  # noqa: E402

pytestmark = pytest.mark.slow  # every test here plays or generates many battles

EXPECTED: dict[str, str] = json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_golden_battle_events_are_unchanged(key: str) -> None:
    scenario, seed, ai = key.split("/")
    assert digest(scenario, int(seed), ai) == EXPECTED[key], (
        f"{key}: the event stream changed; a speed-up must not change an event "
        "(scripts/bless_golden.py re-blesses a deliberate rules/AI/content change)")
