"""A seed sweep: fight one battle per seed (in worker processes) and keep rows in seed order.

Each worker loads the assets and builds the scenario once (its initializer), then fights
the seeds of the chunks it is sent; results come back in seed order whatever the number of
workers, so the CSV is the same bytes for any `--jobs`.
"""

from __future__ import annotations

import csv
import io
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import TextIO

from arena.assets import load_library, load_scenario
from arena.assets.generated import generate_checked
from arena.assets.library import Library
from arena.model.scenario import Scenario
from arena.procgen import GenSpec
from arena.rules import get_ruleset
from arena.tools.battlerow import TALLIES, Fought, fight

FIXED = ("seed", "swapped", "scenario", "ruleset", "winner", "winner_name", "rounds", "reason",
         "commands", "state_hash")


@dataclass(frozen=True, slots=True)
class Job:
    """What to sweep: a scenario (or `generated`: one drawn arena per seed) and the AIs."""

    scenario: str | None
    rules: str | None
    seeds: range
    ais: tuple[str, ...]
    level: str
    swap: bool = False

    def battles(self) -> list[tuple[int, bool]]:
        """Every (seed, swapped) to fight, in output order."""
        return [(s, w) for s in self.seeds for w in ((False, True) if self.swap else (False,))]


_worker: dict[str, object] = {}  # one worker process's job, library and scenario (set once)


def start_worker(job: Job) -> None:
    """Load what every battle of the job needs, once per process."""
    _worker.clear()  # a sweep in this process before must leave nothing behind
    _worker["job"] = job
    _worker["library"] = load_library()
    if job.scenario is not None:
        _worker["scenario"] = load_scenario(job.scenario, _library(), job.rules)


def _library() -> Library:
    """The worker's asset library."""
    library = _worker["library"]
    assert isinstance(library, Library)
    return library


def fight_one(battle: tuple[int, bool]) -> Fought:
    """Fight one (seed, swapped) of the worker's job."""
    job = _worker["job"]
    assert isinstance(job, Job)
    seed, swapped = battle
    scenario = _worker.get("scenario")
    if not isinstance(scenario, Scenario):  # --generated: the arena `arena gen --seed` draws
        scenario = generate_checked(seed, GenSpec(job.rules or "d40"), _library()).scenario
    ruleset = get_ruleset(job.rules or scenario.ruleset)
    return fight(scenario, ruleset, seed, job.ais, job.level, swapped)


_one_at_a_time = threading.Lock()  # a Dask worker's threads share one esper


def fight_shard(job: Job, battles: list[tuple[int, bool]]) -> list[Fought]:
    """Fight a shard of a job's battles in this process (a Dask task; see cluster.py)."""
    with _one_at_a_time:
        if _worker.get("job") != job:
            start_worker(job)
        return [fight_one(battle) for battle in battles]


def sweep(job: Job, jobs: int, tick: Callable[[], None] = lambda: None) -> Iterator[Fought]:
    """Fight every battle of the job with `jobs` processes (1: in this one), in seed order."""
    battles = job.battles()
    if jobs == 1:
        start_worker(job)
        for battle in battles:
            yield fight_one(battle)
            tick()
        return
    chunk = max(1, min(8, len(battles) // (jobs * 16)))  # small chunks: battles vary in length
    with ProcessPoolExecutor(jobs, initializer=start_worker, initargs=(job,)) as pool:
        for fought in pool.map(fight_one, battles, chunksize=chunk):
            yield fought
            tick()


def columns(rows: list[dict[str, object]]) -> list[str]:
    """The CSV header: fixed columns, then each side's AI and tallies for the most sides seen."""
    sides = max((int(str(k)[1:].partition("_")[0]) + 1 for r in rows for k in r
                 if str(k).startswith("s") and str(k).endswith("_ai")), default=2)
    return [*FIXED, *(f"s{i}_{n}" for i in range(sides) for n in ("ai", *TALLIES))]


def csv_text(rows: list[dict[str, object]]) -> str:
    """The rows as CSV (LF line ends; a side a scenario lacks is empty)."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, columns(rows), restval="", lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()


def progress(total: int, stream: TextIO | None = None) -> tuple[Callable[[], None],
                                                                    Callable[[], None]]:
    """(tick, close) of a tqdm bar with ETA on a terminal's stderr; nothing when not a tty."""
    stream = sys.stderr if stream is None else stream  # the stderr of the call, not the import
    if not stream.isatty():
        return (lambda: None), (lambda: None)
    from tqdm import tqdm  # type: ignore[import-untyped]  # noqa: PLC0415 - only for a bar

    bar = tqdm(total=total, file=stream, unit="battle", dynamic_ncols=True, leave=False)
    return (lambda: bar.update(1)), bar.close
