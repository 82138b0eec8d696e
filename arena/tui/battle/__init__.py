"""The battle screen: the game as an object (`App`), its keys, panels, map, pager and help."""
