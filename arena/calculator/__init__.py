"""The attack calculator: one attack built from `key=value` SPECs, rolled or given as exact odds.

`arena rules NAME` lists the keys; `arena attack` resolves the attack with the ruleset's own
`resolve_attack` and the battle's dice (scripted faces first); `arena odds` gives the exact
chances from `arena.rules.odds`. A SPEC is `key=value` pairs joined by commas; a list value
goes on after a comma (`feats=unarmed_strike,two_weapon_fighting`), and a true/false key may
stand alone (`--at position=rear,flanked`). Every key has a default; every problem is one
line naming the valid choices (an ArenaError). `docs/calculator.md` has the details.
"""

from arena.calculator.answers import (
    attack_report,
    odds_report,
    resolve,
    ruleset_text,
    rulesets_text,
)
from arena.calculator.output import (
    attack_json,
    attack_lines,
    effect_text,
    field_line,
    header,
    odds_json,
    odds_lines,
    query_json,
    roll_faces,
    stats_line,
)
from arena.calculator.parsing import (
    CHOICE_FIELDS,
    DEFAULT_WEAPON,
    DEFENDER_FIELDS,
    WEAPON_FIELDS,
    build_weapon,
    parse_value,
    split_spec,
)
from arena.calculator.query import Query, build_query, stat_block, weapon_catalogue
from arena.calculator.situations import POSITIONS, Situation, situations

__all__ = [
    "CHOICE_FIELDS", "DEFAULT_WEAPON", "DEFENDER_FIELDS", "POSITIONS", "WEAPON_FIELDS", "Query",
    "Situation", "attack_json", "attack_lines", "attack_report", "build_query", "build_weapon",
    "effect_text", "field_line", "header", "odds_json", "odds_lines", "odds_report",
    "parse_value", "query_json", "resolve", "roll_faces", "ruleset_text", "rulesets_text",
    "situations", "split_spec", "stat_block", "stats_line", "weapon_catalogue",
]
