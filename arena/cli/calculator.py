"""The calculator's commands: `arena rules`, `arena attack` and `arena odds` (docs/calculator.md).

Only the options live here; the answers are arena/calculator/answers.py. The rules, the assets
and the calculator are imported by `run_calculator`, so `arena --help` and `arena rules` load
none of them (tests/cli/test_startup.py).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from arena.cli.choices import RULESET_NAMES, rulesets_text
from arena.errors import ArenaError


def add_calculator(sub: Any) -> None:
    """The attack calculator's commands: `rules`, `attack`, `odds`."""
    rules = sub.add_parser("rules", help="list the rulesets, or one ruleset's SPEC keys")
    rules.add_argument("name", nargs="?", help="a ruleset: its stat, weapon and situation keys")
    attack = sub.add_parser("attack", help="resolve one attack with the ruleset's full logic")
    odds = sub.add_parser("odds", help="the exact odds of one attack")
    for command in (attack, odds):
        command.add_argument("--rules", required=True, help=f"ruleset ({', '.join(RULESET_NAMES)})")
        command.add_argument("--attacker", default="", metavar="SPEC",
                             help="key=value,... stat-block and weapon keys (arena rules NAME)")
        command.add_argument("--defender", default="", metavar="SPEC",
                             help="key=value,... stat-block keys")
        command.add_argument("--at", default="", metavar="SPEC",
                             help="key=value,... the situation: distance, position, maneuvers")
        command.add_argument("--json", action="store_true", help="one JSON object")
    attack.add_argument("--dice", default="", help="scripted faces in the document's order, "
                        "e.g. 19,15,5 (attack, confirmation, damage)")
    attack.add_argument("--seed", type=int, default=1, help="seed for unscripted faces "
                        "(default 1)")


def run_calculator(args: argparse.Namespace, out: TextIO) -> int:
    """`rules`, `attack` and `odds`: build the attack from its SPECs, then roll or weigh it."""
    if args.command == "rules" and args.name is None and "arena.rules" not in sys.modules:
        out.write(rulesets_text())  # from the catalog: no ruleset is imported
        return 0
    from arena import calculator  # noqa: PLC0415
    from arena.assets import load_library  # noqa: PLC0415
    from arena.dice import Dice, parse_script  # noqa: PLC0415
    from arena.rules import get_ruleset  # noqa: PLC0415

    if args.command == "rules" and args.name is None:  # the rulesets are loaded: ask them
        out.write(calculator.rulesets_text())  # (a ruleset registered at run time shows too)
        return 0
    if args.command == "rules":
        out.write(calculator.ruleset_text(get_ruleset(args.name), load_library()))
        return 0
    ruleset = get_ruleset(args.rules)
    query = calculator.build_query(ruleset, load_library(), args.attacker, args.defender,
                                   args.at)
    if args.command == "odds":
        out.write(calculator.odds_report(query, args.json))
        return 0
    if args.seed < 0:
        raise ArenaError(f"--seed must be 0 or more, got {args.seed}")
    out.write(calculator.attack_report(query, Dice(args.seed, parse_script(args.dice)),
                                       args.json))
    return 0
