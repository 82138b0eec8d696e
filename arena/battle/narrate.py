"""Turn events into the combat log's lines, every number explained."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

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
from arena.model.scenario import Scenario
from arena.rules.base import AttackResult, Modifier
from arena.text import counted, downfall, wins

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


def weapon_names(scenario: Scenario) -> dict[str, str]:
    """Each weapon and shield id the scenario's combatants bring, to its display name."""
    names = {w.id: w.name for c in scenario.combatants for w in c.weapons}
    return names | {c.shield.id: c.shield.name for c in scenario.combatants if c.shield}


@dataclass(frozen=True, slots=True)
class Names:
    """What a log line calls things: combatants, sides, weapons, and the map's rough ground."""

    names: Mapping[int, str]
    sides: Mapping[int, str]
    weapons: Mapping[str, str] | None = None
    rough: Mapping[Hex, str] | None = None

    def n(self, entity: int) -> str:
        """A combatant's name (`#id` when unknown)."""
        return self.names.get(entity, f"#{entity}")

    def w(self, weapon: str) -> str:
        """A weapon's display name (the id as words when the table lacks it)."""
        return weapon if self.weapons is None else self.weapons.get(weapon, display(weapon))


def _round_started(event: RoundStarted, c: Names) -> str:
    """'Round 2. Initiative: Ann 14 (d20 12 +2), Bob 9 (d20 9)', or the sides' rolls."""
    faces = {int(r.purpose.rsplit("#", 1)[1]): r for r in event.rolls if "#" in r.purpose}
    parts = []
    for entity, score in event.scores:
        roll = faces.get(entity)
        detail = ""
        if roll is not None:
            bonus = score - roll.total
            detail = f" ({roll_text(roll)}{f' {bonus:+d}' if bonus else ''})"
        parts.append(f"{c.n(entity)} {score}{detail}")
    sided = [f"{c.sides.get(int(r.purpose.rsplit(' ', 1)[1]), r.purpose)} "
             f"{roll_text(r)}" for r in event.rolls
             if r.purpose.startswith("initiative side ")]
    if sided:
        return (f"Round {event.round}. Initiative: {', '.join(sided)}; "
                f"order: {', '.join(c.n(e) for e in event.order)}")
    return f"Round {event.round}. Initiative: {', '.join(parts)}"


def _turn_started(event: TurnStarted, c: Names) -> str:
    """The turn's start and its AP: Ann's turn (4 AP)."""
    return f"{c.n(event.actor)}'s turn ({event.ap} AP)"


def _moved(event: Moved, c: Names) -> str:
    """One line a walk: where from, where to, its facing, AP and the difficult ground crossed."""
    to = event.path[-1]
    steps = len(event.path) - 1
    rough = c.rough
    entered = sorted(rough[h] for h in event.path[1:] if rough and h in rough)
    dear = (f": {len(entered)} hex{'es' if len(entered) != 1 else ''} of difficult "
            f"ground ({', '.join(sorted(set(entered)))});" if entered else ",")
    start = event.path[0]
    return (f"{c.n(event.actor)} moves {steps} hex{'es' if steps != 1 else ''} from "
            f"({start.q}, {start.r}) to ({to.q}, {to.r}), facing {FACING_NAMES[event.facing]} "
            f"({event.ap_spent} AP{dear} {event.ap_left} left)")


def _faced(event: Faced, c: Names) -> str:
    """'Ann turns to face north-east (1 AP, 3 left)'."""
    paid = f" ({event.ap_spent} AP, {event.ap_left} left)" if event.ap_spent else ""
    return f"{c.n(event.actor)} turns to face {FACING_NAMES[event.facing]}{paid}"


def _attacked(event: Attacked, c: Names) -> str:
    """Who strikes whom with what, from where, every number of the roll, the HP left."""
    how = "strikes at the opening of" if event.reaction else "attacks"
    if event.free:
        how = "strikes"
    return (f"{c.n(event.actor)} {how} {c.n(event.target)} with {c.w(event.weapon)} "
            f"({event.distance} hex, {event.position}): {attack_text(event.result)}"
            f" [{c.n(event.target)} {event.target_hp} HP]")


def _picked_up(event: PickedUp, c: Names) -> str:
    """'Ann picks up a mace (2 AP)'."""
    return f"{c.n(event.actor)} picks up {c.w(event.weapon)} ({event.ap_spent} AP)"


def _drew(event: Drew, c: Names) -> str:
    """'Ann draws a dagger, stowing a bow (1 AP)'."""
    stowed = f", stowing {', '.join(c.w(s) for s in event.stowed)}" if event.stowed else ""
    return f"{c.n(event.actor)} draws {c.w(event.weapon)}{stowed} ({event.ap_spent} AP)"


def _reloaded(event: Reloaded, c: Names) -> str:
    """'Ann reloads a crossbow (2 AP)'."""
    return f"{c.n(event.actor)} reloads {c.w(event.weapon)} ({event.ap_spent} AP)"


def _died(event: Died, c: Names) -> str:
    """'Bob falls, slain by Ann' (no `by` when it was its own doing)."""
    return f"{c.n(event.actor)} falls, " \
        f"{downfall(event.how, None if event.by == event.actor else c.n(event.by))}"


def _turn_ended(event: TurnEnded, c: Names) -> str:
    """'Ann ends the turn (1 AP kept)'."""
    return f"{c.n(event.actor)} ends the turn ({event.ap_left} AP kept)"


def _condition_added(event: ConditionAdded, c: Names) -> str:
    """'Bob is stunned for 2 turns', or the condition's phrase."""
    if event.name in PHRASES:
        return f"{c.n(event.actor)} {PHRASES[event.name][0]}"
    lasting = f"for {event.rounds} turn{'s' if event.rounds != 1 else ''}" if event.rounds \
        else "until removed"
    strength = f" ({event.amount})" if event.amount else ""
    return f"{c.n(event.actor)} is {event.name.replace('_', ' ')}{strength} {lasting}"


def _condition_ended(event: ConditionEnded, c: Names) -> str:
    """'Bob is no longer stunned', or the condition's phrase."""
    if event.name in PHRASES:
        return f"{c.n(event.actor)} {PHRASES[event.name][1]}"
    return f"{c.n(event.actor)} is no longer {event.name.replace('_', ' ')}"


def _weapon_dropped(event: WeaponDropped, c: Names) -> str:
    """A dropped (or thrown) weapon, where it lies, and the roll it survived."""
    where = f" at ({event.at.q}, {event.at.r})" if event.at is not None else ""
    dice = " ".join(roll_text(r) for r in event.rolls)
    checked = f" ({dice}: holds)" if dice else ""
    if event.how == "is thrown":
        return f"{c.n(event.actor)}'s {c.w(event.weapon)} lands{where}{checked}"
    return f"{c.n(event.actor)} drops {c.w(event.weapon)}: it {event.how}{where}{checked}"


def _weapon_kicked(event: WeaponKicked, c: Names) -> str:
    """'Ann kicks Bob's mace back to (1, 2) (1 AP)'."""
    return (f"{c.n(event.actor)} kicks {c.n(event.owner)}'s {c.w(event.weapon)} back to "
            f"({event.to.q}, {event.to.r}) ({event.ap_spent} AP)")


def _aura_started(event: AuraStarted, c: Names) -> str:
    """'Ann starts chant: 3 hexes around, for 2 rounds (2 AP)'."""
    lasting = f"for {counted(event.rounds, 'round')}" if event.rounds else "while kept up"
    return (f"{c.n(event.actor)} starts {event.name.replace('_', ' ')}: "
            f"{counted(event.radius, 'hex', 'hexes')} around, {lasting} ({event.ap_spent} AP)")


def _aura_ended(event: AuraEnded, c: Names) -> str:
    """An aura's end and why: Ann's chant ends: its time is up."""
    return f"{c.n(event.actor)}'s {event.name.replace('_', ' ')} ends: {event.reason}"


def _weapon_broken(event: WeaponBroken, c: Names) -> str:
    """A weapon that breaks or loses magic, with the roll that did it."""
    dice = " ".join(roll_text(r) for r in event.rolls)
    why = f" ({dice})" if dice else ""
    if event.magic_lost:
        return f"{c.n(event.actor)}'s {c.w(event.weapon)} loses {event.magic_lost} magic{why}"
    return f"{c.n(event.actor)}'s {c.w(event.weapon)} breaks{why}"


def _upkept(event: Upkept, c: Names) -> str:
    """'Bob loses 2 HP (d4 2; bleeding) [5 HP]'."""
    parts = [roll_text(r) for r in event.rolls] + list(event.notes)
    why = f" ({'; '.join(parts)})" if parts else ""
    return f"{c.n(event.actor)} loses {event.damage} HP{why} [{event.hp} HP]"


def _knocked_back(event: KnockedBack, c: Names) -> str:
    """'Bob is knocked back to (1, 2)'."""
    to = event.path[-1]
    return f"{c.n(event.actor)} is knocked back to ({to.q}, {to.r})"


def _opening_presented(event: OpeningPresented, c: Names) -> str:
    """Who may react to the action: Bob's move presents an opening to Ann, Cid."""
    who = ", ".join(c.n(r) for r in event.reactors)
    action = event.action.replace("_", " ")
    return f"{c.n(event.actor)}'s {action} presents an opening to {who}"


def _reaction_declined(event: ReactionDeclined, c: Names) -> str:
    """'Ann lets the opening pass'."""
    return f"{c.n(event.actor)} lets the opening pass"


def _used_item(event: UsedItem, c: Names) -> str:
    """An item used up: the HP it healed and its dice, what it ended, HP and AP."""
    heal = f": +{event.healed} HP" if event.rolls else ""
    dice = f" ({', '.join(roll_text(r) for r in event.rolls)})" if event.rolls else ""
    ended = f", {' and '.join(e.replace('_', ' ') for e in event.ended)} stops" \
        if event.ended else ""
    return (f"{c.n(event.actor)} uses {display(event.item)}{heal}{dice}{ended} "
            f"[{event.hp} HP] ({event.ap_spent} AP)")


def _action_failed(event: ActionFailed, c: Names) -> str:
    """An action that failed and why: Ann's stand up fails: the roll was too low."""
    return f"{c.n(event.actor)}'s {event.action.replace('_', ' ')} fails: {event.reason}"


def _notice(event: Notice, _c: Names) -> str:
    """'Note: ...'."""
    return f"Note: {event.text}"


def _refused(event: Refused, _c: Names) -> str:
    """'Refused move: ...'."""
    return f"Refused {display(event.command)}: {event.reason}"


def _battle_ended(event: BattleEnded, c: Names) -> str:
    """'Battle over after 5 rounds: Red wins (last side standing)', 'Quarry outlaws win'."""
    who = c.sides.get(event.winner, "nobody") if event.winner is not None else "nobody"
    return f"Battle over after {counted(event.rounds, 'round')}: {wins(who)} ({event.reason})"


# One small function per event type; an event type not here is shown as its record.
LINES: dict[type, Callable[[Any, Names], str]] = {
    RoundStarted: _round_started, TurnStarted: _turn_started, Moved: _moved, Faced: _faced,
    Attacked: _attacked, PickedUp: _picked_up, Drew: _drew, Reloaded: _reloaded, Died: _died,
    TurnEnded: _turn_ended, ConditionAdded: _condition_added,
    ConditionEnded: _condition_ended, WeaponDropped: _weapon_dropped,
    WeaponKicked: _weapon_kicked, AuraStarted: _aura_started, AuraEnded: _aura_ended,
    WeaponBroken: _weapon_broken, Upkept: _upkept, KnockedBack: _knocked_back,
    OpeningPresented: _opening_presented, ReactionDeclined: _reaction_declined,
    UsedItem: _used_item, ActionFailed: _action_failed, Notice: _notice, Refused: _refused,
    BattleEnded: _battle_ended,
}


def narrate(event: Event, names: Mapping[int, str], sides: Mapping[int, str],
            weapons: Mapping[str, str] | None = None,
            rough: Mapping[Hex, str] | None = None) -> str:
    """One log line for an event.

    `weapons` maps weapon ids to display names when given, and `rough` the map's difficult
    ground (`HexMap.difficult`), so a walk's dearer steps are named beside its AP.
    """
    for kind in type(event).__mro__:  # an event's own type, then what it derives from
        line = LINES.get(kind)
        if line is not None:
            return line(event, Names(names, sides, weapons, rough))
    return str(event)
