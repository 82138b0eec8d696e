"""The battle behind its one door (`Battle.apply`): its world, state hash, view and narration."""
