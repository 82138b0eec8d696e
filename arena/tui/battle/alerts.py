"""Which log lines a player must not miss (the --more-- pause stops for them, issue 30).

A hit on their side (or by it on its own: friendly fire); a critical or a fumble their side
rolls or suffers; any death; any weapon dropped, knocked away or broken, except one thrown. A
miss, a walk or a turn is shown without stopping.
"""

from __future__ import annotations

from collections.abc import Mapping, Set

from arena.ecs.events import Attacked, Died, Event, WeaponBroken, WeaponDropped


def important(event: Event, sides: Mapping[int, int], players: Set[int]) -> bool:
    """True when `event` is one the player must see before it scrolls away."""
    def mine(entity: int) -> bool:
        return sides.get(entity, -1) in players

    match event:
        case Attacked():
            friendly = sides.get(event.actor, -1) == sides.get(event.target, -2)
            ours = mine(event.actor) or mine(event.target)
            return (mine(event.target) and event.result.hit) or (friendly and event.result.hit) \
                or (ours and (event.result.critical or event.result.fumble))
        case Died():
            return True
        case WeaponDropped():
            return event.how != "is thrown"
        case WeaponBroken():
            return True
    return False
