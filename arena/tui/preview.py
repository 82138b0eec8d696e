"""Targeting preview: what an attack costs, needs and may do, shown before the player commits.

Until the odds engine of the attack-calculator issue exists, this module computes what is
simple and exact: for the `ap` ruleset the needed natural d20 with each modifier, the hit
chance on one d20 (a natural 20 always hits; a natural 1 is no automatic miss) and the damage
spread of a hit. It is the one place to swap for that engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from arena.battle import Battle
from arena.dice import parse_dice
from arena.model.commands import Attack
from arena.rules import ap
from arena.rules.base import AttackContext
from arena.tui import palette
from arena.view import attack_plan

MAX_OUTCOMES = 1000  # dice faces x count above this: the mean without the at-least-1 floor

Line = tuple[str, palette.RGB]


@dataclass(frozen=True, slots=True)
class Preview:
    """The preview's lines and whether the attack would be accepted now."""

    lines: tuple[Line, ...]
    valid: bool


def percent(p: Fraction) -> str:
    """A chance as a whole percentage, with one decimal when that matters.

    >>> percent(Fraction(3, 5)), percent(Fraction(1, 40)), percent(Fraction(1))
    ('60%', '2.5%', '100%')
    """
    value = float(p * 100)
    return f"{value:.0f}%" if value == round(value) else f"{value:.1f}%"


def damage_spread(expression: str, bonus: int) -> tuple[int, int, Fraction]:
    """Least, greatest and mean damage of a hit: dice + bonus, at least 1.

    >>> damage_spread("1d8", 3)
    (4, 11, Fraction(15, 2))
    >>> damage_spread("1d4", -2)[2]
    Fraction(5, 4)
    """
    dice = parse_dice(expression)
    counts = {dice.modifier + bonus: 1}
    if dice.count * dice.sides > MAX_OUTCOMES:
        low = dice.count + dice.modifier + bonus
        high = dice.count * dice.sides + dice.modifier + bonus
        return max(1, low), max(1, high), max(Fraction(1), Fraction(low + high, 2))
    for _ in range(dice.count):
        nxt: dict[int, int] = {}
        for total, ways in counts.items():
            for face in range(1, dice.sides + 1):
                nxt[total + face] = nxt.get(total + face, 0) + ways
        counts = nxt
    n = sum(counts.values())
    mean = Fraction(sum(max(1, t) * w for t, w in counts.items()), n)
    return max(1, min(counts)), max(1, *counts), mean


def _ap_lines(ctx: AttackContext) -> list[Line]:
    """The `ap` attack: modifiers, the natural needed, the exact hit chance, the damage."""
    mods = ap.attack_modifiers(ctx)
    ac = ctx.defender.number("ac")
    needed = ac - sum(m.value for m in mods)
    hits = sum(1 for n in range(1, 21) if n >= needed or n == 20)
    chance = Fraction(hits, 20)
    text = " ".join(f"{m.value:+d} {m.label}" for m in mods)
    lines: list[Line] = [(f"d20 {text} vs AC {ac}", palette.TEXT)]
    if needed <= 1:
        lines.append(("hits on any roll", palette.GOOD))
    elif needed >= 20:
        lines.append(("only a natural 20 hits", palette.BAD))
    else:
        lines.append((f"needs a natural {needed}+ ({hits} in 20)", palette.TEXT))
    lines.append((f"hit chance {percent(chance)}", palette.GOOD if hits >= 10 else palette.HINT))
    bonus = ctx.attacker.number("str") + ctx.weapon.magic
    low, high, mean = damage_spread(ctx.weapon.damage, bonus)
    lines.append((f"damage {ctx.weapon.damage}{bonus:+d}: {low}-{high}, "
                  f"mean {float(mean):.1f}", palette.TEXT))
    return lines


def attack_preview(battle: Battle, command: Attack, target_name: str) -> Preview:
    """The preview of `command`: its refusal, or its cost, modifiers and chances."""
    plan = attack_plan(battle, command)
    if isinstance(plan, str):
        return Preview(((f"cannot attack {target_name}:", palette.BAD), (plan, palette.BAD)),
                       False)
    ctx, cost = plan
    lines: list[Line] = [
        (f"{ctx.weapon.name} at {target_name}", palette.BRIGHT),
        (f"{cost} AP; {ctx.distance} hex, from the {ctx.position}", palette.TEXT),
    ]
    if battle.ruleset.name == "ap":
        lines.extend(_ap_lines(ctx))
    else:
        lines.append((f"odds: not computed for {battle.ruleset.name} yet", palette.DIM))
    return Preview(tuple(lines), True)
