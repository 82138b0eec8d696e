"""The `d40` stat block: its fields, and the numbers it yields through the ability table.

Sources and interpretations: docs/rules/d40.md ("Stat block and weapons").
"""

from __future__ import annotations

from arena.model.stats import StatBlock, Weapon
from arena.rules.base import FieldSpec, Modifier
from arena.rules.d40.tables import CLASSES, Tables

# `reaction` left out (this sentinel) means: derive the Reaction Adjustment from Dexterity.
REACTION_FROM_DEX = -99
REACTION_LIMIT = 5
# A weapon without its own `crushing_save` saves against its wielder's number (DECISIONS.md);
# interpretation: 10, the middle of the catalogue's own d40 numbers (6..15), by default.
SAVE_CRUSHING = 10

FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("class", "str", "warrior", "character class: " + ", ".join(CLASSES),
              choices=CLASSES),
    FieldSpec("level", "int", 1, "experience level; levels above 17 use the 17th column", 1, 30),
    FieldSpec("str", "int", 10, "Strength score: melee to-hit and damage adjustment", 3, 18),
    FieldSpec("dex", "int", 10, "Dexterity score: missile to-hit, Reaction Adjustment, "
              "positive AC bonus", 3, 18),
    FieldSpec("ac", "int", 10, "armour class, descending (the table clamps it to -10..10)",
              -20, 20),
    FieldSpec("save_poison", "int", 14, "saving throw vs Poison: d20 >= it saves", 1, 20),
    FieldSpec("save_crushing", "int", SAVE_CRUSHING, "save vs crushing blow of a weapon that "
              "has none of its own: d20 + its quality and magic >= it saves", 1, 20),
    FieldSpec("reaction", "int", REACTION_FROM_DEX, "Reaction Adjustment override -5..5; "
              "left out (-99) = from Dexterity", REACTION_FROM_DEX, REACTION_LIMIT),
    FieldSpec("attached", "bool", False, "its weapons are part of its body (claws, bite): "
              "never dropped or knocked away; a shatter may sever one"),
)

# "Target ... suffer a -4 penalty on most Strength and Dexterity-based skills" (Blind).
BLIND_CHECK = -4
CHECKED_ABILITIES = ("str", "dex")

# Fists, always at hand (DECISIONS.md names none for d40: interpretation, docs/rules/d40.md).
UNARMED = Weapon("fists", "fists", "d2", tags=("unarmed",))


def is_unarmed(weapon: Weapon) -> bool:
    """True for the ruleset's unarmed strike."""
    return weapon.id == UNARMED.id


def column(tables: Tables, stats: StatBlock) -> str:
    """The attacker's Attack Table column, by class and level."""
    return tables.column(stats.text("class"), stats.number("level"))


def strength_adjustment(tables: Tables, stats: StatBlock) -> int:
    """Strength's melee to-hit and damage adjustment."""
    return tables.adjust(stats.number("str"))


def dexterity_adjustment(tables: Tables, stats: StatBlock) -> int:
    """Dexterity's missile to-hit adjustment."""
    return tables.adjust(stats.number("dex"))


def dexterity_ac_bonus(tables: Tables, stats: StatBlock) -> int:
    """The positive Dexterity bonus to AC (already inside `ac`; 0 when Dexterity gives none)."""
    return max(0, tables.adjust(stats.number("dex")))


def reaction_adjustment(tables: Tables, stats: StatBlock) -> int:
    """The Reaction Adjustment: the stat block's override, else Dexterity's adjustment."""
    given = stats.number("reaction")
    return tables.adjust(stats.number("dex")) if given == REACTION_FROM_DEX else given


def check_modifiers(ability: str, conditions: frozenset[str]) -> tuple[Modifier, ...]:
    """The modifiers to a Strength or Dexterity check: −4 while blind; none for others."""
    if ability in CHECKED_ABILITIES and "blind" in conditions:
        return (Modifier("blind", BLIND_CHECK),)
    return ()


def block_problem(stats: StatBlock) -> str | None:
    """What is wrong with a whole `d40` stat block beyond each field's range ("field: why")."""
    given = stats.number("reaction")
    if given != REACTION_FROM_DEX and not -REACTION_LIMIT <= given <= REACTION_LIMIT:
        return (f"reaction: must be -{REACTION_LIMIT}..{REACTION_LIMIT}, or left out to take it "
                f"from Dexterity, got {given}")
    return None
