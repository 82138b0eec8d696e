"""What if (`arena replay PATH --at N`, docs/testers.md): another die or command, fought on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.cli.main import main
from arena.dice import Dice
from arena.model.commands import EndTurn
from arena.replay.file import load, rerun, step_hash
from arena.tools.whatif import Change, main_line, what_if


@pytest.fixture
def recorded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Skirmish seed 3 fought by the basic AI on both sides: 108 commands, side 0 wins."""
    path = tmp_path / "r.json"
    assert main(["sim", "--scenario", "skirmish", "--seed", "3", "--ai", "basic", "--record",
                 str(path)]) == 0
    capsys.readouterr()
    return path


def test_a_die_of_1_before_command_12_is_the_archers_attack_die_at_command_19(
    recorded: Path,
) -> None:
    replay = load(recorded)
    result = what_if(replay, main_line(replay), Change(12, dice=(1,)))
    d = result.divergence
    assert d is not None
    assert (d.command, d.event) == (19, 1)  # commands 12-18 roll nothing
    assert d.old["result"]["natural"] == 10
    assert d.new["result"]["natural"] == 1
    assert d.die is not None
    number, old_roll, new_roll = d.die
    assert number == 1
    assert (old_roll["purpose"], old_roll["faces"], new_roll["faces"]) == ("attack d20", [10], [1])
    assert new_roll["scripted"] is True
    assert (result.old.commands, result.old.rounds, result.old.winner) == (108, 6, 0)
    assert (result.new.commands, result.new.rounds, result.new.winner) == (84, 4, 0)
    hp = {name: hp for _, name, _, hp, _ in result.new.hp}
    assert hp == {"Brann": 20, "Hild": 4, "Wren": -1, "Osric": 16, "Tamsin": -1, "Aldo": -8,
                  "Mira": -5, "Edric": -4}
    assert result.notes == []
    assert len(result.steps) == 84 - 11


def test_the_new_line_is_a_real_battle_its_steps_replay_to_their_hashes(recorded: Path) -> None:
    replay = load(recorded)
    result = what_if(replay, main_line(replay), Change(12, dice=(1,)))
    again = what_if(replay, main_line(replay), Change(12, dice=(1,)))
    assert result.steps == again.steps  # deterministic
    assert result.new.state_hash == result.steps[-1]["state_hash"]


def test_what_if_json_on_the_command_line(recorded: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(recorded), "--at", "12", "--dice", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["at"] == 12 and data["dice"] == [1] and data["line"] == "main"
    assert data["divergence"]["command"] == 19
    assert data["divergence"]["die"]["new"]["faces"] == [1]
    assert (data["old"]["commands"], data["new"]["commands"]) == (108, 84)


def test_what_if_text_shows_the_die_and_both_outcomes_side_by_side(
    recorded: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(recorded), "--at", "12", "--dice", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "what if at command 12 of main: dice 1 first"
    assert out[1] == "first divergence: command 19, event 1"
    assert out[4] == "  die 1 (d20, attack d20): old 10, new 1"
    assert out[7].split() == ["rounds", "6", "4"]
    assert out[8].split() == ["commands", "108", "84"]
    assert out[9].split() == ["HP", "Brann", "#1", "(side", "0)", "16/20", "20/20"]


def test_replacing_command_17_parts_the_lines_at_the_command(
    recorded: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    replay = load(recorded)
    # command 17 is Brann's (#1) first move: an end of turn in its place
    result = what_if(replay, main_line(replay), Change(17, command=EndTurn(1)))
    d = result.divergence
    assert d is not None
    assert (d.command, d.event) == (17, 0)
    assert (d.old, d.new) == ({"type": "move", "actor": 1, "to": [-1, 0]},
                              {"type": "end_turn", "actor": 1})
    assert result.steps[0]["by"] == "player"  # the tester gave it


def _as_player(path: Path, side_actors: set[int]) -> None:
    """Mark the recorded commands of these combatants as given by a player."""
    doc = json.loads(path.read_text())
    for step in doc["commands"]:
        if step["command"]["actor"] in side_actors:
            step["by"] = "player"
            step.pop("ai", None)
            step["step_hash"] = step_hash(step["state_hash"], "player", "")
    path.write_text(json.dumps(doc))


def test_a_recorded_player_command_illegal_in_the_new_line_hands_the_side_to_the_ai(
    recorded: Path,
) -> None:
    _as_player(recorded, {1, 2, 3, 4})  # side 0 played by hand
    replay = load(recorded)
    assert next(rerun(replay), None) is None
    result = what_if(replay, main_line(replay), Change(12, dice=(1,)))
    assert len(result.notes) == 1
    note = result.notes[0]
    assert note.startswith("the recorded ")
    assert "in the new line" in note
    assert note.endswith("the AI (tactical/normal) plays side 0 (Crimson Company) from command "
                         f"{note.rsplit(' ', 1)[1]}")
    handover = int(note.rsplit(" ", 1)[1])
    side0 = [s for s in result.steps if s["command"]["actor"] in {1, 2, 3, 4}]
    given = [s["by"] for s in result.steps[:handover - 12]
             if s["command"]["actor"] in {1, 2, 3, 4}]
    assert given and set(given) == {"player"}
    assert side0[-1]["by"] == "ai"
    assert result.new.over


def test_player_commands_still_legal_are_replayed_not_decided(recorded: Path) -> None:
    _as_player(recorded, {1, 2, 3, 4})
    replay = load(recorded)
    # a 20 on Edric's attack at command 45 leaves every later command of side 0 legal
    result = what_if(replay, main_line(replay), Change(45, dice=(20,)))
    assert result.divergence is not None and result.divergence.command == 45
    old = [s["command"] for s in main_line(replay).steps[44:] if s["by"] == "player"]
    new = [s["command"] for s in result.steps if s["by"] == "player"]
    assert len(new) == 33
    assert new == old
    assert result.notes == []


@pytest.mark.slow
@pytest.mark.parametrize(("args", "message"), [
    (["--at", "0", "--dice", "1"], "--at 0: the line has commands 1..108"),
    (["--at", "109", "--dice", "1"], "--at 109"),
    (["--dice", "1"], "--dice needs --at N"),
    (["--at", "5"], "--at needs --dice FACES or --command JSON"),
    (["--at", "5", "--dice", "0"], "dice"),
    (["--at", "5", "--command", "{"], "--command"),
    (["--at", "5", "--command", '{"type":"fly","actor":1}'], "--command"),
    (["--at", "12", "--command", '{"type":"end_turn","actor":7}'],
     "--command is refused at command 12"),
    (["--at", "12", "--dice", "1", "--branch", "nope"], "no branch 'nope'"),
    (["--branches", "--at", "3", "--dice", "1"], "give one of"),
    (["--at", "12", "--dice", "20,20,20,20"],
     "--dice: scripted face 20 does not fit d6 (damage 1d6), at command 19 of the new line"),
])
def test_bad_what_if_input_is_one_line_and_exit_2(
    recorded: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["replay", str(recorded), *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.splitlines()) == 1
    assert message in captured.err


def test_spliced_faces_come_first_then_the_seeds_stream_goes_on_where_it_was() -> None:
    plain, spliced = Dice(5), Dice(5)
    for dice in (plain, spliced):
        dice.face(20, "x")
        dice.face(20, "x")
    spliced.splice((7, 1))
    assert [spliced.face(20, "x"), spliced.face(20, "x")] == [7, 1]
    assert [spliced.face(20, "x") for _ in range(3)] == [plain.face(20, "x") for _ in range(3)]
    assert spliced.state() == (5, 5, 2)


def test_a_save_cut_short_is_fought_to_the_end_the_ai_taking_over_when_commands_run_out(
    recorded: Path,
) -> None:
    doc = json.loads(recorded.read_text())
    doc["commands"] = doc["commands"][:50]
    doc.update(command_count=50, over=False, final_state_hash=doc["commands"][-1]["state_hash"])
    recorded.write_text(json.dumps(doc))
    _as_player(recorded, {1, 2, 3, 4})
    replay = load(recorded)
    result = what_if(replay, main_line(replay), Change(40, dice=(20,)))
    assert not result.old.over and result.old.winner is None
    assert result.new.over
    assert result.notes == ["the recorded player commands ran out: the AI (tactical/normal) "
                            "plays side 0 (Crimson Company) from command 51"]
