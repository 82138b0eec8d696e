"""Snapshots: a battle's whole state as a JSON-safe value, and restoring it into a battle.

A snapshot holds every entity's components (by entity id, with esper's next id), the dice
stream position, the event log and the AI memory that steers later choices (which AI commands
each side, the tactical AI's hexes-left memory and decision count). The battle's definition
(scenario, ruleset, seed, dice script, wounds) is not in it: restore into a battle built from
the same definition; the seed, script and ruleset are checked. Snapshots are an index, never
a source of truth (DESIGN.md point 12): verification always re-simulates the commands.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from arena.ai.tactical import TacticalAI
from arena.battle import state
from arena.replay.snapcodec import SnapshotError, decode, encode

if TYPE_CHECKING:
    from arena.battle.core import Battle

FORMAT = "arena-snapshot"
VERSION = 2  # 2: Weapon and Armour records gained fields (issue 19): older snapshots are refused
AI_MEMORY = ("walked", "decisions")  # TacticalAI attributes that change later choices

__all__ = ["FORMAT", "VERSION", "SnapshotError", "differs_in", "replayable", "restore",
           "take"]


def take(battle: Battle, log: bool = True) -> dict[str, Any]:
    """The battle's state now as plain JSON data (`log=False`: no event log; restores empty)."""
    battle.world.activate()
    entities = [[e, [encode(c) for c in components]] for e, components in state.entities()]
    return {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": battle.ruleset.name,
        "seed": battle.seed,
        "script": list(battle.dice.script),
        "dice": {"draws": battle.dice.draws, "script_used": battle.dice.script_used},
        "next_entity": state.next_entity(),
        "entities": entities,
        "roster": _roster(battle),
        "log": [encode(e) for e in battle.log] if log else None,
        "state_hash": battle.state_hash(),
    }


def restore(battle: Battle, data: Any) -> None:
    """Make `battle` (same scenario, ruleset, seed and script) what it was at the snapshot."""
    _check(battle, data)
    battle.world.activate()
    entities = _entities(data["entities"])
    if any(entity >= _int(data, "next_entity", 1) for entity, _ in entities):
        raise SnapshotError("corrupt snapshot: an entity id is not below next_entity")
    state.rebuild(entities, _int(data, "next_entity", 1))
    dice = data["dice"] if isinstance(data["dice"], dict) else {}
    battle.dice.seek(_int(dice, "draws", 0), _int(dice, "script_used", 0))
    _restore_roster(battle, data["roster"])
    battle.log = [] if data["log"] is None else list(decode(data["log"]))
    if battle.state_hash() != data["state_hash"]:
        raise SnapshotError("the restored battle's state hash differs from the snapshot's")


def replayable(data: dict[str, Any]) -> dict[str, Any]:
    """A snapshot less what a re-run of a replay cannot know: each side's AI before it acts.

    `arena sim` assigns every side its AI at the start; a re-run learns each from its steps.
    """
    roster = data.get("roster")
    if not isinstance(roster, dict):
        return data
    return {**data, "roster": {k: v for k, v in roster.items() if k != "sides"}}


def differs_in(a: dict[str, Any], b: dict[str, Any]) -> str:
    """The first top-level field (in name order) where two snapshots differ; "" if none."""
    for key in sorted(set(a) | set(b)):
        if json.dumps(a.get(key), sort_keys=True) != json.dumps(b.get(key), sort_keys=True):
            return key
    return ""


def _roster(battle: Battle) -> dict[str, Any]:
    """Which AI commands each side, and each tactical AI's memory."""
    roster = battle.roster
    memory = {
        level: {name: encode(getattr(ai, name)) for name in AI_MEMORY}
        for level, ai in sorted(roster.tactical.items())
    }
    return {"sides": encode(dict(sorted(roster.sides.items()))), "tactical": memory}


def _restore_roster(battle: Battle, data: Any) -> None:
    """Put back the AI assignment and the tactical AIs' memory."""
    if not isinstance(data, dict) or not isinstance(data.get("tactical"), dict):
        raise SnapshotError("corrupt snapshot: no AI roster")
    roster = battle.roster
    roster.sides = dict(decode(data.get("sides")))
    roster.tactical = {}
    for level, memory in sorted(data["tactical"].items()):
        if not isinstance(memory, dict) or set(memory) != set(AI_MEMORY):
            raise SnapshotError(f"corrupt snapshot: AI memory of level {str(level)[:20]!r}")
        ai = TacticalAI(roster.basic, roster.seed, level)
        for name in AI_MEMORY:
            setattr(ai, name, decode(memory[name]))
        roster.tactical[level] = ai


def _check(battle: Battle, data: Any) -> None:
    """Refuse a snapshot of another format, ruleset, seed or dice script."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SnapshotError("not an arena snapshot")
    if data.get("version") != VERSION:
        raise SnapshotError(f"snapshot version {data.get('version')!r}; this game reads {VERSION}")
    need = ("entities", "dice", "roster", "log", "state_hash", "next_entity")
    missing = [key for key in need if key not in data]
    if missing:
        raise SnapshotError(f"corrupt snapshot: no {missing[0]}")
    if data.get("ruleset") != battle.ruleset.name or data.get("seed") != battle.seed:
        raise SnapshotError(f"the snapshot is of a {data.get('ruleset')!r} battle with seed "
                            f"{data.get('seed')!r}, not this {battle.ruleset.name} one with "
                            f"seed {battle.seed}")
    if data.get("script") != list(battle.dice.script):
        raise SnapshotError("the snapshot's dice script differs from this battle's")


def _entities(data: Any) -> list[tuple[int, list[object]]]:
    """Decoded `[id, [component, ...]]` entries."""
    if not isinstance(data, list):
        raise SnapshotError("corrupt snapshot: entities must be a list")
    found: list[tuple[int, list[object]]] = []
    for entry in data:
        if not (isinstance(entry, list) and len(entry) == 2 and type(entry[0]) is int
                and entry[0] >= 1 and isinstance(entry[1], list)):
            raise SnapshotError("corrupt snapshot: an entity entry is not [id, [components]]")
        found.append((entry[0], [decode(c) for c in entry[1]]))
    return found


def _int(data: Any, key: str, least: int) -> int:
    """A whole number at least `least` from a snapshot mapping."""
    value = data.get(key) if isinstance(data, dict) else None
    if type(value) is not int or value < least:
        raise SnapshotError(f"corrupt snapshot: {key} must be a whole number ≥ {least}")
    return value
