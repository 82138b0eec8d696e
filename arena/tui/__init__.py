"""The terminal front end: a tcod console drawn through a diff writer, keys read with blessed.

- `keymap`: the key table (data); `controls` and `modes`: (state, key) -> state + command.
- `aim` and `preview`: targets in reach and the odds shown before an attack is committed.
- `session`: the battle, its recorder and journal, the narrated log; the AI's turns.
- `app`: the game as an object (feed keys, draw into a console), used by tests and terminal.
- `canvas`, `render`, `panels`, `describe`, `help`, `summary`, `question`: drawing.
- `layout`, `text`, `palette`: where things go, safe text, colours.
- `screen`: the diff writer (console -> ANSI); `terminal`: the blessed loop and modes.
- `launch`: what `arena play` runs (new battle, `--load`, or resuming the journal).
"""
