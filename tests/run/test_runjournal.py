"""The run journal read back (arena/run/runjournal.py): every line one of four exact shapes."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from arena.assets import load_library
from arena.errors import ArenaError
from arena.run.config import RunConfig
from arena.run.live import LiveRun, resume
from arena.run.runjournal import NAME, load
from arena.tui.run.flow import unfinished
from tests.faults import PROC_FDS, full_disk

LIBRARY = load_library()


@pytest.fixture(scope="module")
def journal(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A run journal: the road to step 1, then three commands into its bout, as text."""
    folder = tmp_path_factory.mktemp("journal")
    live = LiveRun.new(RunConfig("d40", 7, 2), LIBRARY, folder / NAME)
    assert live.go(live.run.options()[0].id) is None
    fight = live.begin_bout()
    for _ in range(3):
        fight.recorder.apply(fight.recorder.battle.decide(), "auto")
        live.record()
    live.close()
    return (folder / NAME).read_text()


def _set(key: str, value: object, inner: bool = False) -> Callable[[dict[str, object]], None]:
    """A change to the second command line (or to its command, when `inner`)."""
    def change(line: dict[str, object]) -> None:
        target = line["command"] if inner else line
        assert isinstance(target, dict)
        target[key] = value
    return change


MALFORMED = {
    "a float actor": _set("actor", 2.0, inner=True),
    "a zero actor": _set("actor", 0, inner=True),
    "an unknown command type": _set("type", "fly", inner=True),
    "an extra field in the command": _set("extra", 1, inner=True),
    "an extra field on the line": _set("extra", 1),
    "a bout of true": _set("bout", True),
    "a bout of 1.0": _set("bout", 1.0),
    "a bout of 0": _set("bout", 0),
    "an unknown giver": _set("by", "someone"),
    "a null state hash": _set("state_hash", None),
}


def _write(folder: Path, text: str, change: Callable[[dict[str, object]], None]) -> Path:
    """The journal with its fourth line (the second command) changed."""
    rows = text.splitlines()
    line = json.loads(rows[3])
    change(line)
    rows[3] = json.dumps(line)
    path = folder / NAME
    path.write_text("\n".join(rows) + "\n")
    return path


@pytest.mark.parametrize("change", MALFORMED.values(), ids=MALFORMED.keys())
def test_a_malformed_command_line_sets_the_run_journal_aside_in_one_line(
        journal: str, tmp_path: Path, change: Callable[[dict[str, object]], None]) -> None:
    path = _write(tmp_path, journal, change)
    with pytest.raises(ArenaError, match="cannot be continued") as caught:
        unfinished(tmp_path, LIBRARY)
    assert "\n" not in str(caught.value) and "line 4" in str(caught.value)
    assert not path.exists()
    assert (tmp_path / f"{NAME}.bad").read_text() != ""  # kept, never deleted
    assert unfinished(tmp_path, LIBRARY) is None  # the next start goes on to the title


@pytest.mark.parametrize(("line", "reason"), [
    ('{"camp":1,"closed":true,"extra":1}', "unknown field 'extra'"),
    ('{"camp":1,"closed":false}', "corrupt run journal line"),
    ('{"camp":true,"closed":true}', "corrupt run journal line"),
    ('{"camp":1,"choice":{"choice":"rest"},"closed":true}', "unknown field 'closed'"),
    ('{"bout":1,"camp":1,"closed":true}', "corrupt run journal line"),
    ('{"step":2,"node":"a1s2n0","extra":1}', "unknown field 'extra'"),
    ('{"step":2,"node":7}', "corrupt run journal line"),
    ('{"step":2.0,"node":"a1s2n0"}', "corrupt run journal line"),
    ('{"step":2,"node":"a1s2n0","camp":2}', "corrupt run journal line"),
])
def test_a_camp_line_of_no_exact_shape_is_refused_naming_its_line(
        journal: str, tmp_path: Path, line: str, reason: str) -> None:
    path = tmp_path / NAME
    path.write_text(journal + line + "\n")
    with pytest.raises(ArenaError, match=f"line 6: {reason}"):
        load(path)


def test_the_four_shapes_as_written_read_back(journal: str, tmp_path: Path) -> None:
    path = tmp_path / NAME
    path.write_text(journal + '{"camp":1,"choice":{"choice":"rest"}}\n'
                    '{"camp":1,"closed":true}\n')
    read = load(path)
    assert [type(x).__name__ for x in read.lines] == ["Routed"] + ["Commanded"] * 3 + [
        "Chosen", "Closed"]
    assert [x.to_json() for x in read.lines[:4]] == [json.loads(r)
                                                    for r in journal.splitlines()[1:]]


@pytest.mark.skipif(not PROC_FDS, reason="needs /proc/self/fd")
@pytest.mark.parametrize("at", ["write", "fsync"])
def test_a_full_disk_at_a_run_journal_write_is_one_line_and_keeps_every_shown_command(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, at: str) -> None:
    live = LiveRun.new(RunConfig("d40", 7, 2), LIBRARY, tmp_path / NAME)
    assert live.go(live.run.options()[0].id) is None
    fight = live.begin_bout()
    for _ in range(3):
        fight.recorder.apply(fight.recorder.battle.decide(), "auto")
        live.record()
    shown = (tmp_path / NAME).read_text()
    full_disk(monkeypatch, tmp_path / NAME, at)
    fight.recorder.apply(fight.recorder.battle.decide(), "auto")
    with pytest.raises(ArenaError, match="No space left on device") as caught:
        live.record()
    assert "\n" not in str(caught.value) and "free some space" in str(caught.value)
    live.close()  # closing after the failure raises nothing
    monkeypatch.undo()
    assert (tmp_path / NAME).read_text().startswith(shown)  # left as it is, nothing lost
    again, dropped = resume(tmp_path / NAME, LIBRARY)  # the torn half line is dropped
    assert dropped == (at == "write")
    assert again.fight is not None and len(again.fight.recorder.steps) == 3 + (at == "fsync")
    again.close()
