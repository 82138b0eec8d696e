"""Replay files, journals, the record-file checks, snapshots and their codec, and seeking.

Light on purpose: the command line's parser reads `KEYFRAME_EVERY` without loading a battle.
"""

KEYFRAME_EVERY = 25  # commands between keyframes, in memory (Seeker) and in files (--keyframes)
