"""What a run is started with, checked, and the party suggested when none is given."""

from __future__ import annotations

from dataclasses import dataclass

from arena.errors import ArenaError
from arena.procgen.rng import Stream
from arena.procgen.roster import Pool
from arena.rules import RULESETS
from arena.run.route import DEFAULT_STEPS, MAX_STEPS

PARTY_SIZE = 3


@dataclass(frozen=True, slots=True)
class RunConfig:
    """What a run is started with: ruleset, seed, length in steps and the party's templates."""

    ruleset: str
    seed: int
    steps: int = DEFAULT_STEPS
    endless: bool = False
    seeded: bool = False
    party: tuple[str, ...] = ()


def check_config(config: RunConfig) -> None:
    """Refuse a run that cannot start, in one line."""
    if config.ruleset not in RULESETS:
        known = ", ".join(sorted(RULESETS))
        raise ArenaError(f"unknown ruleset '{config.ruleset}' (available: {known})")
    if not 1 <= config.steps <= MAX_STEPS:
        raise ArenaError(f"--steps must be 1..{MAX_STEPS}, got {config.steps}")
    if config.seed < 0 or config.seed >= 2**63:
        raise ArenaError(f"--seed must be 0..2^63-1, got {config.seed}")


def suggested_party(p: Pool, seed: int) -> tuple[str, ...]:
    """Three soldier templates drawn from the run seed, the first a melee fighter."""
    soldiers = list(p.of("soldier", "leader")) or list(p.members)
    order = Stream("party", seed).shuffled([m.template for m in soldiers])
    melee = [t for t in order if not next(m for m in soldiers if m.template == t).ranged]
    first = melee[0] if melee else order[0]
    rest = [t for t in order if t != first]
    picked = (first, *rest[: PARTY_SIZE - 1])
    while len(picked) < PARTY_SIZE:
        picked = (*picked, first)
    return picked
