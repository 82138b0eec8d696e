"""Tests of arena/tui/term/: drawing, the diff writer, keys and the terminal."""
