"""The replay viewer: playback, seeking, what if, continuing from here and branches."""
