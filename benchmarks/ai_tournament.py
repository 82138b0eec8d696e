"""AI tournament: `tactical` against `basic` on every scenario, with sides swapped each seed.

Reports per ruleset the tactical win rate with a 95 % Wilson interval (draws count as not
won), the share of moves that return to a hex the mover left earlier that turn, and the
decision time (median, 95th percentile) with 20 and 100 combatants on the field.

Run: python benchmarks/ai_tournament.py [--seeds 200] [--level normal] [--jobs 2]
     [--scenarios a,b] [--no-generated] [--baseline] [--seats N] [--cpu-time] [--crowds 20,100]
     [--log FILE]

`--seats N` also plays `basic` against `basic` and `tactical` against `tactical` on N seeds of
each scenario: how often side 0 wins when both sides are commanded alike (seat-dominated
scenarios show it whoever commands). `--cpu-time` times decisions in process CPU time, for a
machine shared with other work.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import json
import math
import platform
import statistics
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from arena.assets import load_library, load_scenario
from arena.battle.core import Battle
from arena.ecs.events import BattleEnded, Moved
from arena.hexgrid import Hex, hex_distance
from arena.model.commands import Move
from arena.model.scenario import Scenario
from arena.model.terrain import HexMap
from arena.rules import get_ruleset

SHIPPED = ("duel", "skirmish", "d40-duel", "d40-brawl", "becmi-duel", "becmi-raid",
           "adnd-archers", "adnd-melee", "ap-duel", "ap-ambush")
MAX_COMMANDS = 20_000
CROWDS = {20: (2, MAX_COMMANDS), 100: (1, MAX_COMMANDS), 400: (1, 100)}  # seeds, cap
clock = time.perf_counter


@dataclass
class Result:
    """One battle's outcome as the tournament counts it."""

    won: bool
    draw: bool
    moves: int = 0
    returning: int = 0
    times: list[float] = field(default_factory=list)


def fight(scenario: Scenario, seed: int, tactical_side: int, level: str = "normal",
          other: str = "basic", player: str = "tactical", cap: int = MAX_COMMANDS) -> Result:
    """Play one battle: `player` (`tactical`) at `level` on `tactical_side`, `other` elsewhere.

    `cap` stops it after that many commands (the 400-combatant timing looks at its start).
    """
    ruleset = get_ruleset(scenario.ruleset)
    moves = returning = 0
    times: list[float] = []
    visited: dict[int, set[Hex]] = {}
    with Battle(scenario, ruleset, seed) as battle:
        for side in range(len(scenario.sides)):
            battle.roster.assign(side, player if side == tactical_side else other, level)
        for _ in range(cap):
            if battle.over:
                break
            actor = battle.active
            assert actor is not None
            reacting = battle.reactions.pending() is not None
            start = clock()
            command = battle.decide()
            spent = clock() - start
            mine = battle.ai_label(actor).startswith(player)
            if mine and not reacting:
                times.append(spent)
            events = battle.apply(command)
            walked: list[Hex] = []
            for event in events:
                if isinstance(event, Moved) and event.actor == command.actor:
                    seen = visited.setdefault(event.actor, set())
                    seen.add(event.path[0])
                    walked.extend(event.path[1:])
                if type(event).__name__ == "TurnStarted":
                    visited[event.actor] = set()  # type: ignore[attr-defined]
            if isinstance(command, Move) and walked and mine:
                moves += 1
                seen = visited.setdefault(command.actor, set())
                returning += any(h in seen for h in walked)
                seen.update(walked)
            elif walked:
                visited.setdefault(command.actor, set()).update(walked)
        end = next((e for e in reversed(battle.log) if isinstance(e, BattleEnded)), None)
    winner = end.winner if end is not None else None
    return Result(winner == tactical_side, winner is None, moves, returning, times)


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 0.0
    z, p = 1.96, wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def _job(args: tuple[str, int, str, str]) -> tuple[str, str, str, Result]:
    """One tournament battle (run in a worker process); `gen-RULESET` is a generated one.

    `player` is `tactical`, or `basic` for the baseline: basic in tactical's seats; `seats:AI`
    plays AI against itself with side 0 as the counted side (what the seats alone give).
    """
    name, seed, level, player = args
    if name.startswith("gen-"):
        scenario = generated_scenario(name.removeprefix("gen-"), seed)
    else:
        scenario = load_scenario(name, load_library())
    if player.startswith("seats:"):
        ai = player.removeprefix("seats:")
        return player, name, scenario.ruleset, fight(scenario, seed, 0, level, ai, ai)
    return player, name, scenario.ruleset, fight(scenario, seed, seed % 2, level, player=player)


def generated_scenario(ruleset: str, seed: int) -> Scenario:
    """A symmetric generated arena of `ruleset` (arena gen), as the loader reads it back."""
    from arena.assets.generated import generate_checked  # noqa: PLC0415
    from arena.procgen.spec import GenSpec  # noqa: PLC0415

    return generate_checked(seed, GenSpec(ruleset=ruleset, symmetric=True)).scenario


def has_generator() -> bool:
    """Whether the procedural generator is there to play generated scenarios."""
    return importlib.util.find_spec("arena.procgen.generate") is not None


def crowd(base: Scenario, count: int) -> Scenario:
    """`base`'s combatants repeated up to `count`, two lines facing each other on open ground."""
    floor = next(t for t in base.map.cells.values() if not t.blocks_move and not t.cover)
    radius = max(8, math.ceil(count / 4) + 4)
    cells = {Hex(q, r): floor for q in range(-radius, radius + 1)
             for r in range(-radius, radius + 1) if hex_distance(Hex(q, r), Hex(0, 0)) <= radius}
    sides = [[c for c in base.combatants if c.side == s] for s in range(2)]
    placed = []
    for i in range(count):
        side = i % 2
        spec = sides[side][(i // 2) % len(sides[side])]
        column = i // 2 - count // 4
        row = -3 if side == 0 else 3
        at = Hex(column - row // 2, row)
        placed.append(dataclasses.replace(spec, name=f"{spec.name} {i}", at=at,
                                          facing=5 if side == 0 else 2))
    hexmap = HexMap(f"crowd-{count}", f"crowd of {count}", radius, cells)
    return dataclasses.replace(base, id=f"crowd-{count}", map=hexmap,
                               combatants=tuple(placed), max_rounds=12)


def decision_times(count: int, seeds: Iterable[int], level: str,
                   cap: int = MAX_COMMANDS) -> list[float]:
    """Tactical decision times (s) in battles of `count` combatants (skirmish stat blocks)."""
    scenario = crowd(load_scenario("skirmish", load_library()), count)
    times: list[float] = []
    for seed in seeds:
        times.extend(fight(scenario, seed, 0, level, other="tactical", cap=cap).times)
    return times


def percentile(values: list[float], share: float) -> float:
    """The `share` quantile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def main() -> None:
    """Run the tournament and print the table for docs/performance.md."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--scenarios", default=",".join(SHIPPED))
    parser.add_argument("--log", type=Path, help="append one JSON line per battle here")
    parser.add_argument("--baseline", action="store_true",
                        help="also play basic in tactical's seats (how much the seats give)")
    parser.add_argument("--no-generated", dest="generated", action="store_false",
                        help="skip the generated arenas (gen-RULESET: symmetric, seed N)")
    parser.add_argument("--seats", type=int, default=0, metavar="N",
                        help="also play each AI against itself on N seeds: side 0's win rate")
    parser.add_argument("--cpu-time", action="store_true",
                        help="time decisions in process CPU time (a shared machine)")
    parser.add_argument("--crowds", default="20,100",
                        help="decision-time crowds to time (20, 100, 400; empty: none)")
    args = parser.parse_args()
    global clock  # noqa: PLW0603 (the timer every fight reads)
    clock = time.process_time if args.cpu_time else time.perf_counter
    names = args.scenarios.split(",")
    if has_generator() and args.generated:
        names += [f"gen-{r}" for r in ("d40", "becmi", "adnd", "ap")]
    players = ("tactical", "basic") if args.baseline else ("tactical",)
    jobs = [(name, seed, args.level, player) for player in players for name in names
            for seed in range(args.seeds)]
    jobs += [(name, seed, args.level, f"seats:{ai}") for ai in ("basic", "tactical")
             for name in names for seed in range(args.seats)]
    started = time.perf_counter()
    results, baseline = [], []
    seats: dict[tuple[str, str], list[Result]] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for player, name, ruleset, result in pool.map(_job, jobs, chunksize=8):
            if player.startswith("seats:"):
                seats.setdefault((player.removeprefix("seats:"), name), []).append(result)
                continue
            (results if player == "tactical" else baseline).append((name, ruleset, result))
            if args.log is not None:  # one line a battle, so a long run can be read midway
                with args.log.open("a", encoding="utf-8") as log:
                    row = {"player": player, "name": name, "ruleset": ruleset, "won": result.won,
                           "draw": result.draw, "moves": result.moves,
                           "returning": result.returning}
                    log.write(json.dumps(row) + "\n")
    print(f"# {platform.processor() or platform.machine()}, {platform.python_version()}, "
          f"{args.jobs} processes, {time.perf_counter() - started:.0f} s, level {args.level}")
    print("| ruleset | battles | tactical wins | 95 % interval | draws | returning moves |")
    print("|---|---|---|---|---|---|")
    for ruleset in sorted({r for _, r, _ in results}):
        mine = [res for _, r, res in results if r == ruleset]
        wins = sum(r.won for r in mine)
        low, high = wilson(wins, len(mine))
        moves = sum(r.moves for r in mine)
        back = sum(r.returning for r in mine)
        print(f"| {ruleset} | {len(mine)} | {wins / len(mine):.1%} | {low:.1%}-{high:.1%} | "
              f"{sum(r.draw for r in mine)} | {back}/{moves} = {back / max(moves, 1):.2%} |")
    for name in sorted({n for n, _, _ in results}):
        mine = [res for n, _, res in results if n == name]
        seats = [res for n, _, res in baseline if n == name]
        also = f"; basic in the same seats {sum(r.won for r in seats)}" if seats else ""
        print(f"  {name}: {sum(r.won for r in mine)}/{len(mine)} won, "
              f"{sum(r.draw for r in mine)} drawn{also}")
    for ruleset in sorted({r for _, r, _ in baseline}):
        seats = [res for _, r, res in baseline if r == ruleset]
        wins = sum(r.won for r in seats)
        low, high = wilson(wins, len(seats))
        print(f"baseline {ruleset}: basic in tactical's seats wins {wins}/{len(seats)} = "
              f"{wins / len(seats):.1%} ({low:.1%}-{high:.1%})")
    for name in sorted({n for _, n in seats}):
        rows = [(ai, seats.get((ai, name), [])) for ai in ("basic", "tactical")]
        print(f"seats {name}: side 0 wins " + ", ".join(
            f"{sum(r.won for r in got)}/{len(got)} {ai} v {ai}" for ai, got in rows))
    timer = "CPU" if args.cpu_time else "wall"
    for count in [int(c) for c in args.crowds.split(",") if c]:
        seeds, cap = CROWDS[count]
        times = decision_times(count, range(seeds), args.level, cap)
        first = "" if cap == MAX_COMMANDS else f" (its first {cap} commands)"
        print(f"decision time ({timer}) with {count} combatants{first}: median "
              f"{statistics.median(times) * 1000:.1f} ms, 95th percentile "
              f"{percentile(times, 0.95) * 1000:.1f} ms over {len(times)} decisions")


if __name__ == "__main__":
    main()
