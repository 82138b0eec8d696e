"""Saving throws of `d40`: a weapon's or a shield's save vs crushing blow.

"Weapons gain a save vs. crushing blow with each quality level adding one to its save.
Magikal weapons gain an immediate +5 added to whatever pluses of the weapon when saving."
A save is d20 + bonuses ≥ a saving-throw number (DECISIONS.md `d40`, "Saves ... use a
saving-throw number from the combatant's stat block"): the weapon's own `crushing_save`, or,
when the weapon has none (0), its wielder's `save_crushing`.
"""

from __future__ import annotations

from arena.dice import Dice, Roll
from arena.model.stats import Armour, StatBlock, Weapon
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


def crushing_number(weapon: Weapon, wielder: StatBlock) -> int:
    """The number the save must reach: the weapon's own, else the wielder's stat block's."""
    return weapon.crushing_save or wielder.number("save_crushing")


def crushing_save(
    weapon: Weapon, wielder: StatBlock, dice: Dice
) -> tuple[bool, list[Roll], str]:
    """Roll the weapon's save vs crushing blow: (saved, dice, log note)."""
    need = crushing_number(weapon, wielder)
    roll = dice.roll("d20", "crushing blow save d20")
    mods = crushing_bonuses(weapon)
    total = roll.total + sum(m.value for m in mods)
    saved = total >= need
    shown = "".join(f" {m.value:+d} {m.label}" for m in mods)
    verdict = "saved" if saved else "it breaks"
    whose = "" if weapon.crushing_save else " (the wielder's save)"
    note = (f"the {weapon.name} saves vs crushing blow: d20 {roll.total}{shown} = {total} "
            f"vs {need}{whose}: {verdict}")
    return saved, [roll], note


def shield_crushing_save(
    shield: Armour, wearer: StatBlock, dice: Dice
) -> tuple[bool, list[Roll], str]:
    """Roll a shield's save vs crushing blow as a weapon's: the wearer's number, +5 + magic.

    Shields have no quality levels (`assets/armour.toml`); their save is the wearer's
    `save_crushing` (docs/rules/d40.md, shields in the tables).
    """
    need = wearer.number("save_crushing")
    roll = dice.roll("d20", "crushing blow save d20")
    bonus = MAGIC_SAVE_BONUS + shield.magic if shield.magic > 0 else 0
    total = roll.total + bonus
    saved = total >= need
    shown = f" {bonus:+d} magic" if bonus else ""
    verdict = "saved" if saved else "it breaks"
    note = (f"the {shield.name} saves vs crushing blow: d20 {roll.total}{shown} = {total} "
            f"vs {need} (the wearer's save): {verdict}")
    return saved, [roll], note
