"""The `ap` scenarios exercise the ruleset in real battles (issue 3's "done when")."""

from __future__ import annotations

from arena.assets import load_scenario
from arena.battle.core import Battle
from arena.battle.narrate import narrate
from arena.rules import get_ruleset


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


def test_ap_ambush_shows_opportunity_flanking_criticals_and_range_penalties():
    logs = "\n".join(battle_log("ap-ambush", seed) for seed in range(1, 5))
    assert "presents an opening" in logs
    assert "strikes at the opening of" in logs
    assert "-4 flanked" in logs
    assert "confirm d20" in logs
    assert " range 2" in logs
    assert "Battle over" in logs


def test_ap_duel_ends_with_a_winner():
    for seed in (1, 2, 3):
        assert "wins (last side standing)" in battle_log("ap-duel", seed)
