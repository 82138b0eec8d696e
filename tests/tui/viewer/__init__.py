"""Tests of arena/tui/viewer/: the replay viewer."""
