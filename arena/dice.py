"""Dice: notation, scripted faces and the one seeded stream of a battle.

Every face comes from ``random.Random(seed).random()``, the one stream Python keeps stable
across versions; a face of an N-sided die is ``int(rng.random() * N) + 1``. A script (the
``--dice`` list) supplies the first faces. Scripted faces do not advance the seeded stream,
so once a script runs out the battle goes on with the seed's first faces.

>>> dice = Dice(seed=7, script=(20,))
>>> dice.roll("d20+5", "attack d20").total
25
>>> str(parse_dice(" 1D4 - 1 "))
'd4-1'
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

from arena.errors import DiceError

__all__ = [
    "MAX_COUNT",
    "MAX_MODIFIER",
    "MAX_SIDES",
    "MIN_SIDES",
    "Dice",
    "DiceExpression",
    "Roll",
    "parse_dice",
    "parse_script",
]

MAX_COUNT = 100
MIN_SIDES = 2
MAX_SIDES = 1000
MAX_MODIFIER = 1000

# Applied to the stripped text: optional count, d or D, sides or %, optional sign and modifier
# (spaces or tabs allowed around the sign only). ASCII digits only.
_NOTATION = re.compile(r"([0-9]*)[dD]([0-9]+|%)(?:[ \t]*([+-])[ \t]*([0-9]+))?", re.ASCII)
_EXPECTED = "expected NdS+M such as d20, 2d6+1, d%"
_QUOTE_LIMIT = 40
_CACHE_LIMIT = 4096

# Parsed expressions by notation text or DiceExpression: (count, sides, modifier, notation).
_CACHE: dict[str | DiceExpression, tuple[int, int, int, str]] = {}


def _quote(value: object) -> str:
    """Quote user text on one line, shortened when long."""
    if isinstance(value, str) and len(value) > _QUOTE_LIMIT:
        value = value[: _QUOTE_LIMIT - 1] + "…"
    return repr(value)


def _number(digits: str) -> int:
    """Convert ASCII digits to an int, capping absurdly long numbers above every limit."""
    digits = digits.lstrip("0") or "0"
    return int(digits) if len(digits) <= 9 else 10**9


@dataclass(frozen=True, slots=True)
class DiceExpression:
    """Dice notation NdS+M: ``count`` dice of ``sides`` sides plus ``modifier``.

    ``str()`` gives the normalised notation: a count of 1 is left out ("d20", "d8+3"), a
    single 100-sided die is written "d%" (whether parsed from "d%" or "d100"; "2d100" stays),
    and a zero modifier is left out ("1d4+0" -> "d4").
    """

    count: int
    sides: int
    modifier: int

    def __post_init__(self) -> None:
        if not 1 <= self.count <= MAX_COUNT:
            raise DiceError(f"bad dice expression: count {self.count} is not in 1..{MAX_COUNT}")
        if not MIN_SIDES <= self.sides <= MAX_SIDES:
            raise DiceError(
                f"bad dice expression: sides {self.sides} is not in {MIN_SIDES}..{MAX_SIDES}"
            )
        if not -MAX_MODIFIER <= self.modifier <= MAX_MODIFIER:
            raise DiceError(
                f"bad dice expression: modifier {self.modifier} is not in "
                f"-{MAX_MODIFIER}..{MAX_MODIFIER}"
            )

    @staticmethod
    def parse(text: str) -> DiceExpression:
        """Parse dice notation; same as :func:`parse_dice`."""
        return parse_dice(text)

    @property
    def minimum(self) -> int:
        """Smallest possible total."""
        return self.count + self.modifier

    @property
    def maximum(self) -> int:
        """Largest possible total."""
        return self.count * self.sides + self.modifier

    def __str__(self) -> str:
        if self.count == 1:
            head = "d%" if self.sides == 100 else f"d{self.sides}"
        else:
            head = f"{self.count}d{self.sides}"
        return f"{head}{self.modifier:+d}" if self.modifier else head


def parse_dice(text: str) -> DiceExpression:
    """Parse notation like ``d20``, ``2d6+1``, ``D8``, ``d%`` or `` 3d6 + 2 ``."""
    match = _NOTATION.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None:
        raise DiceError(f"bad dice notation {_quote(text)}: {_EXPECTED}")
    count_digits, sides_text, sign, modifier_digits = match.groups()
    count = _number(count_digits) if count_digits else 1
    if not 1 <= count <= MAX_COUNT:
        raise DiceError(f"bad dice notation {_quote(text)}: count must be 1..{MAX_COUNT}")
    sides = 100 if sides_text == "%" else _number(sides_text)
    if not MIN_SIDES <= sides <= MAX_SIDES:
        raise DiceError(
            f"bad dice notation {_quote(text)}: sides must be {MIN_SIDES}..{MAX_SIDES} or %"
        )
    modifier = _number(modifier_digits) if modifier_digits else 0
    if modifier > MAX_MODIFIER:
        raise DiceError(f"bad dice notation {_quote(text)}: modifier must be 0..{MAX_MODIFIER}")
    return DiceExpression(count, sides, -modifier if sign == "-" else modifier)


def _entry(expression: str | DiceExpression) -> tuple[int, int, int, str]:
    """Parse (if needed) and cache an expression as (count, sides, modifier, notation)."""
    parsed = parse_dice(expression) if isinstance(expression, str) else expression
    entry = (parsed.count, parsed.sides, parsed.modifier, str(parsed))
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[expression] = entry
    return entry


def parse_script(text: str) -> tuple[int, ...]:
    """Parse a ``--dice`` list such as ``"20, 19,4"`` into faces; blank text gives ``()``."""
    if not text.strip():
        return ()
    faces: list[int] = []
    for position, raw in enumerate(text.split(","), 1):
        item = raw.strip()
        if not item:
            raise DiceError(f"bad --dice list {_quote(text)}: item {position} is empty")
        digits = item[1:] if item.startswith("-") else item
        if not (digits.isascii() and digits.isdigit()):
            raise DiceError(f"bad --dice list {_quote(text)}: {_quote(item)} is not a whole number")
        face = _number(digits)
        if item.startswith("-") or face < 1:
            raise DiceError(f"bad --dice list {_quote(text)}: faces start at 1")
        if face > MAX_SIDES:
            raise DiceError(
                f"bad --dice list {_quote(text)}: {_quote(item)} is larger than any die "
                f"(d{MAX_SIDES})"
            )
        faces.append(face)
    return tuple(faces)


def _misfit(face: int, sides: int, purpose: str) -> DiceError:
    """Build the error for a scripted face that does not fit its die."""
    return DiceError(f"scripted face {face} does not fit d{sides} ({purpose})")


@dataclass(frozen=True, slots=True)
class Roll:
    """Record of one roll: normalised notation, faces, modifier, total and purpose."""

    expression: str
    faces: tuple[int, ...]
    modifier: int
    total: int
    purpose: str
    scripted: bool = False

    def to_json(self) -> dict[str, object]:
        """Return a JSON-ready dict; ``"scripted": true`` appears only for scripted rolls."""
        data: dict[str, object] = {
            "expr": self.expression,
            "faces": list(self.faces),
            "mod": self.modifier,
            "total": self.total,
            "purpose": self.purpose,
        }
        if self.scripted:
            data["scripted"] = True
        return data


_new = object.__new__
_set_expression, _set_faces, _set_modifier, _set_total, _set_purpose, _set_scripted = (
    Roll.__dict__[name].__set__
    for name in ("expression", "faces", "modifier", "total", "purpose", "scripted")
)


def _roll(
    expression: str, faces: tuple[int, ...], modifier: int, total: int, purpose: str,
    scripted: bool = False,
) -> Roll:
    """`Roll(...)` at a third of the cost: each field set through its slot, once.

    A frozen dataclass's `__init__` sets each field through `object.__setattr__`, which was
    most of the cost of a roll; the record is the same (equal, hashable, frozen after this).
    """
    roll = _new(Roll)
    _set_expression(roll, expression)
    _set_faces(roll, faces)
    _set_modifier(roll, modifier)
    _set_total(roll, total)
    _set_purpose(roll, purpose)
    _set_scripted(roll, scripted)
    return roll


class Dice:
    """A battle's dice: scripted faces first, then ``random.Random(seed).random()``.

    Scripted faces do not advance the seeded stream: after a script of any length the next
    face is the seed's first face. A roll is all-or-nothing: if a scripted face does not fit
    its die, DiceError is raised and no face of that roll is consumed. Seeds must be 0 or
    more, because ``random.Random`` treats ``-s`` exactly like ``s``.
    """

    __slots__ = ("_draws", "_notice_due", "_notices", "_random", "_script", "_script_used", "_seed")

    def __init__(self, seed: int, script: Sequence[int] = ()) -> None:
        if seed < 0:
            raise DiceError(f"seed {seed} is negative: seeds are whole numbers from 0")
        faces = tuple(script)
        for position, face in enumerate(faces, 1):
            if not 1 <= face <= MAX_SIDES:
                raise DiceError(
                    f"bad dice script: face {face} at position {position} is not in 1..{MAX_SIDES}"
                )
        self._seed = seed
        self._random = random.Random(seed).random
        self._script = faces
        self._script_used = 0
        self._draws = 0
        self._notice_due = bool(faces)
        self._notices: list[str] = []

    def __repr__(self) -> str:
        return f"Dice(seed={self._seed}, draws={self._draws}, script_used={self._script_used})"

    @property
    def seed(self) -> int:
        """Seed of the battle's stream."""
        return self._seed

    @property
    def draws(self) -> int:
        """How many faces were drawn from the seeded stream."""
        return self._draws

    @property
    def script_used(self) -> int:
        """How many scripted faces were consumed."""
        return self._script_used

    @property
    def script(self) -> tuple[int, ...]:
        """The whole dice script, used faces included."""
        return self._script

    @property
    def script_remaining(self) -> tuple[int, ...]:
        """Scripted faces not yet consumed."""
        return self._script[self._script_used :]

    def _exhausted(self) -> None:
        """Add the one notice that the script has run out."""
        self._notice_due = False
        used = len(self._script)
        noun = "face" if used == 1 else "faces"
        self._notices.append(
            f"dice script exhausted after {used} {noun}; later faces come from seed {self._seed}"
        )

    def face(self, sides: int, purpose: str) -> int:
        """Return one face of a ``sides``-sided die: next scripted face, else the seeded stream."""
        if not MIN_SIDES <= sides <= MAX_SIDES:
            raise DiceError(f"a die needs {MIN_SIDES}..{MAX_SIDES} sides, not {sides} ({purpose})")
        used = self._script_used
        if used < len(self._script):
            face = self._script[used]
            if face > sides:
                raise _misfit(face, sides, purpose)
            self._script_used = used + 1
            return face
        if self._notice_due:
            self._exhausted()
        self._draws += 1
        return int(self._random() * sides) + 1

    def roll(self, expression: str | DiceExpression, purpose: str) -> Roll:
        """Roll notation or an expression and return the record."""
        entry = _CACHE.get(expression)
        if entry is None:
            entry = _entry(expression)
        count, sides, modifier, notation = entry
        script = self._script
        used = self._script_used
        if used == len(script):
            if self._notice_due:
                self._exhausted()
            rnd = self._random
            self._draws += count
            if count == 1:
                face = int(rnd() * sides) + 1
                return _roll(notation, (face,), modifier, face + modifier, purpose)
            faces = tuple([int(rnd() * sides) + 1 for _ in range(count)])
            return _roll(notation, faces, modifier, sum(faces) + modifier, purpose)
        taken = script[used : used + count]
        for face in taken:
            if face > sides:
                raise _misfit(face, sides, purpose)
        self._script_used = used + len(taken)
        rest = count - len(taken)
        if rest:
            if self._notice_due:
                self._exhausted()
            rnd = self._random
            self._draws += rest
            taken += tuple([int(rnd() * sides) + 1 for _ in range(rest)])
        return _roll(notation, taken, modifier, sum(taken) + modifier, purpose, not rest)

    def d(self, sides: int, purpose: str) -> Roll:
        """Roll one ``sides``-sided die and return the record ("d%" for 100 sides)."""
        used = self._script_used
        face = self.face(sides, purpose)
        notation = "d%" if sides == 100 else f"d{sides}"
        return _roll(notation, (face,), 0, face, purpose, self._script_used != used)

    def drain_notices(self) -> list[str]:
        """Return the pending notices and clear them."""
        notices, self._notices = self._notices, []
        return notices

    def splice(self, faces: Sequence[int]) -> None:
        """From now on roll `faces` first (replacing any unused script), then the seeded stream."""
        for position, face in enumerate(faces, 1):
            if not 1 <= face <= MAX_SIDES:
                raise DiceError(f"bad dice: face {face} at position {position} is not in "
                                f"1..{MAX_SIDES}")
        self._script = self._script[: self._script_used] + tuple(faces)
        self._notice_due = bool(faces)

    def seek(self, draws: int, script_used: int) -> None:
        """Put the stream where it stood after `draws` seeded faces and `script_used` scripted."""
        if draws < 0 or not 0 <= script_used <= len(self._script):
            raise DiceError(f"cannot seek dice to {draws} draws, {script_used} scripted faces")
        self._random = random.Random(self._seed).random
        for _ in range(draws):
            self._random()
        self._draws = draws
        self._script_used = script_used
        # The one "script exhausted" notice is given with the first seeded face after a script.
        self._notice_due = bool(self._script) and draws == 0
        self._notices = []

    def state(self) -> tuple[int, int, int]:
        """Return (seed, draws, script_used) for the state hash."""
        return (self._seed, self._draws, self._script_used)
