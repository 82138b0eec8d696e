"""What if: re-fight a recorded battle from command N with other dice or another command.

A line is the steps of a battle (each as a replay records it: command, by, events, state
hash, AI) and the dice splices in it (before command n, these faces are rolled first, then
the seed's stream goes on). The main line of a replay has no splices; a branch may have one.
`what_if` puts a battle before command N of a line exactly as it was (AI memory included),
applies the change and fights on to the end: `by: ai` sides are decided by their recorded AI,
player sides replay their recorded commands in order while each is still legal; when one is
not (or they run out), the AI (`tactical/normal`) takes that side over and a note says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from arena.ai.sides import DEFAULT_AI, DEFAULT_LEVEL
from arena.battle import view
from arena.battle.core import Battle
from arena.ecs.events import Refused
from arena.errors import ArenaError, DiceError
from arena.model.commands import Command, EndTurn, command_from_json, command_to_json
from arena.replay.document import MAX_COMMANDS
from arena.replay.file import Recorder, Replay, canonical, step_hash
from arena.tools.diff import first_die

HANDOVER_AI = f"{DEFAULT_AI}/{DEFAULT_LEVEL}"


@dataclass(frozen=True)
class Played:
    """A line of a battle: recorded steps (JSON, as in a replay) and its dice splices."""

    steps: tuple[dict[str, Any], ...]
    splices: tuple[tuple[int, tuple[int, ...]], ...] = ()  # (before command n, faces)


def main_line(replay: Replay) -> Played:
    """The replay's main line as recorded."""
    ais = replay.ais or ("",) * len(replay.steps)
    by = replay.by or ("player",) * len(replay.steps)
    # Format 3's hashes are kept as read, so a promoted line carries an edited `by` unhidden.
    hashes = replay.step_hashes or tuple(
        step_hash(digest, who, ai) for (_, _, digest), who, ai in zip(replay.steps, by, ais,
                                                                      strict=True))
    steps = tuple(
        {"command": command_to_json(c), "by": who, "events": events, "state_hash": digest,
         **({"ai": ai} if ai else {}), "step_hash": mark}
        for (c, events, digest), who, ai, mark in zip(replay.steps, by, ais, hashes, strict=True)
    )
    return Played(steps)


@dataclass(frozen=True)
class Change:
    """What changes before command `at` (1-based): dice faces rolled first, or the command."""

    at: int
    dice: tuple[int, ...] | None = None
    command: Command | None = None


@dataclass(frozen=True)
class Outcome:
    """How a line ends: winner, rounds, commands, each combatant's HP."""

    winner: int | None
    winner_name: str
    over: bool
    rounds: int
    commands: int
    hp: tuple[tuple[int, str, int, int, int], ...]  # (entity, name, side, hp, max hp)
    state_hash: str

    def to_json(self) -> dict[str, Any]:
        """A JSON object."""
        return {"winner": self.winner, "winner_name": self.winner_name, "over": self.over,
                "rounds": self.rounds, "commands": self.commands,
                "hp": [{"entity": e, "name": n, "side": s, "hp": h, "max_hp": m}
                       for e, n, s, h, m in self.hp], "state_hash": self.state_hash}


@dataclass(frozen=True)
class Divergence:
    """The first event where two lines part: command number, event index, old and new."""

    command: int
    event: int  # 1-based within the command (0: the commands themselves differ)
    old: Any
    new: Any
    die: tuple[int, Any, Any] | None  # (roll number within the command, old roll, new roll)


@dataclass
class Result:
    """A what-if: the new steps from the change on, the divergence and both outcomes."""

    change: Change
    steps: list[dict[str, Any]]
    divergence: Divergence | None
    old: Outcome
    new: Outcome
    notes: list[str] = field(default_factory=list)


def line_outcome(replay: Replay, line: Played) -> Outcome:
    """How a line ends, by applying its commands (no checks: see `replay_to` and verify)."""
    with Battle(replay.scenario, replay.ruleset, replay.seed, replay.dice) as battle:
        splices = dict(line.splices)
        for i, step in enumerate(line.steps, 1):
            if i in splices:
                battle.dice.splice(splices[i])
            battle.apply(command_from_json(step["command"]))
        return outcome(battle, len(line.steps))


def replay_to(battle: Battle, line: Played, n: int, where: str = "the line") -> None:
    """Apply a line's first `n` commands as they were given (AI memory too), checking hashes."""
    splices = dict(line.splices)
    for i, step in enumerate(line.steps[:n], 1):
        if i in splices:
            battle.dice.splice(splices[i])
        command = command_from_json(step["command"])
        if step["by"] == "ai" and not battle.over:
            battle.roster.adopt(command.actor, step.get("ai", ""))
            battle.decide()  # the AI's memory moves as it did when it chose
        battle.apply(command)
        if battle.state_hash() != step["state_hash"]:
            raise ArenaError(f"{where}: command {i} no longer gives its recorded state "
                             "(see arena replay --verify)")


def what_if(replay: Replay, line: Played, change: Change) -> Result:
    """Fight `line` again from `change.at` with the change; compare with the line's own end."""
    if not 1 <= change.at <= len(line.steps):
        raise ArenaError(f"--at {change.at}: the line has commands 1..{len(line.steps)}")
    old = line_outcome(replay, line)
    with Battle(replay.scenario, replay.ruleset, replay.seed, replay.dice) as battle:
        replay_to(battle, line, change.at - 1)
        recorder = Recorder(battle, "", replay.dice)
        try:
            notes = _fight_on(battle, recorder, line, change)
        except DiceError as e:
            raise ArenaError(f"--dice: {e}, at command {change.at + len(recorder.steps)} of the "
                             "new line") from None
        new = outcome(battle, change.at - 1 + len(recorder.steps))
    old_steps = list(line.steps[change.at - 1:])
    return Result(change, recorder.steps, divergence(old_steps, recorder.steps, change.at),
                  old, new, notes)


def _fight_on(battle: Battle, recorder: Recorder, line: Played, change: Change) -> list[str]:
    """Apply the change and fight to the end; the notes say where the AI took a side over."""
    rest = list(line.steps[change.at - 1:])
    side_of = _sides(battle)
    control = _controllers(line.steps, side_of)
    spliced = dict(line.splices).get(change.at)
    if change.dice is not None or spliced is not None:
        battle.dice.splice(change.dice if change.dice is not None else spliced or ())
    if change.command is not None:
        refused = recorder.apply(change.command, "player")
        if len(refused) == 1 and isinstance(refused[0], Refused):
            raise ArenaError(f"--command is refused at command {change.at}: {refused[0].reason}")
        rest = rest[1:]
    queues: dict[int, list[dict[str, Any]]] = {}
    for step in rest:
        if step["by"] == "player":
            giver = command_from_json(step["command"]).actor
            queues.setdefault(side_of[giver], []).append(step)
    notes: list[str] = []
    limit = MAX_COMMANDS - change.at
    while not battle.over and len(recorder.steps) < limit:
        actor = battle.active
        if actor is None:
            notes.append("the battle stopped with nobody to act")
            break
        side = side_of[actor]
        if control.get(side) == "player":
            note = _player_turn(recorder, queues.get(side, []), actor)
            if note is None:
                continue
            control[side] = HANDOVER_AI
            notes.append(f"{note}: the AI ({HANDOVER_AI}) plays side {side} "
                         f"({battle.scenario.sides[side].name}) from command "
                         f"{change.at + len(recorder.steps)}")
        battle.roster.adopt(actor, control.get(side, HANDOVER_AI))  # a side never seen acting
        events = recorder.apply(battle.decide(), "ai")
        if len(events) == 1 and isinstance(events[0], Refused):
            ended = recorder.apply(EndTurn(actor), "ai")  # as a session does
            if len(ended) == 1 and isinstance(ended[0], Refused):
                raise ArenaError(f"the AI for #{actor} can neither act nor end its turn at "
                                 f"command {change.at + len(recorder.steps)}")
    if not battle.over and len(recorder.steps) >= limit:
        notes.append(f"stopped at the limit of {MAX_COMMANDS} commands")
    return notes


def _player_turn(recorder: Recorder, queue: list[dict[str, Any]],
                 actor: int) -> str | None:
    """Apply the side's next recorded command; a note if it ran out or is illegal now."""
    if not queue:
        return "the recorded player commands ran out"
    step = queue.pop(0)
    command = command_from_json(step["command"])
    label = f"the recorded {command.type} by #{command.actor}"
    if command.actor != actor:
        return f"{label} is out of turn in the new line (#{actor} acts)"
    events = recorder.apply(command, "player")
    if len(events) == 1 and isinstance(events[0], Refused):
        return f"{label} is illegal in the new line ({events[0].reason})"
    return None


def _sides(battle: Battle) -> dict[int, int]:
    """Each combatant's side by entity id (a side never changes during a battle)."""
    return {c.id: c.side for c in view.snapshot(battle).combatants}


def _controllers(steps: Sequence[dict[str, Any]], side_of: dict[int, int]) -> dict[int, str]:
    """Who gave each side's commands in a line: `player`, or the recorded AI's label."""
    control: dict[int, str] = {}
    for step in steps:
        side = side_of[command_from_json(step["command"]).actor]
        if step["by"] == "player":
            control[side] = "player"
        else:
            control.setdefault(side, step.get("ai", ""))
    return control


def outcome(battle: Battle, commands: int) -> Outcome:
    """The battle's result now."""
    now = view.snapshot(battle)
    winner = now.winner if now.over else None
    hp = tuple((c.id, c.name, c.side, c.hp, c.max_hp) for c in now.combatants)
    name = battle.scenario.sides[winner].name if winner is not None else ""
    return Outcome(winner, name, now.over, now.round, commands, hp, battle.state_hash())


def divergence(old: Sequence[dict[str, Any]], new: Sequence[dict[str, Any]],
               first: int) -> Divergence | None:
    """The first command (numbered from `first`) and event where two step lists part."""
    for i, (a, b) in enumerate(zip(old, new, strict=False)):
        if canonical(a["command"]) != canonical(b["command"]):
            return Divergence(first + i, 0, a["command"], b["command"], None)
        x, y = a["events"], b["events"]
        for k in range(max(len(x), len(y))):
            e = x[k] if k < len(x) else None
            f = y[k] if k < len(y) else None
            if canonical(e) != canonical(f):
                return Divergence(first + i, k + 1, e, f, first_die(x, y))
    if len(old) != len(new):
        n = min(len(old), len(new))
        return Divergence(first + n, 0, old[n]["command"] if n < len(old) else None,
                          new[n]["command"] if n < len(new) else None, None)
    return None
