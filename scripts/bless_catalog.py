"""Re-bless the seed catalog in tests/catalog/ after an intended change to the generator.

    .venv/bin/python scripts/bless_catalog.py          # rewrite what changed, bumping the version
    .venv/bin/python scripts/bless_catalog.py --check  # exit 1 if any catalog is out of date

When a catalog's rows change while its header still names the current GENERATOR_VERSION, the
version in arena/procgen/spec.py is bumped first (a changed generator is a new version), so
replays and run records can tell which generator made their scenario.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from arena.assets import load_library
from arena.cli.gen import catalog_document
from arena.procgen import GENERATOR_VERSION
from arena.rules import RULESETS

ROOT = Path(__file__).resolve().parent.parent
CATALOG = ROOT / "tests" / "catalog"
SPEC = ROOT / "arena" / "procgen" / "spec.py"
SEEDS = range(1, 41)
_HEADER = re.compile(r"generator version (\d+)")


def rows(text: str) -> list[str]:
    """A catalog's lines after its header."""
    return text.splitlines()[1:]


def bump() -> int:
    """Raise GENERATOR_VERSION in arena/procgen/spec.py by one; return the new version."""
    text = SPEC.read_text()
    new = GENERATOR_VERSION + 1
    SPEC.write_text(re.sub(r"^GENERATOR_VERSION = \d+$", f"GENERATOR_VERSION = {new}", text,
                           count=1, flags=re.MULTILINE))
    return new


def main() -> int:
    """Compare each ruleset's catalog with a fresh one; rewrite or report the stale ones."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report; exit 1 if stale")
    args = parser.parse_args()
    library = load_library()
    fresh = {r: catalog_document(r, SEEDS, library) for r in sorted(RULESETS)}
    stale = {}
    for rules, text in fresh.items():
        path = CATALOG / f"{rules}.csv"
        old = path.read_text() if path.exists() else ""
        if rows(old) != rows(text):
            stale[rules] = old
    if args.check or not stale:
        print("catalog up to date" if not stale else f"stale: {', '.join(sorted(stale))}")
        return 1 if stale else 0
    version = GENERATOR_VERSION
    if any((m := _HEADER.search(old)) and int(m.group(1)) >= GENERATOR_VERSION
           for old in stale.values()):
        version = bump()
        print(f"generator changed: GENERATOR_VERSION bumped to {version} in {SPEC.name}")
    CATALOG.mkdir(parents=True, exist_ok=True)
    for rules, text in fresh.items():
        stamped = text.replace(f"generator version {GENERATOR_VERSION},",
                               f"generator version {version},", 1)
        (CATALOG / f"{rules}.csv").write_text(stamped)
    print(f"blessed {len(fresh)} catalogs (seeds {SEEDS.start}..{SEEDS.stop - 1}), "
          f"generator version {version}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
