"""The tables of document 003: double criticals and two-weapon fighting penalties."""

from __future__ import annotations

from dataclasses import dataclass

from arena.rules.base import Effect


@dataclass(frozen=True, slots=True)
class DoubleCritical:
    """One row of the document's double-critical table (d10)."""

    result: str
    extra: str | None
    effects: tuple[Effect, ...]


def _severed(part: str, extra: str, *effects: Effect) -> DoubleCritical:
    """A severing row: the part's permanent condition plus its other effects."""
    condition = Effect("condition", "defender", f"{part.replace(' ', '_')}_severed")
    return DoubleCritical(f"{part} severed", extra, (condition, *effects))


# Main hand = right hand = wielded slot 0; off hand = left hand = slot 1 (docs/rules/ap.md).
DOUBLE_CRITICALS: dict[int, DoubleCritical] = {
    1: _severed("left hand", "2d6", Effect("drop_weapon", "defender", slot=1)),
    2: _severed("right hand", "2d6", Effect("drop_weapon", "defender", slot=0)),
    3: _severed("left arm", "4d6", Effect("drop_weapon", "defender", slot=1)),
    4: _severed("right arm", "4d6", Effect("drop_weapon", "defender", slot=0)),
    5: _severed("left foot", "2d6"),
    6: _severed("right foot", "2d6"),
    7: _severed("left leg", "5d6", Effect("condition", "defender", "prone")),
    8: _severed("right leg", "5d6", Effect("condition", "defender", "prone")),
    9: DoubleCritical("torso ripped open", "8d6", ()),
    10: DoubleCritical("head severed", None, (Effect("kill", "defender", "head severed"),)),
}

# Which hand a severed part takes away (its wielded slot).
LOST_HAND = {"left_hand_severed": 1, "left_arm_severed": 1,
             "right_hand_severed": 0, "right_arm_severed": 0}
SHIELD_HAND = 1  # a shield is carried on the left (off) arm (docs/rules/ap.md)
LEGS = ("left_leg_severed", "right_leg_severed")
FOOT_OR_LEG = ("left_foot_severed", "right_foot_severed", *LEGS)

# (primary, off hand) penalties: "Two one-handed weapons −6/−8; off hand weapon is light −4/−6;
# both weapons are light −2/−4".
TWO_WEAPON_PENALTIES = {"neither": (-6, -8), "off_light": (-4, -6), "both_light": (-2, -4)}
TWO_WEAPON_FEATS = (
    "two_weapon_fighting", "improved_two_weapon_fighting", "greater_two_weapon_fighting"
)
