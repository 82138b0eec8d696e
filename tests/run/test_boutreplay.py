"""A run's bout as a standalone battle replay (arena/run/boutreplay.py, docs/testers.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.battle.core import Wounds
from arena.cli.main import main
from arena.errors import ArenaError
from arena.hexgrid import Hex
from arena.model.commands import EndTurn
from arena.run.boutreplay import carried
from arena.run.camppolicy import auto_next
from arena.run.config import RunConfig
from arena.run.live import LiveRun
from arena.run.runjournal import NAME
from tests.factories import fighter, scenario
from tests.run.test_run import LIBRARY


@pytest.fixture(scope="module")
def injured_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """adnd, seed 394, twelve steps and four bouts: bouts 2 and 3 are fought by a member carrying
    lost hit points, a wound (`bleeding`) and an injury point (`injured`)."""
    folder = tmp_path_factory.mktemp("run")
    path = folder / "run.json"
    assert main(["run", "--auto", "--seed", "394", "--rules", "adnd", "--steps", "12",
                 "--saves", str(folder / "saves"), "--record", str(path)]) == 0
    return path


@pytest.mark.slow
@pytest.mark.parametrize("bout", [1, 2, 3])
def test_a_run_bout_exported_verifies_on_its_own_with_its_carried_wounds(
        injured_run, tmp_path, capsys, bout):
    out = tmp_path / "bout.json"
    capsys.readouterr()
    assert main(["replay", str(injured_run), "--bout", str(bout), "--export", str(out)]) == 0
    assert f"bout {bout} written to {out}" in capsys.readouterr().out
    assert main(["replay", str(out), "--verify"]) == 0
    assert "replay verified" in capsys.readouterr().out
    made, record = json.loads(out.read_text()), json.loads(injured_run.read_text())
    fight = record["fights"][bout - 1]
    assert made["format"] == "arena-replay" and made["seed"] == fight["battle_seed"]
    assert [s["state_hash"] for s in made["commands"]] == [
        s["state_hash"] for s in fight["commands"]]
    assert made["over"] is True
    party = [c for c in made["scenario"]["combatants"] if c["side"] == 0]
    if bout == 1:
        assert not any("start_hp" in c or "conditions" in c for c in party)
    if bout == 2:
        assert [(c.get("start_hp"), c.get("conditions")) for c in party] == [
            (15, {"bleeding": [0, 1], "injured": [0, 1]}), (None, None), (None, None)]
    if bout == 3:
        assert [(c.get("start_hp"), c.get("conditions")) for c in party] == [
            (29, {"bleeding": [0, 1], "injured": [0, 1]}), (None, None), (None, None)]


@pytest.mark.slow
@pytest.mark.parametrize(("args", "message"), [
    (["--bout", "5", "--export", "{tmp}/x.json"], "--bout 5: the run has bouts 1 to 4"),
    (["--bout", "0", "--export", "{tmp}/x.json"], "--bout 0: the run has bouts 1 to 4"),
    (["--export", "{tmp}/x.json"], "--export needs --bout N"),
    (["--bout", "1", "--export", "{run}"], "exists: --export writes a new file"),
    (["--bout", "1", "--verify"], "--bout goes with --export PATH"),
    (["--bout", "1"], "--bout without --export opens the viewer: give --export PATH"),
])
def test_bad_bout_exports_are_one_line_and_exit_2(injured_run, tmp_path, capsys, args, message):
    argv = [a.format(tmp=tmp_path, run=injured_run) for a in args]
    before = injured_run.read_bytes()
    assert main(["replay", str(injured_run), *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
    assert injured_run.read_bytes() == before and not (tmp_path / "x.json").exists()


def test_a_battle_replay_has_no_bouts(tmp_path, capsys):
    replay = tmp_path / "duel.json"
    assert main(["sim", "--scenario", "duel", "--seed", "3", "--record", str(replay)]) == 0
    capsys.readouterr()
    assert main(["replay", str(replay), "--bout", "1", "--export", str(tmp_path / "x")]) == 2
    assert "is not a run record" in capsys.readouterr().err


@pytest.mark.slow
def test_a_record_that_does_not_verify_is_not_exported(injured_run, tmp_path, capsys):
    doc = json.loads(injured_run.read_text())
    doc["fights"][0]["commands"][3]["state_hash"] = "0" * 16
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    assert main(["replay", str(bad), "--bout", "2", "--export", str(tmp_path / "x.json")]) == 1
    assert "run differs at bout 1, command 4" in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()


def test_carried_writes_only_the_wounds_that_differ_from_full_health():
    s = scenario(fighter("Ann", 0, Hex(0, 0)), fighter("Bob", 1, Hex(1, 0)))
    full = s.combatants[0].hp
    made = carried(s, {0: Wounds(full), 1: Wounds(3, {"bleeding": (0, 2)})})
    assert made.combatants[0] == s.combatants[0]
    assert (made.combatants[1].start_hp, made.combatants[1].conditions) == (
        3, (("bleeding", 0, 2),))
    with pytest.raises(ArenaError, match="enters with 0 of"):
        carried(s, {0: Wounds(0)})


@pytest.mark.slow
def test_a_terminal_runs_bout_with_player_and_auto_fight_commands_exports_and_verifies(
        tmp_path, capsys):
    live = LiveRun.new(RunConfig("d40", 7, 1), LIBRARY, tmp_path / NAME)
    assert live.go(live.run.options()[0].id) is None
    fight = live.begin_bout()
    battle = fight.recorder.battle
    mine = set(fight.bout.entities.values())
    turns = 0
    while not battle.over:
        actor = battle.active
        if actor in mine and turns < 3:  # the person ends a few turns; auto-fight plays on
            fight.recorder.apply(EndTurn(actor), "player")
            turns += 1
        else:
            fight.recorder.apply(battle.decide(), "auto" if actor in mine else "ai")
        live.record()
    live.end_bout()
    while live.camp is not None and (choice := auto_next(live.camp)) is not None:
        live.choose(choice)
    written = live.conclude(tmp_path)
    assert written.record is not None
    record = json.loads(written.record.read_text())
    assert {s["by"] for s in record["fights"][0]["commands"]} == {"player", "auto", "ai"}
    out = tmp_path / "bout.json"
    assert main(["replay", str(written.record), "--bout", "1", "--export", str(out)]) == 0
    assert main(["replay", str(out), "--verify"]) == 0
    assert {s["by"] for s in json.loads(out.read_text())["commands"]} == {"player", "ai"}


@pytest.mark.slow
def test_what_if_on_a_whole_run_record_says_to_export_a_bout(injured_run, capsys):
    assert main(["replay", str(injured_run), "--at", "3", "--dice", "1"]) == 2
    assert "arena replay RUN --bout N --export PATH" in capsys.readouterr().err
