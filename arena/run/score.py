"""The score of a run and the append-only `saves/scores.jsonl` (docs/run.md, "Score").

score = 100 × steps cleared + threat defeated + 5 × max(0, 20 − rounds) for each bout won
        + 1000 for a victory + 500 for a victory with no one lost
(recruits cost coin, not score). A step is cleared when its node is done: a fight won, a camp,
an event or a merchant reached; every road of the map is as long, so the score pays for how
far the party got and what it felled, never for taking a fight rather than a camp. Endless
runs and runs whose seed was chosen by hand are flagged, and `arena scores` lists them apart,
as DCSS keeps seeded games off the main table.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from arena.errors import ArenaError
from arena.files import MAX_JSON_BYTES, parse_json, read_text
from arena.run.config import RANKED
from arena.text import counted, one_line

FAST_ROUNDS = 20
SCORES = "scores.jsonl"


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the score is made of."""

    steps_cleared: int
    threat: int
    won_rounds: tuple[int, ...]
    victory: bool
    lost_anyone: bool


def score(o: Outcome) -> int:
    """The documented formula."""
    total = 100 * o.steps_cleared + o.threat
    total += sum(5 * max(0, FAST_ROUNDS - r) for r in o.won_rounds)
    if o.victory:
        total += 1000 + (0 if o.lost_anyone else 500)
    return total


def breakdown(o: Outcome) -> str:
    """The score as its parts add up (`541 = 3 steps cleared 300 + threat felled 91 + ...`)."""
    parts = [f"{counted(o.steps_cleared, 'step')} cleared {100 * o.steps_cleared}",
             f"threat felled {o.threat}"]
    quick = sum(5 * max(0, FAST_ROUNDS - r) for r in o.won_rounds)
    if quick:
        parts.append(f"quick wins {quick}")
    if o.victory:
        parts.append("victory 1000" + ("" if o.lost_anyone else " + nobody lost 500"))
    return f"{score(o)} = {' + '.join(parts)}"


def append_score(saves: Path, line: dict[str, object]) -> Path:
    """Append one run's line to `saves/scores.jsonl`, flushed and synced (never rewritten)."""
    path = saves / SCORES
    try:
        saves.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(line, separators=(",", ":"), sort_keys=True) + "\n")
            f.flush()
            os.fsync(f.fileno())
    except OSError as e:
        raise ArenaError(f"{path}: cannot append the score: {e.strerror or e}") from None
    return path


MAX_SCORE = 10**12  # far above any run's (a victory of twelve steps scores about 3,000)


@dataclass(frozen=True, slots=True)
class Scores:
    """The score table as read: its good rows, the damaged lines skipped, or why it is unread."""

    path: Path
    rows: tuple[dict[str, object], ...] = ()
    skipped: tuple[int, ...] = ()  # line numbers, from 1
    problem: str | None = None  # the whole file could not be read

    def warning(self) -> str | None:
        """One line saying what was not read (None: everything was)."""
        if self.problem is not None:
            return self.problem
        if not self.skipped:
            return None
        many = len(self.skipped) > 1
        return (f"{one_line(str(self.path))}: {len(self.skipped)} damaged line"
                f"{'s' if many else ''} skipped (line {self.skipped[0]}{' first' if many else ''})")


def _row(value: object) -> dict[str, object] | None:
    """A score line as the table takes it, or None: an object with a whole score 0..MAX_SCORE."""
    if not isinstance(value, dict):
        return None
    points = value.get("score")
    if not isinstance(points, int) or isinstance(points, bool) or not 0 <= points <= MAX_SCORE:
        return None
    return value


def load_scores(saves: Path) -> Scores:
    """Every good line of the scores file; a damaged line is skipped and counted, never fatal."""
    path = saves / SCORES
    if not os.path.lexists(path):
        return Scores(path)
    try:
        text = read_text(path, one_line(str(path)), MAX_JSON_BYTES)
    except ArenaError as e:
        return Scores(path, problem=str(e))
    rows, skipped = [], []
    for n, line in enumerate(text.splitlines(), 1):
        try:
            row = _row(parse_json(line, f"{path}:{n}"))
        except ArenaError:
            row = None
        if row is None:
            skipped.append(n)
        else:
            rows.append(row)
    return Scores(path, tuple(rows), tuple(skipped))


def read_scores(saves: Path) -> list[dict[str, object]]:
    """Every good line of the scores file (`load_scores`'s rows)."""
    return list(load_scores(saves).rows)


def _rank(r: dict[str, object]) -> tuple[int, str]:
    """Best score first, then the earlier date."""
    return -int(str(r["score"])), str(r.get("date", ""))


def _unranked(r: dict[str, object]) -> bool:
    """Whether a score line is listed apart: a chosen seed, an endless run or `easy`."""
    return bool(r.get("seeded") or r.get("endless")) or r.get("difficulty", "normal") not in RANKED


def _shown(value: object, limit: int) -> str:
    """A field of a score line as the table prints it: one line, escaped, cut to `limit`."""
    return one_line(str(value)[: limit + 1], limit)


def table(rows: Sequence[dict[str, object]], ruleset: str | None) -> str:
    """The high-score table, best first; unranked (seeded, endless, easy) runs listed apart."""
    chosen = [r for r in rows if ruleset is None or r.get("ruleset") == ruleset]
    lines = []
    for title, flagged in (("Runs", False), ("Seeded, endless or easy runs (unranked)", True)):
        part = sorted((r for r in chosen if _unranked(r) == flagged), key=_rank)
        if not part:
            continue
        lines.append(f"{title}:")
        lines.append(f"{'#':>3} {'score':>6}  {'rules':<6} {'result':<8} {'bouts':>5} "
                     f"{'seed':>20}  cause / date")
        for i, r in enumerate(part, 1):
            cause = _shown(r.get("killed_by") or "-", 40)
            lines.append(f"{i:>3} {r['score']!s:>6}  {_shown(r.get('ruleset'), 12):<6} "
                         f"{_shown(r.get('result'), 12):<8} {_shown(r.get('bouts_won'), 8):>5} "
                         f"{_shown(r.get('seed'), 24):>20}  {cause} / "
                         f"{_shown(r.get('date'), 30)}")
    return "\n".join(lines) + "\n" if lines else "no runs recorded yet\n"
