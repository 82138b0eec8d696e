"""Faults injected into the game's writes: a full disk at one open file."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

PROC_FDS = Path("/proc/self/fd").is_dir()  # how a file descriptor is told apart (Linux)


def full_disk(monkeypatch: pytest.MonkeyPatch, path: Path, at: str) -> None:
    """From now on, writing to the open file `path` fails as a full disk does (ENOSPC).

    `at` is "write" (half of the next line reaches the disk, then the device is full) or
    "fsync" (the line is written, forcing it to disk fails).
    """
    real_write, real_fsync = os.write, os.fsync

    def ours(fd: int) -> bool:
        try:
            return os.path.samefile(f"/proc/self/fd/{fd}", path)
        except OSError:
            return False

    room = [True]  # room for half a line

    def write(fd: int, data: bytes) -> int:
        if not ours(fd):
            return real_write(fd, data)
        if room.pop() if room else False:
            return real_write(fd, bytes(data)[: len(data) // 2])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def fsync(fd: int) -> None:
        if ours(fd):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_fsync(fd)

    monkeypatch.setattr(os, "write" if at == "write" else "fsync",
                        write if at == "write" else fsync)
