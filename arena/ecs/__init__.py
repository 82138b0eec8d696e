"""The ECS layer: components (plain data) and systems (esper processors holding the logic)."""
