"""The run's events (`assets/events.toml`, arena/assets/eventcards.py): read strictly, and the
shipped ones usable under every ruleset."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

import pytest

from arena.assets import Library, load_library
from arena.assets.eventcards import MAX_EVENTS, TEXT_LIMIT, load_events
from arena.errors import AssetError
from arena.model.eventcard import Effect, EventCard, EventOption
from arena.rules import RULESETS, get_ruleset

REAL = Path(__file__).resolve().parents[2] / "assets"

# One valid event; the bad cases below change one thing in it.
GOOD = """
[shrine]
name = "A Shrine"
text = "A shrine of weathered stone."

[[shrine.options]]
label = "Pray"
chance = 60
win.xp = 25
lose.hp = -15

[[shrine.options]]
label = "Pass by"
win = {}
"""


@pytest.fixture(scope="module")
def library() -> Library:
    return load_library(REAL)


@pytest.fixture(scope="module")
def shipped(library: Library) -> Mapping[str, EventCard]:
    return load_events(REAL, library.weapons, library.supplies)


def load(root: Path, library: Library, text: str) -> Mapping[str, EventCard]:
    (root / "events.toml").write_text(text, encoding="utf-8")
    return load_events(root, library.weapons, library.supplies)


def error_of(root: Path, library: Library, text: str) -> str:
    with pytest.raises(AssetError) as info:
        load(root, library, text)
    message = str(info.value)
    assert message.isprintable(), message  # one line, no control characters
    return message


# --- the shipped file -------------------------------------------------------------------


def test_the_shipped_file_holds_at_least_ten_events_of_two_or_three_options(
        shipped: Mapping[str, EventCard]) -> None:
    assert len(shipped) >= 10
    for event in shipped.values():
        assert 2 <= len(event.options) <= 3, event.id
        assert event.name and event.text, event.id
        assert all(o.label for o in event.options), event.id


def test_the_shipped_events_are_the_ones_the_readme_lists(
        shipped: Mapping[str, EventCard]) -> None:
    readme = (REAL / "README.md").read_text(encoding="utf-8")
    section = readme.split("## events.toml", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"`([a-z][a-z0-9_]*)`", section.split("Ids:", 1)[1]))
    assert listed == set(shipped)


def test_every_item_a_shipped_event_gives_is_usable_under_every_ruleset(
        shipped: Mapping[str, EventCard], library: Library) -> None:
    named = {i for event in shipped.values() for i in event.items()}
    assert named, "the shipped events give some items"
    for ident in sorted(named):
        assert (ident in library.weapons) != (ident in library.supplies), ident
        if ident in library.weapons:
            weapon = library.weapons[ident]
            assert not weapon.natural, ident
            for name in sorted(RULESETS):
                assert get_ruleset(name).weapon_problem(weapon) is None, (ident, name)


def test_every_shipped_event_offers_a_free_and_certain_option(
        shipped: Mapping[str, EventCard]) -> None:
    for event in shipped.values():
        assert any(o.price == 0 and o.certain for o in event.options), event.id


def test_every_shipped_event_but_the_ambush_offers_an_option_that_costs_nothing(
        shipped: Mapping[str, EventCard]) -> None:
    def harmless(o: EventOption) -> bool:
        return o.price == 0 and o.certain and o.win.coin >= 0 and o.win.hp >= 0

    cornered = {e.id for e in shipped.values() if not any(harmless(o) for o in e.options)}
    assert cornered == {"toll_road"}


def test_every_shipped_outcome_says_what_happens(shipped: Mapping[str, EventCard]) -> None:
    for event in shipped.values():
        for option in event.options:
            for effect in (option.win, option.lose):
                assert effect is None or effect.text, (event.id, option.label)


def test_the_shipped_file_covers_every_kind_of_effect(shipped: Mapping[str, EventCard]) -> None:
    effects = [e for ev in shipped.values() for o in ev.options for e in (o.win, o.lose) if e]
    assert any(e.coin > 0 for e in effects) and any(e.hp < 0 for e in effects)
    assert any(e.hp > 0 for e in effects) and any(e.xp for e in effects)
    assert any(e.supply for e in effects) and any(e.weapon for e in effects)
    assert any(e.join for e in effects) and any(e.tend for e in effects)


# --- reading ----------------------------------------------------------------------------


def test_a_good_file_reads_into_frozen_records(tmp_path: Path, library: Library) -> None:
    events = load(tmp_path, library, GOOD)
    assert list(events) == ["shrine"]
    pray, walk = events["shrine"].options
    assert pray == EventOption("Pray", 0, 60, Effect(xp=25), Effect(hp=-15))
    assert not pray.certain
    assert walk == EventOption("Pass by", 0, 100, Effect(), None)
    assert walk.certain
    with pytest.raises(TypeError):
        events["other"] = events["shrine"]  # type: ignore[index]


def test_a_missing_file_gives_no_events(tmp_path: Path, library: Library) -> None:
    assert dict(load_events(tmp_path, library.weapons, library.supplies)) == {}


def test_events_are_sorted_by_id(tmp_path: Path, library: Library) -> None:
    text = GOOD.replace("shrine", "zeal") + GOOD.replace("shrine", "altar")
    assert list(load(tmp_path, library, text)) == ["altar", "zeal"]


def test_text_is_stripped_of_control_characters_and_folded(
        tmp_path: Path, library: Library) -> None:
    escaped = '"""\nA shrine\\u001b[2J of\n  stone.\n"""'  # TOML's escape of ESC
    text = GOOD.replace('"A shrine of weathered stone."', escaped)
    assert load(tmp_path, library, text)["shrine"].text == "A shrine[2J of stone."


def test_items_lists_every_weapon_and_supply_once_sorted() -> None:
    give = Effect(supply="bandages", weapon="spear")
    option = EventOption("Take", 0, 50, give, Effect(weapon="dagger", supply="bandages"))
    card = EventCard("cart", "A Cart", "A cart.", (option, EventOption("Go", 0, 100, Effect(),
                                                                        None)))
    assert card.items() == ("bandages", "dagger", "spear")


# --- refusals ---------------------------------------------------------------------------


@pytest.mark.parametrize(("after", "line", "key"), [
    ('text = "A shrine of weathered stone."', 'colour = "red"', "shrine.colour"),
    ('label = "Pray"', 'colour = "red"', "shrine.options[0].colour"),
    ("win.xp = 25", 'win.colour = "red"', "shrine.options[0].win.colour"),
    ("lose.hp = -15", 'lose.colour = "red"', "shrine.options[0].lose.colour"),
])
def test_an_unknown_key_is_one_line_naming_it(
        tmp_path: Path, library: Library, after: str, line: str, key: str) -> None:
    message = error_of(tmp_path, library, GOOD.replace(after, f"{after}\n{line}"))
    assert message.startswith(f"events.toml: {key}: unknown key (valid: "), message


def test_an_unknown_key_lists_the_valid_ones(tmp_path: Path, library: Library) -> None:
    message = error_of(tmp_path, library, GOOD.replace("win.xp = 25", "win.gold = 5"))
    assert message == ("events.toml: shrine.options[0].win.gold: unknown key (valid: coin, hp, "
                       "join, supply, tend, text, weapon, xp)")


def test_a_chance_below_100_without_lose_is_refused(tmp_path: Path, library: Library) -> None:
    message = error_of(tmp_path, library, GOOD.replace("lose.hp = -15\n", ""))
    assert message == ("events.toml: shrine.options[0].lose: required with a chance below 100 "
                       "(got 60)")


@pytest.mark.parametrize("chance", ["chance = 100\n", ""])
def test_lose_with_a_chance_of_100_is_refused(
        tmp_path: Path, library: Library, chance: str) -> None:
    message = error_of(tmp_path, library, GOOD.replace("chance = 60\n", chance))
    assert message.startswith("events.toml: shrine.options[0].lose: only an option with a chance "
                              "below 100 can lose")


def test_an_unknown_supply_is_refused_listing_the_supplies(
        tmp_path: Path, library: Library) -> None:
    message = error_of(tmp_path, library, GOOD.replace("win.xp = 25", 'win.supply = "elixir"'))
    assert message.startswith("events.toml: shrine.options[0].win.supply: unknown supply "
                              "'elixir' (available: ")
    assert "healing_potion" in message


def test_an_unknown_weapon_is_refused(tmp_path: Path, library: Library) -> None:
    message = error_of(tmp_path, library, GOOD.replace("lose.hp = -15", 'lose.weapon = "laser"'))
    assert message.startswith("events.toml: shrine.options[0].lose.weapon: unknown weapon "
                              "'laser' (available: ")


def test_a_natural_weapon_is_refused(tmp_path: Path, library: Library) -> None:
    assert library.weapons["wolf_bite"].natural
    message = error_of(tmp_path, library, GOOD.replace("win.xp = 25", 'win.weapon = "wolf_bite"'))
    assert message == ("events.toml: shrine.options[0].win.weapon: 'wolf_bite' is a natural "
                       "weapon, part of a body")


@pytest.mark.parametrize(("price", "given"), [("-1", "-1"), ("1001", "1001")])
def test_a_price_out_of_range_is_refused(
        tmp_path: Path, library: Library, price: str, given: str) -> None:
    message = error_of(tmp_path, library, GOOD.replace('label = "Pray"',
                                                       f'label = "Pray"\nprice = {price}'))
    assert message == f"events.toml: shrine.options[0].price: must be 0..1000, got {given}"


PRAY = 'label = "Pray"'


@pytest.mark.parametrize(("old", "new", "message"), [
    (PRAY, f"{PRAY}\nprice = true", "shrine.options[0].price: expected an integer, got true"),
    (PRAY, f'{PRAY}\nprice = "5"', "shrine.options[0].price: expected an integer, got '5'"),
    ("chance = 60", "chance = 0", "shrine.options[0].chance: must be 1..100, got 0"),
    ("chance = 60", "chance = 60.5", "shrine.options[0].chance: expected an integer, got 60.5"),
    ("win.xp = 25", "win.hp = -91", "shrine.options[0].win.hp: must be -90..100, got -91"),
    ("win.xp = 25", "win.xp = 101", "shrine.options[0].win.xp: must be 0..100, got 101"),
    ("win.xp = 25", "win.coin = 1001",
     "shrine.options[0].win.coin: must be -1000..1000, got 1001"),
    ("win.xp = 25", "win.join = 1", "shrine.options[0].win.join: expected true or false, got 1"),
    ("win.xp = 25", 'win.tend = "yes"',
     "shrine.options[0].win.tend: expected true or false, got 'yes'"),
    ("win.xp = 25", "win.supply = 3", "shrine.options[0].win.supply: expected a string, got 3"),
    ("win = {}", 'win = "nothing"', "shrine.options[1].win: expected a table, got 'nothing'"),
    ('name = "A Shrine"', "name = 7", "shrine.name: expected a string, got 7"),
])
def test_a_wrong_type_or_range_is_refused_naming_the_key(
        tmp_path: Path, library: Library, old: str, new: str, message: str) -> None:
    assert error_of(tmp_path, library, GOOD.replace(old, new)) == f"events.toml: {message}"


def test_the_win_effect_is_required(tmp_path: Path, library: Library) -> None:
    message = error_of(tmp_path, library, GOOD.replace("win = {}\n", ""))
    assert message == "events.toml: shrine.options[1].win: required key is missing"


@pytest.mark.parametrize("count", [1, 4])
def test_an_event_needs_two_or_three_options(
        tmp_path: Path, library: Library, count: int) -> None:
    head, option = GOOD.split("[[shrine.options]]", 2)[:2]
    text = head + "".join(
        "[[shrine.options]]" + option.replace('"Pray"', f'"Pray {i}"') for i in range(count))
    message = error_of(tmp_path, library, text)
    assert message == f"events.toml: shrine.options: must hold 2 or 3 options, got {count}"


def test_two_options_with_one_label_are_refused(tmp_path: Path, library: Library) -> None:
    message = error_of(tmp_path, library, GOOD.replace('"Pass by"', '"pray"'))
    assert message == "events.toml: shrine.options[1].label: repeats the label 'Pray'"


@pytest.mark.parametrize("missing", ['name = "A Shrine"\n', 'label = "Pray"\n'])
def test_a_required_key_missing_is_named(
        tmp_path: Path, library: Library, missing: str) -> None:
    message = error_of(tmp_path, library, GOOD.replace(missing, ""))
    key = "shrine.name" if "name" in missing else "shrine.options[0].label"
    assert message == f"events.toml: {key}: required key is missing"


def test_a_bad_event_id_is_refused(tmp_path: Path, library: Library) -> None:
    message = error_of(tmp_path, library, GOOD.replace("shrine", "Shrine"))
    assert message.startswith("events.toml: Shrine: bad id 'Shrine': use a-z")


def test_text_over_the_limit_is_refused(tmp_path: Path, library: Library) -> None:
    long = "x" * (TEXT_LIMIT + 1)
    message = error_of(tmp_path, library, GOOD.replace("win = {}", f'win.text = "{long}"'))
    assert message == (f"events.toml: shrine.options[1].win.text: must be at most {TEXT_LIMIT} "
                       f"characters, got {TEXT_LIMIT + 1}")


def test_an_empty_label_is_refused(tmp_path: Path, library: Library) -> None:
    message = error_of(tmp_path, library, GOOD.replace('"Pass by"', '"  "'))
    assert message == "events.toml: shrine.options[1].label: must not be empty"


def test_more_than_the_most_events_are_refused(tmp_path: Path, library: Library) -> None:
    text = "".join(GOOD.replace("shrine", f"e{i}") for i in range(MAX_EVENTS + 1))
    message = error_of(tmp_path, library, text)
    assert message == f"events.toml: at most {MAX_EVENTS} events, got {MAX_EVENTS + 1}"


def test_options_must_be_a_list_of_tables(tmp_path: Path, library: Library) -> None:
    text = '[shrine]\nname = "A Shrine"\ntext = "Stone."\noptions = ["pray", "go"]\n'
    message = error_of(tmp_path, library, text)
    assert message == "events.toml: shrine.options[0]: expected a table, got 'pray'"
