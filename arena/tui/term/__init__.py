"""The front end's ground floor: the terminal, drawing, lines, colours, layout, keys, settings."""
