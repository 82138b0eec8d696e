"""What an item would change for a member, in numbers, against the foes ahead.

Every item on a camp's table (loot, the goods, the merchant's wares) is shown with its stats
(`facts`) beside what each member holds now (`appraise`): a weapon by the exact expected
damage of a turn with it against the foes ahead (`procgen/threat.py: offence`, the odds engine
the calculator uses) and the member's turn now; armour and shields by the armour class they
leave and the chance the foes' best blow has to hit the member, now and with it; supplies by
what using one at camp would give. The foes ahead are those of the fights on the roads open
from the node reached (else of the nodes beyond them: `Camp.ahead`); with none ahead, the
reference soldier the threat table measures against stands in for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from arena.dice import parse_dice
from arena.model.scenario import CombatantSpec
from arena.model.stats import Armour, StatBlock, Supply, Weapon
from arena.procgen.threat import (
    DEFAULT_SPEED,
    MISSILE_DISTANCE,
    REFERENCE_BLOW,
    offence,
    reference_defender,
    stat_block,
    worn,
)
from arena.rules.base import AttackContext, Ruleset
from arena.rules.odds import attack_odds
from arena.rules.protection import armour_points, bears_shield, shield_points
from arena.run.holding import cannot_hold, cannot_take
from arena.run.party import Member

Item = Weapon | Armour | Supply
FEET_PER_HEX = 5


@dataclass(frozen=True, slots=True)
class Foeman:
    """One foe ahead as the appraisal sees it: its stat block as it fights, weapons, speed."""

    stats: StatBlock
    weapons: tuple[Weapon, ...]
    speed: int


def foemen(ruleset: Ruleset, foes: Sequence[CombatantSpec]) -> tuple[Foeman, ...]:
    """The foes ahead as the appraisal weighs them (the reference soldier when none)."""
    made = tuple(Foeman(worn(ruleset.name, c.stats[ruleset.name], c.armour, c.shield),
                        c.weapons, c.speed) for c in foes if ruleset.name in c.stats)
    return made or soldier(ruleset)


def soldier(ruleset: Ruleset) -> tuple[Foeman, ...]:
    """The reference soldier of the threat table, with the reference blow: when none is ahead."""
    return (Foeman(reference_defender(ruleset.name), (REFERENCE_BLOW,), DEFAULT_SPEED),)


def facts(ruleset: Ruleset, item: Item) -> str:
    """An item's stats in one short phrase: `1d8, one hand`, `shield +1 AC`, `heals 1d8`."""
    if isinstance(item, Supply):
        parts = [f"heals {item.heal}" if item.heal else "", "stops bleeding" if item.staunch
                 else "", "mends a broken weapon" if item.repair else ""]
        return ", ".join(p for p in parts if p) or "no use at camp"
    if isinstance(item, Armour):
        magic = f" (+{item.magic} magic)" if item.magic else ""
        if item.shield:
            return f"shield, {shield_points(ruleset, item)} AC{magic}"
        return f"body armour, {armour_points(ruleset, item)} AC{magic}"
    hands = "two hands" if item.hands > 1 else "one hand"
    kind = f"{item.kind} {item.range_ft} ft" if item.is_ranged else "melee" + (
        f" reach {item.reach}" if item.reach > 1 else "")
    magic = f", +{item.magic}" if item.magic else ""
    return f"{item.damage}, {kind}, {hands}{magic}"


def _mean(values: Sequence[Fraction]) -> Fraction:
    """The mean of some exact numbers (0 of none)."""
    return sum(values, Fraction(0)) / len(values) if values else Fraction(0)


def dealt(ruleset: Ruleset, stats: StatBlock, weapons: Sequence[Weapon], speed: int,
          foes: Sequence[Foeman]) -> Fraction:
    """The exact expected damage of the best turn with `weapons`, averaged over `foes`."""
    return _mean([offence(ruleset.name, stats, weapons, speed, f.stats) for f in foes])


def hit_chance(ruleset: Ruleset, defender: StatBlock, shield: Armour | None,
               foes: Sequence[Foeman]) -> Fraction:
    """The chance the foes' best blow (by expected damage) hits `defender`, averaged."""
    chances = []
    for f in foes:
        best: tuple[Fraction, Fraction] | None = None
        for weapon in f.weapons:
            distance = MISSILE_DISTANCE if weapon.is_ranged else 1
            ctx = AttackContext(f.stats, defender, weapon, distance, "front",
                                wielded=(weapon,), defender_shield=shield)
            if ruleset.attack_refusal(ctx) is not None:
                continue
            odds = attack_odds(ruleset, ctx)
            if best is None or odds.expected_damage > best[0]:
                best = (odds.expected_damage, odds.hit)
        if best is not None:
            chances.append(best[1])
    return _mean(chances)


def _base(m: Member, ruleset: Ruleset) -> StatBlock:
    """The member's own stat block, unarmoured."""
    return stat_block(ruleset.name, m.stats.get(ruleset.name, {}))


def _held(m: Member, ruleset: Ruleset) -> tuple[tuple[Weapon, ...], Armour | None]:
    """The weapons and the shield `m` fights with now, as the battle gives them (`Member.spec`)."""
    spec = m.spec(shielded=bears_shield(ruleset, m.injuries))
    return spec.weapons, spec.shield


def number(value: Fraction) -> str:
    """An exact mean to one decimal: `3.4`."""
    return f"{float(value):.1f}"


def percent(value: Fraction) -> str:
    """A chance as a whole percentage: `55 %`."""
    return f"{round(100 * value)} %"


@dataclass(frozen=True, slots=True)
class Appraisal:
    """What `item` would change for one member, in numbers, and the line that says it."""

    member: str
    line: str
    better: bool  # whether it is an improvement on what the member holds now


def appraise(ruleset: Ruleset, m: Member, item: Item, foes: Sequence[Foeman]) -> Appraisal:
    """What `item` would change for `m` against `foes` (see the module docstring)."""
    why = cannot_hold(ruleset, m, item)
    if why is not None:
        return Appraisal(m.name, why, False)
    if isinstance(item, Supply):
        return _supply(m, item)
    if isinstance(item, Armour):
        return _armour(ruleset, m, item, foes or soldier(ruleset), bool(foes))
    return _weapon(ruleset, m, item, foes or soldier(ruleset))


def _weapon(ruleset: Ruleset, m: Member, item: Weapon, foes: Sequence[Foeman]) -> Appraisal:
    """A weapon: a turn with it against the foes ahead, beside the member's turn now."""
    base = _base(m, ruleset)
    held, shielded = _held(m, ruleset)
    now = dealt(ruleset, worn(ruleset.name, base, m.armour, shielded), held, m.speed, foes)
    keeps = m.shield if item.hands == 1 else None
    then = dealt(ruleset, worn(ruleset.name, base, m.armour, keeps), (item,), m.speed, foes)
    names = " and ".join(w.name for w in held) or "bare hands"
    at = f" at {MISSILE_DISTANCE} hexes" if item.is_ranged else ""
    text = f"{m.name}: {number(then)} damage a turn with it{at} vs {number(now)} now ({names})"
    if shielded is not None and keeps is None:
        before = hit_chance(ruleset, worn(ruleset.name, base, m.armour, shielded), shielded, foes)
        after = hit_chance(ruleset, worn(ruleset.name, base, m.armour, None), None, foes)
        text += f"; two hands: no {shielded.name}, hit {percent(before)} -> {percent(after)}"
    room = cannot_take(m, item)
    if room is not None:
        text += f" ({room}: one would be dropped)"
    return Appraisal(m.name, text, then > now)


def _armour(ruleset: Ruleset, m: Member, item: Armour, foes: Sequence[Foeman], ahead: bool
            ) -> Appraisal:
    """Armour or a shield: the armour class it leaves and the foes' chance to hit, now and then."""
    base = _base(m, ruleset)
    shield_now = _held(m, ruleset)[1]
    before = worn(ruleset.name, base, m.armour, shield_now)
    refusal = cannot_take(m, item)
    if refusal is not None:
        return Appraisal(m.name, refusal, False)
    shield_then: Armour | None = item if item.shield else shield_now
    armour_then = m.armour if item.shield else item
    after = worn(ruleset.name, base, armour_then, shield_then)
    hit_now = hit_chance(ruleset, before, shield_now, foes)
    hit_then = hit_chance(ruleset, after, shield_then, foes)
    old = (m.shield if item.shield else m.armour)
    instead = f" instead of {old.name}" if old is not None else ""
    who = "the foes ahead hit" if ahead else "a plain soldier hits"
    text = (f"{m.name}: AC {before.number('ac')} -> {after.number('ac')}{instead}; {who} "
            f"{percent(hit_now)} -> {percent(hit_then)}")
    return Appraisal(m.name, text, hit_then < hit_now)


def _supply(m: Member, item: Supply) -> Appraisal:
    """A supply: what using it at camp would give `m` now, and the room in its pack."""
    parts = []
    if item.heal:
        dice = parse_dice(item.heal)
        mean = -(-(dice.count * (dice.sides + 1)) // 2) + dice.modifier
        back = max(0, min(mean, m.max_hp - m.hp))
        parts.append(f"+{back} HP used at camp ({m.hp}/{m.max_hp})" if back else
                     f"heals nobody whole ({m.hp}/{m.max_hp}): carried for battle")
    if item.staunch:
        parts.append("stops the bleeding" if "bleeding" in m.injuries else "nothing bleeds")
    if item.repair:
        broken = [g.weapon.name for g in m.gear if not g.usable]
        parts.append(f"mends {broken[0]}" if broken else "nothing to mend")
    room = cannot_take(m, item)
    if room is not None:
        parts.append(f"{room}: one would be dropped")
    better = bool(item.heal and m.hp < m.max_hp) or ("bleeding" in m.injuries and item.staunch)
    return Appraisal(m.name, f"{m.name}: {'; '.join(parts) or 'no use now'}", better)
