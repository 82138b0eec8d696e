"""`arena sim`'s log lines call weapons by their names, as the battle screen does."""

from __future__ import annotations

import re

import pytest

from arena.assets import load_library
from arena.cli.main import main

IDS = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")  # an id such as long_sword_plus_1


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ["adnd-melee", "adnd-archers"])
def test_the_sim_log_names_weapons_as_the_player_sees_them_never_by_id(
        scenario: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--scenario", scenario, "--seed", "1"]) == 0
    out = capsys.readouterr().out
    ids = {w.id for w in load_library().weapons.values() if "_" in w.id}
    assert not set(IDS.findall(out)) & ids, sorted(set(IDS.findall(out)) & ids)
    if scenario == "adnd-melee":
        assert "Erdowan attacks Thassa with long sword +1 " in out
