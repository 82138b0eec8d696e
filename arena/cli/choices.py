"""What the command line offers, importable without loading rules, assets or the engine.

`arena --help` and `arena rules` read only this module (and argparse), so they start in a few
tens of milliseconds (docs/performance.md). Each name here is a copy of the engine's own; a test
(tests/cli/test_startup.py) fails the moment one drifts from its source.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from pathlib import Path


class RulesetEntry(NamedTuple):
    """One ruleset as `arena rules` lists it."""

    name: str
    version: str
    title: str
    has_odds: bool


# arena.rules.RULESETS, in name order (its name, version, title; arena.rules.odds.has_odds).
RULESET_CATALOG: tuple[RulesetEntry, ...] = (
    RulesetEntry("adnd", "0.3", "AD&D critical hits & fumbles (THAC0)", True),
    RulesetEntry("ap", "0.4", "Action-point d20 (Legends of Cphera 'Attack')", True),
    RulesetEntry("becmi", "0.3", "D&D Rules Cyclopedia attack roll checklist", True),
    RulesetEntry("d40", "0.3", "D40: the 2d20 Attack Table with critical hit and miss tables",
                 True),
)
RULESET_NAMES: tuple[str, ...] = tuple(r.name for r in RULESET_CATALOG)

# arena.ai.sides's AI_NAMES, DEFAULT_AI, DEFAULT_LEVEL; arena.ai.tactical's LEVELS.
AI_NAMES: tuple[str, ...] = ("tactical", "basic")
DEFAULT_AI = "tactical"
DEFAULT_LEVEL = "normal"
AI_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")

# arena.run.route's DEFAULT_STEPS.
DEFAULT_STEPS = 12


def path_arg(text: str) -> Path:
    """An argument as a Path; argparse's `type` (pathlib costs start-up time until it is used)."""
    from pathlib import Path  # noqa: PLC0415

    return Path(text)


def refuse_existing(record: Path, force: bool) -> None:
    """Before any work: a `--record` path that cannot be written, or exists without --force."""
    from arena.errors import ArenaError  # noqa: PLC0415
    from arena.files import writable  # noqa: PLC0415

    writable(record)  # a device, a link, a name too long: refused now, not after the battle
    if record.is_file() and not force:
        raise ArenaError(f"{record} exists; --force overwrites it")


def rulesets_text() -> str:
    """`arena rules`: every ruleset with its version, title and whether odds exist."""
    lines = [f"{r.name:<8} {r.version:<6} {r.title}" + ("" if r.has_odds else
                                                        "  (no exact odds yet)")
             for r in RULESET_CATALOG]
    return "\n".join(lines) + "\n"


def saves_of(args: argparse.Namespace) -> Path:
    """The saves folder a command uses: its `--saves`, else paths.saves_root's default."""
    from arena.paths import saves_root  # noqa: PLC0415

    return saves_root(getattr(args, "saves", None))


def saves_where() -> str:
    """Where the saves folder is now and why (`/x/saves (set by $ARENA_SAVES)`)."""
    from arena.paths import saves_default  # noqa: PLC0415
    from arena.text import one_line  # noqa: PLC0415

    folder, why = saves_default()
    return one_line(f"{folder} ({why})", 300)


def add_saves(command: argparse.ArgumentParser, top: bool = False) -> None:
    """`--saves DIR`: given after the command or before it (`arena --saves DIR scores`)."""
    command.add_argument("--saves", type=path_arg, metavar="DIR",
                         default=None if top else argparse.SUPPRESS,
                         help="the folder for saves, replays, scores and morgues; now "
                              f"{saves_where()}".replace("%", "%%"))


def saves_epilog(what: str) -> str:
    """An --help epilog: where `what` goes now, and the order that chose the folder."""
    return (f"{what} go in {saves_where()}. The saves folder is --saves DIR, else $ARENA_SAVES, "
            "else saves/ of the checkout arena runs from, else arena/saves in the user data "
            "folder (platformdirs); docs/play.md.")
