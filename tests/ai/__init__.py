"""Tests of arena/ai/: the basic and tactical AIs."""
