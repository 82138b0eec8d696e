"""A finished run's files: the score line, the morgue and the run record."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from arena.paths import saves_file
from arena.run.ending import killed_by
from arena.run.engine import Run
from arena.run.morgue import write_morgue
from arena.run.record import document, save_record
from arena.run.score import append_score


@dataclass(frozen=True, slots=True)
class Written:
    """Where a finished run's files went."""

    morgue: Path
    record: Path | None


def conclude(run: Run, points: int, saves: Path, record: Path | None = None,
             now: datetime | None = None) -> Written:
    """Append the score line, write the morgue and (when asked) the run record."""
    now = now or datetime.now(UTC)
    date = now.strftime("%Y-%m-%dT%H:%M:%SZ")
    doc = document(run, points)
    c = run.config
    append_score(saves, {
        "seed": c.seed, "ruleset": c.ruleset, "result": run.result,
        "killed_by": killed_by(run), "score": points,
        "bouts_won": sum(t.won for t in run.tallies), "bouts": len(run.bouts),
        "rounds": sum(t.rounds for t in run.tallies), "date": date,
        "game_version": doc["game_version"], "generator_version": doc["generator_version"],
        "seeded": c.seeded, "endless": c.endless, "difficulty": c.difficulty})
    stamp = now.strftime("%Y%m%d-%H%M%S")
    morgue = write_morgue(saves, run, points, date, stamp)
    if record is not None:
        save_record(record, run, points)
    return Written(morgue, record)


def record_path(saves: Path, run: Run, now: datetime | None = None) -> Path:
    """Where the terminal run keeps its record: saves/runs/<ruleset>-s<seed>-<stamp>.run.json."""
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%d-%H%M%S")
    return saves_file(saves / "runs", f"{run.config.ruleset}-s{run.config.seed}-{stamp}.run.json")
