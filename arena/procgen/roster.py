"""Encounters: the pool of templates per ruleset, budgets by bout, and rosters drawn to fit.

Roles come from threat (docs/procgen.md): a boss has at least three times the pool's median
threat (or is the single strongest template when none does), a leader at least 1.5 times;
a member is ranged when its first weapon shoots or is thrown.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, replace
from typing import cast

from arena.model.families import family
from arena.model.stats import Armour, StatValue, Supply, Weapon
from arena.procgen.rng import Stream
from arena.procgen.spec import GenError, Materials, Template
from arena.procgen.threat import stat_block, threat, usable, worn
from arena.rules import RULESETS

BOSS_FACTOR, LEADER_FACTOR = 3.0, 1.5
COMPANY_SIZE, FOE_LIMIT = 6, 10
BOSS_EVERY = 5
SAME_LIMIT = 3  # at most this many of one template on a side
EPSILON = 1e-9  # float slack when a roster's strength meets its budget exactly
BOSS_SLACK = (5, 4)  # a boss that fits no budget may still lead if at most 5/4 of it


@dataclass(frozen=True, slots=True)
class Member:
    """One drawn combatant before deployment: its template, arms and threat."""

    template: str
    name: str
    glyph: str
    hp: int
    speed: int
    weapons: tuple[Weapon, ...]
    armour: Armour | None
    stats: dict[str, dict[str, StatValue]]
    threat: int
    role: str
    shield: Armour | None = None
    supplies: tuple[Supply, ...] = ()
    tier: int = 1

    @property
    def ranged(self) -> bool:
        """Whether its first weapon shoots or is thrown."""
        return self.weapons[0].is_ranged


@dataclass(frozen=True, slots=True)
class Pool:
    """The templates usable under one ruleset, by role, and the median threat."""

    ruleset: str
    members: tuple[Member, ...]
    median: int

    def of(self, *roles: str) -> list[Member]:
        """Members with one of `roles`, in template-id order."""
        return [m for m in self.members if m.role in roles]


def member(ruleset: str, ident: str, t: Template) -> Member | None:
    """The template as a pool member, or None if the ruleset cannot field it."""
    weapons = cast(tuple[Weapon, ...], t["weapons"])
    if ruleset not in t or not all(usable(ruleset, w) for w in weapons):
        return None
    stats = {k: dict(cast(dict[str, StatValue], t[k])) for k in sorted(RULESETS) if k in t}
    hp, speed = cast(int, t["hp"]), cast(int, t["speed"])
    armour, shield = cast(Armour | None, t.get("armour")), cast(Armour | None, t.get("shield"))
    block = worn(ruleset, stat_block(ruleset, stats[ruleset]), armour, shield)
    value = threat(ruleset, block, weapons, hp, speed)
    return Member(ident, cast(str, t["name"]), cast(str, t["glyph"]), hp, speed,
                  weapons, cast(Armour | None, t.get("armour")), stats, value, "",
                  cast(Armour | None, t.get("shield")),
                  cast(tuple[Supply, ...], t.get("supplies", ())), cast(int, t.get("tier", 1)))


def pool(materials: Materials, ruleset: str) -> Pool:
    """The ruleset's pool of templates (`templates.toml`, not the bestiary), computed once."""
    key = f"pool:{ruleset}"
    if key not in materials.cache:
        found = [m for i in sorted(materials.templates)
                 if "tier" not in materials.templates[i]
                 and (m := member(ruleset, i, materials.templates[i])) is not None]
        if not found:
            raise GenError(f"no template can fight under {ruleset}")
        materials.cache[key] = ranked_pool(ruleset, found, ())
    return cast(Pool, materials.cache[key])


def ranked_pool(ruleset: str, found: list[Member], bosses: tuple[Member, ...]) -> Pool:
    """Members with roles by threat; the named `bosses` (if any) are the only bosses.

    Without named bosses, a boss has 3 × the median threat or is the strongest member.
    """
    ranked = sorted(m.threat for m in found)
    median = ranked[len(ranked) // 2]
    strongest = max(found, key=lambda m: (m.threat, m.template))

    def role(m: Member) -> str:
        if not bosses and (m.threat >= BOSS_FACTOR * median or m is strongest):
            return "boss"
        return "leader" if m.threat >= LEADER_FACTOR * median else "soldier"

    members = tuple(replace(m, role=role(m)) for m in found)
    named = tuple(replace(m, role="boss") for m in bosses)
    return Pool(ruleset, members + named, median)


def foe_budget(party_threat: int, bout: int) -> int:
    """The foes' threat budget: 80% of the party's at bout 1, ten points more each bout."""
    return party_threat * (7 + bout) // 10


def is_boss_bout(bout: int) -> bool:
    """Every fifth bout has a boss."""
    return bout % BOSS_EVERY == 0


def _rearm(m: Member, materials: Materials, ruleset: str, rng: Stream) -> Member:
    """Maybe swap the first weapon for another plain one of its family, hands and reach.

    Natural weapons are part of the creature: they are never swapped.
    """
    first = m.weapons[0]
    if not rng.chance(0.35) or first.natural:
        return m
    options = [w for i, w in sorted(materials.weapons.items())
               if w.kind == first.kind and w.hands == first.hands and w.magic == 0
               and family(w) == family(first) and w.reach == first.reach
               and not w.conditional and not w.natural and usable(ruleset, w)]
    if not options:
        return m
    weapons = (rng.pick(options), *m.weapons[1:])
    block = worn(ruleset, stat_block(ruleset, m.stats[ruleset]), m.armour, m.shield)
    value = threat(ruleset, block, weapons, m.hp, m.speed)
    return replace(m, weapons=weapons, threat=value)


def _pick(rng: Stream, choices: list[Member], roster: list[Member]) -> Member:
    """A soldier by weight (melee 2, ranged 1, × tier); a shooter only while ≤ a third shoot."""
    ranged = sum(1 for m in roster if m.ranged)
    shooters_ok = 3 * (ranged + 1) <= len(roster) + 1
    weighted = [(m, (1 if m.ranged else 2) * m.tier) for m in choices
                if shooters_ok or not m.ranged]
    return rng.weighted(weighted or [(m, 1) for m in choices])


def pick_boss(p: Pool, budget: int, rng: Stream) -> Member:
    """The boss of a boss bout (docs/procgen.md, Roster).

    A boss that fits the budget, or the cheapest one at most a quarter over it; else the
    strongest other member that fits stands in as the boss; else the cheapest boss.
    """
    bosses = p.of("boss")
    fits = [m for m in bosses if m.threat <= budget]
    if fits:
        return rng.pick(fits)
    cheapest = min(bosses or p.members, key=lambda m: (m.threat, m.template))
    if cheapest.threat * BOSS_SLACK[1] <= budget * BOSS_SLACK[0]:
        return cheapest
    stand_ins = [m for m in p.members if m.role != "boss" and m.threat <= budget]
    if stand_ins:
        return replace(max(stand_ins, key=lambda m: (m.threat, m.template)), role="boss")
    return cheapest


def draw_roster(
    p: Pool, materials: Materials, budget: int, limit: int, boss: bool, rng: Stream
) -> list[Member]:
    """Members whose strength together (`side_strength`) is at most `budget`.

    A boss may exceed it on its own.
    """
    cheapest = min(m.threat for m in p.members)
    if budget < cheapest and not boss:
        raise GenError(f"threat budget {budget} fits no roster: the cheapest {p.ruleset} "
                       f"combatant has threat {cheapest}")
    roster: list[Member] = []
    if boss:
        roster.append(pick_boss(p, budget, rng))
    # Strength adds under the square root: (Σ √threat)² <= budget, i.e. Σ √threat <= √budget.
    left = math.sqrt(budget) - sum(math.sqrt(m.threat) for m in roster)

    def fits(m: Member) -> bool:
        return math.sqrt(m.threat) <= left + EPSILON

    leaders = [m for m in p.of("leader") if fits(m)]
    if leaders and left >= 3 * math.sqrt(p.median) and not boss:
        roster.append(rng.pick(leaders))
        left -= math.sqrt(roster[-1].threat)
    while len(roster) < limit:
        used = Counter(m.template for m in roster)
        choices = [m for m in p.of("soldier") if fits(m) and used[m.template] < SAME_LIMIT]
        if not choices:
            break
        drawn = _pick(rng, choices, roster)
        armed = _rearm(drawn, materials, p.ruleset, rng)
        m = armed if fits(armed) else drawn
        roster.append(m)
        left -= math.sqrt(m.threat)
    return roster
