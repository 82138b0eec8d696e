"""`arena gen` and the generator: same seed same place, shapes, symmetry, CLI, replays."""

from __future__ import annotations

import json
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from arena.assets import scenario_to_dict
from arena.assets.generated import generate_checked, scenario_toml, validated
from arena.assets.themes import read_theme
from arena.cli.main import main
from arena.errors import ArenaError
from arena.hexgrid import Hex
from arena.procgen import (
    GENERATOR_VERSION,
    SHAPES,
    GenError,
    GenSpec,
    build,
    generate,
    generator_version,
)
from arena.procgen.checks import disjoint_paths, passable, problems
from arena.procgen.generate import pick_theme
from arena.tui.launch import PlayOptions, new_battle
from tests.procgen.helpers import RULESETS, library, one_shape, shipped


def test_same_seed_and_spec_give_the_same_scenario_and_other_seeds_differ():
    first = generate(12, GenSpec("d40", bout=2), shipped())
    assert generate(12, GenSpec("d40", bout=2), shipped()) == first
    def layout(n: int) -> tuple[tuple[Hex, str], ...]:
        cells = generate(n, GenSpec("d40", bout=2), shipped()).map.cells
        return tuple(sorted((h, t.id) for h, t in cells.items()))

    others = {layout(n) for n in range(13, 18)}
    assert len(others) == 5


@pytest.mark.parametrize("shape", SHAPES)
def test_every_shape_meets_the_guarantees(shape):
    for seed in range(6):
        made = build(seed, GenSpec("d40"), one_shape(shape))
        assert made.shape == shape
        assert problems(made.scenario.map, made.zones, made.scenario.combatants, False) == []


def test_rooms_are_joined_by_bridges_over_a_hazard_gap():
    made = build(3, GenSpec("d40", radius=9), one_shape("rooms"))
    cells = made.scenario.map.cells
    assert any(t.hazard for t in cells.values())
    west = [h for h in passable(made.scenario.map) if 2 * h.q + h.r <= -9]
    east = [h for h in passable(made.scenario.map) if 2 * h.q + h.r >= 9]
    assert west and east
    assert disjoint_paths(passable(made.scenario.map), west, east) == 2


def test_a_single_corridor_is_one_path_and_a_ring_is_two():
    corridor = {Hex(q, 0) for q in range(-4, 5)}
    assert disjoint_paths(corridor, [Hex(-4, 0)], [Hex(4, 0)]) == 1
    ring = {Hex(q, r) for q in range(-4, 5) for r in range(-4, 5)
            if max(abs(q), abs(r), abs(q + r)) in (3, 4)}
    assert disjoint_paths(ring, [Hex(-4, 0)], [Hex(4, 0)]) == 2


def test_symmetric_mode_mirrors_terrain_and_both_sides():
    for seed in range(4):
        made = build(seed, GenSpec("becmi", symmetric=True), shipped())
        s = made.scenario
        assert all(s.map.cells[Hex(-h.q, -h.r)] == t for h, t in s.map.cells.items())
        ours = [c for c in s.combatants if c.side == 0]
        theirs = [c for c in s.combatants if c.side == 1]
        assert [(c.template, c.weapons, Hex(-c.at.q, -c.at.r), (c.facing + 3) % 6)
                for c in ours] == [(c.template, c.weapons, c.at, c.facing) for c in theirs]


def test_generated_scenario_reads_back_identically_through_the_strict_loader():
    for rules in RULESETS:
        made = build(8, GenSpec(rules, bout=5), shipped())
        assert validated(made.scenario, library()) == made.scenario


def test_the_map_of_a_bout_does_not_depend_on_the_party():
    drafted = build(21, GenSpec("d40", bout=3), shipped()).scenario
    party = tuple(c for c in drafted.combatants if c.side == 1)[:2]
    with_party = build(21, GenSpec("d40", bout=3, party=party), shipped()).scenario
    assert with_party.map.cells == drafted.map.cells
    assert [c.name for c in with_party.combatants if c.side == 0] == [c.name for c in party]


def test_first_five_bouts_of_a_run_see_five_different_themes():
    for seed in range(10):
        themes = {pick_theme(seed, GenSpec("d40", bout=b), shipped()).id for b in range(1, 6)}
        assert len(themes) == 5


def test_theme_file_is_strict_about_keys_terrain_and_forms():
    terrain = library().terrain
    good = {"name": "X", "foe": "Y", "radius": [6, 7], "shapes": {"cave": 1}, "fill": "floor",
            "wall": "wall", "gap": "water", "features": []}
    assert read_theme(good, "themes.toml", "x", terrain).shapes == (("cave", 1),)
    bad = [({"colour": "red"}, "x.colour: unknown key"),
           ({"fill": "lava"}, "unknown terrain 'lava'"),
           ({"shapes": {"maze": 1}}, "x.shapes.maze: unknown shape"),
           ({"radius": [9, 6]}, "x.radius"),
           ({"wall": "floor"}, "floor must block movement"),
           ({"features": [{"terrain": "pillar", "form": "patch", "share": 5}]}, "a patch")]
    for change, message in bad:
        with pytest.raises(ArenaError, match=message.replace("(", r"\(")):
            read_theme({**good, **change}, "themes.toml", "x", terrain)


def test_gen_prints_the_map_a_legend_and_both_rosters(capsys):
    assert main(["gen", "--seed", "5", "--rules", "adnd"]) == 0
    out = capsys.readouterr().out
    assert "Legend:" in out and "Side 0: Your company" in out and "Side 1:" in out
    s = generate(5, GenSpec("adnd"), shipped())
    assert all(c.name in out for c in s.combatants)
    assert out.count("\n") > 2 * s.map.radius + 10


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULESETS)
def test_gen_toml_runs_unchanged_in_sim(rules, capsys, tmp_path):
    assert main(["gen", "--seed", "5", "--rules", rules, "--toml"]) == 0
    path = tmp_path / "x.toml"
    path.write_text(capsys.readouterr().out)
    assert tomllib.loads(path.read_text())["ruleset"] == rules
    assert main(["sim", "--scenario", str(path), "--seed", "1"]) == 0
    from_file = capsys.readouterr().out.splitlines()[-1]
    assert main(["sim", "--generated", "5", "--rules", rules, "--seed", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == from_file  # same battle, same hash


@pytest.mark.parametrize(("argv", "message"), [
    (["gen", "--seed", "abc"], "invalid int value: 'abc'"),
    (["gen", "--seed", "1", "--theme", "lava"], "unknown theme 'lava'"),
    (["gen", "--catalog", "9..1"], "--catalog 9..1 is empty"),
    (["gen", "--catalog", "1-4"], "--catalog wants A..B"),
    (["gen", "--seed", "1", "--budget", "3"], "threat budget 3 fits no roster"),
    (["gen", "--seed", "1", "--rules", "gurps"], "unknown ruleset 'gurps'"),
    (["gen", "--seed", "-4"], "seed must be 0 or more"),
    (["gen", "--seed", "1", "--bout", "0"], "bout must be 1 or more"),
    (["gen"], "needs --seed N"),
    (["sim", "--theme", "crypt"], "need --generated N"),
    (["sim", "--generated", "2", "--theme", "lava"], "unknown theme 'lava'"),
])
def test_bad_generator_input_is_one_line_and_exit_2(argv, message, capsys):
    try:
        code: object = main(argv)
    except SystemExit as stop:
        code = stop.code
    assert code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0], err


def test_catalog_prints_one_line_per_seed_in_text_and_csv(capsys):
    assert main(["gen", "--catalog", "3..7", "--rules", "ap"]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[0].split()[:3] == ["seed", "shape", "theme"] and len(text) == 6
    assert main(["gen", "--catalog", "3..7", "--rules", "ap", "--csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].startswith("seed,shape,theme,radius,open,walls,water,wells,pits,hard_pct")
    assert [r.split(",")[0] for r in rows[1:]] == ["3", "4", "5", "6", "7"]


def test_a_boss_bout_and_a_budget_reach_the_roster(capsys):
    assert main(["gen", "--seed", "4", "--bout", "10", "--rules", "becmi"]) == 0
    assert "[boss]" in capsys.readouterr().out
    assert main(["gen", "--seed", "4", "--budget", "60", "--rules", "becmi"]) == 0
    side = capsys.readouterr().out.split("Side 1:")[1]
    assert int(side.split("(threat ")[1].split(")")[0]) <= 60


@pytest.mark.slow
def test_replay_records_the_generator_and_an_old_generator_replay_still_verifies(tmp_path,
                                                                                capsys):
    path = tmp_path / "r.json"
    assert main(["sim", "--generated", "6", "--rules", "d40", "--record", str(path)]) == 0
    doc = json.loads(path.read_text())
    assert doc["generator"] == generator_version(doc["scenario"]["id"]) == GENERATOR_VERSION
    old = doc["scenario"]["id"].replace(f"gen{GENERATOR_VERSION}-", "gen0-")
    doc["generator"], doc["scenario"]["id"] = 0, old
    path.write_text(json.dumps(doc))
    capsys.readouterr()
    assert main(["replay", str(path), "--verify"]) == 0
    assert "replay verified" in capsys.readouterr().out


def test_hand_made_scenarios_name_no_generator():
    assert generator_version("skirmish") is None and generator_version("genie-duel") is None
    assert generator_version("gen7-d40-s1-b1-crypt") == 7


def test_generated_toml_names_its_generator_and_round_trips_exactly():
    for rules in RULESETS:
        made = generate_checked(9, GenSpec(rules, bout=5))
        text = scenario_toml(made.scenario)
        head = f"# Generated by `arena gen` (generator version {GENERATOR_VERSION})"
        assert text.startswith(head)
        assert tomllib.loads(text) == scenario_to_dict(made.scenario)


def test_a_radius_no_arena_fits_is_a_generator_error():
    with pytest.raises(GenError, match="radius must be"):
        build(1, GenSpec("d40", radius=40), shipped())
    tiny = replace(GenSpec("d40", radius=3), budget=10_000)
    with pytest.raises(GenError, match="guarantees"):
        build(1, tiny, shipped())


def test_catalog_files_exist_for_every_ruleset():
    folder = Path(__file__).parents[1] / "catalog"
    assert sorted(p.stem for p in folder.glob("*.csv")) == list(RULESETS)


def test_play_generated_starts_a_battle_on_the_generated_arena(tmp_path):
    spec = GenSpec("ap", bout=2, theme="quarry")
    recorder = new_battle(PlayOptions(seed=3, rules="ap", saves=tmp_path, generated=(14, spec)))
    with recorder.battle as battle:
        assert battle.scenario == generate_checked(14, spec).scenario
        assert battle.ruleset.name == "ap" and battle.seed == 3
