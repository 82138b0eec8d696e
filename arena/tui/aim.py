"""Choosing what to attack: valid targets in range order and the weapons that can reach them."""

from __future__ import annotations

from arena.battle import Battle
from arena.hexgrid import hex_distance
from arena.model.commands import Attack
from arena.view import BattleView, CombatantView, attack_plan


def candidate_slots(actor: CombatantView, fire: bool) -> list[int]:
    """Weapon slots to try: missile weapons only when firing, else melee ones first."""
    slots = list(range(len(actor.arms)))
    if fire:
        return [s for s in slots if actor.arms[s].is_ranged]
    return sorted(slots, key=lambda s: (actor.arms[s].is_ranged, s))


def valid_slots(battle: Battle, actor: CombatantView, enemy: int, fire: bool) -> list[int]:
    """The candidate slots the battle would accept for attacking `enemy` now."""
    return [
        s for s in candidate_slots(actor, fire)
        if not isinstance(attack_plan(battle, Attack(actor.id, enemy, s)), str)
    ]


def targets(
    battle: Battle, view: BattleView, actor: CombatantView, fire: bool
) -> list[tuple[int, int]]:
    """(enemy, first valid slot) for every enemy that can be attacked now, nearest first."""
    found = []
    for enemy in sorted(view.enemies_of(actor.id),
                        key=lambda e: (hex_distance(actor.hex, e.hex), e.id)):
        slots = valid_slots(battle, actor, enemy.id, fire)
        if slots:
            found.append((enemy.id, slots[0]))
    return found


def why_not(battle: Battle, view: BattleView, actor: CombatantView, fire: bool) -> str:
    """Why no enemy can be attacked: the nearest enemy's refusal with the first candidate."""
    slots = candidate_slots(actor, fire)
    if not slots:
        return f"{actor.name} has no {'missile ' if fire else ''}weapon in hand"
    enemies = sorted(view.enemies_of(actor.id),
                     key=lambda e: (hex_distance(actor.hex, e.hex), e.id))
    if not enemies:
        return "no enemy stands"
    plan = attack_plan(battle, Attack(actor.id, enemies[0].id, slots[0]))
    reason = plan if isinstance(plan, str) else "no valid target"
    return f"cannot attack {enemies[0].name}: {reason}"


def bump(battle: Battle, actor: CombatantView, enemy: CombatantView) -> Attack | str:
    """The attack a step into `enemy` makes (melee first), or why there is none."""
    slots = valid_slots(battle, actor, enemy.id, fire=False)
    if slots:
        return Attack(actor.id, enemy.id, slots[0])
    if not actor.arms:
        return f"{actor.name} has no weapon in hand"
    plan = attack_plan(battle, Attack(actor.id, enemy.id, candidate_slots(actor, False)[0]))
    return f"cannot attack {enemy.name}: {plan}" if isinstance(plan, str) else "cannot attack"
