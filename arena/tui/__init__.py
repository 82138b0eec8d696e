"""The terminal front end: a tcod console drawn through a diff writer, keys read with blessed.

Its sub-packages, each importing only those listed before it (no circles among them, nor
among the modules inside one):
- `term/`: the ground floor: the real terminal and its modes (`terminal`), the diff writer,
  drawing (`canvas`), colours (`palette`), safe text (`glyphs`), the `Line` of text in its
  colour (`lines`), where each part of the screen goes (`layout`), a yes/no `question`, the
  key table (`keymap`) and the player's settings (`config`).
- `battle/`: the battle screen: `app` (feed keys, draw into a console) over a `session`, the
  modes and the interface state (`modes`), keys and clicks (`controls`, `pointer`), aiming
  and the odds preview (`aim`, `preview`), the map (`render`), the panels and their words
  (`panels`, `describe`), the --more-- pager and history, `alerts`, `help`, and the
  end-of-battle summary (`outcome`).
- `accessible/`: the accessible mode: no map, the battle spoken as lines (`play`, `speech`).
- `run/`: the run's screens: the title, a new run (`newrun`), the pages of lines (`page`),
  a bout in the battle screen (`bout`), the camp, and the whole run's `flow`.
- `viewer/`: the replay viewer: its model (`playback`), its keys, the screen (`viewer`), the
  what-if and branches pages, and continuing from here (`continued`).
- `launch`: what `arena play` runs (a new battle, `--load`, or resuming the journal).
"""
