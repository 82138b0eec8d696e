"""Tests of ruleset d40 (arena/rules/d40/), alone and on the map."""
