"""Login throttling: failures slow further tries from the same address and for the same name.

Each failed login adds to three counters: the address's, the (name, address) pair's and the
name's. A try is delayed by `BASE_DELAY` doubled per recent failure of the address or the
pair, up to `MAX_DELAY`; the name's own failures (from any address: a spread-out attack on one
account) add at most `NAME_MAX_DELAY`, so a flood of wrong passwords never locks the right
password out from another address: it is slowed hard only where it comes from. Counters
forget after `WINDOW` seconds. The clock is passed in: tests drive it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

BASE_DELAY = 0.5  # seconds after the first failure
MAX_DELAY = 30.0
NAME_MAX_DELAY = 2.0  # what a name's failures from elsewhere may cost a try
WINDOW = 900.0  # a failure is forgotten after this many seconds
FREE = 2  # failures allowed before any delay (a typo or two)
MAX_KEYS = 100_000  # counters kept; the oldest go first


@dataclass(slots=True)
class Throttle:
    """Recent failures by address and by (name, address)."""

    failures: dict[tuple[str, ...], list[float]] = field(default_factory=dict)

    def delay(self, name: str, address: str, now: float) -> float:
        """Seconds to wait before this try is checked (0 when none)."""
        count = max(self._recent(("addr", address), now),
                    self._recent(("pair", name.lower(), address), now))
        spread = self._recent(("name", name.lower()), now)
        return max(_backoff(count, MAX_DELAY), _backoff(spread, NAME_MAX_DELAY))

    def failed(self, name: str, address: str, now: float) -> None:
        """Count a failed login."""
        if len(self.failures) >= MAX_KEYS:
            oldest = min(self.failures, key=lambda k: self.failures[k][-1])
            del self.failures[oldest]
        for key in (("addr", address), ("pair", name.lower(), address), ("name", name.lower())):
            self.failures.setdefault(key, []).append(now)

    def succeeded(self, name: str, address: str) -> None:
        """A right password clears the pair's failures (the address keeps its own)."""
        self.failures.pop(("pair", name.lower(), address), None)

    def _recent(self, key: tuple[str, ...], now: float) -> int:
        """Failures under `key` within the window (older ones dropped)."""
        times = [t for t in self.failures.get(key, []) if now - t < WINDOW]
        if times:
            self.failures[key] = times
        else:
            self.failures.pop(key, None)
        return len(times)


def _backoff(failures: int, cap: float) -> float:
    """The delay after `failures` recent failures: none for the first `FREE`, then doubling.

    >>> _backoff(1, 30.0), _backoff(3, 30.0), _backoff(99, 2.0)
    (0.0, 1.0, 2.0)
    """
    if failures < FREE:
        return 0.0
    return float(min(cap, BASE_DELAY * 2.0 ** (failures - FREE)))
