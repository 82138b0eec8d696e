"""The tests of arena: a folder per package of arena/; foundations and whole-game properties."""
