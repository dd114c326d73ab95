"""Images and fonts: bundled card faces and DejaVu Sans, card backs, felt and icon drawn here.

Everything is loaded on first use and cached per size, so launching touches no card file.
"""

from __future__ import annotations

import random
from functools import lru_cache
from importlib import resources
from pathlib import Path

import pygame

from casino.engine import Card

ASSETS = Path(str(resources.files("casino").joinpath("assets")))
CARD_FILE_SUIT = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}
CARD_FILE_RANK = {1: "1", 11: "jack", 12: "queen", 13: "king"}
BACKS = ("lattice", "rings", "stripes", "diamonds")
BACK_COLOURS = {
    "lattice": ((24, 58, 140), (220, 228, 245)),
    "rings": ((150, 26, 38), (245, 222, 200)),
    "stripes": ((22, 100, 70), (230, 240, 225)),
    "diamonds": ((70, 40, 120), (235, 215, 120)),
}
FOUR_COLOUR = {"C": (20, 130, 40), "D": (30, 80, 210)}
TWO_COLOUR = {"C": (0, 0, 0), "D": (200, 0, 0), "H": (200, 0, 0), "S": (0, 0, 0)}
SUIT_GLYPH = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
SEAT_COLOURS = ((0, 125, 150), (220, 110, 20), (190, 40, 200), (140, 130, 0))
"""Teal, orange, magenta and olive, one per seat (by team in a partnership: the first two).
Every suit's ink, in both decks, is a hue a seat may not have: blue, red and green seats
made a build tag or a log line read like a diamond, a heart or a club. Each is at least 20
(CIEDE2000) from every suit ink, the felt, the highlight and the hint colour, 25 from the
other seats, and bright enough for white tag letters and for text on the dark panel
(``tests/ui/test_colours35.py`` measures it)."""


def card_path(card: Card) -> Path:
    rank = CARD_FILE_RANK.get(card.rank, str(card.rank))
    return ASSETS / "cards" / f"{CARD_FILE_SUIT[card.suit]}_{rank}.png"


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return pygame.font.Font(str(ASSETS / "fonts" / name), size)


@lru_cache(maxsize=64)
def _raw_face(card: Card, four_colour: bool) -> pygame.Surface:
    surface = pygame.image.load(str(card_path(card)))
    if four_colour and card.suit in FOUR_COLOUR:
        # The faces use pure red and black inks; recolour them for a four-colour deck.
        ink = (255, 0, 0) if card.suit == "D" else (0, 0, 0)
        pixels = pygame.PixelArray(surface)
        pixels.replace(ink, FOUR_COLOUR[card.suit], distance=0.25)
        del pixels
    return surface


INDEX_AREA = pygame.Rect(5, 5, 130, 220)
"""Where on a bundled face (338x489, inside its 5-pixel border) to look for its top-left
corner index: the rank and suit glyphs are the shapes here that end left of x 63 and above
y 133 (the pips and court art reach further)."""


@lru_cache(maxsize=64)
def _indexless_face(card: Card, four_colour: bool) -> pygame.Surface:
    """The face without its own top-left index, for a large index to stand over: it showed
    the rank twice, the big index over the card's small one. (The small suit sign the
    Kings of clubs and spades hold against their sceptre stays: it is part of the art.)"""
    surface = _raw_face(card, four_colour).copy()
    area = surface.subsurface(INDEX_AREA)
    ink = pygame.mask.from_threshold(area, (255, 255, 255, 255), (12, 12, 12, 255))
    ink.invert()
    for shape in ink.connected_components():
        box = shape.get_bounding_rects()[0]
        if box.x == 0 or box.y == 0 or box.right > 58 or box.bottom > 128:
            continue  # the border's corner, a pip or the court art
        grown = pygame.mask.Mask(shape.get_size())
        for dx in range(-2, 3):  # and the light edge around each glyph
            for dy in range(-2, 3):
                grown.draw(shape, (dx, dy))
        area.blit(grown.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0)),
                  (0, 0))
    return surface


LARGE_INDEX_SCALE = 0.8
"""With large indices the whole face is drawn this much smaller, under the index band."""


def large_index_areas(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """(index band, face) of a large-index card of ``size``: they never overlap, so the
    index covers no pip and no court art."""
    w, h = size
    fw, fh = round(w * LARGE_INDEX_SCALE), round(h * LARGE_INDEX_SCALE)
    face = pygame.Rect((w - fw) // 2, h - fh - max(1, h // 60), fw, fh)
    band = pygame.Rect(0, 0, w, face.top)
    return band, face


@lru_cache(maxsize=256)
def card_face(card: Card, size: tuple[int, int], four_colour: bool = False,
              large_index: bool = False) -> pygame.Surface:
    """A card face scaled to ``size``, optionally four-coloured and with a large index.

    A large index gets a band of its own across the top; the face is drawn whole below it.
    """
    if not large_index:
        return pygame.transform.smoothscale(_raw_face(card, four_colour), size).convert_alpha()
    w, h = size
    band, area = large_index_areas(size)
    surface = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(3, w // 12)
    pygame.draw.rect(surface, (255, 255, 255), (0, 0, w, h), border_radius=radius)
    pygame.draw.rect(surface, (90, 90, 90), (0, 0, w, h), 1, border_radius=radius)
    face = pygame.transform.smoothscale(_indexless_face(card, four_colour), area.size)
    surface.blit(face, area)
    label = font(max(8, round(band.h * 0.95)), True).render(
        f"{card.rank_text}{SUIT_GLYPH[card.suit]}", True, suit_ink(card.suit, four_colour))
    if label.get_height() > band.h or label.get_width() > band.w - 8:
        k = min(band.h / label.get_height(), (band.w - 8) / label.get_width())
        label = pygame.transform.smoothscale(
            label, (max(1, round(label.get_width() * k)), max(1, round(label.get_height() * k))))
    surface.blit(label, label.get_rect(midleft=(max(3, w // 16), band.centery + 1)))
    return surface.convert_alpha()


def suit_ink(suit: str, four_colour: bool) -> tuple[int, int, int]:
    """A suit's ink, the one source for the cards' large indices and the card chips in text
    (the log, sheets, chooser, hint and status kept red and black in a four-colour deck)."""
    return FOUR_COLOUR[suit] if four_colour and suit in FOUR_COLOUR else TWO_COLOUR[suit]


@lru_cache(maxsize=32)
def card_back(style: str, size: tuple[int, int]) -> pygame.Surface:
    """One of our own card backs, drawn procedurally at ``size``."""
    w, h = size
    ink, paper = BACK_COLOURS.get(style, BACK_COLOURS["lattice"])
    surface = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(3, w // 12)
    pygame.draw.rect(surface, (255, 255, 255), (0, 0, w, h), border_radius=radius)
    pygame.draw.rect(surface, (90, 90, 90), (0, 0, w, h), 1, border_radius=radius)
    inset = max(3, w // 14)
    inner = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    art = pygame.Surface(inner.size)
    art.fill(ink)
    step = max(4, w // 9)
    if style == "lattice":
        for k in range(-inner.h, inner.w + inner.h, step):
            pygame.draw.line(art, paper, (k, 0), (k + inner.h, inner.h), 1)
            pygame.draw.line(art, paper, (k, inner.h), (k + inner.h, 0), 1)
    elif style == "rings":
        cx, cy = inner.w // 2, inner.h // 2
        for r in range(step, max(inner.size), step):
            pygame.draw.circle(art, paper, (cx, cy), r, 1)
    elif style == "stripes":
        for k in range(0, inner.h, step):
            pygame.draw.rect(art, paper, (0, k, inner.w, max(1, step // 3)))
    else:
        for row, yy in enumerate(range(0, inner.h + step, step)):
            for xx in range(-step if row % 2 else -step // 2, inner.w + step, step):
                pygame.draw.polygon(art, paper, [(xx, yy - step // 3), (xx + step // 4, yy),
                                                 (xx, yy + step // 3), (xx - step // 4, yy)])
    pygame.draw.rect(art, paper, art.get_rect(), max(1, w // 40))
    surface.blit(art, inner)
    return surface


@lru_cache(maxsize=1)
def _felt_tile() -> pygame.Surface:
    tile = pygame.Surface((128, 128))
    tile.fill((22, 92, 52))
    rng = random.Random(7)
    for _ in range(2600):
        shade = rng.randint(-14, 14)
        colour = (22 + shade, 92 + shade, 52 + shade)
        tile.set_at((rng.randrange(128), rng.randrange(128)), colour)
    return tile


@lru_cache(maxsize=4)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table: green felt with a soft darker edge."""
    surface = pygame.Surface(size)
    tile = _felt_tile()
    for x in range(0, size[0], 128):
        for y in range(0, size[1], 128):
            surface.blit(tile, (x, y))
    shade = pygame.Surface(size, pygame.SRCALPHA)
    w, h = size
    for i in range(24):
        alpha = 6 * (24 - i) // 24 + 1
        pygame.draw.rect(shade, (0, 0, 0, alpha * 4), (i * 2, i * 2, w - i * 4, h - i * 4),
                         2, border_radius=24)
    surface.blit(shade, (0, 0))
    return surface.convert()


def icon(size: int = 64) -> pygame.Surface:
    """The window icon: a card with a spade on felt green (``tools/make_icon.py`` saves it)."""

    def u(v: float) -> int:  # drawn on a 64-unit grid
        return round(v * size / 64)

    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(surface, (22, 92, 52), (0, 0, size, size), border_radius=u(12))
    card = (u(14), u(6), u(36), u(52))
    pygame.draw.rect(surface, (255, 255, 255), card, border_radius=u(5))
    pygame.draw.rect(surface, (40, 40, 40), card, max(1, u(2)), border_radius=u(5))
    glyph = font(u(30), True).render(SUIT_GLYPH["S"], True, (0, 0, 0))
    surface.blit(glyph, glyph.get_rect(center=(u(32), u(33))))
    return surface
