"""Colours of the screen: terrain, sides, highlights and log lines, as (r, g, b) triples."""

from __future__ import annotations

from functools import lru_cache

from arena.model.terrain import Terrain

RGB = tuple[int, int, int]

BLACK: RGB = (0, 0, 0)
TEXT: RGB = (210, 210, 210)
DIM: RGB = (120, 120, 120)
BRIGHT: RGB = (255, 255, 255)
TITLE: RGB = (240, 200, 90)
HINT: RGB = (250, 170, 80)
GOOD: RGB = (120, 210, 120)
BAD: RGB = (230, 90, 80)
FRAME: RGB = (70, 70, 90)

# Backgrounds: anything but BLACK marks a highlight (reverse video without colour).
ACTIVE_BG: RGB = (95, 75, 10)
CURSOR_BG: RGB = (20, 90, 130)
PATH_BG: RGB = (30, 60, 35)
BONUS_BG: RGB = (70, 60, 10)  # target mode: a hex from which a ruleset bonus applies
TARGET_BG: RGB = (130, 25, 25)
STATUS_BG: RGB = (30, 30, 45)
ALERT_BG: RGB = (110, 20, 60)

TERRAIN: dict[str, RGB] = {
    "floor": (150, 120, 80),
    "grass": (90, 160, 70),
    "stone": (160, 160, 160),
    "wall": (190, 190, 200),
    "pillar": (200, 190, 170),
    "water": (60, 120, 220),
    "pit": (150, 70, 40),
    "low_wall": (170, 160, 140),
    "barricade": (170, 120, 60),
}

ITEM: RGB = (110, 220, 230)
CORPSE: RGB = (130, 50, 50)

LOG: dict[str, RGB] = {
    "round_started": (120, 200, 230),
    "turn_started": DIM,
    "turn_ended": DIM,
    "moved": TEXT,
    "faced": TEXT,
    "died": BAD,
    "battle_ended": TITLE,
    "notice": (200, 140, 220),
    "picked_up": ITEM,
}
HIT: RGB = (245, 215, 150)
MISS: RGB = (160, 160, 160)


def terrain_colour(t: Terrain) -> RGB:
    """The colour of a terrain glyph: by id, else by what the terrain does."""
    if t.id in TERRAIN:
        return TERRAIN[t.id]
    if t.hazard:
        return (80, 110, 200)
    if t.blocks_move:
        return (180, 180, 180)
    return (130, 110, 80)


@lru_cache(maxsize=256)
def parse_colour(text: str) -> RGB:
    """'#rrggbb' as a triple, lifted when too dark to read on black.

    >>> parse_colour("#c0392b"), parse_colour("#000010")
    ((192, 57, 43), (80, 80, 96))
    """
    r, g, b = (int(text[i : i + 2], 16) for i in (1, 3, 5))
    if 2 * r + 3 * g + b < 6 * 60:
        r, g, b = (min(255, v + 80) for v in (r, g, b))
    return (r, g, b)


# Side colours of the alternative palettes, by side index (repeating after the last). Each pair
# differs in lightness (CIE L*), not only in hue, so they part under any colour blindness.
PALETTES: dict[str, tuple[RGB, ...]] = {
    "default": (),  # the scenario's own side colours
    "colourblind": ((230, 159, 0), (0, 114, 178), (240, 228, 66), (204, 121, 167)),
    "high-contrast": ((255, 255, 0), (0, 200, 255), (255, 90, 90), (0, 255, 0)),
}
_SIDES: list[RGB] = []
_PLAIN = (TEXT, DIM, ACTIVE_BG, CURSOR_BG, TARGET_BG)
_CONTRAST = ((255, 255, 255), (200, 200, 200), (150, 110, 0), (0, 110, 190), (190, 0, 0))


def use(name: str) -> None:
    """Put palette `name` in force; high-contrast also brightens text and highlights."""
    global TEXT, DIM, ACTIVE_BG, CURSOR_BG, TARGET_BG
    if name not in PALETTES:
        raise ValueError(f"no palette {name!r} (choose from {', '.join(PALETTES)})")
    _SIDES[:] = PALETTES[name]
    TEXT, DIM, ACTIVE_BG, CURSOR_BG, TARGET_BG = _CONTRAST if name == "high-contrast" \
        else _PLAIN


def side_colour(hex_colour: str, side: int) -> RGB:
    """A side's colour: the palette's when it sets one, else the scenario's `#rrggbb`."""
    return _SIDES[side % len(_SIDES)] if _SIDES else parse_colour(hex_colour)


def lightness(rgb: RGB) -> float:
    """CIE L* (0 black .. 100 white) of an sRGB colour.

    >>> round(lightness((255, 255, 255))), round(lightness((0, 0, 0)))
    (100, 0)
    """
    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return 116 * y ** (1 / 3) - 16 if y > 0.008856 else 903.3 * y
