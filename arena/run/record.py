"""Run records: a finished run as one replay file, and `arena replay RUNFILE --verify`.

The file is JSON: a header (format, versions, generator version, ruleset, seed, length, the
party's templates), then every bout (its scenario, battle seed and commands with state
hashes, and with `--keyframes K` a snapshot every K commands) and every camp's choices, then
the result and score. Verification re-runs the whole run from the seed with the recorded
commands and choices and names the first difference, a stored keyframe included.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import arena
from arena.assets.library import Library
from arena.assets.scenarios import scenario_to_dict
from arena.battle.core import Battle
from arena.errors import ArenaError
from arena.files import MAX_JSON_BYTES, parse_json, read_head, read_text, write_atomically
from arena.model.commands import Command, command_from_json
from arena.procgen import GENERATOR_VERSION
from arena.replay.document import keyframe_list
from arena.replay.file import canonical
from arena.replay.snapshot import differs_in, take
from arena.run.auto import end, start
from arena.run.bout import Bout
from arena.run.config import RunConfig
from arena.run.decisions import choice_from_json
from arena.run.engine import Run
from arena.run.fight import play_commands
from arena.run.recordcheck import check_record
from arena.run.route import FIGHTS
from arena.text import one_line

FORMAT = "arena-run"
RUN_VERSION = 6  # 6: a bout starts with the weapon drawn at the last one's end; 5: the field's
# loot; 4: the score counts steps cleared


def document(run: Run, points: int) -> dict[str, object]:
    """The run record as one JSON object."""
    c = run.config
    return {
        "format": FORMAT, "run_version": RUN_VERSION, "game_version": arena.__version__,
        "generator_version": GENERATOR_VERSION,
        "ruleset": {"name": run.ruleset.name, "version": run.ruleset.version},
        "assets_hash": run.library.hash, "seed": c.seed, "steps": c.steps,
        "endless": c.endless, "seeded": c.seeded, "difficulty": c.difficulty,
        "party": [m.template for m in run.party if m.recruited_at == 0],
        "route": [n.id for n in run.path],
        "fights": [{"bout": b.number, "node": b.node.id, "battle_seed": b.seed,
                    "scenario": scenario_to_dict(b.scenario), "commands": b.steps,
                    **({"keyframes": b.keyframes} if b.keyframes else {})}
                   for b in run.bouts],
        "camps": [[c.to_json() for c in made] for made in run.camps],
        "result": run.result, "score": points,
    }


def save_record(path: Path, run: Run, points: int) -> None:
    """Write the run record atomically."""
    write_atomically(path, json.dumps(document(run, points), separators=(",", ":")) + "\n")


def is_run_record(path: Path) -> bool:
    """Whether `path` holds a run record (its header names the format)."""
    head = read_head(path, 200)  # a FIFO or a device is not sniffed (it could block forever)
    return re.search(rb'"format"\s*:\s*"' + FORMAT.encode() + rb'"', head) is not None


@dataclass(frozen=True, slots=True)
class RunMismatch:
    """Where a re-run run first differs from its record."""

    bout: int  # 0: not in a bout (the road taken, a camp): `step` says where
    index: int  # command number in the bout; 0 for the arena, the camp or the end
    what: str
    step: int = 0

    def __str__(self) -> str:
        where = f"bout {self.bout}" if self.bout else f"step {self.step}"
        where += f", command {self.index}" if self.index else ""
        return f"run differs at {where}: {self.what}"


class _Diverged(Exception):  # noqa: N818 - control flow inside verify only
    """Raised inside the re-run at the first difference."""

    def __init__(self, mismatch: RunMismatch) -> None:
        super().__init__(str(mismatch))
        self.mismatch = mismatch


def load_record(path: Path) -> dict[str, Any]:
    """Read a run record and check every field (exit 2 on anything malformed)."""
    where = one_line(str(path))
    doc = parse_json(read_text(path, where, MAX_JSON_BYTES), where)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ArenaError(f"{where}: not an arena run record")
    if doc.get("run_version") != RUN_VERSION or type(doc.get("run_version")) is not int:
        old = " (from an older game: it cannot be re-run)" \
            if doc.get("run_version") in range(1, RUN_VERSION) else ""
        raise ArenaError(f"{where}: run record version {one_line(repr(doc.get('run_version')))}"
                         f"{old}; this game reads {RUN_VERSION}")
    check_record(doc, where)
    return doc


def verify(doc: dict[str, Any], library: Library,
           bouts: list[Bout] | None = None) -> RunMismatch | None:
    """Re-run a checked run record (`load_record`); the first difference, or None.

    `bouts`, when given, receives every bout re-fought (its arena, seed, wounds and steps),
    for the replay viewer.
    """
    config = RunConfig(doc["ruleset"]["name"], doc["seed"], doc["steps"], doc["endless"],
                       doc["seeded"], tuple(doc["party"]), doc["difficulty"])
    run = Run(config, library)
    if bouts is not None:
        bouts.clear()
        run.bouts = bouts  # the same list: the run appends each bout as it finishes it
        run.keep_seen = True  # the viewer narrates each bout without fighting it again
    start(run)
    try:
        while not run.over:
            _node(run, doc)
    except ArenaError as e:
        return RunMismatch(0, 0, str(e), run.step)
    except _Diverged as d:
        return d.mismatch
    return _ending(run, doc, end(run))


def _node(run: Run, doc: dict[str, Any]) -> None:
    """Take the record's next road; fight its bout if it is a fight; make its recorded camp."""
    route, step = doc["route"], run.step + 1
    if step > len(route):
        raise _Diverged(RunMismatch(0, 0, f"the record's road ends after {len(route)} steps; "
                                    "the run goes on", step))
    reason = run.go(route[step - 1])
    if reason is not None:
        raise _Diverged(RunMismatch(0, 0, f"the road taken: {reason}", step))
    if run.here is not None and run.here.kind in FIGHTS:
        _bout(run, doc)
    if not run.over:
        _camp(run, doc, len(run.camps) + 1)


def _bout(run: Run, doc: dict[str, Any]) -> None:
    """Re-fight the next bout with its recorded commands."""
    bout = run.prepare()
    number = bout.number
    if number > len(doc["fights"]):
        raise _Diverged(RunMismatch(number, 0, f"the record has {len(doc['fights'])} bouts; "
                                    "the run goes on"))
    fight = doc["fights"][number - 1]
    if fight["node"] != bout.node.id:
        raise _Diverged(RunMismatch(number, 0, f"node: expected {fight['node']}; actual "
                                    f"{bout.node.id}"))
    if fight["battle_seed"] != bout.seed:
        raise _Diverged(RunMismatch(number, 0, f"battle seed: expected {fight['battle_seed']}; "
                                    f"actual {bout.seed}"))
    if canonical(scenario_to_dict(bout.scenario)) != canonical(fight["scenario"]):
        raise _Diverged(RunMismatch(number, 0, "the generated arena differs"))
    steps = fight["commands"]
    stored = dict(keyframe_list(fight, f"bout {number}", len(steps)))
    with run.battle(bout) as battle:
        play_commands(run, bout, battle, _source(steps), _checker(steps, number, battle, stored))
        if len(bout.steps) != len(steps):
            raise _Diverged(RunMismatch(number, len(bout.steps) + 1, f"the record has "
                                        f"{len(steps)} commands, the battle ended after "
                                        f"{len(bout.steps)}"))
        for kept, step in zip(bout.steps, steps, strict=True):
            kept["by"] = step["by"]  # who gave it, as recorded (the re-fight asks no one)
        run.finish(bout, battle)


def _ending(run: Run, doc: dict[str, Any], points: int) -> RunMismatch | None:
    """After the re-run: as many steps, bouts and camps as recorded, the same result and score."""
    last = len(run.bouts)
    if len(doc["fights"]) != last:
        return RunMismatch(last, 0, f"the record has {len(doc['fights'])} bouts; the run ended "
                           f"after {last}")
    if len(doc["route"]) != run.step:
        return RunMismatch(0, 0, f"the record's road has {len(doc['route'])} steps; the run "
                           f"ended after {run.step}", run.step)
    if len(doc["camps"]) != len(run.camps):
        return RunMismatch(last, 0, f"the record has {len(doc['camps'])} camps; the run made "
                           f"{len(run.camps)}")
    if canonical([run.result, points]) != canonical([doc["result"], doc["score"]]):
        return RunMismatch(last, 0, f"result: expected {doc['result']} {doc['score']}; actual "
                           f"{run.result} {points}")
    return None


def _camp(run: Run, doc: dict[str, Any], number: int) -> None:
    """Make the record's camp `number` (1-based) at the node reached."""
    camps, step = doc["camps"], run.step
    if number > len(camps):
        raise _Diverged(RunMismatch(0, 0, "the record has no camp here", step))
    try:
        made = [choice_from_json(c) for c in camps[number - 1]]
        run.make_camp(run.camp(), made)
    except ArenaError as e:
        raise _Diverged(RunMismatch(0, 0, f"camp {number}: {e}", step)) from None


def _source(steps: list[Any]) -> Callable[[Battle, int], Command | None]:
    """The recorded commands of a bout, one by one (None after the last; each checked)."""
    def next_command(_battle: Battle, index: int) -> Command | None:
        return command_from_json(steps[index - 1]["command"]) if index <= len(steps) else None
    return next_command


def _checker(steps: list[Any], number: int, battle: Battle,
             stored: dict[int, dict[str, Any]]) -> Callable[[int, Command, str], None]:
    """Compare each applied command's state hash, and a stored keyframe, with the battle's."""
    def check(index: int, command: Command, actual: str) -> None:
        expected = steps[index - 1]["state_hash"]
        if expected != actual:
            raise _Diverged(RunMismatch(number, index, f"{command.type} by #{command.actor}: "
                                        f"state hash expected {expected}; actual {actual}"))
        if index in stored:
            kept, made = _unplanned(stored[index]), _unplanned(take(battle, log=False))
            if canonical(kept) != canonical(made):
                raise _Diverged(RunMismatch(number, index, "stored keyframe after command "
                                            f"{index} differs in {differs_in(kept, made)!r}"))
    return check


def _unplanned(snapshot: dict[str, Any]) -> dict[str, Any]:
    """A snapshot less the AI's memory: the re-run applies the commands, it asks no AI."""
    return {k: v for k, v in snapshot.items() if k != "roster"}
