"""Tests of arena/rules/: the shared rule parts; one sub-folder per ruleset."""
