"""Run records read strictly (docs/security.md): a malformed field is one line and exit 2,
a well-formed record that the re-run does not reproduce names its first divergence (exit 1)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arena.cli.main import main
from arena.errors import ArenaError
from arena.run.auto import play_auto
from arena.run.config import RunConfig
from arena.run.record import document, load_record
from tests.run.test_run import LIBRARY
from tests.test_fuzz import FUZZ, mutate, run

Doc = dict[str, Any]


@pytest.fixture(scope="module")
def recorded() -> Doc:
    """A two-bout d40 run (seed 3) as its record's document."""
    run, points = play_auto(RunConfig("d40", 3, steps=2), LIBRARY)
    doc: Doc = json.loads(json.dumps(document(run, points)))
    return doc


def _write(tmp_path: Path, doc: Doc, change: Callable[[Doc], None]) -> Path:
    """A copy of the record with `change` made to it."""
    edited = copy.deepcopy(doc)
    change(edited)
    path = tmp_path / "run.json"
    path.write_text(json.dumps(edited))
    return path


def _one_line(capsys: pytest.CaptureFixture[str], argv: list[str], code: int) -> str:
    """Run main; it exits `code` with exactly one line on stderr and no traceback."""
    assert main(argv) == code
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def _command(fight: int, index: int, value: object) -> Callable[[Doc], None]:
    """Replace command `index` (0-based) of fight `fight`."""
    return lambda d: d["fights"][fight]["commands"][index].__setitem__("command", value)


def _actor(fight: int, index: int, value: object) -> Callable[[Doc], None]:
    """Replace the actor of command `index` of fight `fight`."""
    return lambda d: d["fights"][fight]["commands"][index]["command"].__setitem__("actor", value)


MALFORMED = {
    "null command": (_command(0, 0, None), "bout 1, command 1"),
    "float actor": (_actor(0, 2, 1.0), "bout 1, command 3"),
    "null actor": (_actor(1, 4, None), "bout 2, command 5"),
    "bool actor": (_actor(0, 0, True), "bout 1, command 1"),
    "null step": (lambda d: d["fights"][0]["commands"].__setitem__(1, None), "bout 1, command 2"),
    "unknown type": (_command(0, 2, {"type": "dance"}), "bout 1, command 3"),
    "float score": (lambda d: d.__setitem__("score", float(d["score"])), "score"),
    "bool score": (lambda d: d.__setitem__("score", True), "score"),
    "float seed": (lambda d: d.__setitem__("seed", 3.0), "seed"),
    "float battle seed": (lambda d: d["fights"][1].__setitem__(
        "battle_seed", float(d["fights"][1]["battle_seed"])), "bout 2: 'battle_seed'"),
    "null state hash": (lambda d: d["fights"][0]["commands"][0].__setitem__("state_hash", None),
                        "bout 1, command 1"),
    "a camp choice not an object": (lambda d: d["camps"][0].append(None), "camp 1"),
    "a fight not an object": (lambda d: d["fights"].__setitem__(1, None), "bout 2"),
    "a bout number out of place": (lambda d: d["fights"][1].__setitem__("bout", 1), "bout 2"),
    "a template not a string": (lambda d: d["party"].__setitem__(0, 7), "party"),
    "an unknown result": (lambda d: d.__setitem__("result", "won"), "result"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
@pytest.mark.parametrize("flag", ["--verify", "--log"])
def test_a_malformed_run_record_is_one_line_naming_the_place_and_exit_2(
        recorded, tmp_path, capsys, case, flag):
    change, where = MALFORMED[case]
    err = _one_line(capsys, ["replay", str(_write(tmp_path, recorded, change)), flag], 2)
    assert where in err


@pytest.mark.parametrize("case", ["null command", "float actor", "float score"])
def test_the_reader_refuses_a_malformed_record_before_any_battle(recorded, tmp_path, case):
    with pytest.raises(ArenaError, match=MALFORMED[case][1]):
        load_record(_write(tmp_path, recorded, MALFORMED[case][0]))


@pytest.mark.slow
def test_a_changed_battle_seed_does_not_verify_and_is_named(recorded, tmp_path, capsys):
    path = _write(tmp_path, recorded, lambda d: d["fights"][1].__setitem__(
        "battle_seed", d["fights"][1]["battle_seed"] + 1))
    err = _one_line(capsys, ["replay", str(path), "--verify"], 1)
    assert "run differs at bout 2: battle seed: expected" in err


@pytest.mark.slow
def test_a_changed_score_does_not_verify(recorded, tmp_path, capsys):
    path = _write(tmp_path, recorded, lambda d: d.__setitem__("score", d["score"] + 1))
    err = _one_line(capsys, ["replay", str(path), "--verify"], 1)
    assert "run differs at bout 2: result: expected" in err


@pytest.mark.slow
def test_a_fight_more_than_the_run_fought_does_not_verify(recorded, tmp_path, capsys):
    def extra(d: Doc) -> None:
        d["fights"].append({**copy.deepcopy(d["fights"][1]), "bout": 3})
        d["route"].append(d["route"][-1])
    err = _one_line(capsys, ["replay", str(_write(tmp_path, recorded, extra)), "--verify"], 1)
    assert "the record has 3 bouts; the run ended after 2" in err


@pytest.mark.slow
def test_the_untouched_record_verifies(recorded, tmp_path, capsys):
    path = _write(tmp_path, recorded, lambda d: None)
    assert main(["replay", str(path), "--verify"]) == 0
    assert "run verified: 2 bouts" in capsys.readouterr().out


@pytest.mark.slow
@FUZZ
@given(data=st.data())
def test_fuzzed_run_records_keep_the_promises(recorded, tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("fuzz")
    (folder / "saves").mkdir()
    path = folder / "saves" / "run.json"
    path.write_text(mutate(data, json.dumps(recorded)))
    run(["replay", str(path), "--verify"], folder)
