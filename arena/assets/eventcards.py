"""Events of a run (`assets/events.toml`), read strictly into `EventCard`s.

Each top-level table is one event, keyed by its id: a name, a text and two or three options;
each option a label, a price, a chance, and the effects of winning and (below chance 100)
losing it. Items an effect gives are resolved against the library's weapons and supplies.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

from arena.assets.common import NAME_LIMIT, check_id, lookup
from arena.assets.validate import Table, fail, file_label, join_key, load_toml, show
from arena.model.eventcard import Effect, EventCard, EventOption
from arena.model.stats import Supply, Weapon

EVENTS_FILE = "events.toml"
EVENT_KEYS = ("name", "text", "options")
OPTION_KEYS = ("label", "price", "chance", "win", "lose")
EFFECT_KEYS = ("text", "coin", "hp", "xp", "supply", "weapon", "join", "tend")
MAX_EVENTS = 64
OPTIONS_RANGE = (2, 3)  # options an event offers
TEXT_LIMIT = 400  # an event's text, and an effect's
LABEL_LIMIT = 60  # an option's label: a short imperative ("Tend his wounds")
PRICE_RANGE = (0, 1000)
CHANCE_RANGE = (1, 100)
COIN_RANGE = (-1000, 1000)
HP_RANGE = (-90, 100)  # percent of max HP: a loss never takes more than 90 of every 100
XP_RANGE = (0, 100)  # percent of a level's experience


def read_effect(value: object, file: str, key: str, weapons: Mapping[str, Weapon],
                supplies: Mapping[str, Supply]) -> Effect:
    """Read one `win` or `lose` table ({} is an effect that changes nothing)."""
    t = Table(value, file, key, EFFECT_KEYS)
    supply, weapon = t.string("supply", ""), t.string("weapon", "")
    if supply:
        lookup(supplies, "supply", supply, file, t.path("supply"))
    if weapon and lookup(weapons, "weapon", weapon, file, t.path("weapon")).natural:
        raise fail(file, t.path("weapon"), f"{show(weapon)} is a natural weapon, part of a body")
    return Effect(
        text=t.text("text", "", limit=TEXT_LIMIT),
        coin=t.integer("coin", 0, *COIN_RANGE),
        hp=t.integer("hp", 0, *HP_RANGE),
        xp=t.integer("xp", 0, *XP_RANGE),
        supply=supply,
        weapon=weapon,
        join=t.flag("join", False),
        tend=t.flag("tend", False),
    )


def read_option(value: object, file: str, key: str, weapons: Mapping[str, Weapon],
                supplies: Mapping[str, Supply]) -> EventOption:
    """Read one option: `lose` is required below chance 100 and refused at 100."""
    t = Table(value, file, key, OPTION_KEYS)
    label = t.text("label", limit=LABEL_LIMIT)
    price = t.integer("price", 0, *PRICE_RANGE)
    chance = t.integer("chance", 100, *CHANCE_RANGE)
    win = read_effect(t.raw("win"), file, t.path("win"), weapons, supplies)
    if chance == 100 and t.has("lose"):
        message = "only an option with a chance below 100 can lose (chance is 100)"
        raise fail(file, t.path("lose"), message)
    if chance < 100 and not t.has("lose"):
        raise fail(file, t.path("lose"), f"required with a chance below 100 (got {chance})")
    lose = None if chance == 100 else read_effect(t.raw("lose"), file, t.path("lose"), weapons,
                                                  supplies)
    return EventOption(label, price, chance, win, lose)


def read_event(ident: str, value: object, file: str, weapons: Mapping[str, Weapon],
               supplies: Mapping[str, Supply]) -> EventCard:
    """Read the event table `value` of id `ident` (a top-level key of the file)."""
    key = join_key("", ident)
    check_id(ident, file, key)
    t = Table(value, file, key, EVENT_KEYS)
    name, text = t.text("name", limit=NAME_LIMIT), t.text("text", limit=TEXT_LIMIT)
    entries = t.items("options")
    lo, hi = OPTIONS_RANGE
    if not lo <= len(entries) <= hi:
        raise fail(file, t.path("options"), f"must hold {lo} or {hi} options, got {len(entries)}")
    options = tuple(read_option(v, file, k, weapons, supplies) for k, v in entries)
    for (k, _), option in zip(entries, options, strict=True):
        first = next(o for o in options if o.label.casefold() == option.label.casefold())
        if first is not option:
            raise fail(file, join_key(k, "label"), f"repeats the label {show(first.label)}")
    return EventCard(ident, name, text, options)


def load_events(root: Path, weapons: Mapping[str, Weapon], supplies: Mapping[str, Supply]
                ) -> Mapping[str, EventCard]:
    """Read `root/events.toml` (none when the file is missing), sorted by id."""
    path = root / EVENTS_FILE
    if not path.is_file():
        return MappingProxyType({})
    file = file_label(path, root)
    data = load_toml(path, root)
    if len(data) > MAX_EVENTS:
        raise fail(file, "", f"at most {MAX_EVENTS} events, got {len(data)}")
    events = {ident: read_event(ident, value, file, weapons, supplies)
              for ident, value in data.items()}
    return MappingProxyType(dict(sorted(events.items())))
