"""The ground floor of the front end: the terminal, drawing, colours, keys and settings."""
