"""Tests of arena/procgen/: the seeded generator of arenas and encounters."""
