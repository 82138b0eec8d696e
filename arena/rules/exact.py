"""Exact odds: distributions over whole numbers with integer weights, and the odds record.

A `Dist` keeps, for each value, how many equally likely ways lead to it out of `total`, so
every probability is an exact fraction and no sampling is involved. Dice sums are built by
convolution (a sliding window per die, so `10d10` costs no more than a few hundred additions);
branches of an attack (miss, hit, critical, a table's rows) are mixed with integer weights.

>>> roll = dice("2d6")
>>> roll.prob(7), roll.mean()
(Fraction(1, 6), Fraction(7, 1))
>>> hit = (dice("d8") + 3).at_least(1)
>>> attack = mix([(9, point(0)), (11, hit)])
>>> attack.mean()
Fraction(33, 8)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from arena.dice import DiceExpression, parse_dice
from arena.errors import ArenaError
from arena.rules.records import Modifier

# The one infinite chain (exploding criticals) is summed until the mass left is below this.
TOLERANCE = Fraction(1, 10**12)
# Dice with more outcomes than this (count × sides) are refused rather than convolved.
MAX_OUTCOMES = 20_000


class Dist:
    """A finite probability distribution over ints: value -> ways, out of `total` ways.

    Treat it as immutable: every operation returns a new one.
    """

    __slots__ = ("total", "weights")

    def __init__(self, weights: Mapping[int, int], total: int | None = None) -> None:
        self.weights = dict(weights)
        self.total = sum(self.weights.values()) if total is None else total

    def __repr__(self) -> str:
        return f"Dist({dict(sorted(self.weights.items()))}, total={self.total})"

    def __add__(self, other: Dist | int) -> Dist:
        """The sum of two independent outcomes (convolution), or a shift by a constant."""
        if isinstance(other, int):
            return Dist({v + other: w for v, w in self.weights.items()}, self.total)
        out: dict[int, int] = {}
        for v1, w1 in self.weights.items():
            for v2, w2 in other.weights.items():
                out[v1 + v2] = out.get(v1 + v2, 0) + w1 * w2
        return Dist(out, self.total * other.total)

    def map(self, f: Callable[[int], int]) -> Dist:
        """The distribution of f(value)."""
        out: dict[int, int] = {}
        for v, w in self.weights.items():
            key = f(v)
            out[key] = out.get(key, 0) + w
        return Dist(out, self.total)

    def times(self, k: int) -> Dist:
        """Every value multiplied by `k` (a critical multiplier)."""
        return self if k == 1 else Dist({v * k: w for v, w in self.weights.items()}, self.total)

    def at_least(self, low: int) -> Dist:
        """Every value below `low` raised to `low` (a hit deals at least 1)."""
        if min(self.weights) >= low:
            return self
        return self.map(lambda v: max(low, v))

    def prob(self, value: int) -> Fraction:
        """The exact chance of `value`."""
        return Fraction(self.weights.get(value, 0), self.total)

    def chance(self, test: Callable[[int], bool]) -> Fraction:
        """The exact chance that `test(value)` holds."""
        return Fraction(sum(w for v, w in self.weights.items() if test(v)), self.total)

    def probabilities(self) -> dict[int, Fraction]:
        """Value -> exact chance, by increasing value, leaving out impossible values."""
        return {v: Fraction(w, self.total) for v, w in sorted(self.weights.items()) if w}

    def mean(self) -> Fraction:
        """The exact expected value."""
        return Fraction(sum(v * w for v, w in self.weights.items()), self.total)

    def variance(self) -> Fraction:
        """The exact variance."""
        mean = self.mean()
        return Fraction(sum(w * (v - mean) ** 2 for v, w in self.weights.items()), self.total)


def point(value: int) -> Dist:
    """A certain value."""
    return Dist({value: 1}, 1)


def uniform(values: Iterable[int]) -> Dist:
    """Each of `values` equally likely (a die's faces, a table's rows)."""
    out: dict[int, int] = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    return Dist(out)


def mix(parts: Iterable[tuple[int, Dist]]) -> Dist:
    """Branches chosen with relative integer weights: [(weight, outcome), ...]."""
    chosen = [(w, d) for w, d in parts if w]
    scale = math.lcm(*(d.total for _, d in chosen))
    out: dict[int, int] = {}
    for weight, d in chosen:
        factor = weight * (scale // d.total)
        for v, w in d.weights.items():
            out[v] = out.get(v, 0) + w * factor
    return Dist(out, sum(w for w, _ in chosen) * scale)


@functools.lru_cache(maxsize=1024)
def dice(expression: str | DiceExpression) -> Dist:
    """The distribution of rolling `expression` (NdS+M): one sliding window per die.

    >>> dice("3d6").prob(10), dice("d%+1").prob(101)
    (Fraction(1, 8), Fraction(1, 100))
    """
    parsed = parse_dice(expression) if isinstance(expression, str) else expression
    count, sides = parsed.count, parsed.sides
    if count * sides > MAX_OUTCOMES:
        raise ArenaError(f"{parsed} has too many outcomes for exact odds "
                         f"(count × sides at most {MAX_OUTCOMES})")
    ways = [1]  # ways[i]: ways to roll a sum of (dice so far) + i
    for _ in range(count):
        running, nxt = 0, []
        for i in range(len(ways) + sides - 1):
            running += ways[i] if i < len(ways) else 0
            running -= ways[i - sides] if i >= sides else 0
            nxt.append(running)
        ways = nxt
    low = count + parsed.modifier
    return Dist({low + i: w for i, w in enumerate(ways)}, sides**count)


@dataclass(frozen=True, slots=True)
class Odds:
    """The exact chances of one attack, as every user of the odds engine sees them.

    `roll` is the attack roll ("d20"); `modifiers` are added to it and the total is compared
    with `needed` (after `target_modifiers`), labelled `target_label`, or None where the
    ruleset compares with nothing single; `hits` lists the natural results that hit.
    `damage` includes 0 for a miss; `on_hit` is the damage given a hit (None if nothing can
    hit). `extras` holds ruleset chances such as `p_double_critical`; `tables` the chance of
    each row of a ruleset table (the double critical's d10, a critical multiplier); `effects`
    the chance of each effect record by name (`effect_name`).
    `friendly_fire` is None where the ruleset has no such rule. `residual` is the probability
    mass an infinite chain left unsummed (below TOLERANCE), 0 when the sum is complete.
    """

    ruleset: str
    roll: str
    modifiers: tuple[Modifier, ...]
    target_label: str
    needed: int | None
    hits: tuple[int, ...]
    hit: Fraction
    critical: Fraction
    fumble: Fraction
    damage: Dist
    on_hit: Dist | None
    target_modifiers: tuple[Modifier, ...] = ()
    extras: Mapping[str, Fraction] = field(default_factory=dict)
    tables: Mapping[str, Mapping[str, Fraction]] = field(default_factory=dict)
    effects: Mapping[str, Fraction] = field(default_factory=dict)
    friendly_fire: Fraction | None = None
    sublethal: bool = False
    notes: tuple[str, ...] = ()
    residual: Fraction = Fraction(0)

    @property
    def expected_damage(self) -> Fraction:
        """The mean damage of the attack, misses counting 0."""
        return self.damage.mean()

    @property
    def bonus(self) -> int:
        """The sum of the attack roll's modifiers."""
        return sum(m.value for m in self.modifiers)


def attack_damage(misses: int, hits: Iterable[tuple[int, Dist]]) -> tuple[Dist, Dist | None]:
    """The damage of an attack (0 for a miss) and of a hit alone, from weighted hit branches."""
    branches = [(w, d) for w, d in hits if w]
    on_hit = mix(branches) if branches else None
    if on_hit is None:
        return point(0), None
    return mix([(misses, point(0)), (sum(w for w, _ in branches), on_hit)]), on_hit


def effect_name(kind: str, name: str) -> str:
    """How an effect record is named in the odds: a condition by its name, others by kind."""
    return name if kind == "condition" and name else kind


def needs_text(odds: Odds) -> str:
    """Which natural rolls hit, e.g. 'needs a natural 10+ (11 in 20)' or 'hits on any roll'.

    >>> needs_text(Odds("x", "d20", (), "AC", 15, tuple(range(10, 21)), Fraction(11, 20),
    ...                 Fraction(0), Fraction(0), point(0), None))
    'needs a natural 10+ (11 in 20)'
    """
    roll = parse_dice(odds.roll)
    low, high = roll.count, roll.count * roll.sides
    hits = odds.hits
    share = f" ({len(hits)} in {roll.sides})" if roll.count == 1 else ""
    if not hits:
        return "no roll hits"
    if len(hits) == high - low + 1:
        return "hits on any roll"
    if hits == tuple(range(hits[0], high + 1)):
        return f"only a natural {high} hits" if hits[0] == high else \
            f"needs a natural {hits[0]}+{share}"
    runs: list[str] = []
    start = previous = hits[0]
    for n in (*hits[1:], None):
        if n is not None and n == previous + 1:
            previous = n
            continue
        runs.append(str(start) if start == previous else f"{start}-{previous}")
        if n is not None:
            start = previous = n
    return f"hits on a natural {', '.join(runs)}{share}"
