"""Scenes on a stack (enter, handle_event, update, draw, exit) and the small widgets they share.

Widgets post meaning-level events (``ACTION`` with an ``action`` name) instead of calling
into the game; a scene reads them in ``handle_event`` like any other event.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from casino.engine.cards import SUIT_SYMBOLS
from casino.i18n import N_, _
from casino.ui import assets
from casino.ui.layout import Box, inside

if TYPE_CHECKING:
    from casino.ui.app import App

ACTION = pygame.event.custom_type()
"""A widget's meaning-level event: ``event.action`` names it, ``event.value`` carries data."""

TEXT = (240, 240, 232)
DIM = (170, 185, 175)
PANEL = (14, 40, 28)
HILITE = (255, 214, 64)
HINT = (80, 220, 255)
ERROR = (255, 120, 100)


def post_action(action: str, value: object = None) -> None:
    pygame.event.post(pygame.event.Event(ACTION, action=action, value=value))


class Scene:
    """One screen or dialog. ``opaque`` scenes hide the ones below them."""

    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def exit(self) -> None:
        """Called when the scene leaves the stack."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Use an event and return True, or return False to pass it on."""
        return False

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def busy(self) -> bool:
        """True while something moves, so the app keeps drawing frames."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the current state; never change it."""

    def language_changed(self) -> None:
        """The window's language changed: word again what the scene keeps as text."""

    def felt(self) -> int | None:
        """How wide the part of this scene is that a dialog over it keeps to (a table's
        felt, left of its side panel), or None for the whole window."""
        return None


@dataclass
class SceneStack:
    scenes: list[Scene] = field(default_factory=list)

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene:
        scene = self.scenes.pop()
        scene.exit()
        return scene

    def replace(self, scene: Scene) -> None:
        while self.scenes:
            self.pop()
        self.push(scene)

    def remove(self, scene: Scene) -> None:
        if scene in self.scenes:
            self.scenes.remove(scene)
            scene.exit()

    def below(self, scene: Scene) -> Scene | None:
        """The opaque scene ``scene`` is drawn over (the top one if it is not stacked yet)."""
        scenes = self.scenes[:self.scenes.index(scene)] if scene in self.scenes else self.scenes
        return next((s for s in reversed(scenes) if s.opaque), None)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the topmost opaque one up."""
        start = 0
        for i, scene in enumerate(self.scenes):
            if scene.opaque:
                start = i
        return self.scenes[start:]


KEY_NAMES = {"return": N_("Enter"), "escape": N_("Esc"), "page up": N_("PgUp"),
             "page down": N_("PgDn")}


@dataclass
class Button:
    """A clickable label; clicking (or its key) posts ``ACTION`` with ``action``."""

    label: str
    """The words shown: a catalogue message, looked up when drawn (so a new language shows)."""
    action: str
    box: Box = (0, 0, 0, 0)
    key: int | None = None
    enabled: bool = True
    value: object = None
    tip: str = ""
    """What the button does and its key, shown when the mouse rests on it."""

    def tip_text(self) -> str:
        """The tooltip: the button's own, else its key ("Key: Enter")."""
        if self.tip or self.key is None:
            return _(self.tip)
        name = pygame.key.name(self.key)
        return _("Key: {key}").format(key=_(KEY_NAMES.get(name, name.upper())))

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        clicked = event.type == pygame.MOUSEBUTTONUP and event.button == 1
        if clicked and inside(self.box, *event.pos):
            post_action(self.action, self.value)
            return True
        if self.key is not None and event.type == pygame.KEYDOWN and event.key == self.key:
            post_action(self.action, self.value)
            return True
        return False

    def draw(self, surface: pygame.Surface, size: int, focused: bool = False) -> None:
        mouse = pygame.mouse.get_pos()
        hover = self.enabled and (inside(self.box, *mouse) or focused)
        fill = (60, 110, 80) if hover else (34, 72, 52)
        if not self.enabled:
            fill = (30, 45, 38)
        rect = pygame.Rect(self.box)
        pygame.draw.rect(surface, fill, rect, border_radius=6)
        pygame.draw.rect(surface, HILITE if focused else (110, 150, 120), rect, 1, border_radius=6)
        draw_text(surface, _(self.label), size, rect.center, TEXT if self.enabled else DIM,
                  anchor="center", max_width=rect.w - 8)


_ROW_KEYS = {pygame.K_DOWN: (1, 0), pygame.K_UP: (-1, 0), pygame.K_RIGHT: (0, 1),
             pygame.K_LEFT: (0, -1)}


ValueAt = Callable[[Box], int]
"""Where a row of choices draws its value ("\u2039  value  \u203a"): the x of the \u2039."""


def row_click(event: pygame.event.Event, boxes: list[Box],
              value_at: ValueAt) -> tuple[int, int] | None:
    """A click on one of the rows of choices (the title's, Settings', the Network screen's):
    (the row, the step to change its value by); None when the event is not such a click.

    A left click on the \u2039 before the value steps back, anywhere else on the row forward;
    a right click steps back. (A left click stepped forward everywhere, \u2039 included.)
    """
    if event.type != pygame.MOUSEBUTTONUP or event.button not in (1, 3):
        return None
    for i, box in enumerate(boxes):
        if inside(box, *event.pos):
            if event.button == 3:
                return i, -1
            left = value_at(box)
            back = left - box[3] // 2 <= event.pos[0] < left + box[3]  # the \u2039 and around it
            return i, -1 if back else 1
    return None


def step_rows(event: pygame.event.Event, row: int, boxes: list[Box],
              value_at: ValueAt) -> tuple[int, int] | None:
    """Arrow keys and clicks on a dialog's setting rows: (the row chosen, the step to change
    its value by, 0 for none); None when the event is not for the rows."""
    if event.type == pygame.KEYDOWN and event.key in _ROW_KEYS and boxes:
        down, step = _ROW_KEYS[event.key]
        return (row + down) % len(boxes), step
    return row_click(event, boxes, value_at)


def press(buttons: Iterable[Button], event: pygame.event.Event) -> bool:
    """Offer ``event`` to each button in turn; True once one has taken it."""
    return any(button.handle(event) for button in buttons)


CHIP = (250, 250, 245)
SYMBOL_SUIT = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
"""A suit symbol in text (3\u2660) read back as the suit, for its ink."""

_deck = {"four_colour": False}
"""The deck the card chips in text are inked as: set with the settings, as the language is."""


def use_deck(four_colour: bool) -> None:
    """Ink the card chips in every text from now on as the cards are (``assets.suit_ink``)."""
    _deck["four_colour"] = four_colour


def _segments(text: str) -> list[tuple[str, bool]]:
    """``text`` split into plain runs and cards written with suit symbols (``True``)."""
    from casino.ui.words import SYMBOL_CARD

    out: list[tuple[str, bool]] = []
    at = 0
    for m in SYMBOL_CARD.finditer(text):
        if m.start() > at:
            out.append((text[at:m.start()], False))
        out.append((m.group(0), True))
        at = m.end()
    if at < len(text):
        out.append((text[at:], False))
    return out


def _chip_pad(size: int) -> int:
    return max(2, size // 5)


def text_width(text: str, size: int, bold: bool = False, cards: bool = False) -> int:
    """Pixels ``text`` takes as ``draw_text`` draws it (cards as chips when ``cards``)."""
    font = assets.font(size, bold)
    if not cards:
        return font.size(text)[0]
    return sum(font.size(part)[0] + (2 * _chip_pad(size) + 2 if card else 0)
               for part, card in _segments(text))


def _render(text: str, size: int, colour: tuple[int, int, int], bold: bool,
            cards: bool, four_colour: bool) -> pygame.Surface:
    font = assets.font(size, bold)
    parts = _segments(text) if cards else [(text, False)]
    if not any(card for _0, card in parts):
        return font.render(text, True, colour)
    pad = _chip_pad(size)
    height = font.get_linesize()
    image = pygame.Surface((max(1, text_width(text, size, bold, True)), height), pygame.SRCALPHA)
    x = 0
    for part, card in parts:
        if not card:
            image.blit(font.render(part, True, colour), (x, 0))
            x += font.size(part)[0]
            continue
        ink = assets.suit_ink(SYMBOL_SUIT[part[-1]], four_colour)
        w = font.size(part)[0] + 2 * pad
        chip = pygame.Rect(x + 1, 1, w, height - 2)
        pygame.draw.rect(image, CHIP, chip, border_radius=max(2, size // 4))
        image.blit(assets.font(size, True).render(part, True, ink), (x + 1 + pad, 0))
        x += w + 2
    return image


SHRINK = 0.8
"""``draw_text`` shrinks a line to at most this share of its size before it cuts it short."""


def shown_whole(text: str, size: int, width: int, bold: bool = False,
                cards: bool = True) -> bool:
    """Whether ``draw_text`` with ``max_width=width`` shows ``text`` whole (maybe shrunk)."""
    return text_width(text, size, bold, cards) * SHRINK <= width


def text_image(text: str, size: int, colour: tuple[int, int, int], bold: bool,
               max_width: int | None, cards: bool = True) -> pygame.Surface:
    """One rendered line fitted to ``max_width``; cached, as text rarely changes.

    A line a little too long is shrunk; a line much too long is cut short with an ellipsis,
    so text never becomes too small to read. With ``cards``, cards written with suit
    symbols (3\u2660) are drawn as small white chips in their suit's ink (``use_deck``).
    """
    return _text_image(text, size, colour, bold, max_width, cards, _deck["four_colour"])


@lru_cache(maxsize=1024)
def _text_image(text: str, size: int, colour: tuple[int, int, int], bold: bool,
                max_width: int | None, cards: bool, four_colour: bool) -> pygame.Surface:
    if max_width is not None and max_width > 0 and not shown_whole(text, size, max_width,
                                                                  bold, cards):
        while len(text) > 1 and not shown_whole(text + "\u2026", size, max_width, bold, cards):
            text = text[:-1]
        text = text.rstrip() + "\u2026"
    image = _render(text, size, colour, bold, cards, four_colour)
    if max_width is not None and image.get_width() > max_width > 0:
        scale = max_width / image.get_width()
        image = pygame.transform.smoothscale(
            image, (max_width, max(1, round(image.get_height() * scale))))
    return image


def draw_text(surface: pygame.Surface, text: str, size: int, pos: tuple[int, int],
              colour: tuple[int, int, int] = TEXT, anchor: str = "topleft", bold: bool = False,
              max_width: int | None = None, cards: bool = True) -> pygame.Rect:
    """Draw one line of DejaVu Sans at ``pos`` (by ``anchor``); shrink it to ``max_width``.

    Cards written with suit symbols are drawn as chips in their suit's colour unless
    ``cards`` is False (a count of spades, "6\u2660", is not the six of spades).
    """
    image = text_image(text, size, colour, bold, max_width, cards)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


BREAKS = re.compile(r"[^\S\u00a0]+")
"""Where a line may break: any white space but the non-breaking one."""


def wrap(text: str, size: int, width: int, cards: bool = True, bold: bool = False) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels (measured as drawn); never at
    a non-breaking space ('73\u00a0%')."""
    return list(_wrapped(text, size, width, cards, bold))


def wrap_evenly(text: str, size: int, width: int) -> list[str]:
    """``wrap``'s lines, as many, at the narrowest width that keeps them as many: a long
    status reads as two even lines, not a full one and a word left over."""
    count = len(_wrapped(text, size, width, True, False))
    lo, hi = width // (count + 1), width  # hi always gives ``count`` lines
    while count > 1 and hi - lo > 4:
        mid = (lo + hi) // 2
        if len(_wrapped(text, size, mid, True, False)) <= count:
            hi = mid
        else:
            lo = mid
    return list(_wrapped(text, size, hi, True, False))


@lru_cache(maxsize=1024)
def _wrapped(text: str, size: int, width: int, cards: bool, bold: bool) -> tuple[str, ...]:
    """``wrap``'s lines, cached: every frame wraps the same log, status and names again, and
    measuring each trial line was a tenth of a frame's time."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = [w for w in BREAKS.split(paragraph) if w]
        line = ""
        for word in words:
            trial = f"{line} {word}".strip()
            if text_width(trial, size, bold, cards) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


@lru_cache(maxsize=8)
def _veil(size: tuple[int, int], alpha: int) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    return veil


def shade(surface: pygame.Surface, alpha: int = 140) -> None:
    surface.blit(_veil(surface.get_size(), alpha), (0, 0))


@lru_cache(maxsize=32)
def _panel_back(size: tuple[int, int], alpha: int) -> pygame.Surface:
    back = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(back, (*PANEL, alpha), back.get_rect(), border_radius=10)
    return back


def panel(surface: pygame.Surface, box: Box, border: tuple[int, int, int] = (110, 150, 120),
          alpha: int = 235) -> None:
    rect = pygame.Rect(box)
    surface.blit(_panel_back(rect.size, alpha), rect)
    pygame.draw.rect(surface, border, rect, 2, border_radius=10)


OnChoice = Callable[[int | None], None]


def tip_rect(size: tuple[int, int], box: Box, window: pygame.Rect,
             keep_clear: list[Box]) -> pygame.Rect:
    """Where the tooltip of a button at ``box`` goes, ``size`` big with its frame: above the
    button, else above the buttons or text it would cover, else below, right or left of the
    button, the first that, moved inside the window, covers nothing in ``keep_clear`` (the
    other buttons, a dialog's rows) nor the button. (Always above, the table's Menu tip hid
    Hint and Unseen and Settings' Done tip hid the card backs.)"""
    button = pygame.Rect(box)
    clear = [pygame.Rect(b) for b in keep_clear if pygame.Rect(b) != button]
    tip = pygame.Rect((0, 0), size)

    def at(**where: tuple[int, int]) -> pygame.Rect:
        return tip.move_to(**where)

    above = at(midbottom=(button.centerx, button.top - 6))
    hit = [r for r in clear if r.colliderect(above)]
    over = at(midbottom=(button.centerx, min([button.top, *(r.top for r in hit)]) - 6))
    for place in (above, over, at(midtop=(button.centerx, button.bottom + 6)),
                  at(midleft=(button.right + 6, button.centery)),
                  at(midright=(button.left - 6, button.centery))):
        place = place.clamp(window)  # a wide tip slides along the window's edge
        if place.collidelist([button, *clear]) < 0:
            return place
    return above.clamp(window)


def draw_tip(surface: pygame.Surface, buttons: Iterable[Button], size: int,
             keep_clear: Iterable[Box] = ()) -> None:
    """The tooltip of the button under the mouse, inside the window, where it covers none of
    the other ``buttons`` nor ``keep_clear`` (``tip_rect``)."""
    mouse = pygame.mouse.get_pos()
    buttons = list(buttons)
    for button in buttons:
        if button.tip_text() and inside(button.box, *mouse):
            image = text_image(button.tip_text(), size, TEXT, False, None)
            framed = image.get_rect().inflate(12, 8).size
            rect = tip_rect(framed, button.box, surface.get_rect(),
                            [*(b.box for b in buttons), *keep_clear])
            pygame.draw.rect(surface, (20, 30, 26), rect, border_radius=6)
            pygame.draw.rect(surface, HILITE, rect, 1, border_radius=6)
            surface.blit(image, image.get_rect(center=rect.center))
            return
