"""Write the content table of assets/README.md: every template's threat under each ruleset.

    .venv/bin/python scripts/threat_table.py          # rewrite the table between the markers
    .venv/bin/python scripts/threat_table.py --check  # exit 1 if the table is out of date

The numbers are `arena.procgen.threat.price` (docs/procgen.md, "Threat"): the exact expected
damage of the best turn against the ruleset's reference defender, times hit points scaled by
toughness against a reference 1d8 blow. No dice are rolled, so the table is reproducible to
the digit; it changes only when the rules, the templates or the bestiary change.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import cast

from arena.assets import load_library
from arena.assets.common import Template
from arena.model.stats import Armour, StatValue, Weapon
from arena.procgen.threat import price, stat_block, usable, worn
from arena.rules import RULESETS

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "assets" / "README.md"
START, END = "<!-- threat-table: start -->", "<!-- threat-table: end -->"


def cell(ruleset: str, t: Template) -> str:
    """`threat (offence × durability)` of a template under a ruleset, or `—` without one."""
    weapons = cast(tuple[Weapon, ...], t["weapons"])
    if ruleset not in t or not all(usable(ruleset, w) for w in weapons):
        return "—"
    stats = worn(ruleset, stat_block(ruleset, cast(Mapping[str, StatValue], t[ruleset])),
                 cast(Armour | None, t.get("armour")), cast(Armour | None, t.get("shield")))
    p = price(ruleset, stats, weapons, cast(int, t["hp"]), cast(int, t["speed"]))
    return f"{p.threat} ({float(p.offence):.1f} × {float(p.durability):.0f})"


def table(templates: Mapping[str, Template]) -> str:
    """The markdown table: bestiary foes by tier, then the templates, each id in order."""
    rulesets = sorted(RULESETS)
    head = ["| id | name | family | tier | " + " | ".join(rulesets) + " |",
            "|---|---|---|---|" + "---|" * len(rulesets)]
    order = sorted(templates, key=lambda i: (
        "tier" not in templates[i], cast(int, templates[i].get("tier", 0)), i))
    lines = []
    for ident in order:
        t = templates[ident]
        family = str(t.get("family", "template"))
        tier = str(t["tier"]) + (" boss" if t.get("boss") else "") if "tier" in t else "—"
        cells = " | ".join(cell(r, t) for r in rulesets)
        lines.append(f"| `{ident}` | {t['name']} | {family} | {tier} | {cells} |")
    return "\n".join(head + lines)


def rewrite(text: str, body: str) -> str:
    """`text` with everything between the markers replaced by `body`."""
    before, _, rest = text.partition(START)
    _, _, after = rest.partition(END)
    if not rest:
        raise SystemExit(f"{README}: the markers {START} … {END} are missing")
    return f"{before}{START}\n{body}\n{END}{after}"


def main() -> int:
    """Rewrite or check the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    text = README.read_text()
    new = rewrite(text, table(load_library(ROOT / "assets").templates))
    if args.check:
        print("threat table up to date" if new == text else "threat table out of date")
        return 0 if new == text else 1
    README.write_text(new)
    print(f"wrote the threat table of {README.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
