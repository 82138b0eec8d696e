"""Tests of arena/tui/run/: the run's screens."""
