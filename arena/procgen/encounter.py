"""The two sides of a generated fight: the player's company and foes drawn to a budget."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from arena.hexgrid import Hex
from arena.model.scenario import CombatantSpec
from arena.procgen.foes import foe_pool
from arena.procgen.rng import Stream
from arena.procgen.roster import (
    COMPANY_SIZE,
    FOE_LIMIT,
    Member,
    draw_roster,
    foe_budget,
    is_boss_bout,
    pool,
)
from arena.procgen.spec import GenSpec, Materials
from arena.procgen.threat import combatant_threat, side_strength, stat_block
from arena.rules import RULESETS

# The company the generator drafts when no party is given: about four average soldiers.
COMPANY_MEDIANS = 4


@dataclass(frozen=True, slots=True)
class Encounter:
    """Both sides (placed at the origin until deployed) with their threats and the budget."""

    company: tuple[CombatantSpec, ...]
    foes: tuple[CombatantSpec, ...]
    company_threat: int
    foe_threat: int
    budget: int
    roles: tuple[str, ...]  # the foes' roles, in order: boss, leader or soldier


def _specs(members: Sequence[Member]) -> tuple[CombatantSpec, ...]:
    """Members as combatant records; names numbered where a template repeats."""
    counts = Counter(m.template for m in members)
    seen: Counter[str] = Counter()
    out = []
    for m in members:
        seen[m.template] += 1
        name = f"{m.name} {seen[m.template]}" if counts[m.template] > 1 else m.name
        stats = {rs: stat_block(rs, m.stats.get(rs, {})) for rs in sorted(RULESETS)}
        out.append(CombatantSpec(m.template, name, m.glyph, 0, Hex(0, 0), 0, m.hp, m.speed,
                                 m.weapons, m.armour, stats, m.shield, m.supplies))
    return tuple(out)


def side_threat(ruleset: str, side: Sequence[CombatantSpec]) -> int:
    """The strength of a side's combatants together under `ruleset` (`side_strength`)."""
    return side_strength(combatant_threat(ruleset, c) for c in side)


def draw_encounter(
    seed: int, spec: GenSpec, materials: Materials, theme: str | None = None
) -> Encounter:
    """The company (the given party, or a drafted one) and the foes for this bout.

    The company is drafted from the templates; the foes come from the bestiary entries that
    haunt `theme` at the bout's tier (`procgen.foes`). In symmetric mode the foes are the
    company's mirror image: the same combatants.
    """
    p = pool(materials, spec.ruleset)
    rng = Stream("roster", seed, spec.bout)
    if spec.party:
        company = spec.party
    else:
        drafted = draw_roster(p, materials, side_strength([p.median] * COMPANY_MEDIANS),
                              COMPANY_SIZE, False, rng)
        company = _specs(drafted)
    company_threat = side_threat(spec.ruleset, company)
    if spec.symmetric:
        roles = tuple("soldier" for _ in company)
        return Encounter(company, company, company_threat, company_threat, company_threat, roles)
    budget = spec.budget if spec.budget is not None else foe_budget(company_threat, spec.bout)
    haunting = foe_pool(materials, spec.ruleset, theme, spec.bout)
    if spec.party:  # a run's weak party (one cheap fighter) still meets its weakest foe alone
        budget = max(budget, min(m.threat for m in haunting.members))
    foes = draw_roster(haunting, materials, budget,
                       FOE_LIMIT, is_boss_bout(spec.bout) if spec.boss is None else spec.boss,
                       rng)
    specs = _specs(foes)
    return Encounter(company, specs, company_threat, side_threat(spec.ruleset, specs), budget,
                     tuple(m.role for m in foes))
