"""Fixtures of the front-end tests: the games a pty test started, killed at its end."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.tui.pty_game import Game


@pytest.fixture
def games() -> Iterator[list[Game]]:
    """The games a test started on a pty (`start(games, ...)`), killed after it."""
    started: list[Game] = []
    yield started
    for game in started:
        game.close()
