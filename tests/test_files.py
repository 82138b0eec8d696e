"""The file helpers (arena/files.py): stale temp files of our own naming (only those) removed."""

from __future__ import annotations

import os
import time
from pathlib import Path

from arena import files

HOUR_AGO = time.time() - 3600


def _old(path: Path, text: str = "x") -> Path:
    """A file written an hour ago."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    os.utime(path, (HOUR_AGO, HOUR_AGO))
    return path


def test_a_temp_file_left_by_a_kill_during_a_save_is_removed_at_the_next_start(
        tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    left = [_old(saves / ".duel-3.save.json.k2x_9ab1"),
            _old(saves / ".run.journal.jsonl.abcdefgh"),
            _old(saves / "runs" / ".d40-s3-20260101-000000.run.json.0a1b2c3d"),
            _old(saves / "morgue" / ".d40-s3-20260101-000000.txt.zzzzzzzz")]
    assert sorted(files.remove_stale_temps(saves)) == sorted(left)
    assert not any(p.exists() for p in left)


def test_only_our_own_stale_temp_files_are_removed(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    target = _old(tmp_path / "elsewhere.json")
    kept = [_old(saves / "duel-3.save.json"),  # a save, not a temp file
            _old(saves / ".hidden"),  # not our pattern
            _old(saves / ".notes.md.abcdefgh"),  # not a name we write
            _old(saves / ".duel-3.save.json.short"),  # not mkstemp's 8 characters
            _old(saves / "other" / ".duel-3.save.json.abcdefgh"),  # not our folder
            _old(tmp_path / ".duel-3.save.json.abcdefgh")]  # outside saves/
    (saves / ".duel-3.save.json.12345678").write_text("being written now")  # not stale yet
    kept.append(saves / ".duel-3.save.json.12345678")
    (saves / ".x.json.abcdefgh").symlink_to(target)  # a link: never followed or removed
    kept.append(saves / ".x.json.abcdefgh")
    (saves / ".y.json.abcdefgh").mkdir()  # a folder
    kept.append(saves / ".y.json.abcdefgh")
    assert files.remove_stale_temps(saves) == []
    assert all(p.exists() or p.is_symlink() for p in kept) and target.exists()


def test_a_missing_or_unreadable_saves_folder_removes_nothing(tmp_path: Path) -> None:
    assert files.remove_stale_temps(tmp_path / "none") == []
    (tmp_path / "file").write_text("")
    assert files.remove_stale_temps(tmp_path / "file") == []
