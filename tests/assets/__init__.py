"""Tests of arena/assets/: loading and validating the asset files."""
