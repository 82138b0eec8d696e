"""One battle of a seed sweep: fight it as `arena sim` does and tally it as a row.

The row's winner, rounds and state hash are exactly what `arena sim` prints for the same
scenario, seed and AIs. Attacks made by an `Attack` command and resolved at once are also
paired with their exact odds (the calculator's), for the observed-against-exact check.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arena.battle.core import Battle
from arena.battle.view import CombatantView, snapshot
from arena.ecs.events import (
    Attacked,
    BattleEnded,
    Died,
    Event,
    Refused,
    Upkept,
    WeaponBroken,
    WeaponDropped,
)
from arena.errors import ArenaError
from arena.model.commands import Attack, Command
from arena.model.scenario import Scenario
from arena.rules.base import Ruleset
from arena.rules.odds import attack_odds, has_odds

MAX_COMMANDS = 200_000  # as `arena sim`
TALLIES = ("damage_dealt", "damage_taken", "kills", "attacks", "hits", "criticals", "fumbles",
           "friendly_fire_hits", "weapons_dropped", "weapons_broken", "weapons_lost")


@dataclass(frozen=True, slots=True)
class Observation:
    """One attack: its group (attacker, defender, situation), exact chances and what befell."""

    key: tuple[str, str, str]
    p_hit: float
    p_critical: float
    p_fumble: float
    hit: bool
    critical: bool
    fumble: bool


@dataclass(slots=True)
class Fought:
    """A finished battle: its row (column: value), its attacks with exact odds, its sides."""

    row: dict[str, object]
    observations: list[Observation] = field(default_factory=list)
    sides: tuple[str, ...] = ()  # the sides' names in this battle (a generated arena's own)


def fight(scenario: Scenario, ruleset: Ruleset, seed: int, ais: tuple[str, ...], level: str,
          swapped: bool = False) -> Fought:
    """Fight the battle with AI on every side to the end, as `arena sim` does, and tally it."""
    sides = len(scenario.sides)
    names = list(ais) if len(ais) > 1 else [ais[0]] * sides
    if swapped:
        names.reverse()
    exact = has_odds(ruleset)
    with Battle(scenario, ruleset, seed) as battle:
        battle.roster.configure(",".join(names), level, sides)
        who = {c.id: c for c in snapshot(battle).combatants}  # sides and templates stay put
        side_of = {e: c.side for e, c in who.items()}
        tally = {(side, name): 0 for side in range(sides) for name in TALLIES}
        seen: list[Observation] = []
        ended: BattleEnded | None = None
        commands = 0
        while not battle.over and commands < MAX_COMMANDS:
            command = battle.decide()
            planned = _odds(battle, command) if exact else None
            events = battle.apply(command)
            if len(events) == 1 and isinstance(events[0], Refused):
                raise ArenaError(f"seed {seed}: the AI chose a refused command: "
                                 f"{events[0].reason}")
            commands += 1
            _count(tally, events, side_of)
            if planned is not None:
                seen.extend(_observe(planned, command, events, who))
            ended = next((e for e in events if isinstance(e, BattleEnded)), ended)
        labels = [battle.roster.label(_first_of(side, side_of)) for side in range(sides)]
        row = _row(scenario, ruleset, seed, swapped, ended, commands, battle.state_hash())
        for side in range(sides):
            row[f"s{side}_ai"] = labels[side]
            for name in TALLIES:
                row[f"s{side}_{name}"] = tally[side, name]
    return Fought(row, seen, tuple(s.name for s in scenario.sides))


def _row(scenario: Scenario, ruleset: Ruleset, seed: int, swapped: bool,
         ended: BattleEnded | None, commands: int, digest: str) -> dict[str, object]:
    """The columns every row has, before the per-side ones."""
    winner = ended.winner if ended is not None else None
    return {
        "seed": seed,
        "swapped": int(swapped),
        "scenario": scenario.id,
        "ruleset": ruleset.name,
        "winner": "" if winner is None else winner,
        "winner_name": "" if winner is None else scenario.sides[winner].name,
        "rounds": ended.rounds if ended is not None else "",
        "reason": ended.reason if ended is not None else "command limit",
        "commands": commands,
        "state_hash": digest,
    }


def _first_of(side: int, side_of: dict[int, int]) -> int:
    """The lowest entity id fighting for `side` (to ask which AI commands it)."""
    return min(e for e, s in side_of.items() if s == side)


def _count(tally: dict[tuple[int, str], int], events: list[Event], side_of: dict[int, int]
           ) -> None:
    """Add the events' damage, kills, attacks and weapon mishaps to the sides' tallies."""
    for event in events:
        if isinstance(event, Attacked):
            _count_attack(tally, event, side_of)
        elif isinstance(event, Died) and event.by != event.actor and event.by > 0:
            if side_of[event.by] != side_of[event.actor]:
                tally[side_of[event.by], "kills"] += 1
        elif isinstance(event, Upkept):
            tally[side_of[event.actor], "damage_taken"] += event.damage
        elif isinstance(event, WeaponBroken):
            tally[side_of[event.actor], "weapons_broken"] += 1
        elif isinstance(event, WeaponDropped) and event.how != "is thrown":
            lost = "weapons_lost" if event.item is None else "weapons_dropped"
            tally[side_of[event.actor], lost] += 1


def _count_attack(tally: dict[tuple[int, str], int], event: Attacked,
                  side_of: dict[int, int]) -> None:
    """One attack's share of the tallies (a friendly-fire hit counts as no ordinary hit)."""
    side, target = side_of[event.actor], side_of[event.target]
    result = event.result
    tally[side, "attacks"] += 1
    tally[side, "criticals"] += result.critical
    tally[side, "fumbles"] += result.fumble
    if result.hit and side == target:
        tally[side, "friendly_fire_hits"] += 1
    elif result.hit:
        tally[side, "hits"] += 1
    if result.hit:
        tally[side, "damage_dealt"] += result.damage
        tally[target, "damage_taken"] += result.damage


def _odds(battle: Battle, command: Command) -> tuple[float, float, float] | None:
    """The exact (hit, critical, fumble) chances of an attack command before it is made."""
    if not isinstance(command, Attack):
        return None
    planned = battle.attacks.plan(command)
    if isinstance(planned, str):
        return None
    try:
        odds = attack_odds(battle.ruleset, planned[0])
    except ArenaError:
        return None
    return float(odds.hit), float(odds.critical), float(odds.fumble)


def _observe(odds: tuple[float, float, float], command: Command, events: list[Event],
             who: dict[int, CombatantView]) -> list[Observation]:
    """The command's own attack, if it resolved at once (an Open one waits: not counted)."""
    assert isinstance(command, Attack)
    for e in events:
        if (isinstance(e, Attacked) and e.actor == command.actor and e.target == command.target
                and not e.reaction and not e.free):
            situation = f"{e.weapon} {e.position} at {e.distance}"
            if command.options:
                situation += " " + "+".join(sorted(command.options))
            key = (who[e.actor].template, who[e.target].template, situation)
            r = e.result
            return [Observation(key, *odds, r.hit, r.critical, r.fumble)]
    return []

