"""The `adnd` stat block, and the area buffs chant, prayer and martial spirit."""

from __future__ import annotations

from dataclasses import dataclass

from arena.model.stats import StatBlock, Weapon
from arena.rules.adnd.tables import CLASSES, LEVELS
from arena.rules.base import Buff, FieldSpec

ABILITIES = ("disciplined_swing", "chant", "prayer", "martial_spirit")
KINDS = (
    "animals", "dragons", "giants", "humanoids", "lycanthropes", "magical", "reptiles", "undead",
)
BUFF_COST = 3  # interpretation: starting a chant, prayer or martial spirit is one action
UNARMED = Weapon("fist", "fist", "1d2", light=True, tags=("unarmed",))

FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("thac0", "int", 0, "THAC0 given directly (monsters); 0 = from class and level",
              0, 25),
    FieldSpec("class", "str", "warrior", "class group of the THAC0 table: "
              + ", ".join(CLASSES), choices=CLASSES),
    FieldSpec("level", "int", 1, "experience level: THAC0, prayer and martial spirit duration",
              1, LEVELS),
    FieldSpec("str", "int", 10, "Strength score: melee to-hit, melee and thrown damage", 3, 18),
    FieldSpec("str_pct", "int", 0, "exceptional Strength with str 18: 1..99 = 18/01..18/99, "
              "100 = 18/00; 0 = none", 0, 100),
    FieldSpec("dex", "int", 10, "Dexterity score: missile and thrown to-hit", 3, 18),
    FieldSpec("ac", "int", 10, "armour class, descending", -10, 10),
    FieldSpec("helmet", "bool", False, "wears a helmet: a natural 19 does not extend a "
              "critical"),
    FieldSpec("abilities", "set", "", "abilities: " + ", ".join(ABILITIES), choices=ABILITIES),
    FieldSpec("kinds", "set", "", "what kind of foe it is (weapons' conditional bonuses): "
              + ", ".join(KINDS), choices=KINDS),
    FieldSpec("woundable", "bool", True, "hits of 11+ damage wound it, 15+ add injury points"),
)


@dataclass(frozen=True, slots=True)
class BuffRule:
    """One area buff of DECISIONS.md `adnd`: range, duration, and whether foes suffer it."""

    radius: int
    rounds: int
    per_level: int
    foes: bool
    help: str


# DECISIONS.md `adnd`, "Chant / prayer / martial spirit". rounds 0 = while the caster chants.
BUFFS: dict[str, BuffRule] = {
    "chant": BuffRule(12, 0, 0, True, "+1 to hit and damage for allies within 12 hexes, -1 "
                      "for enemies, while the caster chants and does nothing else"),
    "prayer": BuffRule(12, 0, 2, True, "+1 to hit and damage for allies within 12 hexes, -1 "
                       "for enemies, for 2 rounds per caster level"),
    "martial_spirit": BuffRule(9, 3, 1, False, "+1 to hit and damage for allies within 9 "
                               "hexes, for 3 rounds + 1 per level"),
}


def names(stats: StatBlock, key: str) -> frozenset[str]:
    """The names in the set field `key` (`abilities`, `kinds`)."""
    text = stats.text(key)
    return frozenset(text.split(",")) if text else frozenset()


def buff_of(name: str, stats: StatBlock) -> Buff | None:
    """The buff `name` a combatant with `stats` can start (it needs the ability), or None."""
    rule = BUFFS.get(name)
    if rule is None or name not in names(stats, "abilities"):
        return None
    rounds = rule.rounds + rule.per_level * stats.number("level")
    return Buff(name, rule.radius, rounds, BUFF_COST, rule.foes)


def block_problem(stats: StatBlock) -> str | None:
    """What is wrong with an `adnd` stat block that no single field shows ("field: message")."""
    if stats.number("str_pct") and stats.number("str") != 18:
        return (f"str_pct: exceptional Strength needs str 18, got str {stats.number('str')}")
    return None
