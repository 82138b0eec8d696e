"""Tests of arena/cli/: the command line."""
