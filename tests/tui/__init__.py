"""Tests of arena/tui/: the terminal front end, without a terminal and on a pseudo-terminal."""
