"""Which conditions outlast a bout, what each does, and whether time or care heals it.

Each ruleset's document decides what a wound is (docs/run.md, "What carries over"):

- `ap` (document 003): a severed hand, arm, foot or leg from a double critical lasts for good.
- `adnd` (document 002, DECISIONS.md): a wound bleeds until it is bound; injury points stay.
- `d40` (document 000): heavy bleeding lasts "until healed"; blindness and stuns are 1d4
  rounds and a mortal wound kills or is shaken off, so neither outlasts the bout.
- `becmi`: the checklist has no lasting injury; only hit points carry over.
"""

from __future__ import annotations

AP_PARTS = ("left_hand", "right_hand", "left_arm", "right_arm",
            "left_foot", "right_foot", "left_leg", "right_leg")
LASTING: dict[str, tuple[str, ...]] = {
    "ap": tuple(f"{part}_severed" for part in AP_PARTS),
    "adnd": ("bleeding", "injured"),
    "d40": ("bleeding",),
    "becmi": (),
}

EFFECTS: dict[str, str] = {
    "left_hand_severed": "one hand fewer: holds one one-handed weapon (never heals)",
    "right_hand_severed": "one hand fewer: holds one one-handed weapon (never heals)",
    "left_arm_severed": "one hand fewer: holds one one-handed weapon (never heals)",
    "right_arm_severed": "one hand fewer: holds one one-handed weapon (never heals)",
    "left_foot_severed": "AP pool halved (never heals)",
    "right_foot_severed": "AP pool halved (never heals)",
    "left_leg_severed": "AP pool halved (never heals)",
    "right_leg_severed": "AP pool halved (never heals)",
    "bleeding": ("loses hit points at the start of each of its turns (tending or bandages stop "
                 "it; in d40 so does any healing)"),
    "injured": "injury points from heavy blows (tending takes one away)",
}

# What tending one injury does: the condition it ends, or lessens by one point of strength.
TENDABLE = {"bleeding": "ends", "injured": "one point"}


def lasts(ruleset: str, condition: str) -> bool:
    """Whether `condition` outlasts a bout under `ruleset`."""
    return condition in LASTING.get(ruleset, ())


def effect_of(condition: str) -> str:
    """What a lasting condition does, in one line."""
    return EFFECTS.get(condition, "no lasting effect")


def tendable(condition: str) -> bool:
    """Whether tending can help this condition (severed parts never heal)."""
    return condition in TENDABLE


def tend(injuries: dict[str, tuple[int, int]], condition: str) -> dict[str, tuple[int, int]]:
    """The injuries after tending `condition`: bleeding ends, an injury point goes."""
    left = dict(injuries)
    rounds, amount = left[condition]
    if TENDABLE.get(condition) == "one point" and amount > 1:
        left[condition] = (rounds, amount - 1)
    else:
        del left[condition]
    return left
