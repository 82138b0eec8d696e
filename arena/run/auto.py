"""The headless run: the AI commands every side and the camp policy chooses (`--auto`)."""

from __future__ import annotations

from collections.abc import Iterator

from arena.assets.library import Library
from arena.battle.core import Battle
from arena.model.commands import Command
from arena.run.camp import Camp, Choice, auto_next
from arena.run.engine import Emit, Run, RunConfig, play_commands
from arena.run.party import party_json
from arena.run.score import Outcome, score


def ai_command(battle: Battle, _index: int) -> Command:
    """The AI's command for whoever acts (both sides in a headless run)."""
    return battle.decide()


def policy(camp: Camp) -> Iterator[Choice]:
    """The auto policy's choices, each decided on the camp as the previous ones left it."""
    while (choice := auto_next(camp)) is not None:
        yield choice


def start(run: Run) -> None:
    """Announce the run."""
    c = run.config
    run.emit({"type": "run_start", "seed": c.seed, "ruleset": c.ruleset,
              "bouts": None if c.endless else c.bouts, "endless": c.endless,
              "seeded": c.seeded, "party": party_json(run.party, c.ruleset)})


def outcome(run: Run) -> Outcome:
    """The run's score components."""
    won = [t for t in run.tallies if t.won]
    return Outcome(len(won), sum(t.threat for t in run.tallies),
                   tuple(t.rounds for t in won), run.result == "victory",
                   any(not m.alive for m in run.party), run.recruits)


def end(run: Run) -> int:
    """Emit `run_end` and return the score."""
    points = score(outcome(run))
    run.emit({"type": "run_end", "result": run.result,
              "bouts_won": sum(t.won for t in run.tallies), "score": points,
              "seed": run.config.seed, "ruleset": run.config.ruleset})
    return points


def play_auto(config: RunConfig, library: Library, emit: Emit | None = None,
              keyframes: int = 0) -> tuple[Run, int]:
    """Play a whole run headless; return it and its score (`keyframes`: see Run)."""
    run = Run(config, library, emit)
    run.keyframe_every = keyframes
    start(run)
    while not run.over:
        bout = run.prepare()
        with run.battle(bout) as battle:
            play_commands(run, bout, battle, ai_command, fallback=True)
            run.finish(bout, battle)
        if not run.over:
            camp = run.camp()
            run.make_camp(camp, policy(camp))
    return run, end(run)
