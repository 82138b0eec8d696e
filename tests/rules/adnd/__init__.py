"""Tests of ruleset adnd (arena/rules/adnd/), alone and on the map."""
