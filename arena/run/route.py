"""The map of a run: nodes in steps, each leading to one to three of the next, from the seed alone.

A run of `steps` steps is cut into acts of `ACT` steps; the last step of each act (and the
run's last step) is its boss. Each other step holds two or three nodes, each a fight, an elite
fight, a camp, an event or a merchant (`KINDS`), with a theme for its arena; every node of a
step leads to one or two nodes of the next, and every node of the next is reached. The first
step of the run is all fights, no elite comes before the third step nor a merchant before the
second, the step before a boss is camps and the one before that has none. Act `a` is
drawn from `Stream("route", seed, a)` alone, so an endless run draws its acts as it reaches
them and a node never depends on the road taken to it: its id (`a2s9n1`: act, step, lane)
seeds its arena and its foes (`node_seed`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arena.errors import ArenaError
from arena.procgen.rng import Stream, derive

ACT = 6  # steps in an act; its last is the boss
DEFAULT_STEPS = 12
MAX_STEPS = 1000
LANES = (2, 3)  # nodes in a step that is not a boss's (drawn)
FIGHT, ELITE, CAMP, BOSS = "fight", "elite", "camp", "boss"
EVENT, MERCHANT = "event", "merchant"
KINDS = (FIGHT, ELITE, CAMP, EVENT, MERCHANT, BOSS)
FIGHTS = (FIGHT, ELITE, BOSS)  # the kinds fought as a bout
WEIGHTS = ((FIGHT, 46), (ELITE, 16), (CAMP, 16), (EVENT, 14), (MERCHANT, 8))  # a kind, drawn
FIRST_ELITE = 3  # no elite before this step
FIRST_MERCHANT = 2  # ... nor a merchant before this one
BRANCH = 0.7  # the chance a node leads to a second node of the next step, where one is near
TIER = {FIGHT: "coin and loot", ELITE: "coin x1.5, loot and a pick of goods",
        BOSS: "coin x2, loot and a pick of goods", CAMP: "rest, repairs, goods, fighters to hire",
        EVENT: "a stranger's offer: a choice and its chances",
        MERCHANT: "wares to buy, gear to sell, fighters to hire"}  # what each kind gives


@dataclass(frozen=True, slots=True)
class Node:
    """One place on the map: its id, step (1-based), lane, kind, theme and where it leads."""

    id: str
    step: int
    lane: int
    kind: str
    theme: str
    leads: tuple[str, ...]  # the next step's nodes it leads to (a boss: every one, `options`)


def node_seed(seed: int, node: str) -> int:
    """The seed of a node's arena and battle: from (run seed, node id) alone."""
    return derive("run-node", seed, node) >> 1


def node_id(step: int, lane: int) -> str:
    """The id of the node at `lane` of `step` (`a1s3n2`)."""
    return f"a{(step - 1) // ACT + 1}s{step}n{lane}"


def is_boss_step(step: int, steps: int | None) -> bool:
    """Whether `step` is a boss's: the last of an act, or the run's last (None: endless)."""
    return step % ACT == 0 or step == steps


class Route:
    """The run's map, drawn act by act as the run reaches it (`node`, `step_nodes`)."""

    def __init__(self, seed: int, steps: int | None, themes: Sequence[str]) -> None:
        if steps is not None and not 1 <= steps <= MAX_STEPS:
            raise ArenaError(f"--steps must be 1..{MAX_STEPS}, got {steps}")
        if not themes:
            raise ArenaError("the run's map needs at least one arena theme")
        self.seed = seed
        self.steps = steps  # None: endless (until MAX_STEPS)
        self.themes = tuple(sorted(themes))
        self._acts: dict[int, dict[int, list[Node]]] = {}

    @property
    def last(self) -> int:
        """The last step of the run."""
        return self.steps if self.steps is not None else MAX_STEPS

    def step_nodes(self, step: int) -> list[Node]:
        """The nodes of `step`, by lane."""
        if not 1 <= step <= self.last:
            raise ArenaError(f"the run has steps 1..{self.last}, not {step}")
        act = (step - 1) // ACT + 1
        if act not in self._acts:
            self._acts[act] = self._draw(act)
        return self._acts[act][step]

    def node(self, ident: str) -> Node:
        """The node called `ident`; an ArenaError if the map has none."""
        step = _step_of(ident)
        if step is not None and 1 <= step <= self.last:
            for n in self.step_nodes(step):
                if n.id == ident:
                    return n
        raise ArenaError(f"the run's map has no node {ident[:40]!r}")

    def options(self, at: str | None) -> list[Node]:
        """Where the party may go from node `at` (None: the start): the next step's nodes."""
        if at is None:
            return self.step_nodes(1)
        here = self.node(at)
        if here.step >= self.last:
            return []
        after = self.step_nodes(here.step + 1)
        return after if here.kind == BOSS else [n for n in after if n.id in here.leads]

    def _draw(self, act: int) -> dict[int, list[Node]]:
        """Act `act`'s steps: lanes, kinds, themes and edges, from its own stream."""
        rng = Stream("route", self.seed, act)
        first = (act - 1) * ACT + 1
        span = range(first, min(first + ACT, self.last + 1))
        shapes: dict[int, list[tuple[str, str]]] = {}
        for step in span:
            count = 1 if is_boss_step(step, self.steps) else rng.pick(LANES)
            shapes[step] = [(self._kind(step, rng), rng.pick(self.themes)) for _ in range(count)]
        made: dict[int, list[Node]] = {}
        for step in reversed(span):  # a boss leads to every node of the next act (`options`)
            after = made.get(step + 1, [])
            links = _links(len(shapes[step]), len(after), rng)
            made[step] = [Node(node_id(step, lane), step, lane, kind, theme,
                               tuple(after[j].id for j in links[lane]))
                          for lane, (kind, theme) in enumerate(shapes[step])]
        return made

    def _kind(self, step: int, rng: Stream) -> str:
        """A node's kind at `step` by the map's rules, drawn where they leave a choice."""
        if is_boss_step(step, self.steps):
            return BOSS
        if step == 1:
            return FIGHT
        if is_boss_step(step + 1, self.steps):
            return CAMP
        camps_next = is_boss_step(step + 2, self.steps)  # the step after is all camps
        weights = [(k, w) for k, w in WEIGHTS
                   if (k != ELITE or step >= FIRST_ELITE) and (k != CAMP or not camps_next)
                   and (k != MERCHANT or step >= FIRST_MERCHANT)]
        return rng.weighted(weights)


def _links(count: int, after: int, rng: Stream) -> list[tuple[int, ...]]:
    """Which of the `after` next nodes each of `count` nodes leads to: one or two, all reached.

    Node i leads to the next node at its relative place and, by a draw, to a neighbour of it;
    a next node left unreached is joined to the node nearest its place.
    """
    if after == 0:
        return [() for _ in range(count)]
    links: list[set[int]] = []
    for i in range(count):
        j = (i * (after - 1) + (count - 1) // 2) // max(1, count - 1) if count > 1 else 0
        chosen = {j}
        other = j + rng.pick((-1, 1))
        if 0 <= other < after and rng.chance(BRANCH):
            chosen.add(other)
        links.append(chosen)
    for j in range(after):
        if not any(j in s for s in links):
            i = (j * (count - 1) + (after - 1) // 2) // max(1, after - 1) if after > 1 else 0
            links[i].add(j)
    return [tuple(sorted(s)) for s in links]


def _step_of(ident: str) -> int | None:
    """The step a node id names (`a1s3n2` -> 3), or None if it is not a node id."""
    head, s, rest = ident.partition("s")
    digits, n, lane = rest.partition("n")
    if not (head.startswith("a") and s and n and digits.isdigit() and lane.isdigit()):
        return None
    return int(digits) if len(digits) <= 4 else None
