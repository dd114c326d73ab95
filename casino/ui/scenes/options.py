"""Rows of choices (the title's new-game options, the Settings dialog) and the Settings dialog.

A row shows a label and its value; → or a click steps to the next value, ←, a click on the
\u2039 or a right click to the one before. Every change goes through ``App.change_settings``,
so it applies at once and is saved.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from casino.engine import Card
from casino.i18n import N_, _
from casino.ui import assets
from casino.ui.layout import Box, DialogLayout, dialog_layout, fit_font, inside
from casino.ui.render import draw_card
from casino.ui.scene import (
    DIM,
    HILITE,
    TEXT,
    Button,
    ValueAt,
    draw_text,
    row_click,
    text_width,
)
from casino.ui.scenes.dialogs import Dialog

if TYPE_CHECKING:
    from casino.ui.app import App


@dataclass(frozen=True)
class Option:
    """One row: the setting's ``key``, its label, its values and how each value reads."""

    key: str
    label: str
    values: tuple[str, ...]
    shown: tuple[str, ...] = ()  # the words for each value; the values themselves if empty

    def word(self, value: str) -> str:
        if self.shown and value in self.values:
            return self.shown[self.values.index(value)]
        return value


ON_OFF = ("on", "off")
LANGUAGES = ("system", "en", "sv")
"""The language setting's values: the system locale's (Swedish or English), or one chosen."""
BACK_WORDS = {"lattice": N_("Lattice"), "rings": N_("Rings"), "stripes": N_("Stripes"),
              "diamonds": N_("Diamonds")}


def on_off(key: str, label: str) -> Option:
    return Option(key, label, ON_OFF, (_("on"), _("off")))


def setting_value(app: App, key: str) -> str:
    """A setting as the string a row shows (``on``/``off`` for switches)."""
    value = getattr(app.settings, key)
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def step_setting(app: App, option: Option, step: int) -> None:
    """Set ``option`` to the value ``step`` places on from the current one, and save it."""
    if not option.values:
        return
    now = setting_value(app, option.key)
    pos = option.values.index(now) if now in option.values else -step if step > 0 else 0
    new = option.values[(pos + step) % len(option.values)]
    old = getattr(app.settings, option.key)
    value: object = new == "on" if isinstance(old, bool) else int(new) if isinstance(old, int) \
        else new
    app.change_settings(**{option.key: value})


LABEL_SHARE = 0.42
"""How much of a row of choices its label takes, unless a dialog says otherwise."""


def value_at(label_share: float = LABEL_SHARE) -> ValueAt:
    """Where ``draw_row`` puts a row's value (its \u2039), for ``row_click``."""
    return lambda box: box[0] + round(box[2] * label_share)


SELECTED = (40, 90, 150)
"""Behind typed text that the next key replaces, as a text field marks selected text."""


def draw_row(surface: pygame.Surface, option: Option, value: str, box: Box, font: int,
             focused: bool, label_share: float = LABEL_SHARE, cursor: bool = False,
             selected: bool = False) -> None:
    """One option row: the label on the left, the value between arrows on the right; a typed
    value ``selected`` is marked as the text the next key replaces."""
    x, _0, w, _0 = box
    rect = pygame.Rect(box)
    if focused:
        pygame.draw.rect(surface, (50, 95, 70), rect, border_radius=6)
    label_w = value_at(label_share)(box) - x
    gap = max(12, font)  # a long label ran into its value's "\u2039" ("9 långsammast)\u2039 1")
    draw_text(surface, option.label, font, (x + 8, rect.centery), DIM, "midleft",
              max_width=label_w - 8 - gap)
    shown = option.word(value)
    if selected and not option.values:
        mark = pygame.Rect(x + label_w - 3, rect.y + 3,
                           text_width(shown, font, focused) + 6, rect.h - 6)
        pygame.draw.rect(surface, SELECTED, mark.clip(rect), border_radius=3)
    shown = f"\u2039  {shown}  \u203a" if option.values else shown + ("|" if cursor else "")
    draw_text(surface, shown, font, (x + label_w, rect.centery), TEXT, "midleft",
              bold=focused, max_width=w - label_w - 4)


class SettingsScene(Dialog):
    """Settings, from the title or the table's menu; every change applies and is saved at once.
    ``back`` runs when it closes: the table's menu opens itself again there, so Esc goes back
    one step, to the menu, not two."""

    wide = 0.56
    PREVIEW_ROWS = 5
    LABEL_SHARE = 0.55

    def __init__(self, app: App, back: Callable[[], None] | None = None) -> None:
        super().__init__(app, N_("Settings"), [Button(N_("Done"), "cancel", key=pygame.K_ESCAPE)])
        self.back = back
        self.row = 0
        self.rows = len(self.options()) + self.PREVIEW_ROWS

    def options(self) -> list[Option]:
        return [
            Option("card_back", _("Card back"), assets.BACKS,
                   tuple(_(BACK_WORDS[b]) for b in assets.BACKS)),
            Option("speed", _("Speed (1 fastest, 9 slowest)"),
                   tuple(str(n) for n in range(1, 10))),
            on_off("animation", _("Animation")),
            on_off("sound", _("Sound")),
            on_off("end_turn_staging", _("End-turn step (confirm each move)")),
            on_off("four_colour", _("Four-colour deck")),
            on_off("large_indices", _("Large corner indices")),
            Option("language", _("Language"), LANGUAGES,
                   (_("as the system"), "English", "Svenska")),
        ]

    def layout(self) -> DialogLayout:
        """``wide`` of the window, or wider where a row's label and value would not fit
        whole (at 640x400 "End-turn step (confirm each move)" was shrunk and cut short);
        on the table's felt where it fits there."""
        w, h = self.app.screen.get_size()
        font = fit_font(h)
        margin = max(6, font // 2)  # as ``dialog_layout`` places the rows in the box
        label, value = self.needs(font)
        caption = text_width(self.caption(), max(11, font - 3))
        needed = (max(label + value, caption) + 2 * margin + 1) / w
        return dialog_layout(w, h, self.rows, len(self.buttons), font,
                             max(self.wide, needed), self.felt())

    def needs(self, font: int) -> tuple[int, int]:
        """How wide the widest label and the widest value are, as ``draw_row`` draws them
        (the label with its gap before the value; a focused value is bold)."""
        gap = max(12, font)
        label = max(text_width(o.label, font) for o in self.options()) + 8 + gap
        value = max(text_width(f"\u2039  {o.word(v)}  \u203a", font, True)
                    for o in self.options() for v in o.values) + 4
        return label, value

    def label_share(self) -> float:
        """Where the rows split into label and value: ``LABEL_SHARE``, or else where the
        widest label ends, when the row is too narrow for both at that split."""
        row = self.layout().rows[0][2]
        label, value = self.needs(fit_font(self.app.screen.get_height()))
        if label <= row * self.LABEL_SHARE and value <= row * (1 - self.LABEL_SHARE):
            return self.LABEL_SHARE
        return min(label + 1, max(row - value, 0)) / row if row > label + value else \
            self.LABEL_SHARE

    def option_boxes(self) -> list[Box]:
        return list(self.layout().rows[:len(self.options())])

    def preview_box(self) -> Box:
        rows = self.layout().rows
        first = rows[len(self.options()) + 1]  # the row above is the previews' caption
        last = rows[-1]
        return (first[0], first[1], first[2], last[1] + last[3] - first[1])

    def back_boxes(self) -> list[Box]:
        """The card-back previews (clickable) then the sample face, left to right."""
        x, y, w, h = self.preview_box()
        card_h = h
        card_w = round(card_h * 338 / 489)
        n = len(assets.BACKS) + 2
        gap = max(6, (w - n * card_w) // (n + 1))
        if gap * (n + 1) + n * card_w > w:
            card_w = (w - 7 * (n + 1)) // n
            card_h = round(card_w * 489 / 338)
            gap = 7
        return [(x + gap + i * (card_w + gap), y + (h - card_h) // 2, card_w, card_h)
                for i in range(n)]

    def handle_event(self, event: pygame.event.Event) -> bool:
        options = self.options()
        clicked = row_click(event, self.option_boxes(), value_at(self.label_share()))
        if clicked is not None:
            self.row, step = clicked
            step_setting(self.app, options[self.row], step)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            for back, box in zip(assets.BACKS, self.back_boxes(), strict=False):
                if inside(box, *event.pos):
                    self.app.change_settings(card_back=back)
                    return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_UP):
                step = 1 if event.key == pygame.K_DOWN else -1
                self.row = (self.row + step) % len(options)
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_SPACE):
                step_setting(self.app, options[self.row], -1 if event.key == pygame.K_LEFT else 1)
                return True
        return super().handle_event(event)

    def on_action(self, action: str, value: object) -> bool:
        if action == "cancel":
            self.close()
            if self.back is not None:
                self.back()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        font = fit_font(surface.get_height())
        share = self.label_share()
        for i, (option, box) in enumerate(zip(self.options(), self.option_boxes(), strict=True)):
            draw_row(surface, option, setting_value(self.app, option.key), box, font,
                     i == self.row, share)
        settings = self.app.settings
        boxes = self.back_boxes()
        for back, box in zip(assets.BACKS, boxes, strict=False):
            rect = pygame.Rect(box)
            surface.blit(assets.card_back(back, rect.size), rect)
            if back == settings.card_back:
                pygame.draw.rect(surface, HILITE, rect.inflate(8, 8), 3, border_radius=8)
        for card, box in zip((Card.parse("10D"), Card.parse("QC")), boxes[len(assets.BACKS):],
                             strict=True):
            draw_card(surface, card, box, settings)
        x, y, w, h = self.layout().rows[len(self.options())]
        draw_text(surface, self.caption(), max(11, font - 3), (x + w // 2, y + h // 2 + 2), DIM,
                  "center", max_width=w)

    def caption(self) -> str:
        """Over the card backs and faces (shorter than it was: at 640x400 over the table
        the dialog keeps to the felt, and the caption to the dialog)."""
        return _("Click a card back to choose it; two faces as they look now")
