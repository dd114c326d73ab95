"""Title and new game: pick the ruleset, players, computer level and options, then play."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from casino.engine import load_ruleset
from casino.engine.ruleset import bundled_names
from casino.ui import assets
from casino.ui.layout import dialog_layout, fit_font, inside
from casino.ui.scene import ACTION, DIM, HILITE, TEXT, Button, Scene, draw_text, panel, wrap
from casino.ui.session import ai_levels, level_label

if TYPE_CHECKING:
    from casino.ui.app import App
    from casino.ui.layout import DialogLayout


@dataclass(frozen=True)
class Option:
    key: str
    label: str
    values: tuple[str, ...]


def _on_off(value: bool) -> str:
    return "on" if value else "off"


class TitleScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rulesets = bundled_names()
        if app.settings.ruleset not in self.rulesets:
            app.settings.ruleset = self.rulesets[0]
        self.row = 1  # the rules; the name row above takes typing when chosen
        self.buttons = [Button("Play", "play", key=pygame.K_RETURN),
                        Button("Rules", "rules", key=pygame.K_r),
                        Button("Quit", "quit", key=pygame.K_q)]

    def options(self) -> list[Option]:
        ruleset = load_ruleset(self.app.settings.ruleset)
        return [
            Option("player_name", "Your name (type it)", ()),
            Option("ruleset", "Rules", tuple(self.rulesets)),
            Option("players", "Players", tuple(str(n) for n in ruleset.players)),
            Option("level", "Computer", tuple(ai_levels())),
            Option("back", "Card back", assets.BACKS),
            Option("speed", "Speed (9 slowest)", tuple(str(n) for n in range(1, 10))),
            Option("animation", "Animation", ("on", "off")),
            Option("sound", "Sound", ("on", "off")),
            Option("four_colour", "Four-colour deck", ("off", "on")),
            Option("large_index", "Large corner index", ("off", "on")),
            Option("confirm_moves", "End turn step", ("off", "on")),
        ]

    def current(self, option: Option) -> str:
        value = getattr(self.app.settings, option.key)
        return _on_off(value) if isinstance(value, bool) else str(value)

    def change(self, index: int, step: int) -> None:
        option = self.options()[index]
        values = option.values
        if not values:
            return  # typed, not chosen
        now = self.current(option)
        pos = values.index(now) if now in values else 0
        new = values[(pos + step) % len(values)]
        settings = self.app.settings
        old = getattr(settings, option.key)
        if isinstance(old, bool):
            setattr(settings, option.key, new == "on")
        elif isinstance(old, int):
            setattr(settings, option.key, int(new))
        else:
            setattr(settings, option.key, new)
        if option.key == "ruleset":
            allowed = load_ruleset(settings.ruleset).players
            if settings.players not in allowed:
                settings.players = allowed[0]
        self.app.sounds.enabled = settings.sound

    def layout(self) -> DialogLayout:
        w, h = self.app.screen.get_size()
        return dialog_layout(w, h, len(self.options()) + 4, len(self.buttons), fit_font(h), 0.62)

    def place_buttons(self) -> None:
        for button, box in zip(self.buttons, self.layout().buttons, strict=True):
            button.box = box

    def enter(self) -> None:
        self.place_buttons()

    def update(self, dt: float) -> None:
        self.place_buttons()

    def type_name(self, event: pygame.event.Event) -> bool:
        """Keys typed while the name row has focus edit the name."""
        if event.type != pygame.KEYDOWN or self.options()[self.row].key != "player_name":
            return False
        settings = self.app.settings
        if event.key == pygame.K_BACKSPACE:
            settings.player_name = settings.player_name[:-1]
            return True
        text = getattr(event, "unicode", "")
        if text and text.isprintable() and event.key not in (pygame.K_RETURN, pygame.K_TAB):
            if len(settings.player_name) < 16:
                settings.player_name += text
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.place_buttons()
        if self.type_name(event):
            return True
        lay = self.layout()
        for button in self.buttons:
            if button.handle(event):
                return True
        n = len(self.options())
        if event.type == ACTION:
            if event.action == "play":
                self.app.new_game()
            elif event.action == "rules":
                from casino.ui.scenes.dialogs import TextScene

                ruleset = load_ruleset(self.app.settings.ruleset)
                self.app.stack.push(TextScene(self.app, ruleset.title, ruleset.help.strip()))
            elif event.action == "quit":
                self.app.running = False
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_DOWN:
                self.row = (self.row + 1) % n
            elif event.key == pygame.K_UP:
                self.row = (self.row - 1) % n
            elif event.key in (pygame.K_RIGHT, pygame.K_SPACE):
                self.change(self.row, 1)
            elif event.key == pygame.K_LEFT:
                self.change(self.row, -1)
            elif event.key == pygame.K_ESCAPE:
                self.app.running = False
            else:
                return False
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            for i, box in enumerate(lay.rows[1:n + 1]):
                if inside(box, *event.pos):
                    self.row = i
                    self.change(i, 1 if event.button == 1 else -1)
                    return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(assets.felt(surface.get_size()), (0, 0))
        lay = self.layout()
        font = fit_font(surface.get_height())
        panel(surface, lay.box, HILITE)
        bx, _by, bw, _ = lay.box
        draw_text(surface, "\u2660 \u2665  Casino  \u2666 \u2663", font * 2,
                  (bx + bw // 2, lay.title[1]), HILITE, "midtop", bold=True)
        options = self.options()
        label_w = round(lay.rows[0][2] * 0.42)
        for i, option in enumerate(options):
            x, y, w, h = lay.rows[i + 1]
            rect = pygame.Rect(x, y, w, h)
            if i == self.row:
                pygame.draw.rect(surface, (50, 95, 70), rect, border_radius=6)
            draw_text(surface, option.label, font, (x + 8, rect.centery), DIM, "midleft",
                      max_width=label_w - 8)
            value = self.current(option)
            if option.key == "ruleset":
                value = load_ruleset(value).title
            elif option.key == "level":
                value = level_label(value)
            shown = f"\u2039  {value}  \u203a" if option.values else value
            if not option.values and i == self.row:
                shown += "|"
            draw_text(surface, shown, font, (x + label_w, rect.centery),
                      TEXT, "midleft", bold=i == self.row, max_width=w - label_w)
        x, y, w, _ = lay.rows[len(options) + 1]
        ruleset = load_ruleset(self.app.settings.ruleset)
        for k, line in enumerate(wrap(ruleset.description, font - 2, w)[:3]):
            draw_text(surface, line, font - 2, (x, y + k * round(font * 1.3)), DIM)
        x, y, w, _ = lay.rows[-1]
        draw_text(surface, "\u2191 \u2193 choose a line \u00b7 \u2190 \u2192 or click change it "
                  "\u00b7 Enter plays \u00b7 R rules \u00b7 Esc quits", font - 3,
                  (x + w // 2, y), DIM, "midtop", max_width=w)
        for button in self.buttons:
            button.draw(surface, font)

    def busy(self) -> bool:
        return False


def option_rows(scene: TitleScene) -> list[tuple[int, int, int, int]]:
    """The clickable rows of the options, in order (tests aim at them)."""
    lay = scene.layout()
    return list(lay.rows[1:len(scene.options()) + 1])
