"""The tactical AI's use of its kit: a supply from the pack, or its shield back on its arm.

A combatant that is bleeding, or at or below WOUNDED of its hit points, rates using each
supply in its pack (`UseItem`) in hit points, on the scale of the attack ratings:

    rating = (healed + staunched) · (1 + lost)

- healed = the supply's mean healing (its dice, exactly), capped at the hit points missing;
- staunched = when the supply ends the bleeding (bandages always; a potion where the
  ruleset's `heal` says healing does): the mean loss of one bleeding round (the ruleset's own
  upkeep, its dice at their mean) × BLEED_ROUNDS, plus KILL when that would bleed it out;
- lost = the share of its hit points already lost (the lower it is, the more a hit point is
  worth to it).

A supply that does neither (a whetstone, a potion at full health and not bleeding) is not a
candidate. The attack candidates rate what a blow is worth (`rating`); the best wins.
A shield lying at its feet is put back on (`PickUp`) at REARM when no enemy is adjacent.
"""

from __future__ import annotations

from fractions import Fraction

from arena.ai.candidates import Candidate
from arena.ai.rating import KILL, Rating
from arena.dice import Dice
from arena.ecs import queries
from arena.ecs.components import Conditions, Health, Pack, Stats
from arena.ecs.store import component_for_entity, try_component
from arena.ecs.supplies import STAUNCHED
from arena.model.commands import PickUp, UseItem
from arena.model.stats import Supply
from arena.rules.base import Ruleset
from arena.rules.exact import dice

WOUNDED = 0.5  # at or below this share of its hit points, healing is worth considering
BLEED_ROUNDS = 3  # rounds of bleeding a staunched wound is credited with
REARM = 8.0  # the rating of putting a dropped shield back on (as re-arming a bare hand)
PROBE_SEED = 0  # the private dice that read a bleeding round's dice (never the battle's)


def bleed_per_round(ruleset: Ruleset, actor: int) -> Fraction:
    """The mean hit points `actor` loses to its conditions at the start of each turn."""
    conditions = component_for_entity(actor, Conditions)
    held = {n: conditions.amounts.get(n, 0) for n in conditions.rounds}
    if not held:
        return Fraction(0)
    stats = component_for_entity(actor, Stats).block
    upkeep = ruleset.upkeep(stats, held, Dice(PROBE_SEED))
    rolled = sum(r.total for r in upkeep.rolls)
    return Fraction(upkeep.damage - rolled) + sum(
        (dice(r.expression).mean() for r in upkeep.rolls), Fraction(0))


def supply_value(ruleset: Ruleset, actor: int, supply: Supply) -> tuple[float, str]:
    """The rating of using `supply` now (0 when it would do nothing) and what it is for."""
    health = component_for_entity(actor, Health)
    conditions = component_for_entity(actor, Conditions)
    bleeding = [n for n in STAUNCHED if n in conditions.rounds]
    mean = dice(supply.heal).mean() if supply.heal else Fraction(0)
    healed = min(mean, Fraction(max(0, health.max_hp - health.hp)))
    held = {n: conditions.amounts.get(n, 0) for n in conditions.rounds}
    ends = supply.staunch or (mean > 0 and any(
        n not in ruleset.heal(held, max(1, int(mean))) for n in bleeding))
    staunched = Fraction(0)
    if bleeding and ends:
        staunched = bleed_per_round(ruleset, actor) * BLEED_ROUNDS
        if staunched >= health.hp:
            staunched += Fraction(KILL)
    lost = 1 - health.hp / health.max_hp if health.max_hp > 0 else 0.0
    value = float(healed + staunched) * (1 + lost)
    why = "stop the bleeding" if staunched else "heal"
    return value, why


def supply_candidates(ruleset: Ruleset, actor: int) -> list[Candidate]:
    """`UseItem` for each useful supply, when `actor` is bleeding or badly hurt."""
    pack = try_component(actor, Pack)
    if pack is None or not pack.supplies:
        return []
    health = component_for_entity(actor, Health)
    conditions = component_for_entity(actor, Conditions)
    hurt = health.hp <= WOUNDED * health.max_hp
    if not hurt and not any(n in conditions.rounds for n in STAUNCHED):
        return []
    here = queries.hex_of(actor)
    found: list[Candidate] = []
    seen: set[str] = set()
    for index, supply in enumerate(pack.supplies):
        if supply.id in seen:
            continue  # the first of several alike is enough
        seen.add(supply.id)
        value, why = supply_value(ruleset, actor, supply)
        if value > 0:
            found.append(Candidate(UseItem(actor, index), f"use {supply.name}: {why}",
                                   Rating({"supply": value}), here))
    return found


def shield_candidate(shield_back: bool, actor: int) -> list[Candidate]:
    """Putting a dropped shield back on, when the basic AI would (`AISystem.shield_back`)."""
    if not shield_back:
        return []
    return [Candidate(PickUp(actor), "shield back on", Rating({"re-arm": REARM}),
                      queries.hex_of(actor))]
