"""Fighting a run's bout to its end, command by command, each recorded (`play_commands`)."""

from __future__ import annotations

from collections.abc import Callable

from arena.battle.core import Battle
from arena.battle.view import clock
from arena.errors import ArenaError
from arena.model.commands import Command, EndTurn, command_to_json
from arena.replay.snapshot import take
from arena.run.bout import Bout
from arena.run.engine import Run

MAX_COMMANDS = 20_000  # per bout: far beyond any fight the round limit allows


def play_commands(run: Run, bout: Bout, battle: Battle,
                  source: Callable[[Battle, int], Command | None],
                  check: Callable[[int, Command, str], None] | None = None,
                  fallback: bool = False) -> None:
    """Fight `battle` to its end with commands from `source` (None: stop), recording each.

    `check(index, command, state_hash)` sees each applied command (a verifying re-run). With
    `fallback` (the AI's commands) a refused command ends the actor's turn instead, as the
    terminal game's AI loop does; a refusal is never recorded, so the run stays a pure function.
    """
    run.events(battle, battle.opening)
    for index in range(1, MAX_COMMANDS + 1):
        if battle.over:
            return
        command = source(battle, index)
        if command is None:
            return
        events = battle.apply(command)
        if fallback and len(events) == 1 and events[0].type == "refused":
            command = EndTurn(command.actor)
            events = battle.apply(command)
        if len(events) == 1 and events[0].type == "refused":
            raise ArenaError(f"bout {bout.number}, command {index}: refused: "
                             f"{getattr(events[0], 'reason', '')}")
        bout.steps.append({"command": command_to_json(command), "by": "ai",
                           "state_hash": battle.state_hash()})
        run.events(battle, events)
        if run.keyframe_every and len(bout.steps) % run.keyframe_every == 0:
            bout.keyframes.append({"command": len(bout.steps),
                                   "snapshot": take(battle, log=False)})
        if run.keep_seen:
            bout.seen = bout.seen if bout.seen is not None else []
            now = clock(battle)
            bout.seen.append((events, (now.round, now.turn)))
        if check is not None:
            check(index, command, battle.state_hash())
    raise ArenaError(f"bout {bout.number}: over {MAX_COMMANDS} commands")
