"""A run's bout as an ordinary battle replay: its arena with the carried wounds, seed, commands.

The run fights bout k as `Battle(arena, ruleset, seed, wounds=...)`. Written into the arena's
combatants (`start_hp`, `conditions`: assets/README.md), the wounds make the same battle from
the scenario alone, so the bout's commands re-applied through a `Recorder` give the replay
file of `arena/replay/file.py`, with every event, state hash and the AI that gave each
command: it verifies on its own (`arena replay out.json --verify`), and the viewer's what if,
branches and continue-from-here work on it as on any battle replay.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from arena.assets.library import Library
from arena.battle.core import Battle, Wounds
from arena.errors import ArenaError
from arena.files import write_atomically
from arena.model.commands import command_from_json
from arena.model.scenario import Scenario
from arena.replay.file import Recorder
from arena.rules import get_ruleset
from arena.rules.base import Ruleset
from arena.run.bout import Bout
from arena.run.record import load_record, verify
from arena.text import one_line

BY = {"player": "player", "ai": "ai", "auto": "ai"}  # auto-fight: the AI's choice for a member


def carried(scenario: Scenario, wounds: Mapping[int, Wounds]) -> Scenario:
    """`scenario` with the wounds each combatant enters with written into it."""
    combatants = list(scenario.combatants)
    for index, wound in sorted(wounds.items()):
        spec = combatants[index]
        if not 1 <= wound.hp <= spec.hp:
            raise ArenaError(f"{spec.name} enters with {wound.hp} of {spec.hp} hit points: "
                             "a replay cannot hold that")
        lasting = tuple((name, turns, amount)
                        for name, (turns, amount) in sorted(wound.conditions.items()))
        combatants[index] = replace(spec, start_hp=None if wound.hp == spec.hp else wound.hp,
                                    conditions=lasting)
    return replace(scenario, combatants=tuple(combatants))


def bout_recorder(bout: Bout, ruleset: Ruleset, assets_hash: str) -> Recorder:
    """The bout re-fought from its carried scenario, each state hash checked (caller exits it).

    It stores no keyframes: a battle replay's hold the AI's memory, and this re-fight asks no
    AI (verifying the replay does).
    """
    battle = Battle(carried(bout.scenario, bout.wounds), ruleset, bout.seed)
    try:
        recorder = Recorder(battle, assets_hash)
        for index, step in enumerate(bout.steps, 1):
            recorder.apply(command_from_json(step["command"]), BY[str(step["by"])])
            if len(recorder.steps) != index or \
                    battle.state_hash() != step["state_hash"]:
                raise ArenaError(f"bout {bout.number}, command {index}: the battle from the "  # noqa: TRY301
                                 "carried scenario differs from the run's")
    except BaseException:
        battle.__exit__(None, None, None)
        raise
    return recorder


def bout_document(bout: Bout, ruleset: Ruleset, assets_hash: str) -> dict[str, Any]:
    """The bout as one battle replay document (the format of arena/replay/file.py)."""
    recorder = bout_recorder(bout, ruleset, assets_hash)
    with recorder.battle:
        return recorder.document()


def verified_bouts(path: Path, library: Library) -> tuple[dict[str, Any], list[Bout]]:
    """A run record's document and every bout re-fought; an ArenaError if it does not verify."""
    doc = load_record(path)
    bouts: list[Bout] = []
    mismatch = verify(doc, library, bouts)
    if mismatch is not None:
        raise UnverifiedError(f"{one_line(str(path))}: {mismatch}")
    return doc, bouts


class UnverifiedError(ArenaError):
    """A run record whose re-run differs from it (exit 1: nothing can be made of it)."""


def export_bout(path: Path, number: int, target: Path, library: Library) -> int:
    """Write bout `number` of the run record at `path` as a replay at `target`; its commands."""
    if target.exists() or target.is_symlink():
        raise ArenaError(f"{one_line(str(target))} exists: --export writes a new file")
    doc, bouts = verified_bouts(path, library)
    if not 1 <= number <= len(bouts):
        raise ArenaError(f"--bout {number}: the run has bouts 1 to {len(bouts)}")
    bout = bouts[number - 1]
    made = bout_document(bout, get_ruleset(doc["ruleset"]["name"]), str(doc["assets_hash"]))
    write_atomically(target, json.dumps(made, separators=(",", ":")) + "\n")
    return len(bout.steps)
