"""The decision oracle: does each choice of a run matter, and is any one always right?

    python benchmarks/decisions.py [--seeds 14] [--every 2] [--rules d40,ap,adnd,becmi]
                                   [--per-kind 3] [--jobs 2] [--points FILE]

For runs 1..SEEDS of each ruleset, played by `arena run --auto`'s policies, every decision
point whose (seed + step) is a multiple of EVERY (a road with one node open apart) is tried
every way: the run is copied there (`run/fork.py`) and played on to its end once for each
legal choice, the policies choosing everywhere else (the `--plan` mechanism, in memory). A
road point tries each node open; a camp point (a camp, a fight's spoils, a merchant, an
event) tries "march on" (no choice at all) and every legal first choice
(`plan.legal_choices`), at most PER_KIND of each kind, spread evenly over the legal list,
the policies going on after it.

A choice's worth is the run's score (bouts won first: `score.py`); per kind of decision point
the table gives the share of its points at which each choice (a road by its node's kind, a camp
choice by its kind) was the best (ties share the point), and how often the best beat the worst
by a bout or more. The goals (issue 29): no choice the best at more than 50 % of its kind's
points; the best a bout or more ahead of the worst at 30 % of them or more.
A road point whose open nodes are all of one kind (two fights) asks which fight, not which
kind: it has its own row, "road, one kind", whose choices are the roads in lane order ("first
road" is the one the plain policy of `policies.py` takes).
`--points FILE` writes every point tried, one JSON object a line, for a closer look;
`--report FILE` prints the table of points written so, without playing anything.
Standard-library timers only; the current numbers live in docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from itertools import chain
from typing import Any

from arena.assets import load_library
from arena.run.auto import fight_here, outcome, play_on, policy, road
from arena.run.camp import Camp
from arena.run.config import RunConfig
from arena.run.decisions import CampChoice
from arena.run.engine import Run
from arena.run.fork import fork, fork_camp
from arena.run.plan import legal_choices
from arena.run.route import FIGHTS
from arena.run.score import score

MARCH_ON = "march on"
ONE_KIND = "road, one kind"
ORDINAL = ("first road", "second road", "third road", "fourth road")


@dataclass(frozen=True, slots=True)
class Point:
    """One decision point tried every way: its kind, and each choice's (label, bouts, score)."""

    rules: str
    seed: int
    step: int
    kind: str  # road, camp, spoils, merchant, event
    tried: tuple[tuple[str, int, int], ...]


def worth(run: Run) -> tuple[int, int]:
    """Bouts won and score of a finished run."""
    return sum(t.won for t in run.tallies), score(outcome(run))


def spread(choices: list[CampChoice], per_kind: int) -> list[CampChoice]:
    """At most `per_kind` choices of each kind, evenly spaced over the legal list."""
    kinds: dict[str, list[CampChoice]] = defaultdict(list)
    for c in choices:
        kinds[c.kind].append(c)
    kept: list[CampChoice] = []
    for same in kinds.values():
        n = len(same)
        picks = sorted({k * n // per_kind for k in range(min(n, per_kind))})
        kept.extend(same[k] for k in picks)
    return kept


def try_roads(run: Run) -> tuple[tuple[str, int, int], ...]:
    """Each node open at the next step, played on from there."""
    tried = []
    for node in run.options():
        copy = fork(run)
        copy.go(node.id)
        fight_here(copy)
        if not copy.over:
            camp = copy.camp()
            copy.make_camp(camp, policy(camp))
        play_on(copy)
        tried.append((node.kind, *worth(copy)))
    return tuple(tried)


def try_camp(run: Run, camp: Camp, per_kind: int) -> tuple[tuple[str, int, int], ...]:
    """Marching on, and each legal first choice followed by the policy, played on."""
    tried = []
    firsts: list[CampChoice | None] = [None, *spread(legal_choices(camp), per_kind)]
    for first in firsts:
        copy, held = fork_camp(run, camp)
        made: Iterator[CampChoice] = iter(()) if first is None else chain([first],
                                                                           policy(held))
        copy.make_camp(held, made)
        play_on(copy)
        tried.append((MARCH_ON if first is None else first.kind, *worth(copy)))
    return tuple(tried)


def camp_kind(run: Run) -> str:
    """The kind of camp point: after a fight its spoils, else the node's kind."""
    assert run.here is not None
    return "spoils" if run.here.kind in FIGHTS else run.here.kind


def one_run(job: tuple[str, int, int, int]) -> list[Point]:
    """One auto run, its sampled points each tried every way."""
    rules, seed, every, per_kind = job
    run = Run(RunConfig(rules, seed, 12), load_library())
    points = []
    while not run.over:
        step = run.step + 1
        if (seed + step) % every == 0 and len(run.options()) > 1:
            kinds = {n.kind for n in run.options()}
            points.append(Point(rules, seed, step, "road" if len(kinds) > 1 else ONE_KIND,
                                try_roads(run)))
        run.go(road(run).id)
        fight_here(run)
        if run.over:
            break
        camp = run.camp()
        if (seed + step) % every == 0:
            points.append(Point(rules, seed, step, camp_kind(run),
                                try_camp(run, camp, per_kind)))
        run.make_camp(camp, policy(camp))
    return points


def best_shares(point: Point) -> dict[str, float]:
    """Each choice's share of being the best at this point (ties by score share it)."""
    by_label: dict[str, int] = {}
    for k, (kind, _bouts, points) in enumerate(point.tried):
        label = ORDINAL[k] if point.kind == ONE_KIND else kind
        by_label[label] = max(points, by_label.get(label, points))
    top = max(by_label.values())
    best = [label for label, points in by_label.items() if points == top]
    return {label: 1 / len(best) for label in best}


def margin(point: Point) -> int:
    """Bouts by which the best choice beat the worst."""
    bouts = [b for _label, b, _s in point.tried]
    return max(bouts) - min(bouts)


def report(points: list[Point]) -> list[str]:
    """The Markdown table: per kind of point, each choice's share of being the best."""
    kinds: dict[str, list[Point]] = defaultdict(list)
    for p in points:
        kinds[p.kind].append(p)
    lines = ["| decision | points | choices tried per point | best choice (share of points) "
             "| best ≥ 1 bout over worst |", "|---|---|---|---|---|"]
    for kind in ("road", ONE_KIND, "camp", "spoils", "merchant", "event"):
        group = kinds.get(kind, [])
        if not group:
            continue
        shares: Counter[str] = Counter()
        for p in group:
            shares.update(best_shares(p))
        tried = sum(len(p.tried) for p in group) / len(group)
        mattered = sum(margin(p) >= 1 for p in group)
        best = ", ".join(f"{label} {100 * n / len(group):.0f} %"
                         for label, n in shares.most_common(4))
        lines.append(f"| {kind} | {len(group)} | {tried:.1f} | {best} | "
                     f"{100 * mattered / len(group):.0f} % |")
    return lines


def read_point(data: dict[str, Any]) -> Point:
    """A point as `--points` wrote it."""
    return Point(data["rules"], data["seed"], data["step"], data["kind"],
                 tuple((str(a), int(b), int(c)) for a, b, c in data["tried"]))


def main() -> None:
    """Sample the points, try them every way, print the table and the time."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=14)
    parser.add_argument("--every", type=int, default=2)
    parser.add_argument("--rules", default="d40,ap,adnd,becmi")
    parser.add_argument("--per-kind", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--points", help="write every point tried here, as JSON lines")
    parser.add_argument("--report", help="print the table of the points in this file, and stop")
    args = parser.parse_args()
    if args.report:
        with open(args.report, encoding="utf-8") as f:
            print("\n".join(report([read_point(json.loads(line)) for line in f])))
        return
    jobs = [(rules, seed, args.every, args.per_kind) for rules in args.rules.split(",")
            for seed in range(1, args.seeds + 1)]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        points = [p for found in pool.map(one_run, jobs) for p in found]
    seconds = time.perf_counter() - start
    if args.points:
        with open(args.points, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(asdict(p)) + "\n" for p in points)
    print("\n".join(report(points)))
    runs = sum(len(p.tried) for p in points)
    print(f"\n{len(points)} points, {runs} runs played on, {seconds:.0f} s with "
          f"{args.jobs} workers")


if __name__ == "__main__":
    main()
