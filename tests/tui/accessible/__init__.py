"""Tests of arena/tui/accessible/: the accessible mode."""
