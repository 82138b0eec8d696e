"""How a run ended: the one answer the run-over screen, the morgue and the score line give."""

from __future__ import annotations

from arena.run.engine import Run
from arena.run.party import Member
from arena.text import counted


def last_to_fall(run: Run) -> Member | None:
    """The member whose fall ended the run: the last to fall in the last bout (None: no death)."""
    if run.result != "death":
        return None
    fallen = [m for m in run.party if not m.alive]
    return max(fallen, key=lambda m: m.fell) if fallen else None


def killed_by(run: Run) -> str:
    """The score line's cause: how the member whose fall ended the run fell ('' otherwise)."""
    m = last_to_fall(run)
    return m.cause if m is not None else ""


def how_it_ended(run: Run) -> str:
    """The run's end in one sentence: whose fall ended it and how, victory or retirement."""
    fought = len(run.bouts)
    won = sum(t.won for t in run.tallies)
    m = last_to_fall(run)
    if m is not None:
        return f"The run ended in death: {m.name}, the last of the party standing, {m.cause}."
    if run.result == "victory":
        return f"The run ended in victory: {counted(won, 'bout')} won of {fought}."
    if run.result == "retired":
        return f"The party retired after bout {fought}, {counted(won, 'bout')} won."
    return f"The run is not over: {counted(fought, 'bout')} fought."


def fallen_in_order(run: Run) -> list[Member]:
    """The members who fell, in the order they fell (bout, then place in its log)."""
    return sorted((m for m in run.party if not m.alive), key=lambda m: m.fell)
