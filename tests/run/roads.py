"""Walking a run's map in tests: to the next fight, or onto the first road."""

from __future__ import annotations

from arena.run.engine import Bout, Run
from arena.run.route import FIGHTS, Node


def first_road(run: Run) -> Node:
    """Take the first road open and return the node reached."""
    node = run.options()[0]
    assert run.go(node.id) is None
    return node


def to_fight(run: Run) -> Node:
    """Walk (first fight open, else the first road) until a fight node is reached."""
    while True:
        ways = run.options()
        node = next((n for n in ways if n.kind in FIGHTS), ways[0])
        assert run.go(node.id) is None
        if node.kind in FIGHTS:
            return node


def next_bout(run: Run) -> Bout:
    """Walk to the next fight and generate its bout."""
    to_fight(run)
    return run.prepare()
