"""Tools over recorded battles for testers: seed sweeps (`batch`) and replay diffs (`diff`)."""
