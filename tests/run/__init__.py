"""Tests of arena/run/: the roguelike run."""
