"""Tests of ruleset ap (arena/rules/ap/), alone and on the map."""
