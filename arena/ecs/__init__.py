"""The ECS layer: components (plain data) and systems (plain objects the door calls)."""
