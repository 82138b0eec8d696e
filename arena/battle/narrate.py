"""Turn events into the combat log's lines, every number explained."""

from __future__ import annotations

from collections.abc import Mapping

from arena.dice import Roll
from arena.ecs.events import (
    ActionFailed,
    Attacked,
    AuraEnded,
    AuraStarted,
    BattleEnded,
    ConditionAdded,
    ConditionEnded,
    Died,
    Drew,
    Event,
    Faced,
    KnockedBack,
    Moved,
    Notice,
    OpeningPresented,
    PickedUp,
    ReactionDeclined,
    Refused,
    Reloaded,
    RoundStarted,
    TurnEnded,
    TurnStarted,
    Upkept,
    UsedItem,
    WeaponBroken,
    WeaponDropped,
    WeaponKicked,
)
from arena.hexgrid import FACING_NAMES, Hex
from arena.rules.base import AttackResult, Modifier

# Conditions that read better as a phrase than as "is <name>": (added, ended).
PHRASES = {
    "lose_initiative": ("loses the initiative: it acts last next round", "acts last this round"),
    "actions_ended": ("can do nothing more this round", "may act again"),
    "turn_lost": ("loses its next turn", "may act again"),
}


def signed(mods: tuple[Modifier, ...]) -> str:
    """Modifiers as ' +3 STR +2 BAB'."""
    return "".join(f" {m.value:+d} {m.label}" for m in mods)


def roll_text(roll: Roll) -> str:
    """A roll as 'd20 14' or '2d6 3+5'."""
    faces = "+".join(str(f) for f in roll.faces)
    dice = roll.expression.split("+")[0].split("-")[0]
    tail = f" {roll.modifier:+d}" if roll.modifier else ""
    return f"{dice} {faces}{tail}"


def target_text(result: AttackResult) -> str:
    """'AC 16' or, with modifiers, 'AC 16 -10 rear = 6'."""
    if not result.target_modifiers:
        return f"{result.target_label} {result.target}"
    base = result.target - sum(m.value for m in result.target_modifiers)
    return (f"{result.target_label} {base}{signed(result.target_modifiers)} = "
            f"{result.target}")


def damage_text(result: AttackResult, damage_roll: Roll) -> str:
    """'d8 5 +3 STR = 8 x2 = 16 +2 overflow = 18 damage', every step shown."""
    raw = damage_roll.total + sum(m.value for m in result.damage_modifiers)
    text = f"{roll_text(damage_roll)}{signed(result.damage_modifiers)} = {raw}"
    value = raw
    if result.multiplier != 1:
        value = raw * result.multiplier
        text += f" x{result.multiplier} = {value}"
    if result.bonus_damage:
        value += sum(m.value for m in result.bonus_damage)
        text += f"{signed(result.bonus_damage)} = {value}"
    if value != result.damage:
        text += f", at least {result.damage}"
    kind = "sublethal damage" if result.sublethal else "damage"
    return f"{text} {kind}"


def attack_text(result: AttackResult) -> str:
    """'d20 14 +3 STR +2 BAB = 19 vs AC 16: hit; d8 5 +3 STR = 8 damage'.

    Without an attack roll (natural 0: friendly fire) it reads 'automatic hit'.
    """
    if result.natural == 0:
        text = "automatic hit"
    else:
        text = f"{roll_text(result.attack_roll)}{signed(result.modifiers)} = {result.total}"
        verdict = "critical hit" if result.critical else ("hit" if result.hit else "miss")
        text += f" vs {target_text(result)}: {verdict}"
    for note in result.notes:
        text += f" ({note})"
    damage_roll = result.damage_roll
    if damage_roll is not None:
        text += f"; {damage_text(result, damage_roll)}"
    return text


def display(name: str) -> str:
    """An internal id as words, for names no table gives: 'martial_spirit' -> 'martial spirit'.

    >>> display("martial_spirit"), display("long_sword_plus_1")
    ('martial spirit', 'long sword +1')
    """
    return name.replace("_plus_", " +").replace("_minus_", " -").replace("_", " ")


def narrate(event: Event, names: Mapping[int, str], sides: Mapping[int, str],
            weapons: Mapping[str, str] | None = None,
            rough: Mapping[Hex, str] | None = None) -> str:
    """One log line for an event.

    `weapons` maps weapon ids to display names when given, and `rough` the map's difficult
    ground (`HexMap.difficult`), so a walk's dearer steps are named beside its AP.
    """
    def n(entity: int) -> str:
        return names.get(entity, f"#{entity}")

    def w(weapon: str) -> str:
        return weapon if weapons is None else weapons.get(weapon, display(weapon))

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
            sided = [f"{sides.get(int(r.purpose.rsplit(' ', 1)[1]), r.purpose)} "
                     f"{roll_text(r)}" for r in event.rolls
                     if r.purpose.startswith("initiative side ")]
            if sided:
                return (f"Round {event.round}. Initiative: {', '.join(sided)}; "
                        f"order: {', '.join(n(e) for e in event.order)}")
            return f"Round {event.round}. Initiative: {', '.join(parts)}"
        case TurnStarted():
            return f"{n(event.actor)}'s turn ({event.ap} AP)"
        case Moved():
            to = event.path[-1]
            steps = len(event.path) - 1
            entered = sorted(rough[h] for h in event.path[1:] if rough and h in rough)
            dear = (f": {len(entered)} hex{'es' if len(entered) != 1 else ''} of difficult "
                    f"ground ({', '.join(sorted(set(entered)))});" if entered else ",")
            return (f"{n(event.actor)} moves {steps} hex{'es' if steps != 1 else ''} to "
                    f"({to.q}, {to.r}), facing {FACING_NAMES[event.facing]} "
                    f"({event.ap_spent} AP{dear} {event.ap_left} left)")
        case Faced():
            paid = f" ({event.ap_spent} AP, {event.ap_left} left)" if event.ap_spent else ""
            return f"{n(event.actor)} turns to face {FACING_NAMES[event.facing]}{paid}"
        case Attacked():
            how = "strikes at the opening of" if event.reaction else "attacks"
            if event.free:
                how = "strikes"
            return (f"{n(event.actor)} {how} {n(event.target)} with {w(event.weapon)} "
                    f"({event.distance} hex, {event.position}): {attack_text(event.result)}"
                    f" [{n(event.target)} {event.target_hp} HP]")
        case PickedUp():
            return f"{n(event.actor)} picks up {w(event.weapon)} ({event.ap_spent} AP)"
        case Drew():
            stowed = f", stowing {', '.join(w(s) for s in event.stowed)}" if event.stowed else ""
            return f"{n(event.actor)} draws {w(event.weapon)}{stowed} ({event.ap_spent} AP)"
        case Reloaded():
            return f"{n(event.actor)} reloads {w(event.weapon)} ({event.ap_spent} AP)"
        case Died():
            if event.by == event.actor:
                return f"{n(event.actor)} falls, {event.how}"
            return f"{n(event.actor)} falls, {event.how} by {n(event.by)}"
        case TurnEnded():
            return f"{n(event.actor)} ends the turn ({event.ap_left} AP kept)"
        case ConditionAdded():
            if event.name in PHRASES:
                return f"{n(event.actor)} {PHRASES[event.name][0]}"
            lasting = f"for {event.rounds} turn{'s' if event.rounds != 1 else ''}" if event.rounds \
                else "until removed"
            strength = f" ({event.amount})" if event.amount else ""
            return f"{n(event.actor)} is {event.name.replace('_', ' ')}{strength} {lasting}"
        case ConditionEnded():
            if event.name in PHRASES:
                return f"{n(event.actor)} {PHRASES[event.name][1]}"
            return f"{n(event.actor)} is no longer {event.name.replace('_', ' ')}"
        case WeaponDropped():
            where = f" at ({event.at.q}, {event.at.r})" if event.at is not None else ""
            dice = " ".join(roll_text(r) for r in event.rolls)
            checked = f" ({dice}: holds)" if dice else ""
            if event.how == "is thrown":
                return f"{n(event.actor)}'s {w(event.weapon)} lands{where}{checked}"
            return f"{n(event.actor)} drops {w(event.weapon)}: it {event.how}{where}{checked}"
        case WeaponKicked():
            return (f"{n(event.actor)} kicks {n(event.owner)}'s {w(event.weapon)} back to "
                    f"({event.to.q}, {event.to.r}) ({event.ap_spent} AP)")
        case AuraStarted():
            lasting = f"for {event.rounds} rounds" if event.rounds else "while kept up"
            return (f"{n(event.actor)} starts {event.name.replace('_', ' ')}: "
                    f"{event.radius} hexes around, {lasting} ({event.ap_spent} AP)")
        case AuraEnded():
            return f"{n(event.actor)}'s {event.name.replace('_', ' ')} ends: {event.reason}"
        case WeaponBroken():
            dice = " ".join(roll_text(r) for r in event.rolls)
            why = f" ({dice})" if dice else ""
            if event.magic_lost:
                return f"{n(event.actor)}'s {w(event.weapon)} loses {event.magic_lost} magic{why}"
            return f"{n(event.actor)}'s {w(event.weapon)} breaks{why}"
        case Upkept():
            parts = [roll_text(r) for r in event.rolls] + list(event.notes)
            why = f" ({'; '.join(parts)})" if parts else ""
            return f"{n(event.actor)} loses {event.damage} HP{why} [{event.hp} HP]"
        case KnockedBack():
            to = event.path[-1]
            return f"{n(event.actor)} is knocked back to ({to.q}, {to.r})"
        case OpeningPresented():
            who = ", ".join(n(r) for r in event.reactors)
            action = event.action.replace("_", " ")
            return f"{n(event.actor)}'s {action} presents an opening to {who}"
        case ReactionDeclined():
            return f"{n(event.actor)} lets the opening pass"
        case UsedItem():
            heal = f": +{event.healed} HP" if event.rolls else ""
            dice = f" ({', '.join(roll_text(r) for r in event.rolls)})" if event.rolls else ""
            ended = f", {' and '.join(e.replace('_', ' ') for e in event.ended)} stops" \
                if event.ended else ""
            mended = f": {w(event.mended)} is whole again" if event.mended else ""
            return (f"{n(event.actor)} uses {display(event.item)}{heal}{dice}{ended}{mended} "
                    f"[{event.hp} HP] ({event.ap_spent} AP)")
        case ActionFailed():
            return f"{n(event.actor)}'s {event.action.replace('_', ' ')} fails: {event.reason}"
        case Notice():
            return f"Note: {event.text}"
        case Refused():
            return f"Refused {display(event.command)}: {event.reason}"
        case BattleEnded():
            who = sides.get(event.winner, "nobody") if event.winner is not None else "nobody"
            return f"Battle over after {event.rounds} rounds: {who} wins ({event.reason})"
    return str(event)
