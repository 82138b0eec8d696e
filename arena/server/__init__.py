"""`arena serve`: the same terminal game over SSH and in a browser, one process per player.

The server only relays: each player's game is the ordinary terminal front end (`python -m
arena`) in its own process on a pseudo-terminal, with its own saves folder, a scrubbed
environment and resource limits; spectators get the screen, never the keyboard
(DESIGN.md point 16; docs/server.md).
"""
