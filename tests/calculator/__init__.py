"""Tests of arena/calculator/: the attack calculator."""
