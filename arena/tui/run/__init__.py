"""The run's screens: the title, a new run, the camp, a bout in the battle screen, the end."""
