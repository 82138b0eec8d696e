"""A bout of a run as it is fought: its node, arena, seed and party, and its log as read."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from arena.battle.core import Battle, Wounds
from arena.battle.narrate import narrate, weapon_names
from arena.ecs.events import Event
from arena.model.scenario import Scenario
from arena.procgen.rng import derive
from arena.run.route import Node


@dataclass(slots=True)
class Bout:
    """One bout as it is fought: its node, arena, battle seed and the party's entity ids."""

    number: int
    node: Node
    scenario: Scenario
    seed: int
    budget: int
    entities: dict[int, int]  # party index -> entity id
    wounds: dict[int, Wounds]
    steps: list[dict[str, object]] = field(default_factory=list)
    keyframes: list[dict[str, object]] = field(default_factory=list)  # `--keyframes K` snapshots
    seen: list[tuple[list[Event], tuple[int, int | None]]] | None = None  # per command: events,
    # (round, whose turn) after it; kept only when asked (the replay viewer's re-fight)


def battle_seed(seed: int, node: str) -> int:
    """The dice seed of the bout at node `node`: from (run seed, node id) alone."""
    return derive("run-battle", seed, node) >> 1


def log_lines(battle: Battle) -> Iterator[str]:
    """The battle's log as a player reads it: names, weapons by their display names."""
    names = battle.names()
    sides = {i: s.name for i, s in enumerate(battle.scenario.sides)}
    weapons = weapon_names(battle.scenario)
    rough = battle.scenario.map.difficult()
    for event in battle.log:
        yield narrate(event, names, sides, weapons, rough)
