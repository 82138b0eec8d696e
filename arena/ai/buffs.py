"""`buff_to_start`: when the tactical AI starts an area buff (a timed one first, at the fight).

Each buff is started once a battle, and starting any buff ends a chant (it needs the caster's
whole attention). A priest who chants first has given up its prayer for good, so the timed
buffs (prayer, martial spirit) come first and a chant follows them. A timed buff runs out by
the round, so it waits for the fight: an enemy that could strike an ally in the buff's reach
next turn, a foe already at an ally's side, or a missile in range either way.
"""

from __future__ import annotations

from arena.ai.threats import Threats
from arena.ecs import occupancy, queries
from arena.ecs.auras import AuraSystem
from arena.hexgrid import hex_distance
from arena.model.commands import Invoke
from arena.rules.base import Buff, Extras

FEET_PER_HEX = 5
LONG_RANGE = 3  # a missile's long range is three times its range (DECISIONS.md, `adnd`)


def buff_to_start(auras: AuraSystem, threats: Threats, actor: int,
                  basic_choice: Invoke) -> Invoke | None:
    """The buff `actor` should start now instead of the basic AI's choice, or None (wait).

    `threats` must have read this decision's scene (the planner's candidates have).
    """
    acting = auras.buffs_on(actor)
    timed: list[Buff] = []
    for name in auras.ruleset.buffs if isinstance(auras.ruleset, Extras) else ():
        buff = auras.buff(actor, name)
        if (buff is not None and buff.rounds and name not in acting
                and auras.refusal(Invoke(actor, name)) is None):
            timed.append(buff)
    if not timed:
        return basic_choice  # a chant, once the timed buffs are spent or acting
    enemies = threats.enemies(actor)
    here = queries.hex_of(actor)
    scene = threats.scene
    side = scene.sides[actor]
    for buff in timed:
        if not any(hex_distance(here, scene.hexes[e]) <= buff.radius for e in enemies):
            continue
        allies = [e for e in scene.near(here, buff.radius) if scene.sides[e] == side]
        if at_hand(threats, allies, enemies):
            return Invoke(actor, buff.name)
    return None


def at_hand(threats: Threats, allies: list[int], enemies: list[int]) -> bool:
    """Whether the fight has come to `allies`: a blow next turn, a foe beside, a missile."""
    index = occupancy.index()
    hexes = threats.scene.hexes
    if any(index.foes_next.get(a, 0) > 0 or threats.in_melee_zone(hexes[a], enemies)
           for a in allies):
        return True
    reach = {e: missile_reach(threats, e) for e in (*allies, *enemies)}
    return any(hex_distance(hexes[a], hexes[e]) <= max(reach[a], reach[e])
               for a in allies for e in enemies)


def missile_reach(threats: Threats, combatant: int) -> int:
    """The long range in hexes of the farthest-shooting missile `combatant` wields (0: none)."""
    return max((-(-w.range_ft // FEET_PER_HEX) * LONG_RANGE
                for w in threats.attacks.weapons(combatant) if w.is_ranged), default=0)
