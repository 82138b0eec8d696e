"""Running (Shift and a direction, as in Brogue, DCSS and NetHack): a straight walk in one key.

The run goes hex by hex in one direction and stops before a hex that cannot be entered (the
map's edge, a wall, someone standing there) or that is difficult ground, when the next hex
would cost more AP than are left, and on the first hex next to an enemy. It is one walk (one
`Move` to where it stops), so it is taken back, journalled and replayed as any other.
"""

from __future__ import annotations

from collections.abc import Mapping

from arena.battle.view import BattleView, path_to, step_cost
from arena.hexgrid import Hex, hex_distance, hex_neighbor
from arena.tui.battle.session import Session


def run_end(session: Session, actor: int, direction: int) -> tuple[Hex, str] | None:
    """Where a run from `actor`'s hex in `direction` stops, and why; None: not one step."""
    view = session.view
    me = view.combatant(actor)
    cost = step_cost(session.battle)
    if me is None or not cost:
        return None
    rough = session.rough
    here, steps, why = me.hex, 0, ""
    while True:
        there = hex_neighbor(here, direction)
        why = _stop(view, there, rough)
        if not why and (steps + 1) * cost > me.ap:
            why = "out of AP"
        if why:
            break
        here, steps = there, steps + 1
        if _near_enemy(view, here, me.side):
            why = "next to an enemy"
            break
    if steps == 0:
        return None
    walk = path_to(session.battle, actor, here)
    if walk is None or len(walk) - 1 != steps:  # the cheapest walk there is not this line
        return None
    return here, why


def _stop(view: BattleView, there: Hex, rough: Mapping[Hex, str] | None) -> str:
    """Why a run does not enter `there` ('' when it does)."""
    terrain = view.map.terrain(there)
    if terrain is None or not view.map.passable(there):
        return "the way is blocked"
    if view.standing_at(there) is not None:
        return "someone is in the way"
    if rough and there in rough:
        return f"{rough[there]} ahead"
    return ""


def _near_enemy(view: BattleView, h: Hex, side: int) -> bool:
    """Whether a living enemy of `side` stands next to `h`."""
    return any(c.alive and c.side != side and hex_distance(c.hex, h) == 1
               for c in view.combatants)
