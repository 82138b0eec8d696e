"""`arena gen`: draw a generated arena, print it as TOML, or print a catalog of seeds."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TextIO, cast

from arena.cli.choices import RULESET_NAMES
from arena.errors import ArenaError

if TYPE_CHECKING:
    from arena.assets.common import Template
    from arena.assets.library import Library
    from arena.model.scenario import Scenario
    from arena.procgen import Generated, GenSpec

# The generator, the assets and the rules are imported by the functions that use them, so
# building the command line (`arena --help`) loads none of them (arena/cli/choices.py).

CATALOG_LIMIT = 100_000
DEFAULT_RULES = "d40"


def add_generator_options(parser: argparse.ArgumentParser, rules: bool) -> None:
    """The options every generated fight takes (`gen`, `play --generated`, `sim --generated`)."""
    if rules:
        parser.add_argument("--rules", default=DEFAULT_RULES,
                            help=f"ruleset ({', '.join(RULESET_NAMES)}; default {DEFAULT_RULES})")
    parser.add_argument("--bout", type=int, default=1, help="difficulty: the bout number "
                        "(default 1; every fifth has a boss)")
    parser.add_argument("--budget", type=int, help="the foes' threat budget (instead of --bout's)")
    parser.add_argument("--theme", help="theme id from assets/themes.toml (default: drawn)")
    parser.add_argument("--symmetric", action="store_true",
                        help="point-symmetric map and mirrored sides, for mirror-fair matches")


def add_generated(parser: argparse.ArgumentParser) -> None:
    """`--generated N` and its options, for `play` and `sim`."""
    parser.add_argument("--generated", type=int, metavar="N",
                        help="fight on the arena `arena gen --seed N` draws (its --rules too)")
    add_generator_options(parser, rules=False)


def add_gen(sub: Any) -> None:
    """The `gen` subcommand."""
    gen = sub.add_parser("gen", help="generate an arena and its encounter from a seed")
    gen.add_argument("--seed", type=int, help="the arena's seed")
    add_generator_options(gen, rules=True)
    gen.add_argument("--toml", action="store_true",
                     help="print the scenario as TOML for --scenario PATH")
    gen.add_argument("--catalog", metavar="A..B", help="one line per seed A to B")
    gen.add_argument("--csv", action="store_true", help="with --catalog: CSV")
    gen.add_argument("--threats", action="store_true",
                     help="list each template's threat and role under --rules")


def spec_from(args: argparse.Namespace, rules: str | None) -> GenSpec:
    """The generator request the options give."""
    from arena.procgen import GenSpec  # noqa: PLC0415

    return GenSpec(ruleset=rules or DEFAULT_RULES, bout=args.bout, budget=args.budget,
                   theme=args.theme, symmetric=args.symmetric)


def parse_range(text: str) -> range:
    """`A..B` as the seeds A to B inclusive (0 ≤ A ≤ B, at most CATALOG_LIMIT seeds)."""
    first, dots, last = text.partition("..")
    if not dots or not first.strip().isdigit() or not last.strip().isdigit():
        raise ArenaError(f"--catalog wants A..B (two seeds, e.g. 1..40), got '{text[:40]}'")
    a, b = int(first), int(last)
    if a > b:
        raise ArenaError(f"--catalog {a}..{b} is empty: the first seed must not exceed the last")
    if b - a + 1 > CATALOG_LIMIT:
        raise ArenaError(f"--catalog covers at most {CATALOG_LIMIT} seeds, got {b - a + 1}")
    return range(a, b + 1)


def picture(made: Generated, seed: int, templates: Mapping[str, Template]) -> str:
    """The arena as the game draws it, a legend and the roster."""
    from arena.procgen import GENERATOR_VERSION  # noqa: PLC0415
    from arena.procgen.draw import legend_lines, map_lines, roster_lines  # noqa: PLC0415
    from arena.procgen.encounter import side_threat  # noqa: PLC0415

    s, spec_rules = made.scenario, made.scenario.ruleset
    threats = {i: side_threat(spec_rules, [c]) for i, c in enumerate(s.combatants)}
    foes = [i for i, c in enumerate(s.combatants) if c.side == 1]
    roles = dict(zip(foes, made.encounter.roles, strict=False))
    head = [f"{s.name}: {made.shape}, radius {s.map.radius}, ruleset {spec_rules}, seed {seed} "
            f"(generator {GENERATOR_VERSION}, {made.retries} retries)", s.description, ""]
    return "\n".join([*head, *map_lines(s), "", "Legend:", *legend_lines(s), "",
                      *roster_lines(s, threats, roles), *flavour_lines(s, templates)]) + "\n"


def flavour_lines(s: Scenario, templates: Mapping[str, Template]) -> list[str]:
    """A line of flavour for each kind of bestiary foe in the scenario, in order of appearance."""
    seen: dict[str, str] = {}
    for c in s.combatants:
        flavour = templates.get(c.template, {}).get("flavour")
        if isinstance(flavour, str) and c.template not in seen:
            seen[c.template] = f"  {c.glyph} {templates[c.template]['name']}: {flavour}"
    return ["", "Foes:", *seen.values()] if seen else []


def threat_table(library: Library, rules: str) -> str:
    """Every template the ruleset can field: threat and role (docs/procgen.md)."""
    from arena.assets.generated import materials  # noqa: PLC0415
    from arena.procgen.foes import bestiary  # noqa: PLC0415
    from arena.procgen.roster import pool  # noqa: PLC0415

    p = pool(materials(library), rules)
    lines = [f"{rules}: median threat {p.median}"]
    for m in sorted(p.members, key=lambda m: (m.threat, m.template)):
        lines.append(f"  {m.template:24} {m.threat:5}  {m.role}{' (ranged)' if m.ranged else ''}")
    foes = bestiary(materials(library), rules)
    if foes:
        lines.append(f"{rules}: bestiary foes (tier, family, the themes they haunt)")
    for m in sorted(foes, key=lambda m: (m.threat, m.template)):
        t = library.templates[m.template]
        kind = f"tier {m.tier}{' boss' if t.get('boss') else ''}, {t['family']}"
        haunts = ", ".join(cast(tuple[str, ...], t["haunts"]))
        lines.append(f"  {m.template:24} {m.threat:5}  {kind}: {haunts}")
    return "\n".join(lines) + "\n"


def run_gen(args: argparse.Namespace, out: TextIO) -> int:
    """`arena gen`: one arena (picture or TOML), a catalog, or the threat table."""
    from arena.assets import load_library  # noqa: PLC0415
    from arena.assets.generated import generate_checked, scenario_toml  # noqa: PLC0415
    from arena.procgen.catalog import catalog_row, catalog_text  # noqa: PLC0415
    from arena.rules import get_ruleset  # noqa: PLC0415

    library = load_library()
    if args.threats:
        out.write(threat_table(library, get_ruleset(args.rules).name))
        return 0
    spec = spec_from(args, args.rules)
    if args.catalog is not None:
        seeds = parse_range(args.catalog)
        rows = [catalog_row(n, generate_checked(n, spec, library)) for n in seeds]
        out.write(catalog_text(rows, args.csv))
        return 0
    if args.seed is None:
        raise ArenaError("arena gen needs --seed N (or --catalog A..B, or --threats)")
    made = generate_checked(args.seed, spec, library)
    text = scenario_toml(made.scenario) if args.toml else picture(made, args.seed,
                                                                  library.templates)
    out.write(text)
    return 0


def generated_request(args: argparse.Namespace) -> tuple[int, GenSpec] | None:
    """`--generated N` with its options as (seed, spec); its options alone are an error."""
    if args.generated is None:
        if args.bout != 1 or args.budget is not None or args.theme or args.symmetric:
            raise ArenaError("--bout, --budget, --theme and --symmetric need --generated N")
        return None
    return args.generated, spec_from(args, args.rules)


def scenario_for(args: argparse.Namespace, library: Library) -> Scenario:
    """`arena sim`'s scenario: generated (and validated) with --generated N, else loaded."""
    from arena.assets import load_scenario  # noqa: PLC0415
    from arena.assets.generated import generate_checked  # noqa: PLC0415

    request = generated_request(args)
    if request is None:
        return load_scenario(args.scenario, library, args.rules)
    return generate_checked(request[0], request[1], library).scenario


def catalog_document(rules: str, seeds: range, library: Library) -> str:
    """The checked-in seed catalog of one ruleset: a header naming the generator, then CSV."""
    from arena.assets.generated import generate_checked  # noqa: PLC0415
    from arena.procgen import GENERATOR_VERSION, GenSpec  # noqa: PLC0415
    from arena.procgen.catalog import catalog_row, catalog_text  # noqa: PLC0415

    rows = [catalog_row(n, generate_checked(n, GenSpec(rules), library)) for n in seeds]
    head = (f"# arena gen seed catalog: generator version {GENERATOR_VERSION}, ruleset {rules}, "
            f"seeds {seeds.start}..{seeds.stop - 1}\n")
    return head + catalog_text(rows, csv=True)
