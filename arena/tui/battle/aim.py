"""Choosing what to attack: the targets, likeliest hit first, and the weapons that reach them."""

from __future__ import annotations

from fractions import Fraction

from arena.battle.core import Battle
from arena.battle.view import BattleView, CombatantView, attack_plan
from arena.errors import ArenaError
from arena.hexgrid import hex_distance
from arena.model.commands import Attack
from arena.rules.base import AttackContext
from arena.rules.odds import attack_odds, has_odds


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


def _out_of_reach(actor: CombatantView, enemy: CombatantView, slot: int) -> bool:
    """True when `slot` is a melee weapon that cannot reach `enemy` from here."""
    weapon = actor.arms[slot]
    return not weapon.is_ranged and hex_distance(actor.hex, enemy.hex) > weapon.reach


def best_slot(battle: Battle, actor: CombatantView, enemy: CombatantView, fire: bool) -> int | None:
    """The slot to aim with: the first valid one, else the one whose refusal tells most.

    A melee weapon out of reach says least (an archer without line of sight would otherwise
    hear that its fists reach 1 hex), so a weapon that can reach is preferred for the reason.
    """
    slots = candidate_slots(actor, fire)
    valid = valid_slots(battle, actor, enemy.id, fire)
    if valid:
        return valid[0]
    telling = [s for s in slots if not _out_of_reach(actor, enemy, s)]
    chosen = telling or slots
    return chosen[0] if chosen else None


def targets(
    battle: Battle, view: BattleView, actor: CombatantView, fire: bool
) -> list[tuple[int, int]]:
    """(enemy, slot) for every living enemy: those attackable now first, then the others.

    The attackable ones go likeliest hit first (then nearest), the others nearest first. A
    refused enemy stays in the list so aiming can show why; its slot is `best_slot`'s.
    """
    ready: list[tuple[Fraction, int, int, int]] = []
    refused: list[tuple[int, int]] = []
    for enemy in sorted(view.enemies_of(actor.id),
                        key=lambda e: (hex_distance(actor.hex, e.hex), e.id)):
        slot = best_slot(battle, actor, enemy, fire)
        if slot is None:
            continue
        plan = attack_plan(battle, Attack(actor.id, enemy.id, slot))
        if isinstance(plan, str):
            refused.append((enemy.id, slot))
        else:
            ready.append((-_hit(battle, plan[0]), hex_distance(actor.hex, enemy.hex), enemy.id,
                          slot))
    return [(e, s) for _, _, e, s in sorted(ready)] + refused


def _hit(battle: Battle, ctx: AttackContext) -> Fraction:
    """The exact chance to hit (0 where the ruleset's odds are not computed)."""
    if not has_odds(battle.ruleset):
        return Fraction(0)
    try:
        return attack_odds(battle.ruleset, ctx).hit
    except ArenaError:
        return Fraction(0)


def strikable(battle: Battle, view: BattleView, actor: CombatantView) -> CombatantView | None:
    """The nearest enemy `actor` can attack now (melee or missile), or None."""
    for enemy in sorted(view.enemies_of(actor.id),
                        key=lambda e: (hex_distance(actor.hex, e.hex), e.id)):
        if valid_slots(battle, actor, enemy.id, False) or valid_slots(battle, actor, enemy.id,
                                                                      True):
            return enemy
    return None


def why_not(actor: CombatantView, fire: bool) -> str:
    """Why there is nothing to aim at: no weapon for it, or no enemy standing."""
    if not candidate_slots(actor, fire):
        return f"{actor.name} has no {'missile ' if fire else ''}weapon in hand"
    return "no enemy stands"


def refusal(battle: Battle, actor: CombatantView, enemy: CombatantView, slot: int,
            options: tuple[str, ...] = ()) -> str | None:
    """Why attacking `enemy` with `slot` is refused now ('cannot attack X: ...'), or None."""
    plan = attack_plan(battle, Attack(actor.id, enemy.id, slot, options))
    return f"cannot attack {enemy.name}: {plan}" if isinstance(plan, str) else None


def bump(battle: Battle, actor: CombatantView, enemy: CombatantView) -> Attack | str:
    """The attack a step into `enemy` makes (melee first), or why there is none."""
    slots = valid_slots(battle, actor, enemy.id, fire=False)
    if slots:
        return Attack(actor.id, enemy.id, slots[0])
    if not actor.arms:
        return f"{actor.name} has no weapon in hand"
    slot = best_slot(battle, actor, enemy, fire=False)
    reason = refusal(battle, actor, enemy, slot) if slot is not None else None
    return reason or "cannot attack"
