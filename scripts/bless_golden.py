"""Re-bless the golden event streams in tests/data/golden_events.json after an intended change.

    .venv/bin/python scripts/bless_golden.py            # rewrite every entry
    .venv/bin/python scripts/bless_golden.py --check    # exit 1 if any entry differs

A speed-up must never need this: a change that alters one event of a golden battle is a bug
unless it is a deliberate change of rules, AI or content, named in its commit message.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import sys
from contextlib import redirect_stdout
from pathlib import Path

from arena.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "data" / "golden_events.json"
SCENARIOS = sorted(path.stem for path in (ROOT / "assets" / "scenarios").glob("*.toml"))
SEEDS = (1, 2, 3)
AIS = ("basic", "tactical")


def digest(scenario: str, seed: int, ai: str) -> str:
    """SHA-256 of `arena sim --json` for one battle."""
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["sim", "--scenario", scenario, "--seed", str(seed), "--ai", ai, "--json"])
    if code not in (0, None):
        raise SystemExit(f"arena sim failed for {scenario} seed {seed} ai {ai}")
    return hashlib.sha256(out.getvalue().encode()).hexdigest()


def current() -> dict[str, str]:
    """Every golden battle's digest, keyed `scenario/seed/ai`."""
    return {f"{scenario}/{seed}/{ai}": digest(scenario, seed, ai)
            for scenario in SCENARIOS for seed in SEEDS for ai in AIS}


def main_() -> int:
    """Rewrite or check the golden file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    now = current()
    old = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
    changed = sorted(key for key in now if old.get(key) != now[key])
    if args.check:
        print("\n".join(changed) or "golden event streams up to date")
        return 1 if changed else 0
    GOLDEN.write_text(json.dumps(now, indent=1, sort_keys=True) + "\n")
    print(f"{len(changed)} entries changed")
    return 0


if __name__ == "__main__":
    sys.exit(main_())
