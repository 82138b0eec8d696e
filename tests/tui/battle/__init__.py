"""Tests of arena/tui/battle/: the battle screen."""
