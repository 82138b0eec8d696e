"""The `adnd` scenarios in AI battles: fumbled weapons landing on hexes, picked up or kicked
back, breaking on stone, lost in the well, friendly fire and friendly hits (issue 4, "Done
when"), and the same bytes whatever the hash seed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from arena.assets import load_scenario
from arena.battle.core import Battle
from arena.battle.narrate import narrate
from arena.cli.main import main
from arena.rules import get_ruleset

ROOT = Path(__file__).resolve().parents[3]
SEEDS = range(1, 5)


@cache
def battle_log(name: str, seed: int) -> str:
    """The whole narrated log of an AI battle."""
    scenario = load_scenario(name)
    with Battle(scenario, get_ruleset(scenario.ruleset), seed) as battle:
        battle.roster.configure("basic", "normal", len(scenario.sides))  # rules, not AI
        while not battle.over:
            battle.apply(battle.decide())
        names = battle.names()
        sides = {i: s.name for i, s in enumerate(scenario.sides)}
        return "\n".join(narrate(e, names, sides) for e in battle.log)


def logs(name: str) -> str:
    return "\n".join(battle_log(name, seed) for seed in SEEDS)


@pytest.mark.slow
def test_the_cloister_shows_scatter_pick_up_kick_back_breakage_and_friendly_hits():
    log = logs("adnd-melee")
    assert "it lands 1 hex away at (" in log and "it falls at its feet at (" in log
    assert "it rebounds into its hex at (" in log  # off a pillar
    assert " picks up " in log and " kicks " in log
    assert "breaks (d" in log  # on the stone floor
    assert "(friendly hit: whatever the armour" in log  # Gorm's maul, the lizard men's tridents
    assert "starts chant" in log and "enemy chant" in log
    assert "loses 1 HP (bleeding 1 a round from wounds)" in log
    assert all("Battle over" in battle_log("adnd-melee", seed) for seed in SEEDS)


def test_the_well_swallows_a_weapon():
    assert "it is lost in the well at (0, 0)" in battle_log("adnd-melee", 18)


def test_archers_shooting_past_their_line_hit_friends_on_a_natural_2():
    log = logs("adnd-archers")
    assert "natural 2: friendly fire strikes an ally" in log
    assert "with shortbow" in log and "(friendly fire: whatever the armour" in log
    assert "it lands 1 hex away at (" in log and " picks up " in log and " kicks " in log
    assert "breaks (d" in log
    assert "starts martial spirit" in log


@pytest.mark.slow
def test_an_adnd_battle_is_byte_identical_whatever_the_hash_seed():
    # DESIGN.md point 3: buffs are sets of names, bystanders and items are read in id order.
    outputs = set()
    for hashseed in ("0", "77"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        result = subprocess.run(
            [sys.executable, "-m", "arena", "sim", "--scenario", "adnd-melee", "--seed", "3",
             "--json"], capture_output=True, cwd=ROOT, env=env, check=True)
        outputs.add(result.stdout)
    assert len(outputs) == 1


@pytest.mark.slow
def test_a_recorded_adnd_battle_with_kicks_and_chants_replays_exactly(tmp_path, capsys):
    # DESIGN.md point 1: the new commands (`kick`, `invoke`) and events replay bit for bit.
    path = tmp_path / "melee.json"
    assert main(["sim", "--scenario", "adnd-melee", "--seed", "4", "--ai", "basic",
                 "--record", str(path)]) == 0
    types = {step["command"]["type"] for step in json.loads(path.read_text())["commands"]}
    assert {"kick", "invoke", "pick_up"} <= types
    capsys.readouterr()
    assert main(["replay", str(path), "--verify"]) == 0
