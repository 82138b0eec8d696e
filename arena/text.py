"""The one sanitiser for text bound for stdout, stderr or the screen: no raw control characters.

Everything a file or an argument can put into a message passes through `one_line` (errors,
warnings, echoed values) or `safe_lines` (multi-line output), so an escape sequence hidden in a
replay's header or a ruleset name prints as harmless visible text and never spans two lines.
The few rules of English every line of the game follows live here too: a noun agrees with its
count (`counted`), a side whose name is plural takes "win" (`wins`), and a fall names who
felled the fallen after "by" (`downfall`).
"""

from __future__ import annotations

from typing import TextIO

SHOWN_LIMIT = 1000  # characters of one echoed message kept; the rest becomes "…"


def _escape(c: str) -> str:
    """One non-printable character as a visible escape such as backslash-x1b."""
    return c.encode("unicode_escape").decode("ascii")


def one_line(text: str, limit: int = SHOWN_LIMIT) -> str:
    r"""`text` cut to `limit` characters (before any work), every non-printable one escaped.

    >>> one_line("bad\n\x1b]0;pwn\x07"), one_line("x" * 10, limit=4)
    ('bad\\n\\x1b]0;pwn\\x07', 'xxx…')
    """
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else _escape(c) for c in text)


def safe_lines(text: str, limit: int = 100_000) -> str:
    r"""Multi-line `text` with its line breaks kept and every other control character escaped.

    >>> safe_lines("a\x1b[2J\nb\n")
    'a\\x1b[2J\nb\n'
    """
    return "\n".join(one_line(line, limit) for line in text.split("\n"))


class OutputError(OSError):
    """The output stream cannot be written (a full device, an I/O error); not a closed pipe."""


class SafeStream:
    """A text stream wrapper that passes everything written through `safe_lines`.

    A write or flush that fails (other than a closed pipe, which is BrokenPipeError) is
    OutputError, so the command line can tell its own output failing from any other error.
    """

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        """Write `text` with its control characters (other than newlines) escaped."""
        try:
            return self.stream.write(safe_lines(text))
        except BrokenPipeError:
            raise
        except OSError as e:
            raise OutputError(e.errno, e.strerror) from None

    def flush(self) -> None:
        """Flush the wrapped stream."""
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise
        except OSError as e:
            raise OutputError(e.errno, e.strerror) from None


def say(stream: TextIO, text: str) -> None:
    """Write `text` as exactly one safe line (a message on stderr, a warning)."""
    stream.write(one_line(text) + "\n")


# Plural nouns that do not end in -s, as a side's name may end ("Lizard men").
IRREGULAR_PLURALS = frozenset({"men", "women", "folk", "people", "children", "kin", "dead",
                               "undead", "mice", "geese", "feet", "teeth", "oxen"})


def counted(n: int, noun: str, plural: str = "") -> str:
    """`n` and the noun agreeing with it (`plural` when it is not the noun and -s).

    >>> counted(1, "foe"), counted(0, "foe"), counted(3, "hex", "hexes")
    ('1 foe', '0 foes', '3 hexes')
    """
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def reads_plural(name: str) -> bool:
    """Whether a side's name is a plural noun ("Quarry outlaws", "Lizard men"), by its last word.

    >>> reads_plural("Quarry outlaws"), reads_plural("Lizard men"), reads_plural("Your company")
    (True, True, False)
    >>> reads_plural("Vess"), reads_plural("Crimson Company"), reads_plural("Red")
    (False, False, False)
    """
    words = name.split()
    last = words[-1].lower() if words else ""
    if last in IRREGULAR_PLURALS:
        return True
    return len(last) > 2 and last.endswith("s") and not last.endswith(("ss", "us", "'s"))


def wins(name: str) -> str:
    """`name` and the verb agreeing with it: 'Red wins', 'Quarry outlaws win'.

    >>> wins("Red"), wins("Quarry outlaws")
    ('Red wins', 'Quarry outlaws win')
    """
    return f"{name} {'win' if reads_plural(name) else 'wins'}"


def downfall(how: str, by: str | None) -> str:
    """How a combatant fell, and who felled it after "by" (None: its own doing, as bleeding).

    >>> downfall("slain", "Orc 2"), downfall("bled out", None)
    ('slain by Orc 2', 'bled out')
    """
    return how if by is None else f"{how} by {by}"
