"""The calculator's answers as text: the rulesets, a ruleset's keys, an attack rolled, its odds."""

from __future__ import annotations

import json

from arena.assets import Library
from arena.calculator.output import attack_json, attack_lines, field_line, odds_json, odds_lines
from arena.calculator.parsing import CHOICE_FIELDS, DEFENDER_FIELDS, WEAPON_FIELDS
from arena.calculator.query import Query, weapon_catalogue
from arena.calculator.situations import situations
from arena.dice import Dice
from arena.rules import RULESETS
from arena.rules.base import AttackResult, Ruleset
from arena.rules.odds import attack_odds, has_odds


def resolve(query: Query, dice: Dice) -> AttackResult:
    """Resolve the attack with the ruleset's own logic and these dice."""
    return query.ruleset.resolve_attack(query.ctx, dice)


def attack_report(query: Query, dice: Dice, as_json: bool) -> str:
    """`arena attack`: resolve once and describe it (one JSON object, or lines)."""
    result = resolve(query, dice)
    notices = dice.drain_notices()
    if as_json:
        return json.dumps(attack_json(query, result, dice, notices)) + "\n"
    return "\n".join(attack_lines(query, result, dice, notices)) + "\n"


def odds_report(query: Query, as_json: bool) -> str:
    """`arena odds`: the exact chances of the attack (one JSON object, or lines)."""
    odds = attack_odds(query.ruleset, query.ctx)
    if as_json:
        return json.dumps(odds_json(query, odds)) + "\n"
    return "\n".join(odds_lines(query, odds)) + "\n"


def rulesets_text() -> str:
    """`arena rules`: every ruleset with its version, title and whether odds exist."""
    lines = [f"{r.name:<8} {r.version:<6} {r.title}"
             + ("" if has_odds(r) else "  (no exact odds yet)")
             for r in sorted(RULESETS.values(), key=lambda r: r.name)]
    return "\n".join(lines) + "\n"


def ruleset_text(ruleset: Ruleset, library: Library) -> str:
    """`arena rules NAME`: the keys of --attacker, --defender and --at with their defaults."""
    weapons = ", ".join(sorted(weapon_catalogue(ruleset, library)))
    odds = "exact odds available" if has_odds(ruleset) else "no exact odds yet"
    lines = [f"{ruleset.name} {ruleset.version}: {ruleset.title} ({odds})", "",
             "Stat-block fields (--attacker and --defender):"]
    lines += [field_line(f) for f in ruleset.fields]
    lines += ["", "Weapon fields (--attacker; they override the chosen weapon's own):",
              field_line(CHOICE_FIELDS[0]) + f": {weapons}", field_line(CHOICE_FIELDS[1])]
    lines += [field_line(f, "(weapon's)") for f in WEAPON_FIELDS]
    lines += ["", "Defender fields (--defender, besides its stat block):"]
    lines += [field_line(f) for f in DEFENDER_FIELDS]
    lines += ["", "Situation fields (--at):"]
    lines += [field_line(s.spec) for s in situations(ruleset)]
    lines += ["", "SPEC: key=value pairs joined by commas; a list goes on after commas "
              "(feats=a,b); a true/false key may stand alone (--at flanked)."]
    return "\n".join(lines) + "\n"
