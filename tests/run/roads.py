"""Walking a run's map in tests: to the next fight, or onto the first road."""

from __future__ import annotations

from arena.run.bout import Bout
from arena.run.engine import Run
from arena.run.route import FIGHTS, Node


def _leave(run: Run) -> None:
    """Close the camp of the node reached if a test made its choices on it directly."""
    if run.here is not None and len(run.camps) < run.step:
        run.close_camp(run.camp(), [])


def first_road(run: Run) -> Node:
    """Take the first road open and return the node reached."""
    _leave(run)
    node = run.options()[0]
    assert run.go(node.id) is None
    return node


def to_fight(run: Run) -> Node:
    """Walk (first fight open, else the first road) until a fight node is reached."""
    while True:
        _leave(run)
        ways = run.options()
        node = next((n for n in ways if n.kind in FIGHTS), ways[0])
        assert run.go(node.id) is None
        if node.kind in FIGHTS:
            return node


def next_bout(run: Run) -> Bout:
    """Walk to the next fight and generate its bout."""
    to_fight(run)
    return run.prepare()
