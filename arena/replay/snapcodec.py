"""A JSON-safe codec for battle state: dataclasses, named tuples, tuples, sets and dicts.

Plain JSON values pass through; everything else becomes a one-key tagged object, so a value
decodes to the same types it had (a tuple stays a tuple, so `repr` and the state hash agree):
``{"T": [...]}`` tuple, ``{"S": [...]}`` set, ``{"F": [...]}`` frozenset, ``{"M": [[k, v]]}``
dict, ``{"D": "module:Class", "f": {...}}`` dataclass, ``{"N": "module:Class", "v": [...]}``
named tuple, ``{"E": "module:Class", "v": value}`` enum member. Classes are looked up only in
`arena` modules and must be of the kind the tag names: nothing is evaluated. A dataclass field
whose metadata says `optional` is left out while it holds its default, and decodes to the
default when left out: a field added so keeps the bytes of every snapshot that never sets it.

A class keeps the name it was first written under when its module moves (`WIRE_NAMES`), so a
snapshot is the same bytes whichever layout wrote it, and keyframes stored in older replays
still compare equal to the re-simulated state.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import json
from typing import Any

from arena.errors import ArenaError

_PLAIN = (type(None), bool, int, float, str)

# Classes whose module moved since snapshots first named them: today's name -> the name on the
# wire (the folders became the layers in issue 27: the AI left `arena/ecs/`).
WIRE_NAMES = {"arena.ai.tactical:Walked": "arena.ecs.ai_tactical:Walked"}
_FROM_WIRE = {wire: name for name, wire in WIRE_NAMES.items()}


class SnapshotError(ArenaError):
    """A snapshot that cannot be decoded or does not fit the battle."""


def encode(value: object) -> Any:
    """The JSON-safe form of `value` (see the module docstring)."""
    if isinstance(value, _PLAIN):
        return value
    if isinstance(value, enum.Enum):
        return {"E": _name(type(value)), "v": encode(value.value)}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)
                  if not (f.metadata.get("optional") and getattr(value, f.name) == f.default)}
        return {"D": _name(type(value)), "f": fields}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {"N": _name(type(value)), "v": [encode(v) for v in value]}
    if isinstance(value, tuple):
        return {"T": [encode(v) for v in value]}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, set | frozenset):
        items = sorted((encode(v) for v in value), key=_order)
        return {"S" if isinstance(value, set) else "F": items}
    if isinstance(value, dict):
        return {"M": [[encode(k), encode(v)] for k, v in value.items()]}
    raise SnapshotError(f"cannot snapshot a value of type {type(value).__name__}")


def decode(data: Any) -> Any:
    """The value `encode` turned into `data`; a malformed or foreign tag is a SnapshotError."""
    if isinstance(data, _PLAIN):
        return data
    if isinstance(data, list):
        return [decode(v) for v in data]
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise SnapshotError(f"corrupt snapshot value: {str(data)[:60]}")
    if "T" in data:
        return tuple(decode(v) for v in _items(data["T"]))
    if "S" in data:
        return {decode(v) for v in _items(data["S"])}
    if "F" in data:
        return frozenset(decode(v) for v in _items(data["F"]))
    if "M" in data:
        return dict(_pair(p) for p in _items(data["M"]))
    if "D" in data:
        return _dataclass(_lookup(data["D"], "dataclass"), data.get("f"))
    if "N" in data:
        return _lookup(data["N"], "tuple")(*(decode(v) for v in _items(data.get("v"))))
    if "E" in data:
        return _lookup(data["E"], "enum")(decode(data.get("v")))
    raise SnapshotError(f"corrupt snapshot value: unknown tag {sorted(data)[0][:20]!r}")


def _name(cls: type) -> str:
    """`module:Qualname` of an arena class, as the wire names it."""
    name = f"{cls.__module__}:{cls.__qualname__}"
    return WIRE_NAMES.get(name, name)


def _order(item: Any) -> str:
    """A sort key for encoded set members, so a set encodes the same whatever its hash order."""
    return json.dumps(item, sort_keys=True)


def _items(data: Any) -> list[Any]:
    """A tagged value's list, or a SnapshotError."""
    if not isinstance(data, list):
        raise SnapshotError("corrupt snapshot value: a list was expected")
    return data


def _pair(data: Any) -> tuple[Any, Any]:
    """A dict entry `[key, value]`."""
    if not isinstance(data, list) or len(data) != 2:
        raise SnapshotError("corrupt snapshot value: a [key, value] pair was expected")
    return decode(data[0]), decode(data[1])


def _lookup(name: Any, kind: str) -> Any:
    """The arena class `module:Qualname` names, checked to be a dataclass, named tuple or enum."""
    if isinstance(name, str):
        name = _FROM_WIRE.get(name, name)
    module, _, qualname = name.partition(":") if isinstance(name, str) else ("", "", "")
    if not (module == "arena" or module.startswith("arena.")) or not qualname:
        raise SnapshotError(f"corrupt snapshot: {str(name)[:60]!r} is not an arena class")
    try:
        found: Any = importlib.import_module(module)
        for part in qualname.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError):
        raise SnapshotError(f"snapshot names {name[:60]!r}, which this version lacks") from None
    fits = {
        "dataclass": isinstance(found, type) and dataclasses.is_dataclass(found),
        "tuple": isinstance(found, type) and issubclass(found, tuple) and hasattr(found, "_fields"),
        "enum": isinstance(found, type) and issubclass(found, enum.Enum),
    }[kind]
    if not fits:
        raise SnapshotError(f"corrupt snapshot: {name[:60]!r} is not a {kind}")
    return found


def _dataclass(cls: Any, data: Any) -> Any:
    """Rebuild a dataclass from its encoded fields (fields outside `__init__` set after)."""
    if not isinstance(data, dict):
        raise SnapshotError(f"corrupt snapshot: fields of {cls.__name__} missing")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    required = {name for name, f in fields.items() if not f.metadata.get("optional")}
    if not required <= set(data) <= set(fields):
        raise SnapshotError(f"snapshot fields of {cls.__name__} do not match this version")
    values = {name: decode(v) for name, v in data.items()}
    made = cls(**{n: v for n, v in values.items() if fields[n].init})
    for name, value in values.items():
        if not fields[name].init:
            object.__setattr__(made, name, value)
    return made
