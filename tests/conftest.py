"""Fixtures of every test: esper's worlds reset, saves kept in the test's folder, battles built.

Esper keeps its worlds at module level, so a battle a test builds and never deletes would
stay for the rest of the session; esper's own tests reset the worlds around each test, and so
do these (only the worlds a test made: a module's own battles, built before, are kept).

Every test's saves folder is `tmp_path/saves` (`ARENA_SAVES`, inherited by the subprocesses a
test starts): no test reads or writes the checkout's saves/ or the user's data folder.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import esper
import pytest

from arena.battle.core import Battle
from arena.ecs import occupancy


@pytest.fixture(autouse=True)
def fresh_esper() -> Iterator[None]:
    """After each test: back to esper's default world, and the test's own worlds deleted."""
    before = set(esper.list_worlds())
    yield
    esper.switch_world("default")
    for name in sorted(set(esper.list_worlds()) - before):
        esper.delete_world(name)
        occupancy.forget(name)


@pytest.fixture(autouse=True)
def saves_in_tmp_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """`ARENA_SAVES` set to `tmp_path/saves` (not made: the game makes it on its first write)."""
    saves = tmp_path / "saves"
    monkeypatch.setenv("ARENA_SAVES", str(saves))
    return saves


@pytest.fixture
def make_battle() -> Iterator[Callable[..., Battle]]:
    """`make_battle(scenario, ruleset, seed, ...)`: a `Battle`, entered; left and deleted after."""
    built: list[Battle] = []

    def make(*args: Any, **kwargs: Any) -> Battle:
        battle = Battle(*args, **kwargs)
        built.append(battle.__enter__())
        return battle

    yield make
    for battle in reversed(built):
        battle.__exit__(None, None, None)
