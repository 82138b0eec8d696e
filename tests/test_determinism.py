"""A battle is a pure function of its inputs: byte-identical output whatever PYTHONHASHSEED is."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # every test here plays or generates many battles

ROOT = Path(__file__).resolve().parent.parent

# Runs many seeds in one process, so the test stays fast while covering many battles.
SWEEP = """
import io, sys
from arena.cli.main import main
for seed in range(1, 16):
    out = io.StringIO()
    real, sys.stdout = sys.stdout, out
    try:
        main(["sim", "--scenario", "skirmish", "--seed", str(seed), "--json"])
    finally:
        sys.stdout = real
    sys.stdout.write(out.getvalue())
"""


def sweep(hashseed: str) -> bytes:
    """Output of the seed sweep in a process with the given PYTHONHASHSEED."""
    env = {**os.environ, "PYTHONHASHSEED": hashseed}
    result = subprocess.run([sys.executable, "-c", SWEEP], capture_output=True, cwd=ROOT,
                            env=env, check=True)
    return result.stdout


def test_skirmish_seed_7_json_is_byte_identical_across_hash_seeds():
    outputs = set()
    for hashseed in ("0", "1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        result = subprocess.run(
            [sys.executable, "-m", "arena", "sim", "--scenario", "skirmish", "--seed", "7",
             "--json"], capture_output=True, cwd=ROOT, env=env, check=True)
        outputs.add(result.stdout)
    assert len(outputs) == 1


def test_many_skirmish_seeds_are_byte_identical_across_hash_seeds():
    first = sweep("0")
    assert first.count(b'"type":"battle_end"') == 15
    assert sweep("123") == first
    assert sweep("98765") == first
