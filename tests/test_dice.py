"""Rules of arena.dice: one seeded stream, notation, scripts and roll records."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arena.dice import Dice, DiceExpression, Roll, parse_dice, parse_script
from arena.errors import ArenaError, DiceError

SEEDS = st.integers(min_value=0, max_value=2**64)
STANDARD_SIDES = (4, 6, 8, 10, 12, 20, 100)


def stream_faces(seed: int, sides: list[int]) -> list[int]:
    rng = random.Random(seed)
    return [int(rng.random() * n) + 1 for n in sides]


def assert_one_line_dice_error(excinfo: pytest.ExceptionInfo[DiceError]) -> str:
    message = str(excinfo.value)
    assert message
    assert "\n" not in message
    assert isinstance(excinfo.value, ArenaError)
    return message


# --- the seeded stream -------------------------------------------------------------------


def test_same_seed_gives_same_faces() -> None:
    first, second = Dice(42), Dice(42)
    assert [first.face(20, "t") for _ in range(50)] == [second.face(20, "t") for _ in range(50)]


def test_different_seeds_give_different_faces() -> None:
    one, two = Dice(1), Dice(2)
    assert [one.face(20, "t") for _ in range(20)] != [two.face(20, "t") for _ in range(20)]


@given(seed=SEEDS)
def test_faces_follow_int_random_times_sides_plus_one(seed: int) -> None:
    sides = [20, 6, 8, 100, 4, 12, 10, 1000, 2, 20]
    dice = Dice(seed)
    assert [dice.face(n, "t") for n in sides] == stream_faces(seed, sides)


def test_roll_draws_count_faces_in_stream_order() -> None:
    dice = Dice(99)
    first = dice.roll("3d6+2", "damage 3d6")
    second = dice.roll("d%", "morale d%")
    assert [*first.faces, *second.faces] == stream_faces(99, [6, 6, 6, 100])


def test_roll_d_and_face_share_one_stream() -> None:
    dice = Dice(5)
    faces = [dice.face(8, "a"), *dice.roll("2d8", "b").faces, *dice.d(8, "c").faces]
    assert faces == stream_faces(5, [8, 8, 8, 8])


@given(seed=SEEDS, sides=st.sampled_from(STANDARD_SIDES))
def test_every_face_of_standard_dice_is_within_range(seed: int, sides: int) -> None:
    dice = Dice(seed)
    notation = "d%" if sides == 100 else f"d{sides}"
    faces = [dice.face(sides, "t") for _ in range(30)]
    faces += dice.roll(f"10{notation}", "t").faces
    faces += dice.d(sides, "t").faces
    assert all(1 <= face <= sides for face in faces)


def test_negative_seed_is_rejected_because_random_aliases_it() -> None:
    assert stream_faces(-5, [20] * 5) == stream_faces(5, [20] * 5)
    with pytest.raises(DiceError, match="seed -5 is negative") as excinfo:
        Dice(-5)
    assert_one_line_dice_error(excinfo)


# --- notation ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "count", "sides", "modifier", "normalised"),
    [
        ("d20", 1, 20, 0, "d20"),
        ("2d6+1", 2, 6, 1, "2d6+1"),
        ("1d4-1", 1, 4, -1, "d4-1"),
        ("d%", 1, 100, 0, "d%"),
        ("d100", 1, 100, 0, "d%"),
        ("2d%", 2, 100, 0, "2d100"),
        ("D8", 1, 8, 0, "d8"),
        (" 3d6 + 2 ", 3, 6, 2, "3d6+2"),
        ("\t2D10 -3\n", 2, 10, -3, "2d10-3"),
        ("d8+0", 1, 8, 0, "d8"),
        ("100d1000+1000", 100, 1000, 1000, "100d1000+1000"),
        ("d2-1000", 1, 2, -1000, "d2-1000"),
        ("01d020+03", 1, 20, 3, "d20+3"),
    ],
)
def test_notation_parses_to_count_sides_modifier(
    text: str, count: int, sides: int, modifier: int, normalised: str
) -> None:
    expression = parse_dice(text)
    assert expression == DiceExpression(count, sides, modifier)
    assert DiceExpression.parse(text) == expression
    assert str(expression) == normalised


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "d",
        "d1",
        "2x6",
        "d20+",
        "0d6",
        "101d6",
        "d1001",
        "d20+1001",
        "d20++1",
        "2 d6",
        "d 6",
        "d6+1d4",
        "d-6",
        "-d6",
        "d20 1",
        "d٣",
        "1.5d6",
        "d20\n+\n1",
        "x" * 500,
    ],
)
def test_bad_notation_raises_one_line_dice_error(text: str) -> None:
    with pytest.raises(DiceError) as excinfo:
        parse_dice(text)
    message = assert_one_line_dice_error(excinfo)
    assert message.startswith("bad dice notation ")
    assert len(message) < 120


def test_bad_notation_message_names_expected_form() -> None:
    with pytest.raises(DiceError) as excinfo:
        parse_dice("2x6")
    assert str(excinfo.value) == ("bad dice notation '2x6': expected NdS+M such as d20, 2d6+1, d%")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("0d6", "count must be 1..100"),
        ("101d6", "count must be 1..100"),
        ("d1", "sides must be 2..1000 or %"),
        ("d1001", "sides must be 2..1000 or %"),
        ("d99999999999999999999", "sides must be 2..1000 or %"),
        ("d6+1001", "modifier must be 0..1000"),
    ],
)
def test_out_of_range_notation_names_the_limit(text: str, problem: str) -> None:
    with pytest.raises(DiceError) as excinfo:
        parse_dice(text)
    assert str(excinfo.value) == f"bad dice notation {text!r}: {problem}"


def test_non_string_notation_raises_dice_error() -> None:
    with pytest.raises(DiceError, match="bad dice notation 8"):
        parse_dice(8)  # type: ignore[arg-type]


@given(count=st.integers(1, 100), sides=st.integers(2, 1000), modifier=st.integers(-1000, 1000))
def test_normalised_notation_parses_back_to_the_same_expression(
    count: int, sides: int, modifier: int
) -> None:
    expression = DiceExpression(count, sides, modifier)
    assert parse_dice(str(expression)) == expression


def test_minimum_and_maximum() -> None:
    assert parse_dice("2d6+1").minimum == 3
    assert parse_dice("2d6+1").maximum == 13
    assert parse_dice("d4-1").minimum == 0
    assert parse_dice("d%").maximum == 100


@pytest.mark.parametrize(("count", "sides", "modifier"), [(0, 6, 0), (1, 1, 0), (1, 6, 1001)])
def test_expression_out_of_range_is_rejected_on_construction(
    count: int, sides: int, modifier: int
) -> None:
    with pytest.raises(DiceError, match="bad dice expression"):
        DiceExpression(count, sides, modifier)


def test_expression_is_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        parse_dice("d6").count = 2  # type: ignore[misc]


def test_roll_accepts_text_or_expression_with_the_same_result() -> None:
    by_text = Dice(11).roll(" 2D6 + 1 ", "damage 2d6")
    by_expression = Dice(11).roll(DiceExpression(2, 6, 1), "damage 2d6")
    assert by_text == by_expression
    assert by_text.expression == "2d6+1"


def test_roll_with_bad_notation_raises_every_time() -> None:
    dice = Dice(1)
    for _ in range(2):
        with pytest.raises(DiceError, match="bad dice notation"):
            dice.roll("d20+", "attack")
    assert dice.state() == (1, 0, 0)


# --- scripts -----------------------------------------------------------------------------


def test_scripted_faces_come_first_then_the_seed_stream_with_one_notice() -> None:
    dice = Dice(7, [20, 1, 4])
    assert dice.face(20, "attack d20") == 20
    assert dice.roll("d20", "attack d20").faces == (1,)
    assert dice.drain_notices() == []
    assert dice.face(4, "damage d4") == 4
    assert dice.script_remaining == ()
    later = [dice.face(20, "t"), *dice.roll("2d20", "t").faces, dice.face(20, "t")]
    assert later == stream_faces(7, [20, 20, 20, 20])
    assert dice.drain_notices() == [
        "dice script exhausted after 3 faces; later faces come from seed 7"
    ]
    assert dice.drain_notices() == []


def test_scripted_faces_do_not_advance_the_seed_stream() -> None:
    scripted = Dice(3, [5, 6, 2, 2, 2])
    for _ in range(5):
        scripted.face(6, "t")
    assert scripted.draws == 0
    assert [scripted.face(6, "t") for _ in range(4)] == stream_faces(3, [6] * 4)


def test_no_script_means_no_notice() -> None:
    dice = Dice(3)
    dice.roll("4d6", "t")
    assert dice.drain_notices() == []


def test_notice_uses_singular_for_one_face() -> None:
    dice = Dice(9, [2])
    dice.face(6, "t")
    dice.face(6, "t")
    assert dice.drain_notices() == [
        "dice script exhausted after 1 face; later faces come from seed 9"
    ]


def test_roll_that_runs_past_the_script_mixes_faces_and_is_not_scripted() -> None:
    dice = Dice(8, [6])
    roll = dice.roll("3d6", "damage 3d6")
    assert roll.faces == (6, *stream_faces(8, [6, 6]))
    assert not roll.scripted
    assert dice.state() == (8, 2, 1)
    assert len(dice.drain_notices()) == 1


def test_roll_fully_from_script_is_scripted() -> None:
    dice = Dice(8, [6, 5, 1])
    roll = dice.roll("2d6+1", "damage 2d6")
    assert roll == Roll("2d6+1", (6, 5), 1, 12, "damage 2d6", scripted=True)
    assert dice.d(4, "t").scripted
    assert not dice.d(4, "t").scripted


def test_scripted_face_that_does_not_fit_raises_and_is_not_consumed() -> None:
    dice = Dice(1, [12, 3])
    with pytest.raises(DiceError) as excinfo:
        dice.face(8, "damage 1d8")
    assert str(excinfo.value) == "scripted face 12 does not fit d8 (damage 1d8)"
    assert dice.script_used == 0
    with pytest.raises(DiceError, match=r"scripted face 12 does not fit d6 \(damage\)"):
        dice.roll("d6", "damage")
    with pytest.raises(DiceError, match=r"scripted face 12 does not fit d4 \(x\)"):
        dice.d(4, "x")
    assert dice.state() == (1, 0, 0)
    assert dice.face(12, "damage d12") == 12
    assert dice.script_remaining == (3,)


def test_misfit_in_a_multi_die_roll_consumes_no_face_of_that_roll() -> None:
    dice = Dice(1, [2, 9, 1])
    with pytest.raises(DiceError, match="scripted face 9 does not fit d6"):
        dice.roll("3d6", "damage 3d6")
    assert dice.script_remaining == (2, 9, 1)
    assert dice.roll("3d10", "damage 3d10").faces == (2, 9, 1)


def test_bad_script_given_directly_is_rejected() -> None:
    with pytest.raises(DiceError, match="face 0 at position 2"):
        Dice(1, [3, 0])


@pytest.mark.parametrize("sides", [0, 1, 1001, -6])
def test_face_with_impossible_die_raises(sides: int) -> None:
    with pytest.raises(DiceError, match=f"not {sides}"):
        Dice(1).face(sides, "t")


@pytest.mark.parametrize(
    ("text", "faces"),
    [
        ("20,19,4", (20, 19, 4)),
        (" 20 , 19,4 ", (20, 19, 4)),
        ("7", (7,)),
        ("", ()),
        ("   ", ()),
        ("1000", (1000,)),
        ("007", (7,)),
    ],
)
def test_parse_script_good_lists(text: str, faces: tuple[int, ...]) -> None:
    assert parse_script(text) == faces


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("20,x,4", "bad --dice list '20,x,4': 'x' is not a whole number"),
        ("0", "bad --dice list '0': faces start at 1"),
        ("3,-2", "bad --dice list '3,-2': faces start at 1"),
        ("2.5", "bad --dice list '2.5': '2.5' is not a whole number"),
        ("+3", "bad --dice list '+3': '+3' is not a whole number"),
        ("٣", "bad --dice list '٣': '٣' is not a whole number"),
        ("20,,4", "bad --dice list '20,,4': item 2 is empty"),
        ("20,", "bad --dice list '20,': item 2 is empty"),
        ("1001", "bad --dice list '1001': '1001' is larger than any die (d1000)"),
        ("1 2", "bad --dice list '1 2': '1 2' is not a whole number"),
    ],
)
def test_parse_script_bad_lists_name_the_bad_item(text: str, message: str) -> None:
    with pytest.raises(DiceError) as excinfo:
        parse_script(text)
    assert assert_one_line_dice_error(excinfo) == message


def test_parse_script_error_stays_one_line() -> None:
    with pytest.raises(DiceError) as excinfo:
        parse_script("1,\nx")
    assert_one_line_dice_error(excinfo)


# --- records and state -------------------------------------------------------------------


@given(
    seed=SEEDS,
    count=st.integers(1, 100),
    sides=st.integers(2, 1000),
    modifier=st.integers(-1000, 1000),
)
def test_roll_total_is_sum_of_faces_plus_modifier(
    seed: int, count: int, sides: int, modifier: int
) -> None:
    roll = Dice(seed).roll(DiceExpression(count, sides, modifier), "t")
    assert len(roll.faces) == count
    assert roll.total == sum(roll.faces) + modifier
    assert roll.modifier == modifier


def test_to_json_shape() -> None:
    roll = Dice(4).roll("2d6+1", "damage 2d6")
    data = roll.to_json()
    assert list(data) == ["expr", "faces", "mod", "total", "purpose"]
    assert data == {
        "expr": "2d6+1",
        "faces": list(roll.faces),
        "mod": 1,
        "total": roll.total,
        "purpose": "damage 2d6",
    }
    json.dumps(data)


def test_to_json_marks_only_scripted_rolls() -> None:
    dice = Dice(4, [17])
    assert dice.d(20, "attack d20").to_json() == {
        "expr": "d20",
        "faces": [17],
        "mod": 0,
        "total": 17,
        "purpose": "attack d20",
        "scripted": True,
    }
    assert "scripted" not in dice.d(20, "attack d20").to_json()


def test_d_writes_percentile_as_d_percent() -> None:
    assert Dice(1).d(100, "morale").expression == "d%"
    assert Dice(1).roll("d100", "morale").expression == "d%"


def test_state_counts_seed_draws_and_script_used() -> None:
    dice = Dice(12, [3, 4])
    assert dice.state() == (12, 0, 0)
    dice.roll("2d6", "t")
    assert dice.state() == (12, 0, 2)
    dice.roll("3d6", "t")
    dice.face(6, "t")
    dice.d(6, "t")
    assert dice.state() == (12, 5, 2)
    assert (dice.seed, dice.draws, dice.script_used) == dice.state()


def test_equal_states_continue_identically() -> None:
    one, two = Dice(21), Dice(21)
    one.roll("4d6", "t")
    two.roll("2d6", "t")
    two.roll("2d6", "t")
    assert one.state() == two.state()
    assert one.roll("d20", "t") == two.roll("d20", "t")
