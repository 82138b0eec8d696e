"""How one AI round scales with the number of combatants (issue 15, part B), stdlib timers.

The scenarios are built here, not read from files: a hexagonal map of radius R (open stone,
with pillars that block sight and movement, low walls that give cover and rubble that costs
double, laid in a fixed pattern) and N combatants cycled from the skirmish's eight (swordsmen,
axemen, spearmen, archers, longbowmen), spread evenly over the open ground, side 0 on the
west half and side 1 on the east half, facing each other. Same density for 40 and 400:
40 on radius 10 (331 hexes), 400 on radius 33 (3,367 hexes); the big battle is 2,000 on
radius 40 (4,921 hexes).

Measures (CPU time of the thread, garbage collector paused while timing, as `timeit` does):
  - one full round with the default AI (every turn and reaction of round 1, from the battle's
    opening to the start of round 2), 40 and 400 combatants, interleaved repeats: the median
    of each and the ratio of the medians (goal ≤ 12);
  - a cProfile top-10 (by own time) of the 400-combatant round;
  - with `--big ROUNDS`: the 2,000-combatant battle on radius 40, seconds per round (both
    sides under the `basic` AI); with `--big-commands N`: the default AI's first N commands
    of it (a whole round of the default AI at 2,000 is out of reach: see docs/performance.md).

The repeats reuse each scenario's map, and a map keeps what it worked out about sight and
cover (pairs of hexes, line tables): the first repeat of each size starts cold, the later ones
warm, for every version measured alike.

Run: python benchmarks/bench_scale.py [--repeats N] [--no-profile] [--profile-only]
                                      [--big ROUNDS] [--big-commands N]
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import platform
import pstats
import statistics
import time
from collections.abc import Callable

from arena.assets import load_library, load_scenario
from arena.battle.core import Battle
from arena.ecs import queries
from arena.hexgrid import Hex, hex_to_pixel, hexagon
from arena.model.scenario import CombatantSpec, Scenario
from arena.model.terrain import HexMap, Terrain
from arena.rules import get_ruleset

SMALL, LARGE, BIG = (40, 10), (400, 33), (2000, 40)


def terrain_at(h: Hex, kinds: dict[str, Terrain]) -> Terrain:
    """The fixed pattern's terrain at `h`: mostly stone, some pillars, low walls and rubble."""
    key = (h.q * 7 + h.r * 13) % 29
    if key == 0:
        return kinds["pillar"]
    if key == 11:
        return kinds["low_wall"]
    if key in (5, 17):
        return kinds["rubble"]
    return kinds["stone"]


def build(count: int, radius: int, ruleset: str = "ap") -> Scenario:
    """`count` combatants (two sides, west and east) spread over a patterned radius-`radius` map."""
    library = load_library()
    skirmish = load_scenario("skirmish", library)
    kinds = dict(library.terrain)
    cells = {h: terrain_at(h, kinds) for h in sorted(hexagon(radius))}
    hexmap = HexMap(f"scale-{count}", f"Scale {count}", radius, cells)
    ground = sorted((h for h, t in cells.items() if not t.blocks_move),
                    key=lambda h: (hex_to_pixel(h)[0], h))
    step = len(ground) / count
    spots = [ground[int(i * step)] for i in range(count)]  # west to east, evenly spread
    models = skirmish.combatants
    placed: list[CombatantSpec] = []
    for i, at in enumerate(spots):
        side = 0 if i < count // 2 else 1
        model = models[(i % 4) + 4 * side]
        placed.append(CombatantSpec(
            model.template, f"{model.name} {i + 1}", model.glyph, side, at, 0 if side == 0 else 3,
            model.hp, model.speed, model.weapons, model.armour, model.stats))
    return Scenario(f"scale-{count}", f"Scale {count}", "built by benchmarks/bench_scale.py",
                    ruleset, 50, hexmap, skirmish.sides, tuple(placed))


def play_round(battle: Battle) -> int:
    """Play the battle's current round to its end with the default AI; return the commands."""
    start = queries.clock().round
    commands = 0
    while not battle.over and queries.clock().round == start:
        battle.apply(battle.decide())
        commands += 1
    return commands


def timed(run: Callable[[], object]) -> float:
    """CPU seconds of the thread for `run`, garbage collector paused."""
    gc.collect()
    gc.disable()
    try:
        begin = time.thread_time()
        run()
        return time.thread_time() - begin
    finally:
        gc.enable()


def one_round(scenario: Scenario, seed: int) -> tuple[float, int]:
    """CPU seconds and commands of round 1 of a fresh battle of `scenario`."""
    ruleset = get_ruleset(scenario.ruleset)
    with Battle(scenario, ruleset, seed) as battle:
        commands = [0]

        def run() -> None:
            commands[0] = play_round(battle)

        return timed(run), commands[0]


def profile_round(scenario: Scenario, seed: int, top: int = 10) -> str:
    """A cProfile table (own time) of round 1 of `scenario`."""
    ruleset = get_ruleset(scenario.ruleset)
    with Battle(scenario, ruleset, seed) as battle:
        profiler = cProfile.Profile()
        profiler.enable()
        play_round(battle)
        profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def big_battle(rounds: int, seed: int, ai: str) -> list[float]:
    """CPU seconds of each of the first `rounds` rounds of the 2,000-combatant battle."""
    scenario = build(*BIG)
    ruleset = get_ruleset(scenario.ruleset)
    times = []
    with Battle(scenario, ruleset, seed) as battle:
        battle.roster.configure(ai, "normal", len(scenario.sides))
        for _ in range(rounds):
            if battle.over:
                break
            times.append(timed(lambda: play_round(battle)))
    return times


def big_commands(count: int, seed: int) -> float:
    """CPU seconds of the default AI's first `count` commands of the 2,000-combatant battle."""
    scenario = build(*BIG)
    with Battle(scenario, get_ruleset(scenario.ruleset), seed) as battle:

        def run() -> None:
            for _ in range(count):
                battle.apply(battle.decide())

        return timed(run)


def main() -> None:
    """Interleaved 40/400 rounds, their ratio, the profile; the big battle on request."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--big", type=int, default=0, metavar="ROUNDS")
    parser.add_argument("--profile-only", action="store_true")
    parser.add_argument("--no-profile", action="store_true")
    parser.add_argument("--big-commands", type=int, default=0, metavar="N",
                        help="also time the default AI's first N commands of the big battle")
    args = parser.parse_args()
    print(f"{platform.machine()}, {platform.python_implementation()} "
          f"{platform.python_version()}, {platform.system()}")
    small, large = build(*SMALL), build(*LARGE)
    if not args.profile_only and args.repeats > 0:
        times: dict[int, list[float]] = {SMALL[0]: [], LARGE[0]: []}
        for _ in range(args.repeats):
            for scenario in (small, large):
                seconds, commands = one_round(scenario, args.seed)
                times[len(scenario.combatants)].append(seconds)
                print(f"  {len(scenario.combatants):>4} combatants: {seconds:.3f} s "
                      f"({commands} commands)")
        a, b = (statistics.median(times[n]) for n in (SMALL[0], LARGE[0]))
        print(f"round with {SMALL[0]}: {a:.3f} s, with {LARGE[0]}: {b:.3f} s "
              f"(medians of {args.repeats}); ratio {b / a:.1f} (goal <= 12)")
    if not args.no_profile:
        print(profile_round(large, args.seed))
    if args.big:
        per_round = big_battle(args.big, args.seed, "basic")
        print(f"{BIG[0]} combatants, radius {BIG[1]}, basic AI: seconds per round "
              + ", ".join(f"{t:.1f}" for t in per_round))
    if args.big_commands:
        seconds = big_commands(args.big_commands, args.seed)
        print(f"{BIG[0]} combatants, radius {BIG[1]}, default AI: first {args.big_commands} "
              f"commands of round 1 in {seconds:.1f} s ({seconds / args.big_commands:.2f} s each)")


if __name__ == "__main__":
    main()
