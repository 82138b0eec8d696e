"""The foes a bout meets: bestiary entries by ruleset, theme and tier, and its named bosses.

A bestiary entry (a template with a `tier`) joins the foes of a bout when it has a stat table
for the ruleset, haunts the bout's theme and its tier is at most the bout's (`tier_cap`).
Named bosses (`boss = true`) haunting the theme are the boss bout's bosses (any named boss of
the ruleset when none haunts it). A ruleset or theme the bestiary does not cover falls back
to the templates' pool, so an asset folder without a bestiary generates as before.
"""

from __future__ import annotations

from typing import cast

from arena.procgen.roster import Member, Pool, member, pool, ranked_pool
from arena.procgen.spec import Materials

TIER_EVERY = 2  # a new tier of foes every second bout: tier 1 at bouts 1-2, 2 at 3-4, ...
TOP_TIER = 4
MIN_FOES = 3  # fewer bestiary soldiers than this for a theme: fall back to the templates


def tier_cap(bout: int) -> int:
    """The highest tier of foe a bout meets: 1 at bouts 1-2, 2 at 3-4, 3 at 5-6, 4 from 7."""
    return min(TOP_TIER, 1 + (max(bout, 1) - 1) // TIER_EVERY)


def bestiary(materials: Materials, ruleset: str) -> list[Member]:
    """Every bestiary entry that can fight under `ruleset`, in id order (cached)."""
    key = f"bestiary:{ruleset}"
    if key not in materials.cache:
        materials.cache[key] = [
            m for i in sorted(materials.templates)
            if "tier" in materials.templates[i]
            and (m := member(ruleset, i, materials.templates[i])) is not None]
    return cast(list[Member], materials.cache[key])


def _haunts(materials: Materials, m: Member, theme: str) -> bool:
    """Whether the bestiary entry of `m` haunts `theme`."""
    return theme in cast(tuple[str, ...], materials.templates[m.template]["haunts"])


def _named(materials: Materials, m: Member) -> bool:
    """Whether `m` is a named boss."""
    return bool(materials.templates[m.template].get("boss", False))


def foe_pool(materials: Materials, ruleset: str, theme: str | None, bout: int) -> Pool:
    """The pool the bout's foes are drawn from (see the module docstring), computed once."""
    key = f"foes:{ruleset}:{theme}:{tier_cap(bout)}"
    if key not in materials.cache:
        entries = bestiary(materials, ruleset)
        here = [m for m in entries if theme is None or _haunts(materials, m, theme)]
        found = [m for m in here if not _named(materials, m) and m.tier <= tier_cap(bout)]
        bosses = [m for m in here if _named(materials, m)] or [
            m for m in entries if _named(materials, m)]
        if len(found) < MIN_FOES:
            materials.cache[key] = pool(materials, ruleset)
        else:
            materials.cache[key] = ranked_pool(ruleset, found, tuple(bosses))
    return cast(Pool, materials.cache[key])
