"""The terminal front end: a tcod console drawn through a diff writer, keys read with blessed.

- `term/`: the ground floor: the terminal and its modes, the diff writer, drawing, colours,
  safe text, the key table and the player's settings.
- `battle/`: the battle screen: `app` (feed keys, draw into a console), controls, aim and the
  odds preview, panels, the map, the pager, help and the end-of-battle summary.
- `accessible/`: the accessible mode (no map; the battle spoken as lines).
- `run/`: the run's screens: title, new run, camp, a bout, the end.
- `viewer/`: the replay viewer: playback, what if, continuing from here, branches.
- `launch`: what `arena play` runs (a new battle, `--load`, or resuming the journal).
"""
