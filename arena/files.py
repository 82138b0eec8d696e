"""The one door for the game's files: bounded reads of regular files, strict JSON, safe writes.

Every reader (assets, rule tables, replays, saves, journals) goes through `read_bytes`, which
refuses devices, pipes and directories before opening and stops at a size limit, so
`/dev/zero` or a FIFO is one error line, never a hang. `parse_json`/`parse_toml` refuse deep
nesting, non-finite numbers, integers too long to print and duplicate keys. Every write goes
through `write_atomically`, which will only ever replace a regular file, or appends through an
`Appender` (a journal), whose failed write is one error line. docs/security.md lists the limits.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Any

from arena.errors import ArenaError

MAX_TOML_BYTES = 1 << 20  # an asset or rule-table file: 1 MiB (the largest shipped is 12 kB)
# A scenario file: 16 MiB. Its map holds at most 10,000 hexes (assets/terrain.MAX_MAP_HEXES),
# one combatant a hex, about 1.2 kB each written out: the 2,000 of the largest battle measured
# are 2.5 MB, a map full of them under 13 MB.
MAX_SCENARIO_BYTES = 16 << 20
MAX_JSON_BYTES = 64 << 20  # a replay, save or journal: 64 MiB (~100,000 commands)
MAX_DEPTH = 32  # nesting of tables/arrays/objects (the formats need 6)
MAX_INT_DIGITS = 30  # integers in files (seeds, hashes, faces) need far fewer
NAME_MAX = 255  # bytes in one file name (ext4, APFS, NTFS)
PATH_MAX = 4096  # bytes in a whole path (Linux)

Problem = type[ArenaError]


def _kind(mode: int) -> str:
    """What a non-regular file is, for the error line."""
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_bytes(
    path: Path, label: str, limit: int, error: Problem = ArenaError, what: str = "file"
) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them; anything else is `error`."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise error(f"{label}: is {_kind(info.st_mode)}, not a regular file")
        if info.st_size > limit:
            raise error(f"{label}: file is {info.st_size} bytes; the limit is {limit}")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise error(f"{label}: no such {what}") from None
    except OSError as exc:
        raise error(f"{label}: cannot read: {exc.strerror or exc}") from None
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # swapped after the check
            raise error(f"{label}: not a regular file")
        try:
            data = f.read(limit + 1)
        except OSError as exc:
            raise error(f"{label}: cannot read: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise error(f"{label}: file is over the limit of {limit} bytes")
    return data


def read_head(path: Path, size: int) -> bytes:
    """The first `size` bytes of a regular file, for sniffing its format; b"" for anything else."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return b""
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        with os.fdopen(fd, "rb") as f:
            return f.read(size) if stat.S_ISREG(os.fstat(f.fileno()).st_mode) else b""
    except OSError:
        return b""


def read_text(
    path: Path, label: str, limit: int, error: Problem = ArenaError, what: str = "file"
) -> str:
    """`read_bytes` decoded as UTF-8; bad bytes are `error` naming their offset."""
    data = read_bytes(path, label, limit, error, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{label}: not UTF-8 text (bad byte at offset {exc.start})") from None


def depth(value: object) -> int:
    """How deeply lists and dicts nest in `value` (0 for a scalar), without recursion."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict | list):
            level += 1
            deepest = max(deepest, level)
            if level > MAX_DEPTH:
                return level
            stack.extend((v, level) for v in (item.values() if isinstance(item, dict) else item))
    return deepest


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refusing a key given twice (two readers could take different ones)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        raise ValueError("a key appears twice in one object")
    return out


def _no_constant(name: str) -> Any:
    """NaN and Infinity are not JSON."""
    raise ValueError(f"{name} is not a number JSON allows")


def _integer(text: str) -> int:
    """An integer of a sensible length (a million digits would take seconds to convert)."""
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(f"an integer of {len(text)} digits")
    return int(text)


def parse_json(text: str, label: str, error: Problem = ArenaError) -> Any:
    """Parse JSON strictly (depth, duplicate keys, NaN, huge integers); problems are `error`."""
    try:
        value = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant,
                           parse_int=_integer)
    except json.JSONDecodeError as exc:
        raise error(f"{label}: not JSON ({exc.msg} at line {exc.lineno})") from None
    except RecursionError:
        raise error(f"{label}: nested too deeply (over {MAX_DEPTH} levels)") from None
    except ValueError as exc:
        raise error(f"{label}: not acceptable JSON: {exc}") from None
    if depth(value) > MAX_DEPTH:
        raise error(f"{label}: nested too deeply (over {MAX_DEPTH} levels)")
    return value


_PLAIN = re.compile(r"[^\[\]{}\"'#]*")  # TOML text that neither nests nor quotes


def _string_end(text: str, at: int) -> int:
    """Where the TOML string opening at `at` ends (just past it); len(text) if it never does."""
    quote = text[at]
    delimiter = quote * 3 if text.startswith(quote * 3, at) else quote
    i = at + len(delimiter)
    while i < len(text):
        if quote == '"' and text[i] == "\\":
            i += 2
        elif text.startswith(delimiter, i):
            i += len(delimiter)
            if len(delimiter) == 3:  # a multi-line string may end in one or two of its quotes
                i += len(text[i:i + 2]) - len(text[i:i + 2].lstrip(quote))
            return i
        elif len(delimiter) == 1 and text[i] == "\n":
            return i  # a one-line string ends at the line's end: tomllib says what is wrong
        else:
            i += 1
    return i


def toml_depth(text: str) -> int:
    """How deeply arrays and inline tables nest in TOML text, read before parsing it.

    Brackets in strings and comments do not count; the scan stops once past MAX_DEPTH, so a
    file of a million `[` costs a moment, never the parser's recursion.
    """
    deepest = level = i = 0
    while i < len(text) and deepest <= MAX_DEPTH:
        plain = _PLAIN.match(text, i)  # always matches, maybe nothing
        i = plain.end() if plain else i
        if i == len(text):
            break
        c = text[i]
        if c in "\"'":
            i = _string_end(text, i)
            continue
        if c == "#":
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        if c in "[{":
            level += 1
            deepest = max(deepest, level)
        elif c in "]}":
            level = max(0, level - 1)
        i += 1
    return deepest


def parse_toml(text: str, label: str, error: Problem = ArenaError,
               malformed: str = "malformed TOML") -> dict[str, Any]:
    """Parse TOML, refusing nesting deeper than MAX_DEPTH before and after; problems are `error`.

    `malformed` opens the line for text that is not TOML.
    """
    if toml_depth(text) > MAX_DEPTH:
        raise error(f"{label}: nested too deeply (over {MAX_DEPTH} levels)")
    try:
        value = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{label}: {malformed}: {' '.join(str(exc).split())}") from None
    except RecursionError:
        raise error(f"{label}: nested too deeply (over {MAX_DEPTH} levels)") from None
    except ValueError as exc:  # e.g. an integer too long to convert
        raise error(f"{label}: {malformed}: {exc}") from None
    if depth(value) > MAX_DEPTH:
        raise error(f"{label}: nested too deeply (over {MAX_DEPTH} levels)")
    return value


def writable(path: Path, error: Problem = ArenaError) -> None:
    """Refuse to replace anything at `path` but a regular file (a device, pipe, link, folder).

    A name no file system takes (a part over NAME_MAX bytes, the whole over PATH_MAX) is
    refused too, even where a missing folder would hide it until the write.
    """
    if len(os.fsencode(path)) > PATH_MAX or any(
            len(os.fsencode(part)) > NAME_MAX for part in path.parts):
        raise error(f"{path}: cannot write: File name too long (at most {NAME_MAX} bytes a "
                    f"name, {PATH_MAX} a path)")
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise error(f"{path}: cannot write: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        what = "a symbolic link" if stat.S_ISLNK(info.st_mode) else _kind(info.st_mode)
        raise error(f"{path}: is {what}; refusing to replace it (give a regular file's path)")


def write_atomically(path: Path, text: str, error: Problem = ArenaError) -> None:
    """Write `text` to `path` via a temp file, fsync and rename; only a regular file is replaced."""
    writable(path, error)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    except OSError as exc:
        raise error(f"{path}: cannot write: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        writable(path, error)  # checked again: something may have appeared meanwhile
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise error(f"{path}: cannot write: {exc.strerror or exc}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class Appender:
    """A regular file opened for appending, unbuffered: each `write` is on disk when it returns.

    A write that fails (a full disk) is `error` in one line and closes the file, so nothing
    half-written is retried and closing never fails: the file keeps what reached it, at most
    one torn last line, which the journal readers drop.
    """

    def __init__(self, path: Path, what: str, after: str = "", error: Problem = ArenaError
                 ) -> None:
        """Open `path` for appending; errors name it `what` and end with `after`."""
        self.path, self.what, self.after, self.error = path, what, after, error
        writable(path, error)
        try:
            self.fd: int | None = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT
                                          | getattr(os, "O_NOFOLLOW", 0), 0o644)
        except OSError as exc:
            raise error(f"{path}: cannot write {what}: {exc.strerror or exc}") from None

    @property
    def closed(self) -> bool:
        """Whether the file is closed (by `close`, or by a failed write)."""
        return self.fd is None

    def write(self, text: str) -> None:
        """Append `text` and force it to disk; a failure is `error`, the file closed."""
        if self.fd is None:
            raise self.error(f"{self.path}: {self.what} is closed")
        data = memoryview(text.encode("utf-8"))
        try:
            while data:
                data = data[os.write(self.fd, data):]
            os.fsync(self.fd)
        except OSError as exc:
            self.close()
            raise self.error(f"{self.path}: cannot write {self.what}: "
                             f"{exc.strerror or exc}{self.after}") from None

    def close(self) -> None:
        """Close the file (again: nothing)."""
        fd, self.fd = self.fd, None
        if fd is not None:
            with contextlib.suppress(OSError):
                os.close(fd)


# `write_atomically`'s temp files: `.<name>.` and mkstemp's eight characters, where <name> is a
# file the game writes (a save, replay, journal, run record or morgue).
TEMP_NAME = re.compile(r"\.[A-Za-z0-9][A-Za-z0-9_.-]*\.(json|jsonl|txt)\.[a-z0-9_]{8}")
TEMP_FOLDERS = ("", "runs", "morgue")  # saves/ and the folders the game makes in it
STALE_AFTER = 300.0  # seconds: a write in progress takes far less; a killed one stays


def remove_stale_temps(saves: Path, now: float | None = None) -> list[Path]:
    """Remove temp files a killed write left in `saves/` (and its runs/, morgue/); only ours.

    Only regular files named as `write_atomically` names them and untouched for STALE_AFTER
    seconds are removed (never a link, a folder or anything else); nothing is a failure.
    """
    now = time.time() if now is None else now
    removed = []
    for folder in (saves / sub if sub else saves for sub in TEMP_FOLDERS):
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in sorted(entries, key=lambda e: e.name):
            try:
                info = entry.stat(follow_symlinks=False)
                if (TEMP_NAME.fullmatch(entry.name) and stat.S_ISREG(info.st_mode)
                        and now - info.st_mtime > STALE_AFTER):
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
            except OSError:
                continue
    return removed


def set_aside(path: Path, tag: str) -> Path:
    """Move `path` to the first free `<name>.<tag>`, `<name>.<tag>.2`, ...; never overwrite."""
    for n in range(1, 10_000):
        aside = path.with_name(f"{path.name}.{tag}" + (f".{n}" if n > 1 else ""))
        try:
            os.link(path, aside)  # fails if `aside` exists: nothing is ever overwritten
        except FileExistsError:
            continue
        except OSError:
            if aside.exists() or aside.is_symlink():
                continue
            os.rename(path, aside)  # a file system without hard links
            return aside
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        return aside
    raise ArenaError(f"{path}: too many set-aside copies; remove some {path.name}.{tag}.* files")
