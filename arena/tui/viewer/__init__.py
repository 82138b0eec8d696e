"""The replay viewer: playback, seeking, what if, branches and continuing from here."""
