"""Tests of arena/ecs/: the components and the engine's systems."""
