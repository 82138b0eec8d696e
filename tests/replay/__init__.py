"""Tests of arena/replay/: replay files, keyframes, seeking and snapshots."""
