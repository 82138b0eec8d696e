"""Seeking in a replay through in-memory keyframes (docs/testers.md): same state as re-running."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from arena.cli.main import main
from arena.ecs.events import event_to_json
from arena.errors import ArenaError
from arena.replay.file import load
from arena.replay.seek import Seeker


@pytest.fixture
def replay_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A recorded skirmish (over a hundred commands)."""
    path = tmp_path / "r.json"
    assert main(["sim", "--scenario", "skirmish", "--seed", "3", "--record", str(path)]) == 0
    capsys.readouterr()
    return path


@pytest.mark.slow
def test_seeking_anywhere_in_any_order_gives_the_recorded_state_hash(replay_path: Path) -> None:
    replay = load(replay_path)
    hashes = [digest for _, _, digest in replay.steps]
    seeker = Seeker(replay, every=10)
    try:
        opening_hash = seeker.at(0).state_hash()
        order = [*random.Random(7).sample(range(len(hashes) + 1), 40), 0, len(hashes), 5, 4]
        for n in order:
            assert seeker.at(n).state_hash() == (hashes[n - 1] if n else opening_hash)
    finally:
        seeker.close()


def test_after_a_seek_back_the_battle_goes_on_with_the_recorded_events(replay_path: Path) -> None:
    replay = load(replay_path)
    seeker = Seeker(replay, every=25)
    try:
        battle = seeker.at(len(replay.steps))
        battle = seeker.at(30)
        for command, events, digest in replay.steps[30:40]:
            assert [event_to_json(e) for e in battle.apply(command)] == events
            assert battle.state_hash() == digest
    finally:
        seeker.close()


def test_seeking_outside_the_replay_is_a_one_line_error(replay_path: Path) -> None:
    seeker = Seeker(load(replay_path))
    try:
        with pytest.raises(ArenaError, match="outside"):
            seeker.at(10_000)
    finally:
        seeker.close()
