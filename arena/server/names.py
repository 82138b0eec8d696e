"""Account names: one documented pattern, checked before anything else reads a name."""

from __future__ import annotations

import re

PATTERN = r"[A-Za-z][A-Za-z0-9_-]{1,19}"
RULE = "2 to 20 letters, digits, '_' or '-', starting with a letter"
_NAME = re.compile(PATTERN)


def name_error(name: str) -> str | None:
    """Why `name` cannot be an account name, or None when it can.

    >>> name_error("Ada_1"), name_error("../etc")
    (None, "a name is 2 to 20 letters, digits, '_' or '-', starting with a letter")
    """
    return None if _NAME.fullmatch(name) else f"a name is {RULE}"
