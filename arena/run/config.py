"""What a run is started with, checked, and the party suggested when none is given."""

from __future__ import annotations

from dataclasses import dataclass

from arena.errors import ArenaError
from arena.procgen.rng import Stream
from arena.procgen.roster import Pool
from arena.rules import RULESETS
from arena.run.route import DEFAULT_STEPS, MAX_STEPS

PARTY_SIZE = 3
PARTY_BUDGET = 4  # the starting party's budget: this many times the pool's median threat
DIFFICULTIES = ("easy", "normal", "hard")
RANKED = ("normal", "hard")  # the difficulties whose runs the score table ranks


@dataclass(frozen=True, slots=True)
class RunConfig:
    """What a run is started with: ruleset, seed, length in steps and the party's templates."""

    ruleset: str
    seed: int
    steps: int = DEFAULT_STEPS
    endless: bool = False
    seeded: bool = False
    party: tuple[str, ...] = ()
    difficulty: str = "normal"


def check_config(config: RunConfig) -> None:
    """Refuse a run that cannot start, in one line."""
    if config.ruleset not in RULESETS:
        known = ", ".join(sorted(RULESETS))
        raise ArenaError(f"unknown ruleset '{config.ruleset}' (available: {known})")
    if not 1 <= config.steps <= MAX_STEPS:
        raise ArenaError(f"--steps must be 1..{MAX_STEPS}, got {config.steps}")
    if config.seed < 0 or config.seed >= 2**63:
        raise ArenaError(f"--seed must be 0..2^63-1, got {config.seed}")
    if config.difficulty not in DIFFICULTIES:
        raise ArenaError(f"unknown difficulty {config.difficulty[:20]!r} (choose from "
                         f"{', '.join(DIFFICULTIES)})")
    if not 1 <= len(config.party) <= PARTY_SIZE and config.party:
        raise ArenaError(f"a party has 1 to {PARTY_SIZE} members, got {len(config.party)}")


def party_budget(p: Pool) -> int:
    """What the starting party may cost, in threat: `PARTY_BUDGET` times the median."""
    return PARTY_BUDGET * p.median


def party_cost(p: Pool, templates: tuple[str, ...]) -> int:
    """What a party of `templates` costs: the sum of their threats (unknown ones cost 0)."""
    threat = {m.template: m.threat for m in p.members}
    return sum(threat.get(t, 0) for t in templates)


def over_budget(p: Pool, templates: tuple[str, ...]) -> str | None:
    """Why a party of `templates` cannot be bought (None: it fits the budget)."""
    cost, budget = party_cost(p, templates), party_budget(p)
    if cost <= budget:
        return None
    threat = {m.template: m.threat for m in p.members}
    each = ", ".join(f"{t} {threat.get(t, 0)}" for t in templates)
    return f"the party costs {cost} threat ({each}); the budget is {budget}"


def suggested_party(p: Pool, seed: int) -> tuple[str, ...]:
    """Three soldier templates drawn from the run seed, the first a melee fighter, in budget.

    Each is the first in the drawn order that leaves the budget room for the cheapest
    soldiers in the places still to fill (`party_budget`).
    """
    soldiers = list(p.of("soldier", "leader")) or list(p.members)
    threat = {m.template: m.threat for m in soldiers}
    order = Stream("party", seed).shuffled([m.template for m in soldiers])
    melee = [t for t in order if not next(m for m in soldiers if m.template == t).ranged]
    cheapest, left = min(threat.values()), party_budget(p)
    picked: tuple[str, ...] = ()
    for wanted in (melee or order, *([order] * (PARTY_SIZE - 1))):
        room = left - cheapest * (PARTY_SIZE - 1 - len(picked))
        fallback = next((t for t in order if threat[t] <= room),
                        min(order, key=lambda t: threat[t]))
        choice = next((t for t in wanted if t not in picked and threat[t] <= room), fallback)
        picked, left = (*picked, choice), left - threat[choice]
    return picked
