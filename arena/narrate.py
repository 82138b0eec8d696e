"""Turn events into the combat log's lines, every number explained."""

from __future__ import annotations

from collections.abc import Mapping

from arena.dice import Roll
from arena.ecs.events import (
    Attacked,
    BattleEnded,
    ConditionAdded,
    ConditionEnded,
    Died,
    Event,
    Faced,
    KnockedBack,
    Moved,
    Notice,
    PickedUp,
    Refused,
    RoundStarted,
    TurnEnded,
    TurnStarted,
    WeaponDropped,
)
from arena.hexgrid import FACING_NAMES
from arena.rules.base import AttackResult, Modifier


def signed(mods: tuple[Modifier, ...]) -> str:
    """Modifiers as ' +3 STR +2 BAB'."""
    return "".join(f" {m.value:+d} {m.label}" for m in mods)


def roll_text(roll: Roll) -> str:
    """A roll as 'd20 14' or '2d6 3+5'."""
    faces = "+".join(str(f) for f in roll.faces)
    dice = roll.expression.split("+")[0].split("-")[0]
    tail = f" {roll.modifier:+d}" if roll.modifier else ""
    return f"{dice} {faces}{tail}"


def attack_text(result: AttackResult) -> str:
    """'d20 14 +3 STR +2 BAB = 19 vs AC 16: hit; 1d8 5 +3 STR = 8 damage'."""
    text = f"{roll_text(result.attack_roll)}{signed(result.modifiers)} = {result.total}"
    text += f" vs {result.target_label} {result.target}: {'hit' if result.hit else 'miss'}"
    for note in result.notes:
        text += f" ({note})"
    if result.damage_roll is not None:
        raw = result.damage_roll.total + sum(m.value for m in result.damage_modifiers)
        text += f"; {roll_text(result.damage_roll)}{signed(result.damage_modifiers)} = {raw}"
        if raw != result.damage:
            text += f", at least {result.damage}"
        text += " damage"
    return text


def narrate(event: Event, names: Mapping[int, str], sides: Mapping[int, str]) -> str:
    """One log line for an event."""
    def n(entity: int) -> str:
        return names.get(entity, f"#{entity}")

    match event:
        case RoundStarted():
            faces = {int(r.purpose.rsplit("#", 1)[1]): r for r in event.rolls if "#" in r.purpose}
            parts = []
            for entity, score in event.scores:
                roll = faces.get(entity)
                detail = ""
                if roll is not None:
                    bonus = score - roll.total
                    detail = f" ({roll_text(roll)}{f' {bonus:+d}' if bonus else ''})"
                parts.append(f"{n(entity)} {score}{detail}")
            return f"Round {event.round}. Initiative: {', '.join(parts)}"
        case TurnStarted():
            return f"{n(event.actor)}'s turn ({event.ap} AP)"
        case Moved():
            to = event.path[-1]
            steps = len(event.path) - 1
            return (f"{n(event.actor)} moves {steps} hex{'es' if steps != 1 else ''} to "
                    f"({to.q}, {to.r}), facing {FACING_NAMES[event.facing]} "
                    f"({event.ap_spent} AP, {event.ap_left} left)")
        case Faced():
            return f"{n(event.actor)} turns to face {FACING_NAMES[event.facing]}"
        case Attacked():
            return (f"{n(event.actor)} attacks {n(event.target)} with {event.weapon} "
                    f"({event.distance} hex, {event.position}): {attack_text(event.result)}"
                    f" [{n(event.target)} {event.target_hp} HP]")
        case PickedUp():
            return f"{n(event.actor)} picks up {event.weapon} ({event.ap_spent} AP)"
        case Died():
            return f"{n(event.actor)} falls, {event.how} by {n(event.by)}"
        case TurnEnded():
            return f"{n(event.actor)} ends the turn ({event.ap_left} AP kept)"
        case ConditionAdded():
            lasting = f"for {event.rounds} turn{'s' if event.rounds != 1 else ''}" if event.rounds \
                else "until removed"
            strength = f" ({event.amount})" if event.amount else ""
            return f"{n(event.actor)} is {event.name.replace('_', ' ')}{strength} {lasting}"
        case ConditionEnded():
            return f"{n(event.actor)} is no longer {event.name.replace('_', ' ')}"
        case WeaponDropped():
            where = f" at ({event.at.q}, {event.at.r})" if event.at is not None else ""
            return f"{n(event.actor)} drops {event.weapon}: it {event.how}{where}"
        case KnockedBack():
            to = event.path[-1]
            return f"{n(event.actor)} is knocked back to ({to.q}, {to.r})"
        case Notice():
            return f"Note: {event.text}"
        case Refused():
            return f"Refused {event.command}: {event.reason}"
        case BattleEnded():
            who = sides.get(event.winner, "nobody") if event.winner is not None else "nobody"
            return f"Battle over after {event.rounds} rounds: {who} wins ({event.reason})"
    return str(event)
