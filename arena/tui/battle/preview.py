"""Targeting preview: what an attack costs, needs and may do, shown before the player commits.

Every chance comes from the exact odds engine (`arena.rules.odds`), the same one the attack
calculator and the AI use: the roll with each modifier, the natural rolls that hit, the
chances of a hit, a critical, a fumble and the ruleset's extras (double critical, friendly
fire), and the damage spread. A ruleset without an odds function shows its modifiers only.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from arena.battle.core import Battle
from arena.battle.view import attack_plan
from arena.errors import ArenaError
from arena.model.commands import Attack
from arena.rules.base import AttackContext, Modifier, Ruleset
from arena.rules.exact import needs_text
from arena.rules.odds import Odds, attack_odds, has_odds
from arena.tui.term import palette
from arena.tui.term.lines import Line, wrapped

WIDTH = 30  # the side panel's narrowest width


@dataclass(frozen=True, slots=True)
class Preview:
    """The preview's lines and whether the attack would be accepted now."""

    lines: tuple[Line, ...]
    valid: bool


def percent(p: Fraction) -> str:
    """A chance as a whole percentage, with one decimal when that matters.

    >>> percent(Fraction(3, 5)), percent(Fraction(1, 40)), percent(Fraction(1))
    ('60%', '2.5%', '100%')
    >>> percent(Fraction(1, 400)), percent(Fraction(1, 100000))
    ('0.25%', '<0.01%')
    """
    value = float(p * 100)
    if value == round(value):
        return f"{value:.0f}%"
    if value < 0.01:
        return "<0.01%"
    text = f"{value:.1f}" if value >= 1 else f"{value:.2f}"
    return text.rstrip("0").rstrip(".") + "%"


def signed(mods: tuple[Modifier, ...]) -> str:
    """Modifiers as ' +3 STR +2 BAB'."""
    return "".join(f" {m.value:+d} {m.label}" for m in mods)


def odds_lines(odds: Odds, width: int = WIDTH, target_hp: int | None = None) -> list[Line]:
    """The roll, the rolls that hit, the chances, the damage; the chance to kill, given HP.

    The chance to kill (or knock out, for sublethal damage) is that of damage at least the
    target's HP; effects that kill outright (a severed head) are not counted in it.
    """
    target = odds.target_label if odds.needed is None else f"{odds.target_label} "
    needed = "" if odds.needed is None else str(odds.needed)
    if odds.target_modifiers:
        base = (odds.needed or 0) - sum(m.value for m in odds.target_modifiers)
        needed = f"{base}{signed(odds.target_modifiers)} = {odds.needed}"
    roll = f"{odds.roll}{signed(odds.modifiers)} vs {target}{needed}"
    lines = wrapped(roll, palette.TEXT, width)
    lines += wrapped(needs_text(odds), palette.TEXT, width)
    good = odds.hit >= Fraction(1, 2)
    lines.append((f"hit chance {percent(odds.hit)}", palette.GOOD if good else palette.HINT))
    chances = [("crit", odds.critical), ("fumble", odds.fumble)]
    chances += [(k.removeprefix("p_").replace("_", " "), v) for k, v in odds.extras.items()]
    if odds.friendly_fire is not None:
        chances.append(("friendly fire", odds.friendly_fire))
    shown = ", ".join(f"{name} {percent(p)}" for name, p in chances if p)
    if shown:
        lines += wrapped(shown, palette.TEXT, width)
    if odds.on_hit is not None:
        low, high = min(odds.on_hit.weights), max(odds.on_hit.weights)
        kind = "sublethal" if odds.sublethal else "damage"
        lines += wrapped(f"{kind} {low}-{high}, mean {float(odds.on_hit.mean()):.1f}",
                         palette.TEXT, width)
        lines += wrapped(f"expected {kind} {float(odds.expected_damage):.1f}", palette.TEXT,
                         width)
        if target_hp is not None:
            word = "knocks out" if odds.sublethal else "kills"
            down = odds.damage.chance(lambda d: d >= max(1, target_hp))
            lines.append((f"{word}: {percent(down)}", palette.GOOD if down else palette.TEXT))
    return lines


def _lines(ruleset: Ruleset, ctx: AttackContext, width: int = WIDTH,
           target_hp: int | None = None) -> list[Line]:
    """The odds of the attack, or a dim line when this ruleset has none."""
    if not has_odds(ruleset):
        return [(f"odds: not computed for {ruleset.name} yet", palette.DIM)]
    try:
        return odds_lines(attack_odds(ruleset, ctx), width, target_hp)
    except ArenaError as exc:  # e.g. damage dice too large to convolve
        return wrapped(f"odds: {exc}", palette.DIM, width)


def plan_lines(ruleset: Ruleset, ctx: AttackContext, cost: int, target_name: str,
               options: tuple[str, ...] = (), width: int = WIDTH,
               target_hp: int | None = None) -> list[Line]:
    """An accepted attack's weapon, cost, distance, side, maneuvers and odds."""
    lines: list[Line] = [
        (f"{ctx.weapon.name} at {target_name}", palette.BRIGHT),
        (f"{cost} AP; {ctx.distance} hex, from the {ctx.position}", palette.TEXT),
    ]
    if options:
        lines.append((f"maneuver: {', '.join(options)}", palette.HINT))
    lines.extend(_lines(ruleset, ctx, width, target_hp))
    return lines


def attack_preview(battle: Battle, command: Attack, target_name: str,
                   width: int = WIDTH, target_hp: int | None = None) -> Preview:
    """The preview of `command` wrapped to `width`: its refusal, or its cost and chances."""
    plan = attack_plan(battle, command)
    if isinstance(plan, str):
        return Preview(((f"cannot attack {target_name}:", palette.BAD),
                        *wrapped(plan, palette.BAD, width)), False)
    ctx, cost = plan
    lines = plan_lines(battle.ruleset, ctx, cost, target_name, command.options, width,
                       target_hp)
    return Preview(tuple(lines), True)


def short_odds(ruleset: Ruleset, ctx: AttackContext) -> str:
    """The odds in a few words for a prompt: 'longsword: hit 55%, damage 2-9'."""
    if not has_odds(ruleset):
        return f"{ctx.weapon.name}: odds not computed for {ruleset.name}"
    try:
        odds = attack_odds(ruleset, ctx)
    except ArenaError:
        return f"{ctx.weapon.name}: odds not computed"
    text = f"{ctx.weapon.name}: hit {percent(odds.hit)}"
    if odds.on_hit is not None:
        text += f", {min(odds.on_hit.weights)}-{max(odds.on_hit.weights)} dmg"
    return text
