"""Fuzzing every input kind (issue 18): argv, --dice, SPECs, scenario TOML, replay, save, journal.

Each example must end in exit 0, 1 (a replay that differs) or 2 with exactly one stderr line,
never a traceback, never a raw control character in any output, never a file outside the
temporary saves folder, and within a time limit. CI runs FUZZ_EXAMPLES examples per kind; the
long run (docs/security.md) sets ARENA_FUZZ_EXAMPLES=10000.
"""

from __future__ import annotations

import io
import json
import os
import re
import time
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.assets import load_library, load_scenario
from arena.battle.core import Battle
from arena.cli.main import main
from arena.errors import ArenaError
from arena.replay.file import Recorder, save
from arena.replay.journal import Journal, load_resumable, resume
from arena.rules import get_ruleset

FUZZ_EXAMPLES = int(os.environ.get("ARENA_FUZZ_EXAMPLES", "25"))
TIME_LIMIT = 10.0  # seconds for one example, however hostile
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
FUZZ = settings(max_examples=FUZZ_EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))
NASTY = ["\x1b[2J", "\x1b]0;t\x07", "\n", "\r", "\x00", "\u2028", "../", "/dev/zero", "é",
         "9" * 40, "-1", "1e999", "NaN", "[" * 600, "{a=" * 400, "x" * 5000]


def nasty_text() -> st.SearchStrategy[str]:
    """Strings a stranger would try: control characters, paths, huge numbers, deep nesting."""
    return st.one_of(st.text(max_size=30), st.sampled_from(NASTY),
                     st.lists(st.sampled_from(NASTY), max_size=3).map("".join))


def json_value() -> st.SearchStrategy[object]:
    """Any JSON value, scalars biased towards the nasty ones."""
    scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
                        nasty_text())
    return st.recursive(scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(nasty_text(), inner, max_size=3)),
        max_leaves=6)


def run(argv: list[str], folder: Path) -> tuple[int, str, str]:
    """Run the CLI in `folder`; check the promises; return code, stdout, stderr."""
    before = {p for p in folder.rglob("*") if "saves" not in p.parts}
    out, err = io.StringIO(), io.StringIO()
    cwd, start = Path.cwd(), time.monotonic()
    os.chdir(folder)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as stop:
                code = stop.code if isinstance(stop.code, int) else 2
    finally:
        os.chdir(cwd)
    assert time.monotonic() - start < TIME_LIMIT, argv
    text, problems = out.getvalue(), err.getvalue()
    assert code in (0, 1, 2), (code, argv, problems)
    if code == 2:
        assert problems.count("\n") == 1 and problems.endswith("\n"), (argv, problems)
    assert "Traceback" not in problems
    assert not CONTROL.search(text.replace("\n", "") + problems.replace("\n", "")), argv
    after = {p for p in folder.rglob("*") if "saves" not in p.parts}
    assert after <= before | {folder / "saves"}, sorted(map(str, after - before))
    return code, text, problems


def mutate(data: st.DataObject, text: str) -> str:
    """A byte-level or JSON-level mutation of a file's text."""
    kind = data.draw(st.sampled_from(["truncate", "flip", "insert", "value", "deep"]))
    if kind == "truncate":
        return text[: data.draw(st.integers(0, len(text)))]
    if kind in ("flip", "insert"):
        at = data.draw(st.integers(0, len(text)))
        piece = data.draw(nasty_text())
        return text[:at] + piece + text[at + (kind == "flip") :]
    if kind == "deep":
        return text.replace("[", "[" * data.draw(st.integers(30, 1200)), 1)
    try:
        doc = json.loads(text.splitlines()[0]) if text.startswith("{") else None
    except json.JSONDecodeError:
        doc = None
    if not isinstance(doc, dict) or not doc:
        return text + data.draw(nasty_text())
    node: object = doc
    for _ in range(data.draw(st.integers(0, 3))):
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))  # type: ignore[arg-type]
        if not keys or not isinstance(node, dict | list):
            break
        child = node[data.draw(st.sampled_from(keys))]  # type: ignore[index]
        if not isinstance(child, dict | list) or not child:
            break
        node = child
    if isinstance(node, dict) and node:
        node[data.draw(st.sampled_from(sorted(node)))] = data.draw(json_value())
    elif isinstance(node, list) and node:
        node[data.draw(st.integers(0, len(node) - 1))] = data.draw(json_value())
    rest = text.splitlines()[1:]
    return "\n".join([json.dumps(doc), *rest]) + "\n"


@pytest.fixture(scope="module")
def samples(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A short save, a journal and the duel scenario, as texts to mutate."""
    folder = tmp_path_factory.mktemp("samples")
    library = load_library()
    sc = load_scenario("duel", library)
    with Battle(sc, get_ruleset(sc.ruleset), 5) as battle:
        recorder = Recorder(battle, library.hash)
        journal = Journal(folder / "j.jsonl", recorder, {"players": [0]})
        for _ in range(3):
            recorder.apply(battle.decide(), "ai")
            journal.append(recorder.steps[-1])
        journal.close()
        save(recorder, folder / "s.json")
    scenario = (library.root / "scenarios" / "duel.toml").read_text()
    return {"save": (folder / "s.json").read_text(), "journal": (folder / "j.jsonl").read_text(),
            "scenario": scenario}


def _folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh working folder with an empty saves/."""
    folder = tmp_path_factory.mktemp("fuzz")
    (folder / "saves").mkdir()
    return folder


ARGV_WORDS = ["sim", "replay", "rules", "attack", "odds", "play", "--scenario", "--seed",
              "--rules", "--dice", "--record", "--verify", "--json", "--attacker", "--defender",
              "--at", "duel", "d40", "adnd", "becmi", "ap", "1", "--side"]


@FUZZ
@given(st.lists(st.one_of(st.sampled_from(ARGV_WORDS), nasty_text()), max_size=6))
def test_fuzzed_argv_keeps_the_promises(tmp_path_factory, argv):
    if argv[:1] in (["play"], []) or "play" in argv[:1]:
        argv = ["rules", *argv[1:]]  # play needs a terminal: the pty tests cover it
    run(argv, _folder(tmp_path_factory))


@FUZZ
@given(nasty_text())
def test_fuzzed_dice_scripts_keep_the_promises(tmp_path_factory, script):
    run(["attack", "--rules", "d40", "--dice", script], _folder(tmp_path_factory))


@FUZZ
@given(st.sampled_from(["--attacker", "--defender", "--at"]), st.sampled_from(
    ["d40", "adnd", "becmi", "ap"]), nasty_text(), nasty_text())
def test_fuzzed_specs_keep_the_promises(tmp_path_factory, flag, rules, key, value):
    run(["odds", "--rules", rules, flag, f"{key}={value}"], _folder(tmp_path_factory))


def _file_case(kind: str, argv: Callable[[Path], list[str]]) -> Callable[..., None]:
    """A fuzz test mutating the `kind` sample and running `argv(path)` on it."""

    @FUZZ
    @given(data=st.data())
    def case(samples: dict[str, str], tmp_path_factory: pytest.TempPathFactory,
             data: st.DataObject) -> None:
        folder = _folder(tmp_path_factory)
        path = folder / "saves" / f"input.{kind}"
        path.write_text(mutate(data, samples[kind]))
        run(argv(path), folder)

    return case


test_fuzzed_scenarios_keep_the_promises = _file_case(
    "scenario", lambda p: ["sim", "--scenario", str(p), "--record"])
test_fuzzed_replays_keep_the_promises = _file_case("save", lambda p: ["replay", str(p),
                                                                      "--verify"])


@FUZZ
@given(data=st.data(), kind=st.sampled_from(["save", "journal"]))
def test_fuzzed_saves_and_journals_resume_or_fail_in_one_line(samples, tmp_path_factory, data,
                                                              kind):
    path = _folder(tmp_path_factory) / "saves" / "current.journal.jsonl"
    path.write_text(mutate(data, samples[kind]))
    start = time.monotonic()
    message = ""
    try:
        recorder = resume(load_resumable(path))  # what `arena play --load` and `arena` + y do
    except ArenaError as e:
        message = str(e)
    else:
        recorder.battle.__exit__(None, None, None)
    assert "\n" not in message and not CONTROL.search(message)
    assert time.monotonic() - start < TIME_LIMIT


def mutate_a_line(data: st.DataObject, text: str) -> str:
    """`mutate` applied to one line of a JSON Lines file (the header or any later line)."""
    rows = text.splitlines()
    at = data.draw(st.integers(0, len(rows) - 1))
    rows[at] = mutate(data, rows[at]).rstrip("\n")
    return "\n".join(rows) + "\n"


@pytest.fixture(scope="module")
def run_journal(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A run journal three commands into its first bout, as text."""
    from arena.run.config import RunConfig  # noqa: PLC0415
    from arena.run.live import LiveRun  # noqa: PLC0415
    from arena.run.runjournal import NAME  # noqa: PLC0415

    folder = tmp_path_factory.mktemp("run")
    live = LiveRun.new(RunConfig("d40", 7, 2), load_library(), folder / NAME)
    live.go(live.run.options()[0].id)
    fight = live.begin_bout()
    for _ in range(3):
        fight.recorder.apply(fight.recorder.battle.decide(), "auto")
        live.record()
    live.close()
    return (folder / NAME).read_text()


@FUZZ
@given(data=st.data())
def test_fuzzed_run_journals_continue_or_are_set_aside_in_one_line(run_journal,
                                                                   tmp_path_factory, data):
    from arena.tui.run.flow import unfinished  # noqa: PLC0415

    saves = _folder(tmp_path_factory) / "saves"
    path = saves / "run.journal.jsonl"
    path.write_text(mutate_a_line(data, run_journal) if data.draw(st.booleans())
                    else mutate(data, run_journal))
    start, message = time.monotonic(), ""
    try:
        live = unfinished(saves, load_library())  # what `arena` does at every start
    except ArenaError as e:
        message = str(e)
    else:
        if live is not None:
            live.close()
    assert "\n" not in message and not CONTROL.search(message)
    if message:  # set aside, never deleted
        assert not path.exists() and list(saves.glob("run.journal.jsonl.bad*"))
    assert time.monotonic() - start < TIME_LIMIT


@FUZZ
@given(data=st.data())
def test_fuzzed_config_files_keep_the_promises(tmp_path_factory, monkeypatch, data):
    from arena.tui.term import config  # noqa: PLC0415

    folder = _folder(tmp_path_factory)
    path = folder / "saves" / "config.toml"
    text = config.dumps(config.Config(palette="colourblind", keys={"undo": ("U", "KEY_F2")}))
    path.write_text(mutate(data, text))
    monkeypatch.setenv("ARENA_CONFIG", str(path))
    run(["config"], folder)


@FUZZ
@given(data=st.data())
def test_fuzzed_score_tables_warn_in_one_line_and_never_fail_on_a_line(tmp_path_factory, data):
    good = json.dumps({"score": 2394, "ruleset": "d40", "result": "victory", "seed": 3,
                       "killed_by": "", "date": "2026-01-01T00:00:00Z"})
    folder = _folder(tmp_path_factory)
    (folder / "saves" / "scores.jsonl").write_text(mutate_a_line(data, f"{good}\n{good}\n"))
    code, _, problems = run(["scores", "--saves", "saves"], folder)
    assert code == 0 and problems.count("\n") <= 1
