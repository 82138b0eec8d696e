"""Count the package's import circles and upward imports, and its longest modules.

Every import is read from the source with `ast`: at the top, inside functions and under
`TYPE_CHECKING`. The layers come from the import-linter contract in pyproject.toml. Prints one
line per finding, then the totals; exits 1 when any circle or upward import is found.

    python scripts/import_scan.py
"""

from __future__ import annotations

import ast
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 400


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    found = {}
    for path in sorted((ROOT / "arena").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def owner(name: str, known: dict[str, Path]) -> str | None:
    """The module of the package that a dotted import name lands in, if any."""
    while name:
        if name in known:
            return name
        name = name.rpartition(".")[0]
    return None


def imported(module: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The package's modules that one module imports, anywhere in its source."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            names = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        for name in names:
            target = owner(name, known)
            if target is not None and target != module:
                yield target


def graph() -> dict[str, set[str]]:
    """Import edges between the package's modules."""
    known = modules()
    return {m: set(imported(m, p, known)) for m, p in known.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of two or more modules (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(10_000)
    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)


def sibling_edges(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    """Edges between siblings: each import seen from the packages both modules share."""
    folded: dict[str, set[str]] = {}
    for source, targets in edges.items():
        for target in targets:
            a, b = source.split("."), target.split(".")
            common = 0
            while common < min(len(a), len(b)) and a[common] == b[common]:
                common += 1
            if common >= min(len(a), len(b)):
                continue  # a package and its own module
            left, right = ".".join(a[: common + 1]), ".".join(b[: common + 1])
            folded.setdefault(left, set()).add(right)
    return folded


def layers() -> list[list[str]]:
    """The layers of the import-linter contract, top first."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for contract in config["tool"]["importlinter"]["contracts"]:
        if contract["type"] == "layers":
            return [[p.strip() for p in layer.replace("|", ":").split(":")]
                    for layer in contract["layers"]]
    return []


def upward(edges: dict[str, set[str]]) -> list[str]:
    """Imports from a lower layer to a higher one."""
    order = layers()

    def rank(module: str) -> int | None:
        for depth, layer in enumerate(order):
            if any(module == p or module.startswith(p + ".") for p in layer):
                return depth
        return None

    found = []
    for source in sorted(edges):
        for target in sorted(edges[source]):
            low, high = rank(source), rank(target)
            if low is not None and high is not None and high < low:
                found.append(f"{source} -> {target}")
    return found


def main() -> int:
    """Print the findings and the totals."""
    edges = graph()
    module_circles = circles(edges)
    package_circles = [c for c in circles(sibling_edges(edges)) if c not in module_circles]
    ups = upward(edges)
    long = sorted((len(p.read_text(encoding="utf-8").splitlines()), m)
                  for m, p in modules().items())
    for group in module_circles + package_circles:
        print("circle:", " <-> ".join(group))
    for line in ups:
        print("upward:", line)
    for lines, module in long:
        if lines > MAX_LINES:
            print(f"long: {module} {lines} lines")
    print(f"{len(edges)} modules, {sum(map(len, edges.values()))} imports; "
          f"{len(module_circles)} circles between modules, {len(package_circles)} between "
          f"sibling packages; {len(ups)} upward imports; longest module {long[-1][1]} "
          f"({long[-1][0]} lines)")
    return 1 if module_circles or package_circles or ups else 0


if __name__ == "__main__":
    raise SystemExit(main())
