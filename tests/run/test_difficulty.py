"""Difficulty and the starting party's budget (docs/run.md, "Difficulty and the party")."""

from __future__ import annotations

import pytest

from arena.errors import ArenaError
from arena.run.auto import play_auto
from arena.run.balance import foe_budget
from arena.run.config import (
    PARTY_BUDGET,
    RunConfig,
    over_budget,
    party_budget,
    party_cost,
    suggested_party,
)
from arena.run.engine import Run
from arena.run.morgue import morgue_text
from arena.run.record import document
from arena.run.runjournal import config_json
from arena.run.score import table
from tests.run.roads import next_bout
from tests.run.test_run import LIBRARY


def test_easy_and_hard_scale_the_foes_budget_by_four_fifths_and_six_fifths() -> None:
    assert [foe_budget("d40", 1000, 1, d) for d in ("easy", "normal", "hard")] == \
        [176, 220, 264]  # d40 22 % at step 1: 220, then 4/5 and 6/5 of it


def test_the_difficulty_sets_the_level_of_the_ai_that_commands_the_foes() -> None:
    for difficulty, level in (("easy", "easy"), ("normal", "normal"), ("hard", "hard")):
        run = Run(RunConfig("d40", 3, 6, difficulty=difficulty), LIBRARY)
        bout = next_bout(run)
        with run.battle(bout) as battle:
            sides = dict(battle.roster.sides)
        assert sides[1] == ("tactical", level)
        assert 0 not in sides or sides[0] == ("tactical", "normal")


def test_an_unknown_difficulty_is_one_line() -> None:
    with pytest.raises(ArenaError, match=r"^unknown difficulty 'brutal' \(choose from easy, "
                                         r"normal, hard\)$"):
        Run(RunConfig("d40", 3, 6, difficulty="brutal"), LIBRARY)


def test_three_knights_cost_what_they_are_worth_and_are_refused_over_the_budget() -> None:
    run = Run(RunConfig("becmi", 3, 6), LIBRARY)
    lancer = next(m.threat for m in run.pool.members if m.template == "becmi_lancer")
    assert party_budget(run.pool) == PARTY_BUDGET * run.pool.median
    assert party_cost(run.pool, ("becmi_lancer",) * 3) == 3 * lancer
    why = over_budget(run.pool, ("becmi_lancer",) * 3)
    assert why == (f"the party costs {3 * lancer} threat (becmi_lancer {lancer}, becmi_lancer "
                   f"{lancer}, becmi_lancer {lancer}); the budget is {party_budget(run.pool)}")
    with pytest.raises(ArenaError, match="the budget is"):
        Run(RunConfig("becmi", 3, 6, party=("becmi_lancer",) * 3), LIBRARY)
    Run(RunConfig("becmi", 3, 6, party=("becmi_lancer",)), LIBRARY)  # one alone fits


def test_every_suggested_party_fits_its_budget() -> None:
    for ruleset in ("d40", "becmi", "adnd", "ap"):
        p = Run(RunConfig(ruleset, 1, 6), LIBRARY).pool
        for seed in range(1, 60):
            party = suggested_party(p, seed)
            assert len(party) == 3 and party_cost(p, party) <= party_budget(p), (ruleset, seed)


def test_the_difficulty_is_in_the_journal_the_record_the_morgue_and_the_score_table() -> None:
    config = RunConfig("d40", 3, 2, difficulty="easy")
    run, points = play_auto(config, LIBRARY)
    assert config_json(run.config)["difficulty"] == "easy"
    assert document(run, points)["difficulty"] == "easy"
    assert "difficulty easy (unranked)" in morgue_text(run, points, "2026-12-03")
    rows = [{"score": 10, "ruleset": "d40", "result": "death", "difficulty": "easy"},
            {"score": 5, "ruleset": "d40", "result": "death", "difficulty": "hard"}]
    ranked, apart = table(rows, None).split("Seeded, endless or easy runs (unranked):")
    assert "    5" in ranked and "   10" not in ranked and "   10" in apart
