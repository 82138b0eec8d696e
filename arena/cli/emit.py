"""A battle's events printed as the log's lines or as JSON Lines (`arena sim`, `arena replay`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from arena.battle.core import Battle
    from arena.ecs.events import Event


def emit_text(out: TextIO, battle: Battle, events: Sequence[Event]) -> None:
    """Print events as log lines, weapons by their display names (as the battle screen)."""
    from arena.battle.narrate import narrate, weapon_names  # noqa: PLC0415

    names = battle.names()
    sides = {i: s.name for i, s in enumerate(battle.scenario.sides)}
    weapons = weapon_names(battle.scenario)
    rough = battle.scenario.map.difficult()
    for event in events:
        out.write(narrate(event, names, sides, weapons, rough) + "\n")


def emit_json(out: TextIO, battle: Battle, events: Sequence[Event]) -> None:
    """Print events as JSON Lines; the end of the battle becomes the `battle_end` line."""
    import json  # noqa: PLC0415

    from arena.ecs.events import BattleEnded, event_to_json  # noqa: PLC0415

    for event in events:
        if isinstance(event, BattleEnded):
            winner = battle.scenario.sides[event.winner].name if event.winner is not None else None
            line: dict[str, object] = {
                "type": "battle_end",
                "winner": event.winner,
                "winner_name": winner,
                "rounds": event.rounds,
                "reason": event.reason,
                "state_hash": battle.state_hash(),
            }
        else:
            line = event_to_json(event)
        out.write(json.dumps(line, separators=(",", ":")) + "\n")
