"""Checking a parsed replay, save or journal document field by field: one ReplayError line each.

The file itself was read by `arena.files` (regular file, size, depth, strict JSON); here every
header field and every step is checked for type and range before anything is built from it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from arena.assets import scenario_from_dict
from arena.dice import MAX_SIDES
from arena.errors import ArenaError, ReplayError
from arena.files import MAX_JSON_BYTES, parse_json, read_text
from arena.model.commands import Command, command_from_json
from arena.rules import get_ruleset
from arena.text import one_line

MAX_COMMANDS = 100_000  # commands in one replay, save or journal
MAX_SCRIPT = 10_000  # scripted dice faces in a header
MAX_SEED = 2**63 - 1
MAX_TEXT = 200  # a header's free text (game version, hashes)
MAX_KEYFRAMES = 4_000  # stored keyframes in one replay (one every 25 commands of 100,000)
BY = ("player", "ai")

Keyframe = tuple[int, dict[str, Any]]  # (after command n, snapshot without the log)


def read_document(path: Path, what: str) -> str:
    """The text of a replay, save or journal: a bounded read of a regular file."""
    return read_text(path, one_line(str(path)), MAX_JSON_BYTES, ReplayError, what)


def parse(text: str, where: str) -> Any:
    """One strict JSON value (a whole replay, or one journal line)."""
    return parse_json(text, where, ReplayError)


def need(doc: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """A required field of the right JSON type (never a bool for an int), or a one-line error."""
    if key not in doc:
        raise ReplayError(f"{where}: missing '{key}'")
    value = doc[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ReplayError(f"{where}: '{key}' has the wrong type")
    return value


def short_text(doc: dict[str, Any], key: str, where: str, default: str = "?") -> str:
    """An optional free-text header field, bounded and made safe to print."""
    value = doc.get(key, default)
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise ReplayError(f"{where}: '{key}' must be a string of at most {MAX_TEXT} characters")
    return one_line(value)


def short_hash(doc: dict[str, Any], key: str, where: str) -> str:
    """A required hash field: a string of at most MAX_TEXT characters."""
    value = need(doc, key, str, where)
    if len(value) > MAX_TEXT:
        raise ReplayError(f"{where}: '{key}' is too long")
    return str(value)


def header(doc: dict[str, Any], where: str) -> dict[str, Any]:
    """The battle a header names: ruleset (same version), seed, dice and scenario, all checked."""
    rules = need(doc, "ruleset", dict, where)
    try:
        ruleset = get_ruleset(need(rules, "name", str, f"{where}: ruleset"))
    except ArenaError as e:
        raise ReplayError(f"{where}: {e}") from None
    wanted = short_text(rules, "version", f"{where}: ruleset")
    if wanted != ruleset.version:
        raise ReplayError(f"{where}: recorded with ruleset {ruleset.name} {wanted}; "
                          f"this game has {ruleset.version}")
    seed = need(doc, "seed", int, where)
    if not 0 <= seed <= MAX_SEED:
        raise ReplayError(f"{where}: 'seed' must be 0..{MAX_SEED}")
    dice = need(doc, "dice", list, where)
    if len(dice) > MAX_SCRIPT or not all(
            isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= MAX_SIDES for f in dice):
        raise ReplayError(f"{where}: 'dice' must be at most {MAX_SCRIPT} faces of 1..{MAX_SIDES}")
    try:
        scenario = scenario_from_dict(need(doc, "scenario", dict, where), f"{where}: scenario")
    except ArenaError as e:
        raise ReplayError(str(e)) from None
    settings = doc.get("settings", {})
    return {
        "game_version": short_text(doc, "game_version", where), "ruleset": ruleset,
        "seed": seed, "dice": tuple(dice), "scenario": scenario,
        "assets_hash": short_text(doc, "assets_hash", where, ""),
        "settings": settings if isinstance(settings, dict) else {},
    }


def step(data: object, where: str) -> tuple[Command, str, str]:
    """One journal or replay step as (command, by, state hash), each field checked."""
    if not isinstance(data, dict):
        raise ReplayError(f"{where}: not an object")
    try:
        command = command_from_json(data.get("command"))
    except ValueError as e:
        raise ReplayError(f"{where}: {e}") from None
    by = need(data, "by", str, where)
    if by not in BY:
        raise ReplayError(f"{where}: 'by' must be player or ai")
    digest = need(data, "state_hash", str, where)
    if len(digest) > MAX_TEXT:
        raise ReplayError(f"{where}: 'state_hash' is too long")
    return command, by, digest


def command_list(doc: dict[str, Any], where: str) -> list[Any]:
    """The `commands` list, refused before any work when longer than MAX_COMMANDS."""
    commands: list[Any] = need(doc, "commands", list, where)
    if len(commands) > MAX_COMMANDS:
        raise ReplayError(f"{where}: {len(commands)} commands; the limit is {MAX_COMMANDS}")
    return commands


def keyframe_list(doc: dict[str, Any], where: str, commands: int) -> tuple[Keyframe, ...]:
    """The optional `keyframes` index: (command, snapshot) pairs, commands rising in 1..n.

    Only the shape is checked here; a snapshot's contents are checked when it is restored
    (`arena.replay.snapshot`) and against the re-simulation by verification
    (`arena.replay.file.rerun`).
    """
    data = doc.get("keyframes", [])
    if not isinstance(data, list) or len(data) > MAX_KEYFRAMES:
        raise ReplayError(f"{where}: 'keyframes' must be a list of at most {MAX_KEYFRAMES}")
    found: list[Keyframe] = []
    for i, entry in enumerate(data, 1):
        at = f"{where}: keyframe {i}"
        if not isinstance(entry, dict):
            raise ReplayError(f"{at}: not an object")
        command = need(entry, "command", int, at)
        if not (found[-1][0] if found else 0) < command <= commands:
            raise ReplayError(f"{at}: 'command' must rise and lie in 1..{commands}")
        snapshot = need(entry, "snapshot", dict, at)
        if not isinstance(snapshot.get("state_hash"), str):
            raise ReplayError(f"{at}: the snapshot has no state hash")
        found.append((command, snapshot))
    return tuple(found)


def check_parent(doc: dict[str, Any], count: int, where: str) -> tuple[str, int] | None:
    """The optional `parent` of a replay continued from another: {sha256, command}, checked.

    Verification ignores it: the child's commands (the parent's first ones included) are
    re-simulated like any replay's.
    """
    if "parent" not in doc:
        return None
    parent = need(doc, "parent", dict, where)
    if set(parent) != {"sha256", "command"}:
        raise ReplayError(f"{where}: 'parent' must hold exactly sha256 and command")
    digest = need(parent, "sha256", str, f"{where}: parent")
    if len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
        raise ReplayError(f"{where}: parent: 'sha256' must be 64 lower-case hex digits")
    index = need(parent, "command", int, f"{where}: parent")
    if not 0 <= index <= count:
        raise ReplayError(f"{where}: parent: 'command' must be 0..{count}")
    return digest, index

