"""Start-up stays light: the command line loads no engine, rules, assets or UI it does not use.

Speed itself is measured by benchmarks/bench_startup.py; these tests pin what is imported, and
that arena/cli/choices.py's copies of the engine's names agree with the engine.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from arena import calculator
from arena.ai import sides as ai_roster
from arena.ai import tactical as ai_tactical
from arena.cli import choices
from arena.rules import RULESETS
from arena.rules.odds import has_odds
from arena.run import route

HEAVY = ("tcod", "numpy", "blessed", "esper", "arena.tui", "arena.battle.core", "arena.rules",
         "arena.assets", "arena.ecs")


def loaded_after(code: str) -> list[str]:
    """The HEAVY modules a fresh interpreter has imported after running `code`."""
    probe = (f"import sys, io, contextlib\n{code}\n"
             f"print(__import__('json').dumps([m for m in {HEAVY!r} if m in sys.modules]))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=True)
    loaded: list[str] = json.loads(result.stdout.splitlines()[-1])
    return loaded


def test_importing_the_command_line_loads_no_engine_rules_assets_or_front_end() -> None:
    assert loaded_after("import arena.cli.main") == []


def test_help_and_the_rulesets_list_load_no_engine_rules_assets_or_front_end() -> None:
    for argv in (["--help"], ["rules"], ["sim", "--help"], ["batch", "--help"]):
        code = ("from arena.cli.main import main\n"
                "with contextlib.redirect_stdout(io.StringIO()):\n"
                f"    try:\n        main({argv!r})\n    except SystemExit:\n        pass")
        assert loaded_after(code) == [], argv


@pytest.mark.slow
def test_a_ruleset_s_keys_load_the_rules_but_not_the_engine_or_front_end() -> None:
    code = ("from arena.cli.main import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n    main(['rules', 'ap'])")
    loaded = loaded_after(code)
    assert "arena.rules" in loaded
    assert not {"tcod", "numpy", "blessed", "arena.tui", "arena.battle.core"} & set(loaded)


def test_the_ruleset_catalog_matches_every_ruleset() -> None:
    live = tuple(choices.RulesetEntry(r.name, r.version, r.title, has_odds(r))
                 for r in sorted(RULESETS.values(), key=lambda r: r.name))
    assert live == choices.RULESET_CATALOG
    assert choices.rulesets_text() == calculator.rulesets_text()


def test_the_command_line_s_ai_names_and_defaults_are_the_engine_s() -> None:
    assert choices.AI_NAMES == ai_roster.AI_NAMES
    assert choices.DEFAULT_AI == ai_roster.DEFAULT_AI
    assert choices.DEFAULT_LEVEL == ai_roster.DEFAULT_LEVEL
    assert choices.AI_LEVELS == ai_tactical.LEVELS
    assert choices.DEFAULT_STEPS == route.DEFAULT_STEPS


@pytest.mark.slow
def test_the_pathfinder_module_loads_tcod_and_numpy_only_when_a_path_is_asked_for() -> None:
    assert loaded_after("import arena.ecs.pathing") == ["arena.ecs"]
    code = ("from arena.ecs.pathing import Paths, terrain_costs\n"
            "from arena.assets import load_scenario\n"
            "m = load_scenario('skirmish').map\n"
            "assert Paths(terrain_costs(m), m.radius, m.cells.__iter__().__next__(), ()) "
            "is not None")
    assert {"tcod", "numpy"} <= set(loaded_after(code))


@pytest.mark.slow
def test_a_sim_loads_the_engine_but_not_the_front_end() -> None:
    code = ("from arena.cli.main import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n    main(['sim', '--seed', '2'])")
    loaded = set(loaded_after(code))
    assert {"arena.battle.core", "tcod", "numpy"} <= loaded
    assert not {"blessed", "arena.tui"} & loaded
