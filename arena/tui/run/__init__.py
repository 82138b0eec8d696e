"""The run's screens: the title, a new run, a bout in the battle screen, the camp, the end."""
