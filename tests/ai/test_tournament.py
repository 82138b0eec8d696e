"""A smoke test of the AI tournament (benchmarks/ai_tournament.py); the full run is a benchmark."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from arena.ai import rating as ai_rating
from arena.assets import load_scenario

PATH = Path(__file__).parents[2] / "benchmarks" / "ai_tournament.py"


@pytest.fixture(scope="module")
def tournament() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ai_tournament", PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ai_tournament"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_a_tournament_battle_reports_winner_moves_and_decision_times(tournament):
    duel = load_scenario("ap-duel")
    results = [tournament.fight(duel, seed, seed % 2) for seed in range(4)]
    assert not any(r.won and r.draw for r in results)
    assert sum(r.won for r in results) + sum(r.draw for r in results) <= 4
    assert all(r.times and all(t > 0 for t in r.times) for r in results)
    assert all(0 <= r.returning <= r.moves for r in results)
    # The same seed and sides give the same battle.
    again = tournament.fight(duel, 1, 1)
    assert (again.won, again.moves, again.returning) == (results[1].won, results[1].moves,
                                                          results[1].returning)


def test_the_win_rate_interval_is_wilsons(tournament):
    low, high = tournament.wilson(140, 200)
    assert round(low, 3) == 0.633 and round(high, 3) == 0.759
    assert tournament.wilson(0, 0) == (0.0, 0.0)


def test_the_crowd_puts_the_asked_number_of_combatants_on_open_ground(tournament):
    crowd = tournament.crowd(load_scenario("skirmish"), 20)
    assert len(crowd.combatants) == 20
    assert len({c.at for c in crowd.combatants}) == 20
    assert all(crowd.map.passable(c.at) for c in crowd.combatants)


def test_the_baseline_seats_basic_where_tactical_sat(tournament):
    # --baseline: the same seeds and seats with `basic` in tactical's place (what seats give).
    duel = load_scenario("ap-duel")
    result = tournament.fight(duel, 2, 0, player="basic")
    assert result.times and result.moves >= 0
    player, name, ruleset, again = tournament._job(("ap-duel", 2, "normal", "basic"))
    assert (player, name, ruleset) == ("basic", "ap-duel", "ap")
    assert (again.won, again.moves) == (result.won, result.moves)


def test_the_seats_run_plays_an_ai_against_itself_counting_side_0(tournament):
    # --seats: basic against basic, side 0 counted, so a scenario's seat advantage shows.
    player, name, _, result = tournament._job(("ap-duel", 3, "normal", "seats:basic"))
    assert (player, name) == ("seats:basic", "ap-duel")
    again = tournament.fight(load_scenario("ap-duel"), 3, 0, "normal", "basic", "basic")
    assert (result.won, result.draw, result.moves) == (again.won, again.draw, again.moves)


def test_a_capped_fight_stops_after_that_many_commands(tournament):
    crowd = tournament.crowd(load_scenario("skirmish"), 20)
    result = tournament.fight(crowd, 0, 0, other="tactical", cap=5)
    assert 0 < len(result.times) <= 5 and not result.won


def test_a_sweep_setting_names_ai_constants_and_is_put_back_after_its_battles():
    spec = importlib.util.spec_from_file_location("ai_sweep", PATH.parent / "ai_sweep.py")
    assert spec is not None and spec.loader is not None
    sweep = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sweep)
    assert sweep.parse_setting("EXPOSE=0.5, HOLD_LINE=2") == (("EXPOSE", 0.5), ("HOLD_LINE", 2.0))
    for bad in ("NOPE=1", "EXPOSE", "EXPOSE=x", "PRESS=2.5"):  # PRESS counts rounds
        with pytest.raises(ValueError):
            sweep.parse_setting(bad)
    assert sweep.parse_seeds("3:6") == range(3, 6)
    for bad in ("5", "a:b", "6:3"):
        with pytest.raises(ValueError):
            sweep.parse_seeds(bad)
    for bad in (["nope"], ["gen-xx"]):
        with pytest.raises(ValueError):
            sweep.check_scenarios(bad)
    before = ai_rating.EXPOSE
    with sweep.changed((("EXPOSE", 0.5),)):
        assert ai_rating.EXPOSE == 0.5
    assert before == ai_rating.EXPOSE
