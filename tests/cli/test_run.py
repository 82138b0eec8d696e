"""`arena run --auto`'s text lines: counts agree with their nouns."""

from __future__ import annotations

from arena.cli.run import _text


def test_a_bout_won_in_one_round_with_one_foe_down_reads_in_the_singular():
    line = _text({"type": "bout_end", "bout": 1, "won": True, "rounds": 1, "kills": 1,
                  "party": [{"name": "Ann", "alive": True, "hp": 3, "max_hp": 9}]})
    assert line == "bout 1: won in 1 round, 1 foe down; standing: Ann 3/9"
    line = _text({"type": "run_end", "result": "death", "bouts_won": 1, "score": 120,
                  "seed": 4, "ruleset": "ap"})
    assert line == "run over: death, 1 bout won, score 120 (seed 4, ap)"
