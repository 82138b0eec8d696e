"""The level-up page: after a bout that brought levels, what each level changed, in numbers.

The party is taken down before the bout's end (`standing`) and compared with itself after it:
a member whose level rose is shown with its level, its maximum hit points and its place on
its ruleset's table (`growth.table_row`: base attack bonus, THAC0, class level, hit dice)
before and after, and its chance to hit a plain soldier (the threat table's reference
soldier) and its damage a turn against one, worked out by the odds engine with its stat
block before and after on the kit it carries now, so a weapon lost in the same bout does not
pass for a level's doing.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from arena.model.stats import StatValue
from arena.procgen.threat import MISSILE_DISTANCE, reference_defender
from arena.rules.base import AttackContext
from arena.rules.odds import NoOddsError, attack_odds
from arena.rules.protection import bears_shield
from arena.run.appraisal import dealt, number, percent, soldier
from arena.run.engine import Run
from arena.run.growth import table_row
from arena.run.party import Member, fighting_stats
from arena.tui.run.page import Option, Page
from arena.tui.term import palette
from arena.tui.term.lines import Line


@dataclass(frozen=True, slots=True)
class Standing:
    """One member as the bout found it: its level, maximum HP and its ruleset's stat block."""

    level: int
    max_hp: int
    block: dict[str, StatValue] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Numbers:
    """Where a member stands with one stat block: table row, hit chance, damage a turn."""

    row: str
    weapon: str  # the weapon `hit` is for ('' when none can strike)
    hit: Fraction | None
    damage: Fraction


def standing(run: Run) -> list[Standing]:
    """The party as it stands, in party order, to be compared after the bout's end."""
    rs = run.config.ruleset
    return [Standing(m.level, m.max_hp, dict(m.stats.get(rs, {}))) for m in run.party]


def numbers(run: Run, m: Member, block: dict[str, StatValue]) -> Numbers:
    """`m` on its kit as it is now, with `block` as its ruleset's stat block."""
    rs = run.ruleset
    as_if = replace(m, stats={**m.stats, rs.name: block})
    stats = fighting_stats(as_if, rs, run.spare)
    weapons = as_if.spec(run.spare, bears_shield(rs, m.injuries)).weapons
    hit: Fraction | None = None
    if weapons:
        w = weapons[0]
        ctx = AttackContext(stats, reference_defender(rs.name), w,
                            MISSILE_DISTANCE if w.is_ranged else 1, "front", wielded=(w,))
        try:
            hit = None if rs.attack_refusal(ctx) is not None else attack_odds(rs, ctx).hit
        except NoOddsError:
            hit = None
    try:
        damage = dealt(rs, stats, weapons, m.speed, soldier(rs))
    except NoOddsError:
        damage = Fraction(0)
    return Numbers(table_row(rs.name, stats.values), weapons[0].name if weapons else "", hit,
                   damage)


def change(before: str, after: str) -> str:
    """'warrior level 3 -> 4': a change, the words both sides share said once.

    >>> change("base attack bonus +2", "base attack bonus +3"), change("", "fighter level 1")
    ('base attack bonus +2 -> +3', 'none -> fighter level 1')
    """
    head = before.rpartition(" ")[0]
    if head and after.startswith(head + " "):
        return f"{before} -> {after[len(head) + 1:]}"
    return f"{before or 'none'} -> {after}"


def level_lines(run: Run, m: Member, was: Standing) -> list[Line]:
    """One member's block: its levels, then each number the levels changed, before -> after."""
    old, new = numbers(run, m, was.block), numbers(run, m, m.stats.get(run.config.ruleset, {}))
    rows: list[Line] = [(f"{m.name}: level {was.level} -> {m.level}", palette.GOOD),
                        (f"  max HP {was.max_hp} -> {m.max_hp}", palette.TEXT)]
    if new.row and new.row != old.row:
        rows.append((f"  {run.config.ruleset} table: {change(old.row, new.row)}", palette.TEXT))
    if old.hit is not None and new.hit is not None:
        rows.append((f"  to hit a plain soldier with its {new.weapon}: "
                     f"{percent(old.hit)} -> {percent(new.hit)}", palette.TEXT))
    if new.damage:
        rows.append((f"  damage a turn against a plain soldier: {number(old.damage)} -> "
                     f"{number(new.damage)}", palette.TEXT))
    return rows


def levelup_page(run: Run, before: list[Standing], last: bool) -> Page | None:
    """The page of the levels the bout just ended brought (None: it brought none).

    `before`: `standing(run)` taken before the bout's end; `last`: the run ends after it.
    """
    body: list[Line] = []
    for m, was in zip(run.party, before, strict=False):
        if m.level > was.level:
            body += [*([("", palette.TEXT)] if body else []), *level_lines(run, m, was)]
    if not body:
        return None
    body += [("", palette.TEXT),
             ("(hit and damage: the odds engine's, with the kit carried now)", palette.DIM)]
    after = "to the end of the run" if last else "to the spoils"
    bout = len(run.bouts)
    return Page(f"Level up after bout {bout}", body, [Option("KEY_ENTER", after, "on")],
                hint="Enter: on")
