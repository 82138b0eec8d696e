"""The generator's own random stream, derived from (seed, bout, attempt) alone.

Only `random.Random(int).random()` is used, the one stream Python promises to keep stable
across versions (DESIGN.md point 2), so a seed means the same place on every Python.

>>> a, b = Stream("map", 5, 1, 0), Stream("map", 5, 1, 0)
>>> [a.below(100) for _ in range(3)] == [b.below(100) for _ in range(3)]
True
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def derive(*key: int | str) -> int:
    """A 64-bit seed from a key tuple: BLAKE2b of its text, independent of PYTHONHASHSEED."""
    text = "/".join(str(k) for k in key).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


class Stream:
    """Random draws for one generation attempt; nothing else may feed the generator."""

    __slots__ = ("_random",)

    def __init__(self, *key: int | str) -> None:
        self._random = random.Random(derive(*key)).random

    def random(self) -> float:
        """A float in [0, 1)."""
        return self._random()

    def below(self, n: int) -> int:
        """A whole number in 0..n-1 (n ≥ 1)."""
        return min(n - 1, int(self._random() * n))

    def between(self, lo: int, hi: int) -> int:
        """A whole number in lo..hi inclusive."""
        return lo + self.below(hi - lo + 1)

    def chance(self, p: float) -> bool:
        """True with probability p."""
        return self._random() < p

    def pick(self, items: Sequence[T]) -> T:
        """One of `items` (already in a deterministic order), uniformly."""
        return items[self.below(len(items))]

    def weighted(self, items: Sequence[tuple[T, int]]) -> T:
        """One of `items` by integer weight (weights ≥ 0, at least one above 0)."""
        total = sum(w for _, w in items)
        roll = self.below(total)
        for item, weight in items:
            if roll < weight:
                return item
            roll -= weight
        raise ValueError("weighted() needs a positive weight")

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher-Yates shuffled copy of `items`."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
