"""Invariant sweep over seeds: every guarantee of the generator, and hash-seed independence."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.hexgrid import Hex, hex_distance
from arena.procgen import GenSpec, build
from arena.procgen.checks import LOOP_MIN_OPEN, MIN_ZONE_DISTANCE, disjoint_paths, passable
from arena.procgen.shapes import flood
from tests.procgen.helpers import RULESETS, shipped

pytestmark = pytest.mark.slow  # every test here plays or generates many battles

ROOT = Path(__file__).resolve().parents[2]
SWEEP = settings(max_examples=300, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow])


@SWEEP
@given(seed=st.integers(0, 10**9), rules=st.sampled_from(RULESETS),
       bout=st.integers(1, 12), symmetric=st.booleans())
def test_every_generated_arena_keeps_every_guarantee(seed, rules, bout, symmetric):
    made = build(seed, GenSpec(rules, bout=bout, symmetric=symmetric), shipped())
    s, (zone_a, zone_b) = made.scenario, made.zones
    ground = passable(s.map)
    # every open hex reachable from both deployment zones (flood fill)
    assert flood(zone_a[0], ground) == ground == flood(zone_b[0], ground)
    # loops rather than a single corridor where the map is large enough
    if len(ground) >= LOOP_MIN_OPEN:
        assert disjoint_paths(ground, zone_a, zone_b) == 2
    # zones on passable hexes, at least the minimum distance apart
    assert set(zone_a) <= ground and set(zone_b) <= ground
    assert min(hex_distance(a, b) for a in zone_a for b in zone_b) >= MIN_ZONE_DISTANCE
    # no two combatants on one hex, each in its own side's zone
    spots = [c.at for c in s.combatants]
    assert len(set(spots)) == len(spots)
    assert all(c.at in (zone_a, zone_b)[c.side] for c in s.combatants)
    if symmetric:
        assert all(s.map.cells[Hex(-h.q, -h.r)] == t for h, t in s.map.cells.items())
        assert {(c.side, c.at) for c in s.combatants} == {
            (1 - c.side, Hex(-c.at.q, -c.at.r)) for c in s.combatants}
    assert made.retries < 64


def test_generation_is_byte_identical_under_different_hash_seeds():
    outputs = set()
    for hash_seed in ("0", "1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c",
             "from arena.cli.main import main\n"
             "main(['gen', '--seed', '17', '--rules', 'adnd', '--toml'])\n"
             "main(['gen', '--seed', '3', '--bout', '5', '--symmetric'])\n"
             "main(['gen', '--catalog', '1..12', '--rules', 'ap', '--csv'])"],
            capture_output=True, text=True, cwd=ROOT, env=env, check=True)
        outputs.add(done.stdout)
    assert len(outputs) == 1
