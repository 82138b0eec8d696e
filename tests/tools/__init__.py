"""Tests of arena/tools/: batch sweeps, diff, what-if and branches."""
