"""`Kits`: what the AI reads of an enemy's kit for its strike zone and reach, while it is alike."""

from __future__ import annotations

from arena.ecs.components import ActionPoints, Wielded
from arena.ecs.store import component_for_entity
from arena.model.stats import Weapon

SHOOTER = 1 << 30  # the strike zone of an enemy with a missile weapon: what it sees


class Kits:
    """Each enemy's strike-zone bound and longest melee reach, kept for the battle.

    A kit is read again when what the enemy wields or its AP maximum differs from what it
    was read from (weapons compare by value), so a kept answer is always the one read now.
    """

    def __init__(self, unarmed: tuple[Weapon, ...]) -> None:
        self.unarmed = unarmed
        self.kept: dict[int, tuple[list[Weapon], int, int, tuple[int, int]]] = {}

    def get(self, enemy: int, step: int) -> tuple[int, int]:
        """`read`, kept while the enemy's weapons and AP maximum are alike (`step`: a step's AP)."""
        weapons = component_for_entity(enemy, Wielded).weapons
        most = component_for_entity(enemy, ActionPoints).maximum
        known = self.kept.get(enemy)
        if known is None or known[0] != weapons or known[1] != most or known[2] != step:
            known = self.kept[enemy] = (list(weapons), most, step, self.read(enemy, step))
        return known[3]

    def read(self, enemy: int, step: int) -> tuple[int, int]:
        """The strike-zone bound and the longest melee reach, unarmed included (0: none).

        The bound is SHOOTER with a missile weapon, else a whole walk plus the reach (an
        upper bound of `Threats.zone`: no blow costs 0 AP).
        """
        reach = 0
        melee = ranged = False
        for w in component_for_entity(enemy, Wielded).weapons:
            if w.kind != "melee":
                ranged = True
            elif not melee or w.reach > reach:
                reach, melee = w.reach, True
        longest = reach if melee else 0
        for w in self.unarmed:
            if not w.is_ranged and w.reach > longest:
                longest = w.reach
        if ranged:
            return SHOOTER, longest
        return (component_for_entity(enemy, ActionPoints).maximum // step
                + (reach if melee else 1)), longest
