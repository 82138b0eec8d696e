"""Tests of arena/battle/: the battle behind its one door, and its read-only view."""
