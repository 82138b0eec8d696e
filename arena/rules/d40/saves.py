"""Saving throws of `d40`: a weapon's save vs crushing blow.

"Weapons gain a save vs. crushing blow with each quality level adding one to its save.
Magikal weapons gain an immediate +5 added to whatever pluses of the weapon when saving."
A save is d20 + bonuses ≥ the weapon's `crushing_save` (DECISIONS.md `d40`, "Saves").
"""

from __future__ import annotations

from arena.dice import Dice, Roll
from arena.model.stats import Weapon
from arena.rules.base import Modifier

MAGIC_SAVE_BONUS = 5


def crushing_bonuses(weapon: Weapon) -> tuple[Modifier, ...]:
    """+1 per quality level; a magic weapon +5 plus its own bonus."""
    mods = []
    if weapon.quality:
        mods.append(Modifier("quality", weapon.quality))
    if weapon.magic > 0:
        mods.append(Modifier("magic", MAGIC_SAVE_BONUS + weapon.magic))
    return tuple(mods)


def crushing_save(weapon: Weapon, dice: Dice) -> tuple[bool, list[Roll], str]:
    """Roll the weapon's save vs crushing blow: (saved, dice, log note).

    A weapon whose `crushing_save` is 0 has none (assets/README.md: "0 = none") and breaks.
    """
    if not weapon.crushing_save:
        return False, [], f"the {weapon.name} has no save vs crushing blow: it breaks"
    roll = dice.roll("d20", "crushing blow save d20")
    mods = crushing_bonuses(weapon)
    total = roll.total + sum(m.value for m in mods)
    saved = total >= weapon.crushing_save
    shown = "".join(f" {m.value:+d} {m.label}" for m in mods)
    verdict = "saved" if saved else "it breaks"
    note = (f"the {weapon.name} saves vs crushing blow: d20 {roll.total}{shown} = {total} "
            f"vs {weapon.crushing_save}: {verdict}")
    return saved, [roll], note
