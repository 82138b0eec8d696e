"""The bestiary (`assets/bestiary.toml`): foes for generated fights, templates with a story."""

from __future__ import annotations

from collections.abc import Set
from types import MappingProxyType

from arena.assets.common import Refs, Template, check_id
from arena.assets.templates import BODY_KEYS, REQUIRED_BODY_KEYS, read_body, reject_unknown_rulesets
from arena.assets.validate import Table, expect_str, fail, show
from arena.rules import RULESETS

BESTIARY_FILE = "bestiary.toml"
FAMILIES = ("beast", "humanoid", "undead", "giant")
FOE_KEYS = ("flavour", "tier", "family", "boss", "haunts")
TIERS = (1, 4)
FLAVOUR_LIMIT = 100  # one sentence: look mode shows it under the foe's specials at 80x24


def read_foe(value: object, refs: Refs, key: str, themes: Set[str]) -> Template:
    """Read one foe: a template plus flavour, tier, family, boss and the themes it haunts.

    Every foe names at least one ruleset; `haunts` must name themes of `themes.toml`.
    """
    reject_unknown_rulesets(value, refs.file, key, BODY_KEYS)
    t = Table(value, refs.file, key, (*BODY_KEYS, *FOE_KEYS, *sorted(RULESETS)))
    for name in (*REQUIRED_BODY_KEYS, "flavour", "family", "haunts"):
        t.raw(name)
    body = read_body(t, refs)
    if not any(r in body for r in RULESETS):
        raise fail(refs.file, key, "names no ruleset: give at least one stat table")
    haunts = tuple(sorted({check_id(expect_str(v, refs.file, k), refs.file, k)
                           for k, v in t.items("haunts")}))
    for theme in haunts:
        if themes and theme not in themes:
            known = ", ".join(sorted(themes))
            raise fail(refs.file, t.path("haunts"), f"unknown theme {show(theme)} (known: {known})")
    if not haunts:
        raise fail(refs.file, t.path("haunts"), "must name at least one theme")
    return MappingProxyType({
        "armour": None, **body,
        "flavour": t.text("flavour", limit=FLAVOUR_LIMIT),
        "tier": t.integer("tier", lo=TIERS[0], hi=TIERS[1]),
        "family": t.string("family", choices=FAMILIES),
        "boss": t.flag("boss", False),
        "haunts": haunts,
    })
