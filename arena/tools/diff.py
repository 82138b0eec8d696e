"""Compare two recorded lines of one battle: the first differing command, die and state hashes.

A line is the opening events and, per command, the command, its events and the state hash
after it, all as JSON (what a replay file holds, or what re-simulating one gives).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from arena.battle.core import Battle
from arena.ecs.events import event_to_json
from arena.model.commands import command_to_json
from arena.replay.file import Replay, canonical
from arena.replay.journal import Resumable


@dataclass(frozen=True, slots=True)
class Step:
    """One command of a line: the command, its events and the state hash after it (JSON)."""

    command: Any
    events: list[Any]
    state_hash: str


@dataclass(frozen=True, slots=True)
class Line:
    """A battle as recorded: opening events, then its steps."""

    opening: list[Any]
    steps: list[Step]


@dataclass(frozen=True, slots=True)
class Divergence:
    """Where two lines part: command index (0: the opening), what differs, dice and hashes."""

    index: int
    what: str
    a: Any
    b: Any
    die: tuple[int, Any, Any] | None  # (roll number within the command, A's roll, B's roll)
    hash_before: tuple[str | None, str | None]
    hash_after: tuple[str | None, str | None]
    command: Any = None  # A's command at `index` (JSON), when there is one


def recorded(replay: Replay) -> Line:
    """The line a replay file records."""
    steps = [Step(command_to_json(c), list(events), digest) for c, events, digest in replay.steps]
    return Line(list(replay.opening), steps)


def resimulated(source: Replay | Resumable, hashes: bool = False) -> Line:
    """The line this version makes of a replay's or journal's commands.

    With `hashes` the state hashes are the recorded ones (a journal records no events, so
    its events are re-simulated, but its hashes are what it says).
    """
    with Battle(source.scenario, source.ruleset, source.seed, source.dice) as battle:
        opening = [event_to_json(e) for e in battle.opening]
        steps = []
        for command, *_, recorded_hash in source.steps:
            events = [event_to_json(e) for e in battle.apply(command)]
            digest = recorded_hash if hashes else battle.state_hash()
            steps.append(Step(command_to_json(command), events, digest))
    return Line(opening, steps)


def first_divergence(a: Line, b: Line) -> Divergence | None:
    """The first command whose command, events or state hash differ; None if identical."""
    if canonical(a.opening) != canonical(b.opening):
        return Divergence(0, "opening events", a.opening, b.opening,
                          first_die(a.opening, b.opening), (None, None), (None, None))
    for i, (x, y) in enumerate(zip(a.steps, b.steps, strict=False), 1):
        before = (_hash(a, i - 1), _hash(b, i - 1))
        after = (x.state_hash, y.state_hash)
        if canonical(x.command) != canonical(y.command):
            return Divergence(i, "command", x.command, y.command, None, before, after)
        if canonical(x.events) != canonical(y.events):
            e, f = _first_event(x.events, y.events)
            return Divergence(i, "events", e, f, first_die(x.events, y.events), before, after,
                              x.command)
        if x.state_hash != y.state_hash:
            return Divergence(i, "state hash", x.state_hash, y.state_hash, None, before, after,
                              x.command)
    if len(a.steps) != len(b.steps):
        n = min(len(a.steps), len(b.steps))
        return Divergence(n + 1, "length", len(a.steps), len(b.steps), None,
                          (_hash(a, n), _hash(b, n)), (_hash(a, n + 1), _hash(b, n + 1)))
    return None


def first_die(a: list[Any], b: list[Any]) -> tuple[int, Any, Any] | None:
    """The first roll (expression, faces, purpose) that differs between two event lists."""
    x, y = _rolls(a), _rolls(b)
    for n, (r, s) in enumerate(zip(x, y, strict=False), 1):
        if canonical(r) != canonical(s):
            return n, r, s
    if len(x) != len(y):
        n = min(len(x), len(y))
        return n + 1, (x[n] if n < len(x) else None), (y[n] if n < len(y) else None)
    return None


def _rolls(value: Any) -> list[Any]:
    """Every roll record (a dict with faces and a purpose) in a JSON value, in order."""
    found: list[Any] = []
    if isinstance(value, dict):
        if "faces" in value and "purpose" in value:
            return [value]
        for item in value.values():
            found.extend(_rolls(item))
    elif isinstance(value, list):
        for item in value:
            found.extend(_rolls(item))
    return found


def _first_event(a: list[Any], b: list[Any]) -> tuple[Any, Any]:
    """The first differing event of two lists (None where one list is shorter)."""
    for e, f in zip(a, b, strict=False):
        if canonical(e) != canonical(f):
            return e, f
    n = min(len(a), len(b))
    return (a[n] if n < len(a) else None), (b[n] if n < len(b) else None)


def _hash(line: Line, index: int) -> str | None:
    """The state hash after command `index` (None for the opening or past the end)."""
    return line.steps[index - 1].state_hash if 1 <= index <= len(line.steps) else None


def describe(d: Divergence, names: tuple[str, str]) -> list[str]:
    """The divergence as report lines."""
    a, b = names
    where = "the opening" if d.index == 0 else f"command {d.index}"
    lines = [f"differ at {where}: {d.what}"]
    if d.command is not None:
        lines.append(f"  the command: {_short(d.command)}")
    if d.what == "length":
        return [*lines, f"  {a} has {d.a} commands, {b} has {d.b}",
                f"  state hash after command {d.index - 1}: {d.hash_before[0]} / "
                f"{d.hash_before[1]}"]
    lines += [f"  {a}: {_short(d.a)}", f"  {b}: {_short(d.b)}"]
    if d.die is not None:
        n, r, s = d.die
        lines += [f"  die {n} of the command: {a} {_roll(r)}; {b} {_roll(s)}"]
    if d.index:
        lines += [f"  state hash before: {d.hash_before[0] or 'start'} / "
                  f"{d.hash_before[1] or 'start'}",
                  f"  state hash after:  {d.hash_after[0]} / {d.hash_after[1]}"]
    return lines


def _roll(r: Any) -> str:
    """A roll record as `d20 [17] (attack d20)`, or `none`."""
    if not isinstance(r, dict):
        return "none"
    return f"{r.get('expr')} {r.get('faces')} ({r.get('purpose')})"


def _short(value: Any) -> str:
    """A JSON value on one line, cut to 300 characters."""
    text = json.dumps(value, separators=(",", ":"))
    return text if len(text) <= 300 else text[:297] + "..."
