"""The calculator's output: the attack, its odds and its result as text lines or JSON."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from fractions import Fraction

from arena.battle.narrate import attack_text, signed
from arena.calculator.query import Query
from arena.dice import Dice, Roll, parse_dice
from arena.ecs.events import jsonable
from arena.model.stats import StatBlock
from arena.rules.base import AttackResult, Effect, FieldSpec
from arena.rules.exact import TOLERANCE, effect_name, needs_text
from arena.rules.odds import Odds


def decimal(p: Fraction) -> str:
    """A chance or mean as a short decimal: 0.55, 0.0005, 0.333333."""
    return f"{float(p):.6g}"


def exact(p: Fraction) -> str:
    """A chance as its exact fraction: '11/20', '0', '1'."""
    return str(p)


def _pairs(values: Mapping[str, Fraction]) -> tuple[dict[str, float], dict[str, str]]:
    """A name -> chance table as decimals and as exact fractions."""
    return ({k: float(v) for k, v in values.items()}, {k: exact(v) for k, v in values.items()})


def query_json(query: Query) -> dict[str, object]:
    """The attack as built, every default filled in."""
    ctx = query.ctx
    return {
        "attacker": dict(ctx.attacker.values), "defender": dict(ctx.defender.values),
        "weapon": jsonable(ctx.weapon),
        "situation": {
            "distance": ctx.distance, "position": ctx.position, "cover": ctx.cover,
            "flanked": ctx.flanked, "adjacent_foes": ctx.adjacent_foes, "run_up": ctx.run_up,
            "slot": ctx.slot, "wielded": [w.id for w in ctx.wielded],
            "defender_wielded": [w.id for w in ctx.defender_wielded],
            "options": sorted(ctx.options),
            "attacker_conditions": sorted(ctx.attacker_conditions),
            "defender_conditions": sorted(ctx.defender_conditions),
        },
    }


def odds_json(query: Query, odds: Odds) -> dict[str, object]:
    """The odds as one JSON object: decimals, each with its exact fraction beside it."""
    data: dict[str, object] = {"ruleset": query.ruleset.name, "version": query.ruleset.version,
                               "needed": odds.needed, "target_label": odds.target_label,
                               "roll": odds.roll, "bonus": odds.bonus,
                               "modifiers": jsonable(odds.modifiers),
                               "target_modifiers": jsonable(odds.target_modifiers),
                               "hits": list(odds.hits)}
    chances = {"p_hit": odds.hit, "p_critical": odds.critical, "p_fumble": odds.fumble,
               "expected_damage": odds.expected_damage, **odds.extras}
    if odds.friendly_fire is not None:
        chances["p_friendly_fire"] = odds.friendly_fire
    for key, value in chances.items():
        data[key], data[f"{key}_exact"] = float(value), exact(value)
    damage = {str(v): p for v, p in odds.damage.probabilities().items()}
    data["damage"], data["damage_exact"] = _pairs(damage)
    for name, table in odds.tables.items():
        data[name], data[f"{name}_exact"] = _pairs(table)
    data["effects"], data["effects_exact"] = _pairs(odds.effects)
    data["sublethal"] = odds.sublethal
    data["notes"] = list(odds.notes)
    data["exact"] = not odds.residual
    data["residual"], data["tolerance"] = float(odds.residual), float(TOLERANCE)
    data["query"] = query_json(query)
    return data


def header(query: Query) -> str:
    """One line naming the ruleset, the weapon and the situation."""
    ctx, ruleset = query.ctx, query.ruleset
    weapon = ctx.weapon
    extra = f", magic {weapon.magic:+d}" if weapon.magic else ""
    if weapon.is_ranged:
        extra += f", {weapon.kind} {weapon.range_ft} ft"
    options = f", {', '.join(sorted(ctx.options))}" if ctx.options else ""
    hexes = "hex" if ctx.distance == 1 else "hexes"
    return (f"{ruleset.name} {ruleset.version}: {weapon.name} ({weapon.damage}{extra}) at "
            f"{ctx.distance} {hexes}, from the {ctx.position}{options}")


def stats_line(label: str, block: StatBlock) -> str:
    """'attacker: str=3 bab=2 …' with every field."""
    shown = " ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}"
                     for k, v in block.values.items())
    return f"{label}: {shown}"


def _row(name: str, p: Fraction, width: int = 18) -> str:
    return f"  {name:<{width}} {exact(p):>24}  {decimal(p)}"


def odds_target(odds: Odds) -> str:
    """'AC 16' or, with modifiers, 'AC 16 -10 rear = 6', as `arena attack` shows it."""
    if odds.needed is None:
        return f"{odds.target_label} -"
    if not odds.target_modifiers:
        return f"{odds.target_label} {odds.needed}"
    base = odds.needed - sum(m.value for m in odds.target_modifiers)
    return f"{odds.target_label} {base}{signed(odds.target_modifiers)} = {odds.needed}"


def odds_lines(query: Query, odds: Odds) -> list[str]:
    """The odds as text: each chance as an exact fraction and a decimal."""
    mods = signed(odds.modifiers)
    lines = [header(query), stats_line("attacker", query.ctx.attacker),
             stats_line("defender", query.ctx.defender),
             f"attack: {odds.roll}{mods} vs {odds_target(odds)}: {needs_text(odds)}",
             _row("hit", odds.hit), _row("critical", odds.critical),
             _row("fumble", odds.fumble)]
    lines += [_row(k.removeprefix("p_").replace("_", " "), v) for k, v in odds.extras.items()]
    if odds.friendly_fire is not None:
        lines.append(_row("friendly fire", odds.friendly_fire))
    lines.append(_row("expected damage", odds.expected_damage))
    kind = "sublethal damage" if odds.sublethal else "damage"
    lines.append(f"{kind} (0 = a miss):")
    lines += [_row(f"{value:>4}", p, 6) for value, p in odds.damage.probabilities().items()]
    for name, table in odds.tables.items():
        lines.append(f"{name.replace('_', ' ')}:")
        lines += [_row(row, p, 24) for row, p in table.items()]
    if odds.effects:
        lines.append("effects:")
        lines += [_row(name, p, 24) for name, p in odds.effects.items()]
    lines += [f"note: {note}" for note in odds.notes]
    if odds.residual:
        lines.append(f"note: an infinite chain was summed until the mass left was below "
                     f"{float(TOLERANCE):g}; {decimal(odds.residual)} was left out")
    else:
        lines.append("every chance is exact")
    return lines


def roll_faces(rolls: Sequence[Roll]) -> list[dict[str, object]]:
    """Every face in the order rolled, as {die, face, purpose}."""
    out: list[dict[str, object]] = []
    for roll in rolls:
        die = f"d{parse_dice(roll.expression).sides}"
        out += [{"die": die, "face": face, "purpose": roll.purpose} for face in roll.faces]
    return out


WHO = {"attacker": "the attacker", "defender": "the defender"}


def _hand(slot: int) -> str:
    """A wielded slot as words: the main hand is slot 0, the off hand slot 1."""
    return {0: "the main hand", 1: "the off hand"}.get(slot, f"slot {slot}")


def effect_text(effect: Effect) -> str:
    """An effect record as a sentence."""
    who = WHO[effect.who]
    match effect.kind:
        case "condition":
            lasting = f"for {effect.rounds} turns" if effect.rounds else "until removed"
            strength = f" {effect.amount}" if effect.amount else ""
            return f"{who}: {effect.name.replace('_', ' ')}{strength} ({lasting})"
        case "drop_weapon":
            return f"{who} drops the weapon in {_hand(effect.slot)}"
        case "knockback":
            return f"{who} is knocked back {effect.amount} hex(es)"
        case "kill":
            return f"{who} dies ({effect.name})"
        case "damage":
            return f"{who} takes {effect.amount} damage ({effect.name})"
        case "end_turn":
            return f"{who} can do nothing more this round"
        case "break_weapon":
            return f"the weapon in {_hand(effect.slot)} of {who} breaks"
        case "drop_shield":
            return f"{who} drops its shield"
        case "break_shield":
            return f"the shield of {who} breaks"
        case "degrade_weapon":
            return f"the weapon in {_hand(effect.slot)} of {who} loses {effect.amount} magic"
        case "provoke":
            return f"{who} presents an opening"
        case "strike":
            how = f" ({', '.join(effect.options)})" if effect.options else ""
            return f"{who} makes a free attack{how}"
    return f"{who}: {effect.kind} {effect.name}".strip()



def attack_json(query: Query, result: AttackResult, dice: Dice,
                notices: Sequence[str]) -> dict[str, object]:
    """One resolved attack as a JSON object: verdict, damage, every die, the events."""
    events: list[dict[str, object]] = [{
        "type": "attacked", "weapon": query.ctx.weapon.id, "distance": query.ctx.distance,
        "position": query.ctx.position, "result": jsonable(result)}]
    events += [{"type": "effect", **dataclasses.asdict(e)} for e in result.effects]
    return {
        "ruleset": query.ruleset.name, "version": query.ruleset.version, "hit": result.hit,
        "critical": result.critical, "fumble": result.fumble, "damage": result.damage,
        "multiplier": result.multiplier, "sublethal": result.sublethal,
        "natural": result.natural, "total": result.total, "target_label": result.target_label,
        "target": result.target, "modifiers": jsonable(result.modifiers),
        "effects": [effect_name(e.kind, e.name) for e in result.effects],
        "rolls": roll_faces(result.rolls), "notes": list(result.notes),
        "text": attack_text(result), "events": events, "notices": list(notices),
        "unused_dice": list(dice.script_remaining), "query": query_json(query),
    }


def attack_lines(query: Query, result: AttackResult, dice: Dice,
                 notices: Sequence[str]) -> list[str]:
    """One resolved attack as text: the explained log line, then its effects."""
    lines = [header(query), stats_line("attacker", query.ctx.attacker),
             stats_line("defender", query.ctx.defender), attack_text(result)]
    lines += [f"effect: {effect_text(e)}" for e in result.effects]
    lines += [f"note: {n}" for n in notices]
    if dice.script_remaining:
        unused = ",".join(str(f) for f in dice.script_remaining)
        lines.append(f"note: scripted faces not used: {unused}")
    return lines



def _kind(spec: FieldSpec) -> str:
    """A field's type as shown: 'int 0..60', 'bool', 'choice', 'list', 'text'."""
    if spec.kind == "int":
        return f"int {spec.minimum}..{spec.maximum}"
    if spec.kind == "set":
        return "list"
    if spec.name in ("weapon", "other_weapon"):
        return "weapon id"
    return "choice" if spec.choices else ("bool" if spec.kind == "bool" else "text")


def _default(spec: FieldSpec) -> str:
    if isinstance(spec.default, bool):
        return str(spec.default).lower()
    return str(spec.default) if spec.default != "" else "(none)"


def field_line(spec: FieldSpec, default: str | None = None) -> str:
    """One field: name, type, default and meaning (with its choices)."""
    meaning = spec.help
    if spec.choices and spec.kind == "str":
        meaning += f" ({', '.join(spec.choices)})"
    shown = _default(spec) if default is None else default
    return f"  {spec.name:<20} {_kind(spec):<12} {shown:<12} {meaning}"

