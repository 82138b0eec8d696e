"""arena: a terminal tactical-skirmish roguelike whose battles replay bit for bit."""

__version__ = "0.1.0"
