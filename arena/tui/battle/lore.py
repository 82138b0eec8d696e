"""What look mode tells of a combatant beyond its card: its specials in plain words, its flavour.

A special is read off the combatant as the battle holds it (`Battle.scenario`'s record, entity
ids 1..n in scenario order): its natural weapons, and the flags and lists of the battle's
ruleset's stat block (`crit_immune`, `woundable`, `abilities`, `feats`, …). What each does in
the rules is said once, in `SPECIALS`, keyed by the special's id; an id may have a ruleset's
own wording, `id.ruleset`, where that ruleset's rule differs. The flavour is the bestiary's
line for the combatant's template (`assets/bestiary.toml`), when it has one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from arena.assets import load_library
from arena.assets.bestiary import FLAVOUR_LIMIT
from arena.battle.view import CombatantView
from arena.errors import ArenaError
from arena.model.stats import StatBlock, Weapon
from arena.paths import asset_root
from arena.text import one_line
from arena.tui.battle.session import Session
from arena.tui.term import palette
from arena.tui.term.lines import Line, wrapped

# id (or id.ruleset) -> (its name on screen, what it does in the rules). `{...}` fields are
# filled from the combatant: its weapons, a bonus, the levels of its mastery.
SPECIALS: Mapping[str, tuple[str, str]] = MappingProxyType({
    "beast": ("natural weapon", "never disarmed; it wields nothing else"),
    "beast.d40": ("natural weapon", "never disarmed; a shatter severs it"),
    "beast_routine": ("natural weapons", "never disarmed; the first attack of a turn pays "
                                         "for all"),
    "beast_routine.ap": ("natural weapons", "never disarmed; after the first attack of a "
                                            "turn, 2 AP each"),
    "beast_routine.d40": ("natural weapons", "a shatter severs one; the first attack of a "
                                             "turn pays for all"),
    "routine": ("attack routine", "the first natural attack of a turn pays for all"),
    "routine.ap": ("attack routine", "after the first natural attack of a turn, 2 AP each"),
    "crit_immune": ("immune to criticals", "no critical hits, no overflow"),
    "unwoundable": ("no wounds", "heavy hits neither bleed nor injure it"),
    "attached": ("attached weapons", "never disarmed; a shatter severs one"),
    "disciplined_swing": ("disciplined swing", "its sweeping weapon's natural 2 hits no ally"),
    "chant": ("chant", "once a battle: allies within 12 hexes +1 to hit and damage, enemies "
                       "-1, while it chants and does nothing else"),
    "prayer": ("prayer", "once a battle: allies within 12 hexes +1 to hit and damage, "
                         "enemies -1, for 2 rounds a level"),
    "martial_spirit": ("martial spirit", "once a battle: allies within 9 hexes +1 to hit and "
                                         "damage, for 3 rounds + 1 a level"),
    "unarmed_strike": ("unarmed strike", "no -2 unarmed, and its unarmed blows give no "
                                         "opening"),
    "two_weapon": ("two-weapon fighting", "{count} such feats: two-weapon penalties {bonus} "
                                          "lighter"),
    "bane": ("bane", "+{bonus} to hit and damage vs {kinds}{weapon}"),
    "mastery": ("weapon mastery", "{levels}: a bonus to hit with that weapon"),
    "cursed": ("cursed", "-{bonus} to hit from a magical curse"),
})
TWO_WEAPON_FEATS = ("two_weapon_fighting", "improved_two_weapon_fighting",
                    "greater_two_weapon_fighting")


@dataclass(frozen=True, slots=True)
class Special:
    """One special of a combatant: its id and the values its text names."""

    id: str
    values: tuple[tuple[str, str], ...] = ()


def _listed(stats: StatBlock, key: str) -> list[str]:
    """The names of a set field (`abilities`, `feats`), [] where the block has none."""
    value = stats.values.get(key, "")
    return [n for n in value.split(",") if n] if isinstance(value, str) else []


def _weapon_specials(weapons: Sequence[Weapon], ruleset: str) -> list[Special]:
    """Natural weapons (and their routine), and `adnd`'s bonuses against kinds of foe."""
    natural = sum(w.natural for w in weapons)
    beast = bool(weapons) and natural == len(weapons)  # takes up no weapon, is never disarmed
    found = [Special(("beast_routine" if beast else "routine") if natural > 1 else "beast")
             ] if beast or natural > 1 else []
    if ruleset == "adnd":
        banes = [(w.name, kind, bonus) for w in weapons for kind, bonus in w.conditional]
        named = len({name for name, _, _ in banes}) > 1  # which weapon, when it is not plain
        found += [Special("bane", (("weapon", f" ({name})" if named else ""),
                                   ("bonus", str(bonus)), ("kinds", kind)))
                  for name, kind, bonus in banes]
    return found


def _stat_specials(stats: StatBlock) -> list[Special]:
    """What the ruleset's stat block marks: immunities, abilities, feats, mastery, a curse."""
    values = stats.values
    found = [Special(flag) for flag in ("crit_immune", "attached") if values.get(flag) is True]
    if values.get("woundable") is False:
        found.append(Special("unwoundable"))
    found += [Special(name) for name in _listed(stats, "abilities")]
    feats = _listed(stats, "feats")
    found += [Special(name) for name in feats if name not in TWO_WEAPON_FEATS]
    twf = sum(name in TWO_WEAPON_FEATS for name in feats)
    if twf:
        found.append(Special("two_weapon", (("count", str(twf)), ("bonus", str(2 * twf)))))
    mastery = values.get("mastery")
    if isinstance(mastery, str) and mastery:
        levels = ", ".join(m.strip().replace(":", " ").replace("_", " ")
                           for m in mastery.split(","))
        found.append(Special("mastery", (("levels", levels),)))
    curse = values.get("curse")
    if isinstance(curse, int) and not isinstance(curse, bool) and curse > 0:
        found.append(Special("cursed", (("bonus", str(curse)),)))
    return found


def specials(weapons: Sequence[Weapon], stats: StatBlock, ruleset: str) -> list[Special]:
    """The specials of a combatant with these weapons and this stat block in `ruleset`."""
    return [*_weapon_specials(weapons, ruleset), *_stat_specials(stats)]


def entry(special: Special, ruleset: str) -> tuple[str, str] | None:
    """The name and wording of a special in `ruleset`, or None when the table has none."""
    return SPECIALS.get(f"{special.id}.{ruleset}") or SPECIALS.get(special.id)


def explain(special: Special, ruleset: str) -> str:
    """A special as look mode says it: 'attack routine: claw, claw and bite in one turn: …'."""
    found = entry(special, ruleset)
    if found is None:
        return special.id.replace("_", " ")
    name, text = found
    return f"{name}: {text.format(**dict(special.values))}"


def of_combatant(session: Session, c: CombatantView) -> list[Special]:
    """The specials of a combatant on the field, as the battle's scenario gives it."""
    battle = session.battle
    roster = battle.scenario.combatants
    if not 1 <= c.id <= len(roster):
        return []
    spec = roster[c.id - 1]
    stats = spec.stats.get(battle.ruleset.name)
    if stats is None:
        return []
    return specials(spec.weapons, stats, battle.ruleset.name)


_FLAVOURS: dict[Path, Mapping[str, str]] = {}


def flavour(template: str) -> str:
    """The bestiary's line of flavour for `template`, made safe to show ('' when none)."""
    root = asset_root()
    if root not in _FLAVOURS:
        try:
            templates = load_library(root).templates
        except (ArenaError, OSError):  # no library to read: no flavour, the battle goes on
            templates = MappingProxyType({})
        _FLAVOURS[root] = {ident: text for ident, t in templates.items()
                           if isinstance(text := t.get("flavour"), str)}
    return one_line(_FLAVOURS[root].get(template, ""), FLAVOUR_LIMIT)


def lore_lines(session: Session, c: CombatantView, width: int) -> list[Line]:
    """Look mode's words on a combatant: each special and what it does, then its flavour."""
    ruleset = session.battle.ruleset.name
    rows: list[Line] = []
    for special in of_combatant(session, c):
        rows += wrapped(f"* {explain(special, ruleset)}", palette.HINT, width, indent="  ")
    told = flavour(c.template)
    if told:
        rows += wrapped(f'"{told}"', palette.DIM, width, indent=" ")
    return rows
