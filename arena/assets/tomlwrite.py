r"""A small TOML writer for the plain data the asset readers accept (str, int, bool, lists, tables).

Tables become `[a.b]` sections, lists of tables `[[a.b]]`, everything else inline values, so
`tomllib.loads(dumps(d)) == d` for every dict built from those types.

>>> dumps({"name": "x", "map": {"radius": 2}, "sides": [{"name": "a"}]})
'name = "x"\n\n[map]\nradius = 2\n\n[[sides]]\nname = "a"\n'
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

_BARE = re.compile(r"[A-Za-z0-9_-]+")


def _key(k: str) -> str:
    """A bare key when it can be one, else a quoted one."""
    return k if _BARE.fullmatch(k) else json.dumps(k)


def _value(v: object) -> str:
    """An inline TOML value."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, Mapping):
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {type(v).__name__} as TOML")


def _is_table_list(v: object) -> bool:
    """Whether `v` is a non-empty list of tables (written as `[[...]]`)."""
    return isinstance(v, list) and bool(v) and all(isinstance(x, Mapping) for x in v)


def _section(table: Mapping[str, object], path: str, header: str, out: list[str]) -> None:
    """Write one table's plain keys under `header`, then its sub-tables and table lists."""
    plain = [(k, v) for k, v in table.items() if not isinstance(v, Mapping)
             and not _is_table_list(v)]
    if header:
        out.append(("\n" if out else "") + header)
    out.extend(f"{_key(k)} = {_value(v)}" for k, v in plain)
    for k, v in table.items():
        sub = f"{path}.{_key(k)}" if path else _key(k)
        if isinstance(v, Mapping):
            _section(v, sub, f"[{sub}]", out)
        elif _is_table_list(v):
            for item in v:  # type: ignore[attr-defined]
                _section(item, sub, f"[[{sub}]]", out)


def dumps(data: Mapping[str, object]) -> str:
    """`data` as TOML text."""
    out: list[str] = []
    _section(data, "", "", out)
    return "\n".join(out) + "\n"
