"""Write every item's value into assets/README.md between the item-value markers.

    .venv/bin/python scripts/item_values.py            # rewrite the table
    .venv/bin/python scripts/item_values.py --check    # exit 1 if the table is out of date

The method is `arena/procgen/values.py`'s (exact odds, no dice rolled): reproducible, and
`tests/procgen/test_item_values.py` fails when the table no longer matches the assets or the rules.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from arena.assets import load_library
from arena.procgen.values import REFERENCE_WEAPON, item_value
from arena.rules import RULESETS

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "assets" / "README.md"
BEGIN = "<!-- item values: begin (scripts/item_values.py writes this table) -->"
END = "<!-- item values: end -->"


def table() -> str:
    """The markdown table of every weapon, armour, shield and supply, one column a ruleset."""
    library = load_library()
    reference = library.weapons[REFERENCE_WEAPON]
    names = sorted(RULESETS)
    rows = [f"| item | kind | {' | '.join(names)} |", "|---|---|" + "---|" * len(names)]
    kinds: list[tuple[str, dict[str, object]]] = [
        ("weapon", {i: w for i, w in library.weapons.items() if not w.natural}),
        ("armour", {i: a for i, a in library.armour.items() if not a.shield}),
        ("shield", {i: a for i, a in library.armour.items() if a.shield}),
        ("supply", dict(library.supplies)),
    ]
    for kind, items in kinds:
        for ident in sorted(items):
            item = items[ident]
            values = [str(item_value(r, item, reference)) for r in names]  # type: ignore[arg-type]
            rows.append(f"| `{ident}` | {kind} | {' | '.join(values)} |")
    return "\n".join(rows)


def rewritten(text: str) -> str:
    """`text` with the table between the markers replaced by the current one."""
    head, begin, rest = text.partition(BEGIN)
    _, end, tail = rest.partition(END)
    if not begin or not end:
        raise SystemExit(f"{README}: the item-value markers are missing")
    return f"{head}{BEGIN}\n{table()}\n{END}{tail}"


def main() -> int:
    """Rewrite or check the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    text = README.read_text(encoding="utf-8")
    new = rewritten(text)
    if args.check:
        print("item values up to date" if new == text else "item values out of date")
        return 0 if new == text else 1
    README.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
