"""`arena run --auto --plan PLAN.jsonl` and the `decision` lines (docs/run.md, "Plans and ...")."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from dataclasses import astuple, fields
from pathlib import Path

import pytest

from arena.assets import load_library
from arena.battle.core import Battle
from arena.cli.main import main
from arena.errors import ArenaError
from arena.model.commands import Command
from arena.run.auto import planned_camp, play_auto, take_road
from arena.run.camp import COSTED, Camp, refusal
from arena.run.config import RunConfig
from arena.run.decisions import CHOICE_TYPES, CampChoice, Retire
from arena.run.engine import Run
from arena.run.plan import CANDIDATES, Plan, legal_choices, load_plan, plan_line
from arena.run.route import BOSS, CAMP, ELITE, EVENT, FIGHT, MERCHANT
from tests.run.roads import first_road

LIBRARY = load_library()
ROOT = Path(__file__).parents[2]
CONFIG = RunConfig("d40", 1, steps=6)  # the run the tests replay: one seed, one ruleset, 6 steps
Line = dict[str, object]


class ReachedError(Exception):
    """Raised from the emitter once the point a test waits for is behind the run."""


def _plan(*lines: Line) -> Plan:
    """A plan of these lines, as `load_plan` reads them from a file."""
    planned = [plan_line(line, n, f"plan line {n}") for n, line in enumerate(lines, 1)]
    return Plan("plan", {(p.step, p.kind): p for p in planned})


def _play(plan: Plan | None = None, decisions: bool = True,
          until: Line | None = None) -> list[Line]:
    """The JSON lines of CONFIG's auto run; with `until` (a plan line), only until it is made."""
    out: list[Line] = []

    def emit(line: Line) -> None:
        out.append(line)
        if until is not None and _made(line, until):
            raise ReachedError

    with contextlib.suppress(ReachedError):
        play_auto(CONFIG, LIBRARY, emit, plan=plan, decisions=decisions)
    return out


def _made(line: Line, planned: Line) -> bool:
    """Whether `line` is the run making the first choice of plan line `planned`."""
    kind = "route" if "road" in planned else "camp"
    return line["type"] == kind and line.get("step") == planned["step"]


def _choice_of(line: Line) -> Line:
    """A `camp` line's choice, as a plan gives it."""
    return {k: v for k, v in line.items() if k not in ("type", "step")}


def _check_taken(lines: list[Line], planned: Line) -> None:
    """The run took plan line `planned` at its point."""
    step = planned["step"]
    if "road" in planned:
        (route,) = [x for x in lines if x["type"] == "route" and x["step"] == step]
        assert route["node"] == planned["road"]
        return
    made = [_choice_of(x) for x in lines if x["type"] == "camp" and x["step"] == step]
    chosen = planned["camp"]
    assert isinstance(chosen, list)
    assert made[:len(chosen)] == chosen


def _int(value: object) -> int:
    assert isinstance(value, int)
    return value


def _decisions(lines: list[Line]) -> list[Line]:
    return [x for x in lines if x["type"] == "decision"]


@pytest.fixture(scope="module")
def baseline() -> list[Line]:
    return _play()


def _brute(camp: Camp) -> list[CampChoice]:
    """Every choice `camp` accepts, found by trying each kind over a wide range of indices."""
    found = []
    for kind, made in CHOICE_TYPES.items():
        names = [f.name for f in fields(made)]
        grid: list[tuple[int, ...]] = [()]
        for _ in names:
            grid = [(*g, k) for g in grid for k in range(-1, 12)]
        found += [c for g in grid if refusal(camp, c := made(*g)) is None and kind != "retire"]
    order = list(CHOICE_TYPES)
    return sorted(found, key=lambda c: (order.index(c.kind), astuple(c)))


@pytest.mark.parametrize("kind", [FIGHT, CAMP, MERCHANT, EVENT, ELITE, BOSS])
def test_legal_choices_are_every_choice_the_camp_accepts_by_kind_then_fields(kind: str) -> None:
    run = Run(RunConfig("d40", 4, steps=6), LIBRARY)
    first_road(run)
    run.purse.coin = 400  # every ware and wage within reach
    run.party[1].supplies.append(LIBRARY.supplies["healing_potion"])
    run.party[0].hp -= 3
    camp = run.camp_for(kind)
    camp.loot = [LIBRARY.weapons["dagger"], None, LIBRARY.weapons["longsword"]]
    legal = legal_choices(camp)
    assert legal == _brute(camp)
    assert legal and not any(isinstance(c, Retire) for c in legal)
    assert refusal(camp, Retire()) is None  # always legal, and left out of the list


def test_every_kind_of_camp_choice_but_retire_is_enumerated() -> None:
    assert list(CANDIDATES) == [k for k in CHOICE_TYPES if k != "retire"]


def test_a_plan_line_s_road_is_taken() -> None:
    run = Run(CONFIG, LIBRARY)
    lines: list[Line] = []
    run.emit = lines.append
    take_road(run, _plan({"step": 1, "road": "a1s1n1"}), decisions=True)
    assert run.here is not None and run.here.id == "a1s1n1"
    assert [x["type"] for x in lines] == ["decision", "route"]


def test_a_camp_plan_line_s_choices_are_made_first_and_the_policy_does_the_rest() -> None:
    run = Run(CONFIG, LIBRARY)
    first_road(run)
    camp = run.camp_for(CAMP)  # a camp node's choices, the party whole
    give = {"choice": "give", "member": 0, "item": 0, "to": 1}
    run.make_camp(camp, planned_camp(run, camp, _plan({"step": 1, "camp": [give]})))
    made = run.camps[-1]
    assert made[0].to_json() == give and len(made) == 2
    assert made[1].kind in COSTED  # the policy's main action, after the plan's free choice


@pytest.mark.slow
def test_decision_lines_change_nothing_else_in_the_run(baseline: list[Line]) -> None:
    plain = _play(decisions=False)
    assert not _decisions(plain)
    assert [x for x in baseline if x["type"] != "decision"] == plain


@pytest.mark.slow
def test_every_decision_line_comes_just_before_its_choice(baseline: list[Line]) -> None:
    points = _decisions(baseline)
    assert points[0] == {"type": "decision", "step": 1, "kind": "road",
                         "legal": [{"step": 1, "road": "a1s1n0"}, {"step": 1, "road": "a1s1n1"}]}
    assert {x["kind"] for x in points} == {"road", "camp"}
    for k, line in enumerate(baseline):
        if line["type"] == "decision" and line["kind"] == "road":
            assert baseline[k + 1]["type"] == "route" and baseline[k + 1]["step"] == line["step"]
        elif line["type"] == "decision":
            route = [x for x in baseline[:k] if x["type"] == "route"][-1]
            assert line["node"] == route["kind"] and line["step"] == route["step"]
            after = baseline[k + 1]  # the camp's first choice, or (none made) the next road
            assert (after["type"], after["step"]) in {("camp", line["step"]),
                                                      ("decision", _int(line["step"]) + 1)}


@pytest.mark.slow
def test_a_plan_line_s_road_is_taken_in_a_whole_run(baseline: list[Line]) -> None:
    taken = {x["step"]: x["node"] for x in baseline if x["type"] == "route"}
    point = next(x for x in _decisions(baseline) if x["kind"] == "road" and len(x["legal"]) > 1)
    other = next(e for e in point["legal"] if e["road"] != taken[point["step"]])
    lines = _play(_plan(other))
    _check_taken(lines, other)
    assert lines[-1]["type"] == "run_end"


@pytest.mark.slow
def test_a_camp_plan_line_s_choices_come_first_and_the_policy_does_the_rest_in_a_run(
        baseline: list[Line]) -> None:
    camped = next(x["step"] for x in baseline if x["type"] == "route" and x["kind"] == "camp")
    made = [_choice_of(x) for x in baseline if x["type"] == "camp" and x["step"] == camped]
    assert made == [{"choice": "forage"}]  # the policy's one choice at this camp node
    give = {"choice": "give", "member": 0, "item": 0, "to": 1}  # free: the main action follows
    lines = _play(_plan({"step": camped, "camp": [give]}))
    assert [_choice_of(x) for x in lines if x["type"] == "camp" and x["step"] == camped] == [
        give, {"choice": "take", "item": 0, "member": 0}]  # the policy re-arms the giver


@pytest.mark.slow
def test_a_plan_that_retires_ends_the_run_there_and_the_policy_adds_nothing() -> None:
    lines = _play(_plan({"step": 1, "camp": [{"choice": "retire"}]}))
    assert [_choice_of(x) for x in lines if x["type"] == "camp"] == [{"choice": "retire"}]
    assert lines[-1]["type"] == "run_end" and lines[-1]["result"] == "retired"


@pytest.mark.slow
def test_every_legal_entry_of_every_decision_line_is_accepted_as_a_plan(
        baseline: list[Line], monkeypatch: pytest.MonkeyPatch) -> None:
    # Each entry's run is played only until its point is made, so every bout it fights is the
    # baseline's (checked below, line by line): the AI's commands are looked up, not re-thought.
    seen: dict[tuple[str, int], Command] = {}

    def remembered(battle: Battle, index: int) -> Command:
        key = (battle.scenario.id, index)
        if key not in seen:
            seen[key] = battle.decide()
        return seen[key]

    monkeypatch.setattr("arena.run.auto.ai_command", remembered)
    entries = [e for x in _decisions(baseline) for e in x["legal"]]
    assert len(entries) > 20
    for entry in entries:
        text = json.loads(json.dumps(entry))  # the bytes a tool copies into a plan file
        lines = _play(_plan(text), until=text)
        _check_taken(lines, text)
        assert lines[:-1] == baseline[:len(lines) - 1]  # the baseline run, up to the point


@pytest.mark.slow
def test_the_second_legal_entry_at_three_points_is_taken_and_the_run_goes_on(
        baseline: list[Line]) -> None:
    points = [x for x in _decisions(baseline) if len(x["legal"]) > 1]
    assert len(points) >= 3
    for point in (points[0], points[len(points) // 2], points[-1]):
        entry = point["legal"][1]
        lines = _play(_plan(entry))
        _check_taken(lines, entry)
        before = baseline.index(point)
        assert lines[:before + 1] == baseline[:before + 1]  # the same run up to the point
        assert lines[-1]["type"] == "run_end"


def _write(tmp_path: Path, *rows: str) -> Path:
    path = tmp_path / "plan.jsonl"
    path.write_text("".join(f"{r}\n" for r in rows))
    return path


def _argv(tmp_path: Path, plan: Path, *more: str) -> list[str]:
    return ["run", "--auto", "--seed", "1", "--rules", "d40", "--steps", "6", "--plan",
            str(plan), "--saves", str(tmp_path / "saves"), *more]


@pytest.mark.slow
def test_a_choice_the_run_refuses_when_its_point_comes_is_one_line_and_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plan = _write(tmp_path, '{"step": 2, "road": "a1s2n1"}',
                  '{"step": 1, "camp": [{"choice": "rest"}]}')
    assert main(_argv(tmp_path, plan)) == 2
    err = capsys.readouterr().err
    assert err == (f"arena: {plan} line 2: step 1 camp: rest refused: no rest here: only at a "
                   "camp on the run's map\n")
    assert not (tmp_path / "saves").exists()  # no score line, no morgue


@pytest.mark.parametrize(("rows", "said"), [
    (['{"step": 1, "road": "a1s1n7"}'],
     "line 1: step 1 road: a1s1n7 refused: no road to node 'a1s1n7' from here (the roads: "
     "a1s1n0, a1s1n1)"),
    pytest.param(['{"step": 1, "camp": [{"choice": "loot", "item": 0, "member": 0}, '
                  '{"choice": "loot", "item": 0, "member": 1}]}'],
                 "line 1: step 1 camp: choice 2, loot (item 0, member 1) refused: no loot item #0",
                 marks=pytest.mark.slow),  # after bout 1
])
def test_a_refused_road_or_later_choice_names_its_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], rows: list[str], said: str) -> None:
    plan = _write(tmp_path, *rows)
    assert main(_argv(tmp_path, plan)) == 2
    assert capsys.readouterr().err == f"arena: {plan} {said}\n"


@pytest.mark.parametrize(("rows", "said"), [
    (["{step: 1}"], "line 1: not JSON"),
    (['{"step": 1, "road": "a1s1n0", "why": 1}'], "line 1: unknown key 'why'"),
    (['{"step": 1, "road": "a1s1n0"}', '{"step": 2, "camp": [{"choice": "nap"}]}'],
     "line 2: camp choice 1: unknown camp choice nap"),
    (['{"step": 2, "camp": [{"choice": "take", "item": 1}]}'],
     "line 1: camp choice 1: camp choice take: member: missing or not a whole number"),
    (['{"step": 3, "camp": []}', '{"step": 1, "road": "a1s1n0"}', '{"step": 3, "camp": []}'],
     "line 3: step 3 camp is planned twice (line 1 plans it too)"),
    (['{"step": 0, "road": "a1s1n0"}'], "line 1: step: missing or not a whole number 1 or more"),
    (['{"step": true, "road": "a1s1n0"}'], "line 1: step: missing or not a whole number"),
    (['{"step": 1, "road": "a1s1n0", "camp": []}'], "line 1: a plan line has road or camp"),
    (['{"step": 1}'], "line 1: a plan line has road or camp"),
    (['{"step": 1, "road": 3}'], "line 1: road: not a node id"),
    (['{"step": 1, "camp": {"choice": "rest"}}'], "line 1: camp: not a list"),
    (['[1, 2]'], "line 1: not a JSON object"),
    (['{"step": 1, "road": "a1s1n0"}', "", '{"step": 2, "road": "a1s2n0"}'],
     "line 2: an empty line"),
    (['{"step": 1, "road": "a1s1n0", "step": 2}'], "line 1: not acceptable JSON"),
])
def test_a_malformed_plan_line_is_one_line_and_exit_2_before_the_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], rows: list[str], said: str) -> None:
    plan = _write(tmp_path, *rows)
    assert main(_argv(tmp_path, plan)) == 2
    out, err = capsys.readouterr()
    assert err.startswith(f"arena: {plan} {said}") and err.count("\n") == 1, err
    assert out == "" and not (tmp_path / "saves").exists()


def test_a_plan_file_that_is_not_a_regular_file_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(ArenaError, match="no such file"):
        load_plan(tmp_path / "none.jsonl")
    with pytest.raises(ArenaError, match="a directory"):
        load_plan(tmp_path)


@pytest.mark.slow
def test_a_plan_naming_a_point_never_reached_warns_and_exits_0(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plan = _write(tmp_path, '{"step": 1, "road": "a1s1n1"}', '{"step": 9, "road": "a2s9n0"}',
                  '{"step": 6, "camp": []}')
    assert main(_argv(tmp_path, plan)) == 0
    out, err = capsys.readouterr()
    assert "step 1: fight (" in out and "node a1s1n1)" in out
    warnings = [x for x in err.splitlines() if x.startswith("warning:")]
    assert warnings == [f"warning: {plan}: 2 lines name decision points the run never reached: "
                        "line 2 (step 9 road), line 3 (step 6 camp)"]


@pytest.mark.slow
def test_a_planned_run_s_record_verifies(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    plan = _write(tmp_path, '{"step": 1, "road": "a1s1n1"}',
                  '{"step": 1, "camp": [{"choice": "give", "member": 0, "item": 0, "to": 1}]}')
    record = tmp_path / "run.json"
    assert main([*_argv(tmp_path, plan), "--steps", "2", "--record", str(record)]) == 0
    assert main(["replay", str(record), "--verify"]) == 0
    assert "run verified" in capsys.readouterr().out


def test_plan_goes_with_auto(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--plan", str(tmp_path / "p.jsonl"), "--seed", "1"]) == 2
    assert capsys.readouterr().err == "arena: --plan goes with --auto (a terminal run is " \
                                      "chosen by hand)\n"


@pytest.mark.slow
def test_the_same_plan_gives_the_same_bytes_under_any_hash_seed(tmp_path: Path) -> None:
    plan = _write(tmp_path, '{"step": 2, "road": "a1s2n1"}',
                  '{"step": 1, "camp": [{"choice": "loot", "item": 1, "member": 2}]}')
    outs = set()
    for hashseed in ("0", "1"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        done = subprocess.run(
            [sys.executable, "-m", "arena", *_argv(tmp_path / hashseed, plan, "--json")],
            capture_output=True, check=True, env=env, cwd=ROOT)
        outs.add(done.stdout)
    (out,) = outs
    lines = [json.loads(x) for x in out.splitlines()]
    assert any(x["type"] == "decision" for x in lines)
    _check_taken(lines, {"step": 2, "road": "a1s2n1"})
