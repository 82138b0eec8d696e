"""Checking a parsed run record field by field before anything is re-run: one line each.

Types are exact (a bool or a float never passes for a whole number); every command is read by
the command codec and every camp choice by its own. What the fields must equal (the arenas,
seeds, state hashes, result and score) is verification's part (`arena.run.record.verify`).
"""

from __future__ import annotations

from typing import Any

from arena.errors import ArenaError
from arena.model.commands import command_from_json
from arena.replay.document import MAX_SEED, MAX_TEXT, keyframe_list, need, short_text
from arena.rules import RULESETS, get_ruleset
from arena.run.config import DIFFICULTIES, PARTY_SIZE
from arena.run.decisions import choice_from_json
from arena.run.fight import MAX_COMMANDS
from arena.run.route import MAX_STEPS

MAX_NODE_ID = 40  # a node id's length (`a167s1000n2` is 11)

RESULTS = ("victory", "death", "retired")
BY = ("player", "ai", "auto")  # auto: the AI's command for a member (the terminal's auto-fight)


def check_record(doc: dict[str, Any], where: str) -> None:
    """Refuse a malformed run record in one line naming the field (`where`: the file)."""
    _header(doc, where)
    route = need(doc, "route", list, where)
    if not 1 <= len(route) <= MAX_STEPS or not all(
            isinstance(n, str) and 0 < len(n) <= MAX_NODE_ID for n in route):
        raise ArenaError(f"{where}: 'route' must be 1..{MAX_STEPS} node ids")
    fights = need(doc, "fights", list, where)
    if not 1 <= len(fights) <= len(route):
        raise ArenaError(f"{where}: 'fights' must hold 1..{len(route)} bouts (one a fight "
                         "node of the route)")
    for number, fight in enumerate(fights, 1):
        _fight(fight, number, f"{where}: bout {number}")
    camps = need(doc, "camps", list, where)
    if len(camps) > len(route):
        raise ArenaError(f"{where}: 'camps' holds {len(camps)} camps for {len(route)} steps")
    for number, made in enumerate(camps, 1):
        _camp(made, f"{where}: camp {number}")


def _header(doc: dict[str, Any], where: str) -> None:
    """The run's configuration, ruleset, result and score, each of its exact type."""
    rules = need(doc, "ruleset", dict, where)
    name = need(rules, "name", str, f"{where}: ruleset")
    if name not in RULESETS:
        raise ArenaError(f"{where}: ruleset: unknown ruleset {name!r} "
                         f"(available: {', '.join(sorted(RULESETS))})")
    version = short_text(rules, "version", f"{where}: ruleset")
    if version != get_ruleset(name).version:
        raise ArenaError(f"{where}: recorded with ruleset {name} {version}; this game has "
                         f"{get_ruleset(name).version}")
    for key in ("game_version", "assets_hash"):
        short_text(doc, key, where)
    need(doc, "generator_version", int, where)
    if not 0 <= need(doc, "seed", int, where) <= MAX_SEED:
        raise ArenaError(f"{where}: 'seed' must be 0..{MAX_SEED}")
    if not 1 <= need(doc, "steps", int, where) <= MAX_STEPS:
        raise ArenaError(f"{where}: 'steps' must be 1..{MAX_STEPS}")
    need(doc, "endless", bool, where)
    need(doc, "seeded", bool, where)
    if need(doc, "difficulty", str, where) not in DIFFICULTIES:
        raise ArenaError(f"{where}: 'difficulty' must be one of {', '.join(DIFFICULTIES)}")
    party = need(doc, "party", list, where)
    if not 1 <= len(party) <= PARTY_SIZE or not all(
            isinstance(t, str) and 0 < len(t) <= MAX_TEXT for t in party):
        raise ArenaError(f"{where}: 'party' must be 1..{PARTY_SIZE} template ids")
    if need(doc, "result", str, where) not in RESULTS:
        raise ArenaError(f"{where}: 'result' must be one of {', '.join(RESULTS)}")
    need(doc, "score", int, where)


def _fight(fight: object, number: int, where: str) -> None:
    """One bout: its number, battle seed, arena, steps and keyframes."""
    if not isinstance(fight, dict):
        raise ArenaError(f"{where}: not an object")
    if need(fight, "bout", int, where) != number:
        raise ArenaError(f"{where}: 'bout' is {fight['bout']}, out of place")
    node = need(fight, "node", str, where)
    if not 0 < len(node) <= MAX_NODE_ID:
        raise ArenaError(f"{where}: 'node' must be a node id of 1..{MAX_NODE_ID} characters")
    if not 0 <= need(fight, "battle_seed", int, where) <= MAX_SEED:
        raise ArenaError(f"{where}: 'battle_seed' must be 0..{MAX_SEED}")
    need(fight, "scenario", dict, where)
    steps = need(fight, "commands", list, where)
    if len(steps) > MAX_COMMANDS:
        raise ArenaError(f"{where}: {len(steps)} commands; a bout has at most {MAX_COMMANDS}")
    for index, data in enumerate(steps, 1):
        _step(data, f"{where}, command {index}")
    keyframe_list(fight, where, len(steps))


def _step(data: object, where: str) -> None:
    """One step: a readable command, who gave it, the state hash after it."""
    if not isinstance(data, dict):
        raise ArenaError(f"{where}: not an object")
    try:
        command_from_json(data.get("command"))
    except ValueError as e:  # the decoder's one-line reason
        raise ArenaError(f"{where}: {e}") from None
    if need(data, "by", str, where) not in BY:
        raise ArenaError(f"{where}: 'by' must be one of {', '.join(BY)}")
    if len(need(data, "state_hash", str, where)) > MAX_TEXT:
        raise ArenaError(f"{where}: 'state_hash' is too long")


def _camp(made: object, where: str) -> None:
    """One camp's choices, each read by its codec."""
    if not isinstance(made, list):
        raise ArenaError(f"{where}: not a list of choices")
    for index, choice in enumerate(made, 1):
        try:
            choice_from_json(choice)
        except ArenaError as e:
            raise ArenaError(f"{where}, choice {index}: {e}") from None
