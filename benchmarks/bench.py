"""Benchmarks with the standard library's timers: battles/s, attack overhead, replay cost.

Run: python benchmarks/bench.py [--battles N]

Every time is this process's CPU time (`time.process_time`): on a shared machine wall time
also counts the turns other processes take, which made runs vary by ±25 % or more.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import platform
import tempfile
import time
from pathlib import Path

import esper

from arena.assets import load_library, load_scenario
from arena.battle.core import Battle
from arena.dice import Dice
from arena.ecs.components import TurnMemory
from arena.ecs.events import Attacked
from arena.hexgrid import hex_neighbors
from arena.model.commands import Attack, EndTurn
from arena.model.scenario import Scenario
from arena.replay.file import Recorder, load, rerun, save
from arena.rules import get_ruleset


def simulate(scenario: Scenario, seed: int) -> int:
    """Fight one AI battle to the end; return the number of attacks made."""
    ruleset = get_ruleset(scenario.ruleset)
    attacks = 0
    with Battle(scenario, ruleset, seed) as battle:
        while not battle.over:
            for event in battle.apply(battle.decide()):
                attacks += isinstance(event, Attacked)
    return attacks


def battles_per_second(scenario: Scenario, n: int) -> tuple[float, float]:
    """Battles and attacks per second over seeds 1..n."""
    start = time.process_time()
    attacks = sum(simulate(scenario, seed) for seed in range(1, n + 1))
    elapsed = time.process_time() - start
    return n / elapsed, attacks / elapsed


def forget(memory: TurnMemory) -> None:
    """Empty a turn memory, as the start of a turn does."""
    memory.primary_targets.clear()
    memory.weapons.clear()
    memory.options.clear()
    memory.attacks = 0


def attack_duel(scenario: Scenario, n: int) -> Scenario:
    """The scenario's first melee fighter beside a dummy enemy, with AP for n + 1 attacks."""
    ruleset = get_ruleset(scenario.ruleset)
    a = next(c for c in scenario.combatants if not c.weapons[0].is_ranged)
    b = next(c for c in scenario.combatants if c.side != a.side)
    tireless = dataclasses.replace(a, speed=10 * n)
    target_hex = next(h for h in hex_neighbors(a.at) if scenario.map.passable(h))
    # A crit-immune dummy: a double critical to the head would end the benchmark early.
    stats = b.stats[ruleset.name]
    if any(f.name == "crit_immune" for f in ruleset.fields):
        stats = dataclasses.replace(stats, values={**stats.values, "crit_immune": True})
    dummy = dataclasses.replace(
        b, hp=10**9, at=target_hex, stats={**b.stats, ruleset.name: stats}
    )
    return dataclasses.replace(scenario, combatants=(tireless, dummy), max_rounds=10)


def attack_overhead(
    scenario: Scenario, n: int = 20000, repeat: int = 5
) -> tuple[float, float, float]:
    """Microseconds per attack through Battle.apply and through the rule alone, and their ratio.

    Both sides of the ratio draw the same faces: the rule's dice are the battle's seed advanced
    past the faces the battle's opening used. Both sides resolve the same situation: the turn's
    first attack (after each attack through the battle the attacker's turn memory is emptied,
    inside the timed loop; else the n-th attack would read n - 1 earlier ones, as no real turn
    does). Best of `repeat` runs with the cyclic garbage collector paused, as `timeit` does: a
    real battle's log is short, but 20000 attacks in one battle would otherwise time the
    collector walking an ever-longer log.
    """
    ruleset = get_ruleset(scenario.ruleset)
    duel = attack_duel(scenario, n)
    through_apply, pure = float("inf"), float("inf")
    for _ in range(repeat):
        with Battle(duel, ruleset, seed=1) as battle:
            if battle.active == 2:
                battle.apply(EndTurn(2))
            command = Attack(1, 2)
            plan = battle.attacks.plan(command)
            if isinstance(plan, str):
                raise SystemExit(f"benchmark set-up: the first combatant cannot attack: {plan}")
            ctx = plan[0]
            dice = Dice(1)
            for _ in range(battle.dice.draws):
                dice.face(2, "skip")
            gc.disable()
            if not isinstance(battle.apply(command)[0], Attacked):
                raise SystemExit("benchmark set-up: the attack did not resolve at once")
            memory = esper.component_for_entity(1, TurnMemory)
            forget(memory)
            start = time.process_time()
            for _ in range(n):
                battle.apply(command)
                forget(memory)
            through_apply = min(through_apply, (time.process_time() - start) / n)
        start = time.process_time()
        for _ in range(n):
            ruleset.resolve_attack(ctx, dice)
        pure = min(pure, (time.process_time() - start) / n)
        gc.enable()
    return through_apply * 1e6, pure * 1e6, through_apply / pure


def replay_ratio(scenario: Scenario, n: int) -> tuple[float, float, float]:
    """Seconds to simulate-and-record n battles, to verify their replays, and the ratio."""
    library = load_library()
    ruleset = get_ruleset(scenario.ruleset)
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        start = time.process_time()
        for seed in range(1, n + 1):
            with Battle(scenario, ruleset, seed) as battle:
                recorder = Recorder(battle, library.hash)
                while not battle.over:
                    recorder.apply(battle.decide(), "ai")
                path = Path(tmp) / f"{seed}.json"
                save(recorder, path)
                paths.append(path)
        simulated = time.process_time() - start
        start = time.process_time()
        for path in paths:
            if next(rerun(load(path)), None) is not None:
                raise SystemExit(f"{path} does not verify")
        verified = time.process_time() - start
    return simulated, verified, verified / simulated


def main() -> None:
    """Print every benchmark's numbers."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--battles", type=int, default=50, help="seeds 1..N (default 50)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    scenario = load_scenario("skirmish")
    bps, aps = battles_per_second(scenario, args.battles)
    apply_us, rule_us, ratio = attack_overhead(scenario)
    simulated, verified, replay = replay_ratio(scenario, args.battles)
    results = {
        "machine": f"{platform.machine()}, {platform.python_implementation()} "
                   f"{platform.python_version()}, {platform.system()}",
        "battles": args.battles,
        "battles_per_second": round(bps, 1),
        "attacks_per_second": round(aps),
        "attack_apply_us": round(apply_us, 1),
        "attack_rule_us": round(rule_us, 1),
        "apply_over_rule": round(ratio, 2),
        "simulate_and_record_s": round(simulated, 2),
        "verify_s": round(verified, 2),
        "verify_over_simulate": round(replay, 2),
    }
    if args.json:
        print(json.dumps(results))
        return
    for key, value in results.items():
        print(f"{key:>24}: {value}")


if __name__ == "__main__":
    main()
