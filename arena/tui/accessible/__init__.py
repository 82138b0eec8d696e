"""The accessible mode: no map, the battle spoken as plain lines for a screen reader."""
