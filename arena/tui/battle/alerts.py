"""Which log lines a player must not miss.

Their own combatants hit, fallen, disarmed or with a broken weapon; anyone struck by their own
side (friendly fire).
"""

from __future__ import annotations

from collections.abc import Mapping, Set

from arena.ecs.events import Attacked, Died, Event, WeaponBroken, WeaponDropped


def important(event: Event, sides: Mapping[int, int], players: Set[int]) -> bool:
    """True when `event` hurts one of the player's combatants or is friendly fire."""
    def mine(entity: int) -> bool:
        return sides.get(entity, -1) in players

    match event:
        case Attacked():
            friendly = sides.get(event.actor, -1) == sides.get(event.target, -2)
            return (mine(event.target) and event.result.hit) or (friendly and event.result.hit)
        case Died():
            return mine(event.actor)
        case WeaponDropped():
            return mine(event.actor) and event.how != "is thrown"
        case WeaponBroken():
            return mine(event.actor)
    return False
