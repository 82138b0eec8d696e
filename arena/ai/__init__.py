"""The AIs that command a side (basic, tactical) behind one protocol, reading the battle."""
