"""Login throttling (issue 31): 10,000 wrong passwords are slowed down, and never lock the
right one out from another address."""

from __future__ import annotations

from arena.server.throttle import FREE, MAX_DELAY, NAME_MAX_DELAY, WINDOW, Throttle


def test_ten_thousand_failures_are_slowed_to_the_cap_for_that_address():
    throttle, now = Throttle(), 0.0
    waited = 0.0
    for _ in range(10_000):
        delay = throttle.delay("ada", "203.0.113.9", now)
        waited += delay
        now += delay + 0.01
        throttle.failed("ada", "203.0.113.9", now)
    assert throttle.delay("ada", "203.0.113.9", now) == MAX_DELAY
    assert waited > 10_000 * MAX_DELAY * 0.9  # hours of waiting, not seconds


def test_the_right_password_from_another_address_is_never_locked_out():
    throttle = Throttle()
    for i in range(10_000):
        throttle.failed("ada", "203.0.113.9", float(i))
    assert throttle.delay("ada", "198.51.100.7", 10_000.0) == NAME_MAX_DELAY  # 2 s, no more
    assert throttle.delay("bob", "198.51.100.7", 10_000.0) == 0.0  # another name: nothing


def test_a_typo_or_two_costs_nothing_and_failures_are_forgotten():
    throttle = Throttle()
    for i in range(FREE):
        assert throttle.delay("ada", "a", float(i)) == 0.0
        throttle.failed("ada", "a", float(i))
    assert throttle.delay("ada", "a", 2.0) > 0
    assert throttle.delay("ada", "a", 2.0 + WINDOW) == 0.0


def test_a_right_login_clears_the_pair_but_not_the_address():
    throttle = Throttle()
    for i in range(5):
        throttle.failed("ada", "a", float(i))
        throttle.failed("bob", "a", float(i))
    throttle.succeeded("ada", "a")
    assert throttle.delay("ada", "a", 6.0) > 0  # the address's own failures still count
