"""A run copied mid-way, to be played on apart from the original (the decision oracle)."""

from __future__ import annotations

import copy

from arena.run.camp import Camp
from arena.run.engine import Run


def _memo(run: Run) -> dict[int, object]:
    """The run's fixed parts, shared by every copy.

    The library, the ruleset, the generator's materials, the roster, the events and the map
    never change during a run; everything else (party, purse, tallies, path, a camp's table) is
    each copy's own, so playing one on leaves the other be.
    """
    fixed = (run.library, run.materials, run.pool, run.ruleset, run.cards, run.route)
    return {id(part): part for part in fixed}


def fork(run: Run) -> Run:
    """A copy of `run` between two steps."""
    return copy.deepcopy(run, _memo(run))


def fork_camp(run: Run, camp: Camp) -> tuple[Run, Camp]:
    """Copies of `run` and of its open camp, the camp's party the copy's own."""
    return copy.deepcopy((run, camp), _memo(run))
