"""Issue 18: files from strangers never write outside saves/, reach the terminal raw, crash,
hang or lose a battle. One test per finding; each failed on the code before the fix."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from arena import files
from arena.assets import load_library, load_scenario
from arena.battle.core import Battle
from arena.cli.main import main
from arena.ecs.events import Refused
from arena.errors import ArenaError, ReplayError
from arena.model.commands import Face, React
from arena.paths import saves_file
from arena.replay.file import Recorder, save, step_hash
from arena.replay.journal import Journal, load_journal, load_resumable
from arena.rules import get_ruleset

CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\x9b]")
DUEL = """id = "{id}"
name = "Duel"
ruleset = "d40"
map = "{map}"
[[sides]]
name = "A"
colour = "red"
[[sides]]
name = "B"
colour = "blue"
[[combatants]]
template = "human_warrior"
side = 0
at = [0, 0]
facing = "E"
[[combatants]]
template = "human_warrior"
side = 1
at = [1, 0]
facing = "W"
"""


def duel(ident: str) -> str:
    """The shipped duel scenario's text with another id (and its map by name)."""
    sc = load_scenario("duel", load_library())
    return DUEL.format(id=ident, map=sc.map.id)


def exit_and_err(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[object, str]:
    """Run main in-process; return the exit code and stderr."""
    try:
        code: object = main(argv)
    except SystemExit as stop:
        code = stop.code
    return code, capsys.readouterr().err


def one_clean_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """Exit 2 with exactly one stderr line holding no raw control character."""
    code, err = exit_and_err(capsys, argv)
    assert code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert not CONTROL.search(err), err
    return err


@pytest.fixture
def recorded(tmp_path: Path) -> Path:
    path = tmp_path / "duel.json"
    assert main(["sim", "--scenario", "duel", "--seed", "3", "--record", str(path)]) == 0
    return path


# 1. Paths from files


def test_a_scenario_id_with_a_path_is_refused_at_load(tmp_path, capsys):
    for bad in ("../../escaped", "/tmp/abs", "a/b", ".hidden", "x\x1b[2J"):
        scenario = tmp_path / "trav.toml"
        scenario.write_text(duel(bad.replace("\x1b", "\\u001b")))
        err = one_clean_line(capsys, ["sim", "--scenario", str(scenario), "--record"])
        assert "bad id" in err
    assert not (tmp_path.parent / "escaped.json").exists()


def test_saves_file_refuses_to_leave_the_saves_folder(tmp_path):
    assert saves_file(tmp_path, "duel-3.json") == tmp_path / "duel-3.json"
    for bad in ("../x.json", "/etc/x", "a/../../x", "..", ""):
        with pytest.raises(ArenaError):
            saves_file(tmp_path, bad)
    (tmp_path / "link.json").symlink_to("/tmp/elsewhere.json")
    with pytest.raises(ArenaError):
        saves_file(tmp_path, "link.json")


# 2 and 9. Escape sequences and newlines never reach the terminal raw


def test_a_replay_header_escape_sequence_prints_escaped(recorded, capsys):
    doc = json.loads(recorded.read_text())
    doc["game_version"] = "\x1b]0;owned\x07\x1b[2J"
    recorded.write_text(json.dumps(doc))
    main(["replay", str(recorded), "--verify"])
    captured = capsys.readouterr()
    assert not CONTROL.search(captured.err + captured.out)
    assert "\\x1b]0;owned" in captured.err


@pytest.mark.parametrize("rules", ["x\ny", "\x1b]0;t\x07", "é\u2028z"])
def test_an_unknown_ruleset_from_an_argument_is_one_escaped_line(rules, capsys):
    one_clean_line(capsys, ["sim", "--scenario", "duel", "--rules", rules])


def test_an_unrecognised_argument_with_a_newline_is_one_line(capsys):
    one_clean_line(capsys, ["sim", "a\nb"])


# 3. Deep nesting


@pytest.mark.parametrize("value", ["{a=" * 400 + "1" + "}" * 400, "[" * 600 + "]" * 600])
def test_a_deeply_nested_toml_is_one_line(tmp_path, capsys, value):
    scenario = tmp_path / "deep.toml"
    scenario.write_text(f"id = \"deep\"\nx = {value}\n")
    assert "nested too deeply" in one_clean_line(capsys, ["sim", "--scenario", str(scenario)])


def test_a_name_nested_990_deep_in_a_replay_is_one_line(recorded, capsys):
    text = recorded.read_text()
    name = json.loads(text)["scenario"]["name"]
    recorded.write_text(text.replace(json.dumps(name), "[" * 990 + "]" * 990, 1))
    assert "nested too deeply" in one_clean_line(capsys, ["replay", str(recorded)])


# 4. Hangs and memory


def test_special_files_are_refused_before_reading(tmp_path, capsys):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert "pipe" in one_clean_line(capsys, ["replay", str(fifo)])
    assert "device" in one_clean_line(capsys, ["replay", "/dev/zero"])
    assert "device" in one_clean_line(capsys, ["sim", "--scenario", "/dev/zero"])


def test_over_size_and_over_count_files_are_refused(tmp_path, recorded, capsys):
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (files.MAX_SCENARIO_BYTES + 1))
    assert "limit" in one_clean_line(capsys, ["sim", "--scenario", str(big)])
    doc = json.loads(recorded.read_text())
    doc["commands"] = [0] * 100_001  # counted before any step is looked at
    recorded.write_text(json.dumps(doc))
    assert "limit is 100000" in one_clean_line(capsys, ["replay", str(recorded)])


def test_a_huge_scenario_name_is_refused_by_length_before_cleaning(tmp_path, capsys):
    scenario = tmp_path / "long.toml"
    scenario.write_text(duel("long").replace('name = "Duel"', f'name = "{"x" * 5000}"'))
    assert "at most 40 characters" in one_clean_line(capsys, ["sim", "--scenario", str(scenario)])


# 5. Losing a battle


def _journal(saves: Path, scenario: str = "duel") -> Path:
    library = load_library()
    sc = load_scenario(scenario, library)
    with Battle(sc, get_ruleset(sc.ruleset), 5) as battle:
        recorder = Recorder(battle, library.hash)
        journal = Journal(saves / "current.journal.jsonl", recorder, {"players": [0]})
        recorder.apply(battle.decide(), "ai")
        journal.append(recorder.steps[-1])
        journal.close()
    return saves / "current.journal.jsonl"


def test_a_journal_header_with_a_huge_face_or_negative_seed_fails_at_load(tmp_path):
    for key, value in (("dice", [5000]), ("seed", -1)):
        path = _journal(tmp_path)
        lines = path.read_text().splitlines()
        head = json.loads(lines[0])
        head[key] = value
        path.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n")
        with pytest.raises(ReplayError):
            load_journal(path)


def test_set_aside_numbers_copies_and_never_overwrites(tmp_path):
    kept = []
    for n in range(3):
        path = tmp_path / "current.journal.jsonl"
        path.write_text(f"battle {n}")
        kept.append(files.set_aside(path, "old"))
    assert [p.name for p in kept] == ["current.journal.jsonl.old", "current.journal.jsonl.old.2",
                                      "current.journal.jsonl.old.3"]
    assert [p.read_text() for p in kept] == ["battle 0", "battle 1", "battle 2"]


# 6. Commands from files reach the engine checked


@pytest.mark.parametrize("actor", [999, 3])  # 3: the clock's entity in a duel
def test_a_reaction_by_a_non_combatant_is_refused_like_any_impossible_command(actor):
    library = load_library()
    sc = load_scenario("duel", library)
    with Battle(sc, get_ruleset(sc.ruleset), 5) as battle:
        before, rolled = battle.state_hash(), battle.dice.state()
        events = battle.apply(React(actor, take=True))
        assert isinstance(events[0], Refused) and "not a combatant" in events[0].reason
        assert battle.state_hash() == before and battle.dice.state() == rolled


def test_a_journal_with_a_non_combatant_reaction_is_one_line(tmp_path):
    path = _journal(tmp_path)
    line = {"command": {"type": "react", "actor": 999, "take": True}, "by": "ai",
            "state_hash": "0"}
    path.write_text(path.read_text() + json.dumps(line) + "\n")
    from arena.replay.journal import resume  # noqa: PLC0415

    with pytest.raises(ReplayError, match="no longer gives the recorded state"):
        resume(load_resumable(path))


# 7. Writing over special files


def test_record_refuses_to_replace_a_device_or_a_link(tmp_path, capsys):
    assert "device" in one_clean_line(capsys, ["sim", "--scenario", "duel", "--record",
                                               "/dev/null"])
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "target.json")
    assert "symbolic link" in one_clean_line(capsys, ["sim", "--scenario", "duel", "--record",
                                                      str(link)])


# 8. Replays that verify but should not


def test_a_replay_missing_its_last_command_does_not_verify(recorded, capsys):
    doc = json.loads(recorded.read_text())
    doc["commands"].pop()
    doc["final_state_hash"] = doc["commands"][-1]["state_hash"]
    recorded.write_text(json.dumps(doc))
    assert "truncated or edited" in one_clean_line(capsys, ["replay", str(recorded), "--verify"])
    doc["command_count"] -= 1
    recorded.write_text(json.dumps(doc))
    assert main(["replay", str(recorded), "--verify"]) == 1
    assert "end state" in capsys.readouterr().err


def test_by_is_covered_by_verification(tmp_path, capsys):
    library = load_library()
    sc = load_scenario("duel", library)
    with Battle(sc, get_ruleset(sc.ruleset), 5) as battle:
        actor = battle.active
        assert actor is not None
        choice = battle.decide()  # a legal facing the AI would not choose, played by a player
        facing = next(f for f in range(6) if Face(actor, f) != choice
                      and not isinstance(battle.apply(Face(actor, f))[0], Refused))
    path = tmp_path / "s.json"
    with Battle(sc, get_ruleset(sc.ruleset), 5) as battle:
        recorder = Recorder(battle, library.hash)
        recorder.apply(Face(actor, facing), "player")
        save(recorder, path)
    assert main(["replay", str(path), "--verify", "--partial"]) == 0
    doc = json.loads(path.read_text())
    doc["commands"][0]["by"] = "ai"
    path.write_text(json.dumps(doc))
    assert main(["replay", str(path), "--verify", "--partial"]) == 1
    assert "step hash (who gave it)" in capsys.readouterr().err
    doc["commands"][0]["step_hash"] = step_hash(doc["commands"][0]["state_hash"], "ai", "")
    path.write_text(json.dumps(doc))  # the hash recomputed: the AI would not have chosen it
    assert main(["replay", str(path), "--verify", "--partial"]) == 1
    assert "by ai" in capsys.readouterr().err


def test_by_flipped_from_ai_to_player_does_not_verify(recorded, capsys):
    doc = json.loads(recorded.read_text())
    doc["commands"][0]["by"] = "player"
    del doc["commands"][0]["ai"]
    recorded.write_text(json.dumps(doc))
    assert main(["replay", str(recorded), "--verify"]) == 1
    err = capsys.readouterr().err
    assert "differs at command 1" in err and "step hash (who gave it)" in err, err


@pytest.mark.parametrize("actor", [999, 3])  # 3: the clock's entity in a duel
def test_a_by_ai_step_naming_a_non_combatant_is_a_mismatch_not_a_crash(recorded, capsys, actor):
    doc = json.loads(recorded.read_text())
    doc["commands"][0]["command"]["actor"] = actor
    recorded.write_text(json.dumps(doc))
    for flag in ("--verify", "--log"):
        assert main(["replay", str(recorded), flag]) == 1
        err = capsys.readouterr().err
        assert err.startswith("replay differs at command 1") and "by ai" in err, err


def test_a_by_ai_step_naming_a_non_combatant_in_a_save_is_one_line(recorded):
    from arena.replay.journal import load_save, resume  # noqa: PLC0415

    doc = json.loads(recorded.read_text())
    doc["commands"][0]["command"]["actor"] = 999
    recorded.write_text(json.dumps(doc))
    with pytest.raises(ReplayError, match=r"command 1 \(move by #999\) no longer gives"):
        resume(load_save(recorded))


def test_a_number_whose_type_changed_does_not_verify(recorded, capsys):
    text = recorded.read_text()
    doc = json.loads(text)
    events = doc["commands"][0]["events"]
    key = next(k for e in events for k, v in e.items() if type(v) is int)
    event = next(e for e in events if type(e.get(key)) is int)
    event[key] = float(event[key])
    recorded.write_text(json.dumps(doc))
    assert main(["replay", str(recorded), "--verify"]) == 1
    capsys.readouterr()


def test_a_save_mid_battle_verifies_and_says_the_battle_had_not_ended(tmp_path, capsys):
    library = load_library()
    sc = load_scenario("duel", library)
    with Battle(sc, get_ruleset(sc.ruleset), 5) as battle:
        recorder = Recorder(battle, library.hash)
        recorder.apply(battle.decide(), "ai")
        save(recorder, tmp_path / "s.json")
    assert main(["replay", str(tmp_path / "s.json"), "--verify", "--partial"]) == 0
    assert "had not ended" in capsys.readouterr().out
    assert main(["replay", str(tmp_path / "s.json"), "--verify"]) == 1
    assert "not a whole battle (--partial accepts a part)" in capsys.readouterr().err


@pytest.mark.parametrize("edit", ["over", "format 1"])
def test_a_replay_cut_short_does_not_verify_without_partial(recorded, capsys, edit):
    doc = json.loads(recorded.read_text())
    del doc["commands"][-3:]
    doc["final_state_hash"] = doc["commands"][-1]["state_hash"]
    doc["command_count"] = len(doc["commands"])
    doc["over"] = False
    if edit == "format 1":
        doc["replay_version"] = 1
        del doc["command_count"], doc["over"]
    recorded.write_text(json.dumps(doc))
    assert main(["replay", str(recorded), "--verify"]) == 1
    assert "not a whole battle" in capsys.readouterr().err
    assert main(["replay", str(recorded), "--verify", "--partial"]) == 0
    assert "had not ended" in capsys.readouterr().out


def test_partial_without_verify_is_a_usage_error(recorded, capsys):
    assert "--partial goes with --verify" in one_clean_line(
        capsys, ["replay", str(recorded), "--partial"])


def test_a_map_listing_too_many_patch_hexes_is_refused_before_reading_them():
    from arena.assets.common import Refs  # noqa: PLC0415
    from arena.assets.terrain import MAX_PATCH_HEXES, read_map  # noqa: PLC0415
    from arena.errors import AssetError  # noqa: PLC0415

    floor = {"name": "floor", "glyph": ".", "surface": "hard", "blocks_move": False,
             "blocks_sight": False, "obstacle": False, "hazard": False, "cover": 0}
    value = {"id": "m", "name": "M", "radius": 1, "fill": "floor", "terrain": {"floor": floor},
             "patch": [{"terrain": "floor", "hexes": [[0, 0]] * (MAX_PATCH_HEXES + 1)}]}
    with pytest.raises(AssetError, match="more than 10000 hexes"):
        read_map(value, Refs("m.toml"), "", None)
