"""Tests of ruleset becmi (arena/rules/becmi/), alone and on the map."""
