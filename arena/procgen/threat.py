"""Threat: how dangerous a combatant is under a ruleset, from exact odds (docs/procgen.md).

    threat = round(offence × durability)

`offence` is the exact expected damage of the best turn of attacks the ruleset allows from a
full AP pool (one blow in most documents, a natural routine such as claw/claw/bite, a main and
an off-hand blow in `ap`), from the front against the *reference defender* (every stat field at
its default: the document's plain soldier), at 1 hex for melee and 4 for missiles.
`durability` is hit points scaled by how much harder the combatant is to hurt than that
soldier: hp × (the reference blow's expected damage against the reference defender) / (its
expected damage against this combatant), where the reference blow is a plain 1d8 weapon in the
hand of the reference soldier. Damage dealt times damage soaked is the usual Lanchester-style
strength, so two combatants of threat 50 weigh about as much as one of threat 100. It is
computed, not stored, so it follows every change to the rules or the templates;
`scripts/threat_table.py` writes the table of assets/README.md. The stat block priced is the
one the battle fights with (`worn`: the unarmoured base plus armour and shield).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from arena.model.scenario import CombatantSpec
from arena.model.stats import Armour, StatBlock, StatValue, Weapon
from arena.rules import RULESETS
from arena.rules.base import AttackContext
from arena.rules.odds import expected_damage
from arena.rules.protection import worn_stats

MISSILE_DISTANCE = 4
DEFAULT_SPEED = 6
MAX_ATTACKS = 8  # more blows than any turn allows: a guard against a zero-cost loop
DURABILITY_CAP = 10  # a combatant the reference blow can hardly hurt counts as 10 × its hp
# The reference blow durability is measured with: a plain 1d8 weapon (a longsword), carrying
# what every ruleset needs of a weapon (`adnd`: a break die).
REFERENCE_BLOW = Weapon("reference_blow", "reference blow", "1d8", break_die=8)
Key = tuple[tuple[str, StatValue], ...]


@dataclass(frozen=True, slots=True)
class Price:
    """The parts of a threat: damage per turn, hit points scaled by toughness, the product."""

    offence: Fraction
    durability: Fraction
    threat: int


def stat_block(ruleset: str, given: Mapping[str, StatValue]) -> StatBlock:
    """A full stat block of `ruleset`: the given fields, every other one at its default."""
    values = {s.name: given.get(s.name, s.default) for s in RULESETS[ruleset].fields}
    return StatBlock(ruleset, values)


def reference_defender(ruleset: str) -> StatBlock:
    """The defender every threat is measured against: all fields at their defaults."""
    return stat_block(ruleset, {})


def usable(ruleset: str, weapon: Weapon) -> bool:
    """Whether `ruleset` accepts `weapon` (what the scenario loader checks)."""
    return RULESETS[ruleset].weapon_problem(weapon) is None


def _key(stats: StatBlock) -> Key:
    """The stat block as a hashable, ordered key."""
    return tuple(sorted(stats.values.items()))


def _in_hand(weapons: Sequence[Weapon], ranged: bool) -> tuple[Weapon, ...]:
    """The weapons of one kind a combatant fights with at once: hands filled in list order.

    Natural weapons take no hand, so a creature has its whole routine at once.
    """
    held: list[Weapon] = []
    for weapon in weapons:
        if weapon.is_ranged == ranged and sum(w.hands for w in held) + weapon.hands <= 2:
            held.append(weapon)
    return tuple(held)


@lru_cache(maxsize=8192)
def _turn(ruleset: str, stats: Key, held: tuple[Weapon, ...], speed: int,
          against: Key | None = None) -> Fraction:
    """The exact expected damage of the best greedy turn of attacks with `held`.

    Against the reference defender, or the stat block `against` when given.
    """
    rules = RULESETS[ruleset]
    attacker = StatBlock(ruleset, dict(stats))
    defender = reference_defender(ruleset) if against is None else \
        StatBlock(ruleset, dict(against))
    ap = rules.action_points(speed, frozenset())
    done: list[str] = []
    primary, total = False, Fraction(0)
    for _ in range(MAX_ATTACKS):
        best: tuple[Fraction, int, int] | None = None
        for slot, weapon in enumerate(held):
            distance = MISSILE_DISTANCE if weapon.is_ranged else 1
            ctx = AttackContext(attacker, defender, weapon, distance, "front", slot=slot,
                                wielded=held, primary_attacked_target=primary,
                                weapon_attacks=len(done), turn_weapons=tuple(done))
            if rules.attack_refusal(ctx) is not None:
                continue
            cost = rules.attack_cost(ctx)
            mean = expected_damage(rules, ctx)
            if cost is None or cost > ap or mean is None or mean <= 0:
                continue
            if best is None or mean > best[0]:
                best = (mean, slot, cost)
        if best is None:
            break
        mean, slot, cost = best
        total += mean
        ap -= cost
        done.append(held[slot].id)
        primary = primary or slot == 0
    return total


def offence(ruleset: str, stats: StatBlock, weapons: Sequence[Weapon],
            speed: int = DEFAULT_SPEED, against: StatBlock | None = None) -> Fraction:
    """The best turn's exact expected damage: all melee weapons in hand, or all missiles.

    Against the reference defender, or the stat block `against` when given (a camp's
    appraisal of an item against the foes ahead, `run/appraisal.py`).
    """
    usable_ones = [w for w in weapons if usable(ruleset, w)]
    foe = None if against is None else _key(against)
    return max(_turn(ruleset, _key(stats), _in_hand(usable_ones, ranged), speed, foe)
               for ranged in (False, True))


def best_damage(ruleset: str, stats: StatBlock, weapons: Sequence[Weapon]) -> Fraction:
    """The best turn's expected damage at the default speed (see `offence`)."""
    return offence(ruleset, stats, weapons)


@lru_cache(maxsize=4096)
def _struck(ruleset: str, defender: Key) -> Fraction:
    """The reference blow's exact expected damage against a defender."""
    rules = RULESETS[ruleset]
    ctx = AttackContext(reference_defender(ruleset), StatBlock(ruleset, dict(defender)),
                        REFERENCE_BLOW, 1, "front", wielded=(REFERENCE_BLOW,))
    return expected_damage(rules, ctx) or Fraction(0)


def toughness(ruleset: str, stats: StatBlock) -> Fraction:
    """How much harder than the reference soldier this combatant is to hurt (1 = as hard)."""
    plain = _struck(ruleset, _key(reference_defender(ruleset)))
    struck = _struck(ruleset, _key(stats))
    if struck * DURABILITY_CAP <= plain:
        return Fraction(DURABILITY_CAP)
    return plain / struck


def price(ruleset: str, stats: StatBlock, weapons: Sequence[Weapon], hp: int,
          speed: int = DEFAULT_SPEED) -> Price:
    """Offence, durability and threat of one combatant (see the module docstring)."""
    dealt = offence(ruleset, stats, weapons, speed)
    soaked = hp * toughness(ruleset, stats)
    return Price(dealt, soaked, max(1, round(dealt * soaked)))


def side_strength(threats: Iterable[int]) -> int:
    """Combatants fighting together, by Lanchester's square law: (Σ √threat)².

    Ten goblins of threat 20 are worth (10 √20)² = 2000, not 200: each deals its damage and
    soaks its share while the others fight on. One combatant's strength is its threat.
    """
    return round(sum(math.sqrt(t) for t in threats) ** 2)


def worn(ruleset: str, stats: StatBlock, armour: Armour | None, shield: Armour | None
         ) -> StatBlock:
    """The stat block as the battle builds it: base armour class plus armour and shield."""
    return worn_stats(RULESETS[ruleset], stats, armour, shield)


def threat(ruleset: str, stats: StatBlock, weapons: Sequence[Weapon], hp: int,
           speed: int = DEFAULT_SPEED) -> int:
    """The threat of one combatant (see the module docstring); at least 1."""
    return price(ruleset, stats, weapons, hp, speed).threat


def combatant_threat(ruleset: str, c: CombatantSpec, hp: int | None = None) -> int:
    """A scenario combatant's threat as it fights (worn armour and shield), at `hp` if given."""
    block = worn(ruleset, c.stats[ruleset], c.armour, c.shield)
    return threat(ruleset, block, c.weapons, c.hp if hp is None else hp, c.speed)
