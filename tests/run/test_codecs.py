"""Camp choices, run events and run journal lines as records: their JSON to the byte; bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.assets import load_library
from arena.errors import ArenaError
from arena.run.auto import play_auto
from arena.run.config import RunConfig
from arena.run.decisions import (
    CHOICE_TYPES,
    Answer,
    Buy,
    Drop,
    Forage,
    Give,
    Loot,
    Recruit,
    Repair,
    Rest,
    Retire,
    Scout,
    Sell,
    Swap,
    Take,
    Tend,
    Train,
    Use,
    choice_from_json,
)
from arena.run.live import LiveRun, resume
from arena.run.record import document, verify
from arena.run.route import CAMP
from arena.run.runevents import RUN_EVENT_TYPES, run_event_from_json
from arena.run.runjournal import NAME, load

LIBRARY = load_library()
DATA = Path(__file__).parents[1] / "data"
# Written by the code before camp choices were records (commit 26ff5a8), and before the run's
# map: journal format 1, refused.
OLD_JOURNAL = DATA / "run_journal_ap_2.jsonl"


def _compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


# Each kind as the camp screen and the --auto policy wrote it, fields in that order.
WRITTEN = {
    Loot(item=0, member=1): '{"choice":"loot","item":0,"member":1}',
    Give(member=0, item=1, to=2): '{"choice":"give","member":0,"item":1,"to":2}',
    Swap(member=0, item=1, to=2, other=0): '{"choice":"swap","member":0,"item":1,"to":2,"other":0}',
    Drop(member=1, item=2): '{"choice":"drop","member":1,"item":2}',
    Rest(): '{"choice":"rest"}',
    Train(): '{"choice":"train"}',
    Repair(): '{"choice":"repair"}',
    Tend(member=1): '{"choice":"tend","member":1}',
    Forage(): '{"choice":"forage"}',
    Scout(): '{"choice":"scout"}',
    Take(item=4, member=0): '{"choice":"take","item":4,"member":0}',
    Use(member=0, item=1): '{"choice":"use","member":0,"item":1}',
    Recruit(offer=0): '{"choice":"recruit","offer":0}',
    Buy(item=2, member=1): '{"choice":"buy","item":2,"member":1}',
    Sell(member=0, item=3): '{"choice":"sell","member":0,"item":3}',
    Answer(option=1): '{"choice":"answer","option":1}',
    Retire(): '{"choice":"retire"}',
}


def test_a_give_written_before_any_belonging_could_be_given_reads_as_its_weapon():
    old = {"choice": "give", "member": 0, "weapon": 1, "to": 2}
    assert choice_from_json(old) == Give(member=0, item=1, to=2)


def test_each_camp_choice_writes_and_reads_the_json_the_files_hold():
    assert {type(c) for c in WRITTEN} == set(CHOICE_TYPES.values())
    for choice, text in WRITTEN.items():
        assert _compact(choice.to_json()) == text
        assert choice_from_json(json.loads(text)) == choice


@pytest.mark.parametrize(("data", "message"), [
    ({"choice": "dance"}, "unknown camp choice dance"),
    ({"member": 0}, "unknown camp choice None"),
    ({"choice": "take", "item": True, "member": 0}, "camp choice take: item: missing or not a "
                                                    "whole number"),
    ({"choice": "repair", "member": 0}, "camp choice repair: unknown field member"),
    ({"choice": "tend"}, "camp choice tend: member: missing or not a whole number"),
    ({"choice": "tend", "member": 0, "injury": "bleeding"}, "camp choice tend: unknown field "
                                                            "injury"),
    ({"choice": "rest", "member": 0}, "camp choice rest: unknown field member"),
    ({"choice": "loot\n\x1b[2J", "item": 0}, r"unknown camp choice loot\n\x1b[2J"),
    ([], "a camp choice is not a JSON object"),
])
def test_a_bad_camp_choice_is_refused_in_one_line(data, message):
    with pytest.raises(ArenaError) as caught:
        choice_from_json(data)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_a_journal_from_before_the_run_s_map_is_refused_in_one_line() -> None:
    with pytest.raises(ArenaError, match=r"run journal format 1 \(from an older game: it cannot "
                                         r"be continued\); this game reads formats 3 to 4$"):
        load(OLD_JOURNAL)


def test_a_journal_from_before_coin_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / NAME
    head = json.loads(OLD_JOURNAL.read_text(encoding="utf-8").splitlines()[0])
    head["journal_version"] = 2  # the run's map, before coin, merchants and events
    path.write_text(_compact(head) + "\n", encoding="utf-8")
    with pytest.raises(ArenaError, match=r"run journal format 2 \(from an older game: it cannot "
                                         r"be continued\); this game reads formats 3 to 4$"):
        load(path)


def test_journal_lines_read_back_and_rewrite_to_the_same_bytes(tmp_path: Path) -> None:
    path = tmp_path / NAME
    live = LiveRun.new(RunConfig("d40", 7, 12), LIBRARY, path)
    while live.phase != "camp" or live.run.here is None or live.run.here.kind != CAMP:
        if live.phase == "route":
            ways = live.run.options()
            assert live.go(next((n for n in ways if n.kind == CAMP), ways[0]).id) is None
        elif live.phase == "preview":
            fight = live.begin_bout()
            while not fight.recorder.battle.over:
                fight.recorder.apply(fight.recorder.battle.decide(), "auto")
                live.record()
            live.end_bout()
        else:
            live.leave_camp()
    assert live.choose(Rest()) is None
    live.close()
    old = path.read_text(encoding="utf-8").splitlines(keepends=True)
    kinds = {type(line).__name__ for line in load(path).lines}
    assert kinds == {"Routed", "Commanded", "Chosen", "Closed"}
    for text, line in zip(old[1:], load(path).lines, strict=True):
        assert _compact(line.to_json()) + "\n" == text
    again, dropped = resume(path, LIBRARY)  # re-plays every line, then writes the journal anew
    again.close()
    assert not dropped and again.phase == "camp" and again.made == [Rest()]
    assert path.read_text(encoding="utf-8").splitlines(keepends=True) == old


def test_a_journal_line_with_a_bad_choice_is_one_line_naming_the_line(tmp_path: Path) -> None:
    path = tmp_path / NAME
    head = json.loads(OLD_JOURNAL.read_text(encoding="utf-8").splitlines()[0])
    head["journal_version"] = 3
    head["config"]["steps"] = head["config"].pop("bouts")
    lines = [_compact(head) + "\n"]
    path.write_text("".join(lines) + '{"camp":1,"choice":{"choice":"dance"}}\n'
                    '{"camp":1,"closed":true}\n', encoding="utf-8")
    with pytest.raises(ArenaError, match=r"line 2: unknown camp choice dance$"):
        load(path)
    path.write_text("".join(lines) + '{"bout":1,"command":{"type":"end_turn","actor":1},'
                    '"by":7,"state_hash":"x"}\n', encoding="utf-8")
    with pytest.raises(ArenaError, match=r"line 2: by: not a string$"):
        load(path)


@pytest.fixture(scope="module")
def auto_run() -> tuple[list[dict[str, object]], dict[str, object]]:
    """The JSON Lines and the record of a short headless run."""
    lines: list[dict[str, object]] = []
    run, points = play_auto(RunConfig("d40", 3, 2), LIBRARY, lines.append)
    return lines, json.loads(_compact(document(run, points)))


def test_each_run_event_reads_back_to_the_same_json(auto_run) -> None:
    lines, _ = auto_run
    ours = [line for line in lines if line["type"] in RUN_EVENT_TYPES]
    assert {line["type"] for line in ours} >= {"run_start", "bout_start", "battle_end",
                                               "bout_end", "camp", "run_end"}
    for line in ours:
        assert _compact(run_event_from_json(line).to_json()) == _compact(line)


@pytest.mark.parametrize(("data", "message"), [
    ({"type": "party"}, "unknown run event party"),
    ({"type": "level_up", "bout": 1, "name": "Ann", "level": "2", "what": ""},
     "run event level_up: level: missing or not a whole number"),
    ({"type": "camp", "step": 1, "choice": "nap"}, "run event camp: unknown camp choice nap"),
    ({"type": "run_end", "result": None, "bouts_won": 0, "score": 0, "seed": True,
      "ruleset": "d40"}, "run event run_end: seed: missing or not a whole number"),
])
def test_a_bad_run_event_is_refused_in_one_line(data, message) -> None:
    with pytest.raises(ArenaError, match=f"^{message}$"):
        run_event_from_json(data)


def test_a_record_with_a_bad_camp_choice_names_the_camp(auto_run) -> None:
    _, doc = auto_run
    doc["camps"][0].append({"choice": "take", "item": "all", "member": 0})  # type: ignore[index]
    mismatch = verify(doc, LIBRARY)  # type: ignore[arg-type]
    assert mismatch is not None
    assert "step 1: camp 1: camp choice take: item: missing or not a whole number" in str(
        mismatch)
