"""The battle screen: the game as an object (`App`), its modes, keys, map, panels, pager, help."""
