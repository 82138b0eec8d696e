"""Experience and levels along each ruleset's own progression (docs/run.md, "Growth").

Experience: each defeated foe is worth its threat, shared evenly among the members standing
at the bout's end (the remainder to the first in party order). Level n+1 needs
`STEP × n × (n + 1) / 2` experience, STEP being the pool's median threat: about one bout's
foes for level 2, then a little more for each. A level moves the member one step along its
ruleset's table where the document gives one (d40's Combat Progression Table column, becmi's
attack table by class and level, adnd's THAC0 by class and level); `ap` gives none, so the
run adopts a d20 fighter's +1 base attack bonus a level; adnd monsters with a fixed THAC0
adopt THAC0 -1 a level; a becmi normal man becomes a fighter of one level less (BECMI's own
rule for normal men who gain experience), a becmi monster adopts one more hit die a level. Every
level adds a fifth of the member's starting hit points (at least 1), healed at once.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from arena.model.stats import StatValue
from arena.run.party import Member

MAX_LEVEL = 20
HP_SHARE = 5
ROW_FIELDS = ("class", "level", "thac0", "bab", "hd")  # what `table_row` reads


def needed(level: int, step: int) -> int:
    """The total experience that brings a member to `level + 1`."""
    return step * level * (level + 1) // 2


def share(members: list[Member], xp: int) -> dict[str, int]:
    """Split `xp` among `members` (party order): equal parts, the remainder to the first."""
    if not members:
        return {}
    part, rest = divmod(xp, len(members))
    return {m.name: part + (rest if i == 0 else 0) for i, m in enumerate(members)}


def advance(m: Member, ruleset: str) -> str:
    """Raise `m` one level; return what changed, in words."""
    m.level += 1
    gain = max(1, m.base_hp // HP_SHARE)
    m.max_hp += gain
    m.hp += gain
    block = m.stats.setdefault(ruleset, {})
    what = _progress(block, ruleset)
    return f"level {m.level}: +{gain} max HP, {what}"


def _progress(block: dict[str, StatValue], ruleset: str) -> str:
    """Move the stat block one step along the ruleset's progression (from where it stands)."""
    if ruleset == "ap":
        bab = int(str(block.get("bab", 0)))
        block["bab"] = min(30, bab + 1)
        return f"base attack bonus {block['bab']}"
    if ruleset == "adnd" and int(str(block.get("thac0", 0))) > 0:
        block["thac0"] = max(1, int(str(block["thac0"])) - 1)
        return f"THAC0 {block['thac0']} (adopted: monsters improve by 1)"
    if ruleset == "becmi" and block.get("class", "normal_man") == "normal_man":
        block["class"], block["level"] = "fighter", 1
        return f"becmi fighter level {block['level']} (a normal man who gains experience " \
               "becomes a character, as BECMI has it)"
    if ruleset == "becmi" and block.get("class") == "monster":
        block["hd"] = _more_dice(str(block.get("hd", "")))
        return f"{block['hd']} hit dice (adopted: a monster gains a hit die a level)"
    cap = {"d40": 30, "becmi": 36, "adnd": 20}.get(ruleset, MAX_LEVEL)
    block["level"] = min(cap, int(str(block.get("level", 1))) + 1)  # from the template's own
    return f"{ruleset} level {block['level']} on the document's table"


def table_row(ruleset: str, values: Mapping[str, StatValue]) -> str:
    """Where a stat block stands on its ruleset's progression, as `_progress` moves it.

    >>> table_row("becmi", {"class": "fighter", "level": 8}), table_row("ap", {"bab": 3})
    ('fighter level 8', 'base attack bonus +3')
    >>> table_row("adnd", {"thac0": 15, "level": 1}), table_row("becmi", {"class": "monster",
    ...                                                                   "hd": "5+1"})
    ('THAC0 15', '5+1 hit dice')
    """
    if ruleset == "ap":
        return f"base attack bonus +{values.get('bab', 0)}"
    if ruleset == "adnd" and int(str(values.get("thac0", 0))) > 0:
        return f"THAC0 {values['thac0']}"
    kind = str(values.get("class", "")).replace("_", " ")
    if ruleset == "becmi" and kind == "monster":
        return f"{values.get('hd') or 1} hit dice"
    if "level" not in values:
        return ""
    return f"{kind} level {values['level']}".strip()


def _more_dice(hd: str) -> str:
    """One more whole hit die: '4+1' -> '5+1', '1/2' -> '1', '' -> '1'.

    >>> _more_dice("4+1"), _more_dice("1/2"), _more_dice("3-1"), _more_dice("")
    ('5+1', '1', '4-1', '1')
    """
    if hd in ("", "1/2"):
        return "1"
    whole, sign, rest = re.match(r"([0-9]+)([+-]?)(.*)", hd).groups()  # type: ignore[union-attr]
    return f"{min(36, int(whole) + 1)}{sign}{rest}"


def gain(members: list[Member], xp: int, ruleset: str, step: int) -> list[tuple[Member, str]]:
    """Give out `xp`; return each level gained (member, what changed) in party order."""
    ups: list[tuple[Member, str]] = []
    parts = share(members, xp)
    for m in members:
        m.xp += parts.get(m.name, 0)
        while m.level < MAX_LEVEL and m.xp >= needed(m.level, step):
            ups.append((m, advance(m, ruleset)))
    return ups
