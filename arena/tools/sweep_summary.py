"""The end of a sweep: win rates with 95 % intervals, a rounds histogram, observed vs exact.

Observed against exact: attacks are grouped by (attacker template, defender template,
situation); a group with at least `min_attacks` attacks compares its observed hits, criticals
and fumbles with the sum of the exact chances the calculator gave each attack. The statistic
is z = (observed − expected) / √(Σ p(1 − p)) (a Poisson-binomial count); |z| above
DRIFT_Z (two-sided p ≈ 1e-4, so a sweep of a few dozen groups rarely flags one by chance)
flags the rate as drifting from the rule documents.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from arena.tools.battlerow import Observation

Z95 = 1.959963984540054
DRIFT_Z = 3.89
BAR = 40


@dataclass(frozen=True, slots=True)
class Drift:
    """One rate of one group: attacks, observed and expected counts, z and whether it drifts."""

    key: tuple[str, str, str]
    rate: str
    attacks: int
    observed: int
    expected: float
    z: float

    @property
    def flagged(self) -> bool:
        """Whether the observed count is too far from the exact odds to be chance."""
        return abs(self.z) > DRIFT_Z


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The Wilson score 95 % interval of a proportion (0, 0 when n is 0).

    >>> [round(x, 3) for x in wilson(5, 10)]
    [0.237, 0.763]
    """
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + Z95 * Z95 / (2 * n)) / (1 + Z95 * Z95 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / (1 + Z95 * Z95 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def drifts(observations: list[Observation], min_attacks: int) -> list[Drift]:
    """Every rate of every group seen at least `min_attacks` times, groups sorted by key."""
    groups: dict[tuple[str, str, str], list[Observation]] = {}
    for o in observations:
        groups.setdefault(o.key, []).append(o)
    found: list[Drift] = []
    for key, seen in sorted(groups.items()):
        if len(seen) < min_attacks:
            continue
        for rate, p, got in (("hit", "p_hit", "hit"), ("critical", "p_critical", "critical"),
                             ("fumble", "p_fumble", "fumble")):
            chances = [float(getattr(o, p)) for o in seen]
            expected = math.fsum(chances)
            variance = math.fsum(c * (1 - c) for c in chances)
            observed = sum(bool(getattr(o, got)) for o in seen)
            z = _z(observed, expected, variance)
            found.append(Drift(key, rate, len(seen), observed, expected, z))
    return found


def _z(observed: int, expected: float, variance: float) -> float:
    """The standardised difference; a certain outcome that failed is infinitely far."""
    if variance > 0:
        return (observed - expected) / math.sqrt(variance)
    return 0.0 if abs(observed - expected) < 1e-9 else math.copysign(math.inf, observed - expected)


def summary_lines(rows: list[dict[str, object]], side_names: dict[int, str],
                  found: list[Drift]) -> list[str]:
    """The summary as terminal lines."""
    n = len(rows)
    lines = [f"{n} battles"]
    winners = Counter(str(r["winner"]) for r in rows)
    for side, name in sorted(side_names.items()):
        wins = winners.get(str(side), 0)
        low, high = wilson(wins, n)
        lines.append(f"  side {side} {name}: won {wins} ({_pct(wins / n if n else 0)}), "
                     f"95% interval {_pct(low)}–{_pct(high)}")
    if winners.get(""):
        lines.append(f"  no winner: {winners['']}")
    lines += ["", "Rounds:", *histogram([r["rounds"] for r in rows if r["rounds"] != ""])]
    lines += ["", "Observed against exact (hit / critical / fumble):", *drift_lines(found)]
    return lines


def histogram(values: list[object]) -> list[str]:
    """One bar per rounds value (bucketed to at most 20 bars), scaled to BAR columns."""
    counts = Counter(int(str(v)) for v in values)
    if not counts:
        return ["  (no battle ended)"]
    low, high = min(counts), max(counts)
    width = max(1, math.ceil((high - low + 1) / 20))
    buckets: Counter[int] = Counter()
    for v, c in counts.items():
        buckets[low + (v - low) // width * width] += c
    peak = max(buckets.values())
    lines = []
    for start in range(low, high + 1, width):
        label = str(start) if width == 1 else f"{start}-{start + width - 1}"
        count = buckets.get(start, 0)
        lines.append(f"  {label:>7} | {'█' * round(BAR * count / peak):<{BAR}} {count}")
    return lines


def drift_lines(found: list[Drift]) -> list[str]:
    """One line per group and rate; drifting ones marked DRIFT."""
    if not found:
        return ["  (no group of attacks seen often enough; lower --min-attacks or add seeds)"]
    lines = []
    for d in found:
        mark = "  DRIFT" if d.flagged else ""
        who = f"{d.key[0]} vs {d.key[1]}, {d.key[2]}"
        lines.append(f"  {who}: {d.rate} {d.observed}/{d.attacks} observed, "
                     f"{d.expected:.1f} expected, z {d.z:+.2f}{mark}")
    flagged = sum(d.flagged for d in found)
    lines.append(f"  {flagged} of {len(found)} rates drift (|z| > {DRIFT_Z})")
    return lines


def _pct(x: float) -> str:
    """A proportion as a percentage with one decimal."""
    return f"{100 * x:.1f}%"
