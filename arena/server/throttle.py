"""Login throttling: failures slow further tries from the same address and for the same name.

Each failed login adds to two counters, the address's and the (name, address) pair's; a try is
delayed by `BASE_DELAY` doubled per recent failure of either, up to `MAX_DELAY`. The name's
own counter never delays a try from another address, so a flood of wrong passwords from one
address never locks the right password out from another (it is slowed only where it comes
from). Counters forget after `WINDOW` seconds. The clock is passed in: tests drive it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

BASE_DELAY = 0.5  # seconds after the first failure
MAX_DELAY = 30.0
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
        if count < FREE:
            return 0.0
        return float(min(MAX_DELAY, BASE_DELAY * 2.0 ** (count - FREE)))

    def failed(self, name: str, address: str, now: float) -> None:
        """Count a failed login."""
        if len(self.failures) >= MAX_KEYS:
            oldest = min(self.failures, key=lambda k: self.failures[k][-1])
            del self.failures[oldest]
        for key in (("addr", address), ("pair", name.lower(), address)):
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
