"""`arena diff A B` (docs/testers.md): the first differing command, its die and state hashes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from arena.cli.main import main


def record(tmp_path: Path, capsys: pytest.CaptureFixture[str], scenario: str = "duel",
           seed: int = 4, name: str = "a.json") -> Path:
    """`arena sim --record` a battle; the replay's path."""
    path = tmp_path / name
    assert main(["sim", "--scenario", scenario, "--seed", str(seed), "--record", str(path)]) == 0
    capsys.readouterr()
    return path


def diff(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run `arena diff ARGS`; (exit code, stdout, stderr)."""
    code = main(["diff", *args])
    out, err = capsys.readouterr()
    return code, out, err


def tamper_first_attack_die(path: Path) -> int:
    """Change the attack die of the first attack in the recorded events; its command number."""
    doc: dict[str, Any] = json.loads(path.read_text())
    for i, step in enumerate(doc["commands"], 1):
        for event in step["events"]:
            if event["type"] == "attacked":
                roll = event["result"]["rolls"][0]
                roll["faces"] = [roll["faces"][0] % 20 + 1]
                path.write_text(json.dumps(doc))
                return i
    raise AssertionError("no attack recorded")


def test_identical_replays_exit_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = record(tmp_path, capsys)
    b = tmp_path / "b.json"
    shutil.copy(a, b)
    code, out, _ = diff(capsys, str(a), str(b))
    assert code == 0 and out.startswith("identical:")


def test_diff_names_the_tampered_command_and_its_die(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = record(tmp_path, capsys)
    b = tmp_path / "b.json"
    shutil.copy(a, b)
    index = tamper_first_attack_die(b)
    code, out, _ = diff(capsys, str(a), str(b))
    assert code == 1
    assert out.splitlines()[0] == f"differ at command {index}: events"
    assert "die 1 of the command" in out and "(attack d20)" in out
    code, out, _ = diff(capsys, str(a), str(b), "--json")
    doc = json.loads(out)
    assert code == 1 and doc["index"] == index and doc["die"][0] == 1
    assert doc["die"][1]["faces"] != doc["die"][2]["faces"]
    before = json.loads(a.read_text())["commands"][index - 2]["state_hash"]
    assert doc["state_hash_before"] == [before, before]


def test_rerun_finds_where_a_recording_is_out_of_sync_with_this_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = record(tmp_path, capsys)
    index = tamper_first_attack_die(a)
    code, out, _ = diff(capsys, str(a), "--rerun")
    assert code == 1 and out.startswith(f"differ at command {index}: events")


def test_a_replay_cut_short_differs_in_length(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = record(tmp_path, capsys)
    doc = json.loads(a.read_text())
    doc["commands"] = doc["commands"][:3]
    doc["command_count"] = 3
    b = tmp_path / "b.json"
    b.write_text(json.dumps(doc))
    code, out, _ = diff(capsys, str(a), str(b))
    assert code == 1 and "differ at command 4: length" in out


def test_seeds_that_differ_part_at_the_first_die(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = record(tmp_path, capsys, seed=1)
    b = record(tmp_path, capsys, seed=2, name="b.json")
    code, out, _ = diff(capsys, str(a), str(b))
    assert code == 1 and "die 1" in out


@pytest.mark.slow
@pytest.mark.parametrize(
    "case", ["other scenario", "other ruleset", "missing file", "not a replay", "no b"])
def test_bad_diff_input_is_one_line_and_exit_2(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = record(tmp_path, capsys)
    args = {
        "other scenario": [str(a), str(record(tmp_path, capsys, "ap-duel", 4, "b.json"))],
        "other ruleset": [str(a), str(record(tmp_path, capsys, "becmi-duel", 4, "c.json"))],
        "missing file": [str(a), str(tmp_path / "nowhere.json")],
        "not a replay": [str(a), str(tmp_path / "x.json")],
        "no b": [str(a)],
    }[case]
    (tmp_path / "x.json").write_text('{"format": "something else"}')
    code, out, err = diff(capsys, *args)
    assert code == 2 and out == ""
    assert case != "other scenario" or "another scenario" in err
    assert len(err.strip().splitlines()) == 1 and err.startswith("arena:")


def journal(tmp_path: Path, name: str, seed: int, commands: int) -> Path:
    """A journal of the first `commands` AI commands of a duel (as a battle in play keeps)."""
    from arena.assets import load_library, load_scenario  # noqa: PLC0415
    from arena.battle.core import Battle  # noqa: PLC0415
    from arena.replay.file import Recorder  # noqa: PLC0415
    from arena.replay.journal import Journal  # noqa: PLC0415
    from arena.rules import get_ruleset  # noqa: PLC0415

    library = load_library()
    s = load_scenario("duel", library, None)
    path = tmp_path / name
    with Battle(s, get_ruleset(s.ruleset), seed) as b:
        recorder = Recorder(b, library.hash)
        for _ in range(commands):
            recorder.apply(b.decide(), "ai")
        Journal(path, recorder, {}).close()
    return path


def test_a_journal_diffs_against_the_replay_of_the_same_battle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = record(tmp_path, capsys, seed=4)
    commands = len(json.loads(a.read_text())["commands"])
    j = journal(tmp_path, "j.jsonl", 4, commands)
    assert diff(capsys, str(a), str(j))[0] == 0
    short = journal(tmp_path, "k.jsonl", 4, 5)
    code, out, _ = diff(capsys, str(j), str(short))
    assert code == 1 and "differ at command 6: length" in out


def test_a_journal_line_with_a_wrong_state_hash_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    j = journal(tmp_path, "j.jsonl", 4, 8)
    lines = j.read_text().splitlines()
    step = json.loads(lines[3])
    step["state_hash"] = "0" * 16
    lines[3] = json.dumps(step)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    code, out, _ = diff(capsys, str(j), str(bad))
    assert code == 1 and out.startswith("differ at command 3: state hash")
