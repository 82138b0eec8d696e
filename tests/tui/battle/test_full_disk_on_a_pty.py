"""A full disk under the real program on a pty: the battle's or the run's journal cannot take
the next line; the game says so in one line, exits 2 and leaves the journal as it was."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import pytest

from tests.tui.pty_game import start

pytestmark = [pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs Linux /proc"),
              pytest.mark.pty, pytest.mark.slow]

# Loaded by the game's Python at start (PYTHONPATH): every fsync of the journal fails as on a
# full disk, so the first command the game journals is the one that cannot be written.
HOOK = '''
import errno, os
_fsync = os.fsync
def fsync(fd):
    try:
        target = os.readlink(f"/proc/self/fd/{fd}")
    except OSError:
        target = ""
    if target.endswith(os.environ["ARENA_TEST_FULL"]):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    return _fsync(fd)
os.fsync = fsync
'''


@pytest.mark.parametrize(("args", "keys", "journal"), [
    (["play", "--scenario", "duel", "--seed", "1"], ".", "current.journal.jsonl"),
    (["run", "--seed", "3", "--rules", "d40", "--steps", "2", "--party",
      "swordsman,spearman,archer"], "\r.", "run.journal.jsonl"),
], ids=["arena play", "the terminal run"])
def test_a_full_disk_is_one_line_exit_2_and_the_journal_is_left_as_it_is(
        games, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], keys: str,
        journal: str) -> None:
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(HOOK)
    path = [str(hook), os.environ.get("PYTHONPATH") or str(Path.cwd())]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(path))
    monkeypatch.setenv("ARENA_TEST_FULL", f"/saves/{journal}")
    game = start(games, tmp_path, *args)
    game.pump(4.0, quiet=0.5)
    for key in keys:  # the AI may already have filled the disk: then these go nowhere
        with contextlib.suppress(OSError):
            game.send(key)
    assert game.wait_exit(20) == 2
    shown = game.raw.decode("utf-8", "replace")
    assert "No space left on device" in shown and "free some space" in shown
    assert "Traceback" not in shown
    assert (tmp_path / "saves" / journal).read_text().startswith("{")  # kept, header intact
