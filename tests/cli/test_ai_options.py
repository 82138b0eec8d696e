"""`--ai`, `--ai-level` and `--explain-ai`; replays record which AI gave each command."""

from __future__ import annotations

import json

import pytest

from arena.assets import load_scenario
from arena.battle.core import Battle
from arena.cli.main import main
from arena.replay.file import step_hash
from arena.rules import get_ruleset


def test_sim_chooses_an_ai_per_side_and_the_replay_records_and_verifies_it(tmp_path, capsys):
    path = tmp_path / "duel.json"
    assert main(["sim", "--scenario", "becmi-duel", "--seed", "2", "--ai", "tactical,basic",
                 "--ai-level", "hard", "--record", str(path)]) == 0
    steps = json.loads(path.read_text())["commands"]
    scenario = load_scenario("becmi-duel")
    labels = {(scenario.combatants[s["command"]["actor"] - 1].side, s["ai"]) for s in steps}
    assert labels == {(0, "tactical/hard"), (1, "basic")}
    capsys.readouterr()
    assert main(["replay", str(path), "--verify"]) == 0
    assert "replay verified" in capsys.readouterr().out


def test_a_replay_whose_ai_labels_were_swapped_no_longer_verifies(tmp_path, capsys):
    path = tmp_path / "duel.json"
    assert main(["sim", "--scenario", "d40-duel", "--seed", "1", "--ai", "tactical,basic",
                 "--record", str(path)]) == 0
    doc = json.loads(path.read_text())
    for step in doc["commands"]:
        step["ai"] = "basic" if step["ai"] != "basic" else "tactical/normal"
    path.write_text(json.dumps(doc))
    capsys.readouterr()
    assert main(["replay", str(path), "--verify"]) == 1
    assert "step hash (who gave it)" in capsys.readouterr().err
    for step in doc["commands"]:  # a forger recomputes the hashes: the AI's choices still tell
        step["step_hash"] = step_hash(step["state_hash"], step["by"], step["ai"])
    path.write_text(json.dumps(doc))
    assert main(["replay", str(path), "--verify"]) == 1
    assert "by ai" in capsys.readouterr().err


@pytest.mark.slow
def test_explain_ai_prints_the_top_three_candidates_with_their_ratings(capsys):
    assert main(["sim", "--scenario", "becmi-raid", "--seed", "2", "--explain-ai"]) == 0
    lines = capsys.readouterr().out.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("  AI tactical/normal for"))
    ranked = lines[first + 1:first + 4]
    assert [line.split(".")[0].strip() for line in ranked] == ["1", "2", "3"]
    totals = [float(line.split(": ")[1].split(" = ")[0]) for line in ranked]
    assert totals == sorted(totals, reverse=True)
    assert "strike" in "\n".join(lines) and "exposure" in "\n".join(lines)


@pytest.mark.parametrize(("args", "message"), [
    (["--ai", "clever"], "unknown AI 'clever'"),
    (["--ai", "basic,basic,basic"], "this scenario has 2 sides"),
])
def test_a_bad_ai_choice_is_one_line_and_exit_2(capsys, args, message):
    assert main(["sim", "--scenario", "duel", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_an_unknown_ai_level_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as caught:
        main(["sim", "--scenario", "duel", "--ai-level", "godlike"])
    err = capsys.readouterr().err
    assert caught.value.code == 2 and "invalid choice" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.slow
def test_levels_are_deterministic_and_easy_plays_differently_from_normal():
    scenario = load_scenario("skirmish")
    ruleset = get_ruleset(scenario.ruleset)
    commands: dict[str, list[list[object]]] = {}
    for level in ("easy", "easy", "normal", "hard"):
        with Battle(scenario, ruleset, 5) as battle:
            battle.roster.configure("tactical", level, len(scenario.sides))
            played = []
            while not battle.over:
                command = battle.decide()
                played.append(command)
                battle.apply(command)
            commands.setdefault(level, []).append(played)
    assert commands["easy"][0] == commands["easy"][1]
    assert commands["easy"][0] != commands["normal"][0]


def test_hard_looks_at_the_enemys_best_reply():
    scenario = load_scenario("becmi-duel")
    with Battle(scenario, get_ruleset("becmi"), 2) as battle:
        battle.roster.configure("tactical", "hard", 2)
        _, ranked = battle.explain()
    assert any("replies" in c.rating.terms for c in ranked[:3])


def test_play_puts_the_chosen_ai_and_level_on_the_other_sides(tmp_path):
    from arena.tui.launch import PlayOptions, _prepared  # noqa: PLC0415

    options = PlayOptions("becmi-duel", 4, saves=tmp_path, ai="tactical", ai_level="hard")
    recorder, players = _prepared(options, None)
    with recorder.battle as battle:
        assert players == frozenset({0})
        assert battle.ai_label(2) == "tactical/hard"
    options = PlayOptions("becmi-duel", 4, saves=tmp_path, ai="basic")
    recorder, _ = _prepared(options, None)
    with recorder.battle as battle:
        assert battle.ai_label(2) == "basic"


def test_play_refuses_an_unknown_ai_before_opening_the_terminal(capsys):
    assert main(["play", "--ai", "clever"]) == 2
    assert "unknown AI 'clever'" in capsys.readouterr().err
