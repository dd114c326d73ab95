"""Dialogs over the table: the move choice, the menu, the round breakdown, game over."""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise
from typing import TYPE_CHECKING

import pygame

from casino.engine import Move, Ruleset
from casino.engine.scoring import RoundScore
from casino.i18n import N_, _, ngettext
from casino.ui.layout import (
    Box,
    DialogLayout,
    centred_x,
    dialog_layout,
    fit_font,
    inside,
    menu_layout,
)
from casino.ui.scene import (
    ACTION,
    DIM,
    HILITE,
    TEXT,
    Button,
    OnChoice,
    Scene,
    draw_text,
    draw_tip,
    panel,
    press,
    shade,
    text_image,
    text_width,
    wrap,
)
from casino.ui.scenes.table_view import category_name, colour_of, ink_of
from casino.ui.session import Session
from casino.ui.settings import Settings
from casino.ui.words import cited, symbols

if TYPE_CHECKING:
    from casino.ui.app import App
    from casino.ui.scenes.table import TableScene


class Dialog(Scene):
    """A modal box over the scene below; buttons answer with ACTION events."""

    opaque = False
    rows = 1
    wide = 0.5

    def __init__(self, app: App, title: str, buttons: list[Button]) -> None:
        super().__init__(app)
        self.title = title
        self.buttons = buttons
        self.focus = 0

    def layout(self) -> DialogLayout:
        w, h = self.app.screen.get_size()
        return dialog_layout(w, h, self.rows, len(self.buttons), fit_font(h), self.wide,
                             self.felt())

    def felt(self) -> int | None:
        """How wide the felt of the table below is: the window keeps to it when it fits
        there (centred on the whole window, Settings ran over the side panel's border)."""
        below = self.app.stack.below(self)
        return below.felt() if below is not None else None

    def fitted_layout(self, texts: list[str], font: int, gap: int = 0) -> DialogLayout:
        """The layout with rows enough for ``texts`` wrapped at ``font`` (lines 1.35 fonts
        apart, ``gap`` pixels after each text): the box fits its lines, no empty band."""
        w, h = self.app.screen.get_size()
        body = fit_font(h)
        width = dialog_layout(w, h, 1, len(self.buttons), body, self.wide).rows[0][2] - 8
        height = sum(len(wrap(t, font, width)) * round(font * 1.35) + gap for t in texts)
        rows = max(1, -(-height // round(body * 1.9)))
        return dialog_layout(w, h, rows, len(self.buttons), body, self.wide, self.felt())

    def place_buttons(self) -> None:
        for button, box in zip(self.buttons, self.layout().buttons, strict=True):
            button.box = box

    def enter(self) -> None:
        self.place_buttons()

    def update(self, dt: float) -> None:
        self.place_buttons()

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.place_buttons()
        if press(self.buttons, event):
            return True
        if event.type == ACTION:
            return self.on_action(str(event.action), event.value)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_TAB, pygame.K_RIGHT):
                self.focus = (self.focus + 1) % len(self.buttons)
            elif event.key == pygame.K_LEFT:
                self.focus = (self.focus - 1) % len(self.buttons)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                button = self.buttons[self.focus]
                self.on_action(button.action, button.value)
            elif event.key == pygame.K_ESCAPE:
                self.on_action("cancel", None)
            return True
        # a modal dialog swallows the mouse so nothing below reacts
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def on_action(self, action: str, value: object) -> bool:
        return False

    def close(self) -> None:
        self.app.stack.remove(self)

    def draw_frame(self, surface: pygame.Surface) -> DialogLayout:
        lay = self.layout()
        shade(surface, 120)
        panel(surface, lay.box, HILITE, alpha=252)
        font = fit_font(surface.get_height())
        tx, ty, tw, _0 = lay.title  # inset like the rows' text, clear of the border
        draw_text(surface, _(self.title), font + 2, (tx + 4, ty + 3), HILITE, bold=True,
                  max_width=tw - 8)
        for i, button in enumerate(self.buttons):
            button.draw(surface, font, i == self.focus)
        draw_tip(surface, self.buttons, font - 2, lay.rows)  # never over what the rows say
        return lay


class ChoiceScene(Dialog):
    """Several legal moves fit the click: each as small card pictures and in words; a click
    or its number picks one. The window keeps clear of the ``avoid`` boxes (the selection),
    so the cards the person chose stay in sight. More moves than the window holds scroll
    (wheel, arrows, PgUp PgDn), said under the list; ``note`` is a line of advice under it.
    The window keeps to the table's felt; a move too long for its row takes two lines."""

    wide = 0.55

    def __init__(self, app: App, title: str, options: list[str], on_choose: OnChoice,
                 moves: list[Move] | None = None, avoid: tuple[Box, ...] = (),
                 note: str = "") -> None:
        super().__init__(app, title, [Button(N_("Cancel"), "cancel", key=pygame.K_ESCAPE)])
        self.options = options
        self.moves = moves or []
        self.avoid = avoid
        self.note = note
        self.rows = len(options)
        self.on_choose = on_choose
        self.hover = 0
        self.top = 0
        """The first option shown (the list scrolls when the window cannot hold them all)."""
        self._natural: tuple[int, int] | None = None  # window height, natural_width there
        self._lines: tuple[tuple[int, int], int, list[list[str]]] | None = None
        """The window size, and the options' type size and lines there (``option_lines``)."""

    def picture_height(self) -> int:
        return round(fit_font(self.app.screen.get_height()) * 2.8) if self.moves else 0

    def shown(self) -> int:
        """How many options the window holds at once."""
        return len(self.layout().rows)

    def number_width(self) -> int:
        """The column of the options' numbers, as wide as the widest ('45.')."""
        return text_width(f"{self.rows}.", fit_font(self.app.screen.get_height()), True) + 18

    def natural_width(self) -> int:
        """How wide the widest option is drawn whole (the window grows to it if it can)."""
        height = self.app.screen.get_height()
        if self._natural is None or self._natural[0] != height:
            font, pictures = fit_font(height), self.picture_height()
            widest = max((text_width(text, font, cards=True) + 16 + (
                move_pictures_width(self.moves[i], pictures) + 8 if i < len(self.moves) else 0)
                for i, text in enumerate(self.options)), default=0)
            # the advice under the list too: a reason shrunk to fit read as small print
            note = text_width(self.note, font - 2, cards=True) + 8 if self.note else 0
            self._natural = (height, max(widest + self.number_width(), note))
        return self._natural[1]

    def box_width(self) -> int:
        """As wide as the widest option, within the felt (or the window) less its margins."""
        w, h = self.app.screen.get_size()
        margin = max(6, fit_font(h) // 2)
        felt = self.felt()
        most = min(w, felt if felt is not None else w) - 2 * margin
        return min(most, max(360, int(w * self.wide), self.natural_width() + 2 * margin))

    def pictures_most(self) -> int:
        """How wide a move's pictures may be: a little over half the row, the rest its words."""
        margin = max(6, fit_font(self.app.screen.get_height()) // 2)
        return (self.box_width() - 2 * margin - self.number_width() - 16) * 11 // 20

    def option_lines(self) -> tuple[int, list[list[str]]]:
        """The options' type size and each one's lines in the row's room for words: all at
        the body size on two lines at most, else all a step smaller (one size for the whole
        list reads evenly), and there as many lines as a move needs. A window wider than
        the felt (1000x700, 800x600) ran over the side panel; cut to the felt, the moves'
        words would end in an ellipsis, losing cards."""
        size_now = self.app.screen.get_size()
        if self._lines is None or self._lines[0] != size_now:
            font = fit_font(size_now[1])
            margin = max(6, font // 2)
            row = self.box_width() - 2 * margin
            pictures, most = self.picture_height(), self.pictures_most()
            rooms = [row - self.number_width() - 8 - (
                move_pictures_width(self.moves[i], pictures, most) + 8
                if i < len(self.moves) else 0) for i in range(self.rows)]
            for size in (font, font - 1):
                lines = [wrap(text, size, max(40, room))
                         for text, room in zip(self.options, rooms, strict=True)]
                if all(len(t) <= 2 for t in lines):
                    break
            self._lines = (size_now, size, lines)
        return self._lines[1], self._lines[2]

    def notes(self) -> list[str]:
        """The lines under the list: where it is scrolled to, and the advice."""
        lines = []
        shown = self.shown()
        if shown < self.rows:
            lines.append(_("moves {first}-{last} of {count}: scroll with the wheel, \u2191 \u2193, "
                           "PgUp PgDn").format(first=self.top + 1, last=self.top + shown,
                                              count=self.rows))
        return [*lines, self.note] if self.note else lines

    def layout(self) -> DialogLayout:
        w, h = self.app.screen.get_size()
        font = fit_font(h)
        line = round(font * 1.9)
        margin = max(6, font // 2)
        size, lines = self.option_lines()
        most = min(3, max((len(t) for t in lines), default=1))  # a longer one ends in "\u2026"
        words_h = most * round(size * 1.25) + 6
        row_h = max(line, self.picture_height() + 8, words_h)
        note_h = round(font * 1.4)
        frame = line * 2 + margin * 4
        notes = 1 if self.note else 0
        shown = self.rows
        if frame + notes * note_h + row_h * shown > h - 2 * margin:  # scrolls: say so
            notes += 1
            shown = max(1, min(self.rows, (h - 2 * margin - frame - notes * note_h) // row_h))
        bw = self.box_width()
        bh = min(h - 2 * margin, frame + notes * note_h + row_h * shown)
        x = centred_x(w, bw, self.felt(), margin)
        y = _clear_of(self.avoid, (x, (h - bh) // 2, bw, bh), h, margin)
        title = (x + margin, y + margin, bw - 2 * margin, line)
        rows = tuple((x + margin, y + margin + line + i * row_h, bw - 2 * margin, row_h - 2)
                     for i in range(shown))
        button = min(220, bw - 2 * margin)
        buttons = ((x + (bw - button) // 2, y + bh - margin - line, button, line),)
        return DialogLayout((x, y, bw, bh), title, rows, buttons)

    def scroll_to(self, index: int) -> None:
        """Make option ``index`` the hovered one and scroll it into sight."""
        shown = self.shown()
        self.hover = index % self.rows
        self.top = max(0, min(self.hover, self.rows - shown, max(self.top, self.hover - shown + 1)))

    def handle_event(self, event: pygame.event.Event) -> bool:
        lay = self.layout()
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, box in enumerate(lay.rows):
                if inside(box, *event.pos):
                    self.pick(self.top + i)
                    return True
        if event.type == pygame.MOUSEMOTION:
            for i, box in enumerate(lay.rows):
                if inside(box, *event.pos):
                    self.hover = self.top + i
        if event.type == pygame.MOUSEWHEEL:
            shown = len(lay.rows)
            self.top = max(0, min(self.rows - shown, self.top - event.y))
            self.hover = max(self.top, min(self.hover, self.top + shown - 1))
            return True
        if event.type == pygame.KEYDOWN:
            if pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < self.rows:
                self.pick(event.key - pygame.K_1)
                return True
            if event.key in (pygame.K_DOWN, pygame.K_UP):
                self.scroll_to(self.hover + (1 if event.key == pygame.K_DOWN else -1))
                return True
            if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                step = len(lay.rows) * (1 if event.key == pygame.K_PAGEDOWN else -1)
                self.scroll_to(max(0, min(self.rows - 1, self.hover + step)))
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.pick(self.hover)
                return True
        return super().handle_event(event)

    def pick(self, index: int | None) -> None:
        self.close()
        self.on_choose(index)

    def on_action(self, action: str, value: object) -> bool:
        if action == "cancel":
            self.pick(None)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.draw_frame(surface)
        font = fit_font(surface.get_height())
        shown = range(self.top, self.top + len(lay.rows))
        for i, box in zip(shown, lay.rows, strict=True):
            rect = pygame.Rect(box)
            if i == self.hover:
                pygame.draw.rect(surface, (50, 95, 70), rect, border_radius=6)
            x = rect.x + self.number_width()
            draw_text(surface, f"{i + 1}.", font, (x - 10, rect.centery), TEXT, "midright",
                      bold=True)
            if i < len(self.moves):
                h = self.picture_height()
                x = draw_move_pictures(surface, self.moves[i], (x, rect.centery - h // 2, 0, h),
                                       self.app.settings, self.pictures_most()) + 8
            size, lines = self.option_lines()
            step = round(size * 1.25)
            texts = lines[i] if len(lines[i]) <= 3 else [*lines[i][:2], " ".join(lines[i][2:])]
            top = rect.centery - step * (len(texts) - 1) // 2
            for k, words in enumerate(texts):
                draw_text(surface, words, size, (x, top + k * step), TEXT, "midleft",
                          max_width=rect.right - x - 8)
        if len(lay.rows) < self.rows:  # a bar beside the list: how much is shown, and where
            first, last = lay.rows[0], lay.rows[-1]
            top, height = first[1], last[1] + last[3] - first[1]
            bar = pygame.Rect(first[0] + first[2] + 1, top, 4, height)
            pygame.draw.rect(surface, (40, 70, 55), bar, border_radius=2)
            knob = pygame.Rect(bar.x, top + height * self.top // self.rows, 4,
                               max(8, height * len(lay.rows) // self.rows))
            pygame.draw.rect(surface, DIM, knob, border_radius=2)
        y = (lay.rows[-1][1] + lay.rows[-1][3] + 4) if lay.rows else lay.title[1]
        x, width = lay.title[0] + 4, lay.title[2] - 8
        for line in self.notes():
            draw_text(surface, line, font - 2, (x, y), DIM, max_width=width)
            y += round(font * 1.4)


def _clear_of(avoid: tuple[Box, ...], box: Box, height: int, margin: int) -> int:
    """A top for ``box`` (centred if it can be) that covers none of ``avoid``."""
    x, y, w, h = box
    candidates = [y, margin, height - h - margin]
    for a in sorted(avoid, key=lambda b: b[1]):  # just above or below each selected box
        candidates += [a[1] - h - margin, a[1] + a[3] + margin]
    fits = [c for c in candidates if margin <= c <= height - h - margin]
    for top in sorted(fits, key=lambda c: abs(c - y)):
        if not any(pygame.Rect(x, top, w, h).colliderect(a) for a in avoid):
            return top
    return y


class MenuScene(Dialog):
    """Esc at the table: one button a line, then the keys."""

    wide = 0.42

    def __init__(self, app: App, table: TableScene) -> None:
        undo = Button(N_("Undo my last move (Ctrl+Z)"), "undo")
        undo.enabled = table.session.can_undo()
        # At a network table there is no undo (a dead item looked live), and New game leaves
        # the table, after saying what becomes of the seat.
        remote = table.session.remote_table()
        new = Button(N_("Leave the table"), "leave") if remote else Button(N_("New game"), "new")
        super().__init__(app, N_("Menu"), [
            Button(N_("Resume"), "resume"), *([] if remote else [undo]),
            Button(N_("Settings"), "settings"), Button(N_("Rules"), "rules"), new,
            Button(N_("Quit"), "quit"),
        ])
        self.table = table

    def help_lines(self) -> tuple[int, list[str]]:
        """The key help under the buttons: its type size and lines at the window's width."""
        w, h = self.app.screen.get_size()
        font = fit_font(h)
        size = font - 3
        width = menu_layout(w, h, len(self.buttons), 0, font, self.wide).title[2] - 8
        return size, wrap(_("Keys: 1-9 play a hand card; \u2190 \u2192 move among table cards "
                            "and Space selects; H hint, then Enter plays it; U unseen cards; "
                            "Enter ends a staged turn; Ctrl+Z undo; Esc takes back, clears "
                            "or opens this menu; F11 full screen. Mouse: click table cards, "
                            "then a hand card, or drag a hand card onto the table; right click "
                            "clears the selection."),
                          size, width)

    def layout(self) -> DialogLayout:
        w, h = self.app.screen.get_size()
        size, lines = self.help_lines()
        return menu_layout(w, h, len(self.buttons), len(lines) * round(size * 1.3),
                           fit_font(h), self.wide, self.felt())

    def place_buttons(self) -> None:
        rows = self.layout().rows
        for button, (x, y, w, h) in zip(self.buttons, rows, strict=False):
            button.box = (x + w // 8, y, w - w // 4, h - 4)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_UP):
            step = 1 if event.key == pygame.K_DOWN else -1
            for _0 in self.buttons:
                self.focus = (self.focus + step) % len(self.buttons)
                if self.buttons[self.focus].enabled:
                    break
            return True
        ctrl_z = event.type == pygame.KEYDOWN and event.key == pygame.K_z
        if ctrl_z and event.mod & pygame.KMOD_CTRL:
            return self.on_action("undo", None)
        return super().handle_event(event)

    def reopen(self) -> None:
        """This menu again over its table: Esc in a page it opened goes back one step."""
        self.app.stack.push(MenuScene(self.app, self.table))

    def on_action(self, action: str, value: object) -> bool:
        if action in ("resume", "cancel"):
            self.close()
        elif action == "undo":
            self.close()
            self.table.undo()
        elif action == "settings":
            from casino.ui.scenes.options import SettingsScene

            self.close()  # and open again when Settings closes (not drawn twice under it)
            self.app.stack.push(SettingsScene(self.app, self.reopen))
        elif action == "rules":
            self.close()  # and open again when the rules close, as for Settings
            self.app.stack.push(rules_page(self.app, self.table.session.ruleset, self.reopen))
        elif action == "new":
            self.new_game()
        elif action in ("leave", "quit") and self.table.session.remote_table():
            from casino.ui.scenes.network import leave_question

            self.close()  # Cancel opens the menu again
            self.app.stack.push(leave_question(self.app, self.table.session,
                                               action == "quit", self.reopen))
        elif action == "quit":
            self.quit()
        else:
            return False
        return True

    def new_game(self) -> None:
        """To the title for a new game, once the person has read what becomes of this one:
        it stays saved, and the title's Play offers it back before a new game puts it aside
        (it went to the title in one click, and Play there set the game aside unasked). A
        game that cannot be saved is lost, so that is asked. (At a network table the menu
        offers "Leave the table" instead.)"""
        session = self.table.session
        self.close()  # Cancel opens the menu again, as Settings does
        if session.unsaved:
            self.app.stack.push(ConfirmScene(
                self.app, N_("Leave this game?"),
                _("This game cannot be saved. Leave it for a new game and lose it?"),
                N_("Leave it"), self.app.to_title, self.reopen))
            return
        self.app.stack.push(ConfirmScene(
            self.app, N_("Leave this game?"),
            _("Your {title} game stays saved. On the title screen, Play offers to resume it, "
              "or to put it aside for a new game; it is offered again once that one is "
              "over.").format(title=_(session.ruleset.title)),
            N_("To the title"), self.app.to_title, self.reopen))

    def quit(self) -> None:
        """Quit; while the table says the game is not saved (a read-only folder, a broken
        save file), only once the person says so: it quit at once and the game was lost."""
        if not self.table.session.unsaved:
            self.app.running = False
            return
        self.close()  # Cancel opens the menu again, as Settings does
        self.app.stack.push(ConfirmScene(
            self.app, N_("Quit without saving?"),
            _("This game cannot be saved. Quit and lose it?"), N_("Quit"), self.stop,
            self.reopen))

    def stop(self) -> None:
        self.app.running = False

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.draw_frame(surface)
        size, lines = self.help_lines()
        x, y, _w, _0 = lay.rows[len(self.buttons)]
        bottom = lay.box[1] + lay.box[3] - 6
        for line in lines:
            if y + size > bottom:
                break
            draw_text(surface, line, size, (x + 4, y), DIM)  # inset like the title
            y += round(size * 1.3)


class KeysScene(Dialog):
    """The keys and clicks of the table, two columns (? or F1; any key closes it)."""

    wide = 0.6

    def __init__(self, app: App, keys: tuple[tuple[str, str], ...]) -> None:
        super().__init__(app, N_("Keys and clicks"), [Button(N_("Close"), "cancel")])
        self.keys = keys
        self.rows = len(keys)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            self.close()
            return True
        return super().handle_event(event)

    def on_action(self, action: str, value: object) -> bool:
        self.close()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.draw_frame(surface)
        font = fit_font(surface.get_height())
        for (keys, what), (x, y, w, h) in zip(self.keys, lay.rows, strict=True):
            draw_text(surface, _(keys), font, (x + 8, y + h // 2), HILITE, "midleft", bold=True,
                      max_width=w // 3 - 12)
            draw_text(surface, _(what), font, (x + w // 3, y + h // 2), TEXT, "midleft",
                      max_width=w * 2 // 3 - 8)


def paragraphs(text: str) -> list[str]:
    """Text kept with hard line breaks as paragraphs: a blank line or a 'Heading:' starts one."""
    out: list[str] = []
    heading = r"\n(?=[A-ZÅÄÖ][A-Za-zÅÄÖåäö ]{1,20}:)"
    for block in re.split(rf"\n\s*\n|{heading}|\n(?=\u2022)", text.strip()):
        out.append(" ".join(block.split()))
    return out


HEADING = "## "
SMALL = "~ "
EXAMPLE = "@example "


def rule_examples(ruleset: Ruleset, shown: Ruleset | None = None) -> list[tuple[Move, str]]:
    """The plays ``shown`` (``ruleset`` itself when left out) lists as its examples, as
    (move, what it shows). A base's example is shown only where its card may do exactly
    the same under ``ruleset`` (Classic's "a King takes only a King" is not Royal's)."""
    from casino.engine import legal_moves
    from casino.engine.errors import CasinoError
    from casino.engine.notation import parse_move, parse_position

    def plays(rules: Ruleset, position: str, text: str) -> tuple[Move, set[Move]]:
        state = parse_position(rules, position)
        move = parse_move(state, text)
        return move, {m for m in legal_moves(state) if m.card == move.card}

    out: list[tuple[Move, str]] = []
    for example in (shown or ruleset).examples:
        try:
            move, legal = plays(ruleset, example.position, example.move)
            same = shown is None or plays(shown, example.position, example.move)[1] == legal
        except (CasinoError, ValueError):
            continue
        if move in legal and same:
            out.append((move, symbols(_(example.text))))
    return out


def help_blocks(ruleset: Ruleset, scoring_too: bool = True) -> list[str]:
    """A ruleset's help as the rules page's blocks: paragraphs, and a heading for each
    'Heading:' paragraph ("Scoring:" and its text left out unless ``scoring_too``)."""
    blocks: list[str] = []
    scoring = re.escape(_("Scoring:"))
    for para in paragraphs(re.sub(rf"\s+({scoring})", r"\n\1", symbols(_(ruleset.help)))):
        head = re.match(r"([A-ZÅÄÖ][A-Za-zÅÄÖåäö ]{1,20}):\s*(.*)", para)
        if head and not scoring_too and para.startswith(_("Scoring:")):
            continue
        if head:
            rest = head.group(2)
            blocks += [f"{HEADING}{head.group(1)}", rest[:1].upper() + rest[1:]]
        else:
            blocks.append(para)
    return blocks


def base_rulesets(ruleset: Ruleset) -> list[Ruleset]:
    """The rulesets ``ruleset`` builds on (its ``base``, that one's, ...), nearest first;
    one that cannot be found any more is left out."""
    from casino.engine.errors import CasinoError
    from casino.persistence.rulesets import get_ruleset

    out: list[Ruleset] = []
    name = ruleset.based_on
    while name is not None and len(out) < 4 and name not in (r.name for r in out):
        try:
            base = get_ruleset(name)
        except CasinoError:
            break
        out.append(base)
        name = base.based_on
    return out


def rules_page(app: App, ruleset: Ruleset, back: Callable[[], None] | None = None
               ) -> TextScene:
    """The rules as help for a player: short sections, examples with card pictures, the
    rules they build on ("As Classic Casino, but ...": Classic's help and examples), and
    apart, smaller, how these rules read their sources ("about these rules")."""
    blocks = [HEADING + _("The game"), symbols(_(ruleset.description)),
              HEADING + _("How to play"), *help_blocks(ruleset)]
    examples: list[tuple[Move, str]] = []

    def show(found: list[tuple[Move, str]]) -> None:
        """Each example as what it shows, then the play in small cards and words."""
        from casino.ui.words import move_text

        for move, caption in found:
            blocks.extend([caption, f"{EXAMPLE}{len(examples)}"])
            examples.append((move, move_text(move, ruleset)))

    own = rule_examples(ruleset)
    if own:
        blocks.append(HEADING + _("Examples"))
        show(own)
    for base in base_rulesets(ruleset):
        blocks += [HEADING + _("{title}: the rules these build on").format(
            title=_(base.title)),
            # Royal's page read "face cards take by sum", then Classic's "only one card".
            SMALL + _("Where {title} says otherwise above, {title} holds.").format(
                title=_(ruleset.title)),
            *help_blocks(base, scoring_too=False)]
        show(rule_examples(ruleset, base))
    blocks += [HEADING + _("About these rules"),
               SMALL + _("Source:") + " " + symbols(cited(ruleset.source))]
    if ruleset.interpretations:
        blocks.append(SMALL + _("How these rules are read where the sources are silent:"))
        blocks += [f"{SMALL}\u2022 {symbols(cited(line))}" for line in ruleset.interpretations]
    return TextScene(app, _(ruleset.title), "\n\n".join(blocks), examples, back)


class TextScene(Dialog):
    """A page of text with a Close button; the wheel, arrows and Page keys scroll it."""

    wide = 0.66

    def __init__(self, app: App, title: str, text: str,
                 examples: list[tuple[Move, str]] | None = None,
                 back: Callable[[], None] | None = None) -> None:
        super().__init__(app, title, [Button(N_("Close"), "cancel")])
        self.back = back
        """Runs when the page closes (the table's menu opens itself again there)."""
        self.text = text
        self.examples = examples or []
        """Moves drawn as card pictures where a paragraph reads '@example N'."""
        self.rows = 16
        self.scroll = 0  # first line shown
        self._lines: tuple[tuple[int, int], list[tuple[str, bool]]] | None = None

    def on_action(self, action: str, value: object) -> bool:
        self.close()
        if self.back is not None:
            self.back()
        return True

    def lines(self) -> list[tuple[str, bool]]:
        """The wrapped lines and whether each starts a paragraph (for a little space)."""
        size = self.app.screen.get_size()
        if self._lines is None or self._lines[0] != size:
            self._lines = (size, self.wrapped())  # a cache of a pure function of the size
        return self._lines[1]

    def wrapped(self) -> list[tuple[str, bool]]:
        """Lines keep their paragraph's mark: a heading, small print, an example row."""
        lay = self.layout()
        font = fit_font(self.app.screen.get_height()) - 1
        w = lay.rows[0][2]
        out: list[tuple[str, bool]] = []
        for para in paragraphs(self.text):
            if para.startswith((HEADING, EXAMPLE)):
                out.append((para, bool(out)))
                continue
            mark, size = (SMALL, font - 3) if para.startswith(SMALL) else ("", font)
            for k, line in enumerate(wrap(para.removeprefix(mark), size, w - 12)):
                out.append((mark + line, k == 0 and bool(out)))
        return out

    def line_height(self, line: str) -> int:
        font = fit_font(self.app.screen.get_height()) - 1
        if line.startswith(HEADING):
            return round(font * 1.8)
        if line.startswith(EXAMPLE):
            return round(font * 3.2)
        if line.startswith(SMALL):
            return round((font - 3) * 1.4)
        return round(font * 1.45)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.lines()  # wrapped here, for the window's size, so drawing only reads them

    def fits(self, start: int) -> int:
        """How many lines from ``start`` fit on the page, paragraph gaps included. A page
        breaks where a reader expects: an example's words stay on the page of its cards, and
        a heading (or a line ending in ':' that opens a list) on the page of what it heads.
        Kept together they may leave at most a third of the page empty; a longer block
        breaks inside its words instead, so no page ends in a wide empty band (s35)."""
        lay = self.layout()
        font = fit_font(self.app.screen.get_height()) - 1
        top, bottom = lay.rows[0][1], lay.buttons[0][1] - 6
        lines = self.lines()
        ends: list[int] = []  # the y below each line that fits
        y = top
        for k, (line, new_para) in enumerate(lines[start:]):
            y += (font // 2 if new_para and k else 0) + self.line_height(line)
            if y > bottom:
                break
            ends.append(y)
        count = len(ends)
        if count == 0 or start + count >= len(lines):
            return max(1, count)

        def leads(n: int) -> bool:
            """Whether line ``start + n - 1``, the page's last, must not end a page."""
            line, new_para = lines[start + n - 1]
            one_line = start + n >= len(lines) or lines[start + n][1]
            return line.startswith(HEADING) or (new_para and one_line and line.endswith(":"))

        def kept(n: int, whole: bool) -> int:
            """``n`` cut back so no page ends before an example row or on a heading; the
            example's words all go with it when ``whole``, else only their last line."""
            if lines[start + n][0].startswith(EXAMPLE):
                first = n - 1  # back to the first line of the words before the cards
                while whole and first > 0 and not lines[start + first][1]:
                    first -= 1
                n = first
            while n > 0 and leads(n):
                n -= 1
            return n

        third = (bottom - top) / 3
        for whole in (True, False):
            n = kept(count, whole)
            if n > 0 and bottom - ends[n - 1] <= third:
                return n
        return count

    def page(self) -> int:
        return self.fits(self.scroll)

    def last_scroll(self) -> int:
        """The first line shown when the page is scrolled to the end."""
        total = len(self.lines())
        start = total - 1
        while start > 0 and start - 1 + self.fits(start - 1) >= total:
            start -= 1
        return start if start + self.fits(start) >= total else 0

    def handle_event(self, event: pygame.event.Event) -> bool:
        step = 0
        if event.type == pygame.MOUSEWHEEL:
            step = -3 * event.y
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_UP):
            step = 1 if event.key == pygame.K_DOWN else -1
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            step = self.page() * (1 if event.key == pygame.K_PAGEDOWN else -1)
        if step:
            self.scroll = max(0, min(self.last_scroll(), self.scroll + step))
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.draw_frame(surface)
        font = fit_font(surface.get_height()) - 1
        x, y, w, _0 = lay.rows[0]
        lines = self.lines()
        shown = lines[self.scroll:self.scroll + self.page()]
        for k, (line, new_para) in enumerate(shown):
            if new_para and k:
                y += font // 2
            self.draw_line(surface, line, (x + 6, y, w - 12, self.line_height(line)), font)
            y += self.line_height(line)
        if len(shown) < len(lines):
            more = _("lines {first}-{last} of {count}: scroll with the wheel, \u2191 \u2193, "
                     "PgUp PgDn").format(first=self.scroll + 1,
                                         last=self.scroll + len(shown), count=len(lines))
            tx, ty, tw, th = lay.title
            title_w = text_image(self.title, font + 3, HILITE, True, None).get_width()
            draw_text(surface, more, font - 3, (tx + tw, ty + th // 2), DIM, "midright",
                      max_width=max(40, tw - title_w - 24))


    def draw_line(self, surface: pygame.Surface, line: str, box: Box, font: int) -> None:
        x, y, w, h = box
        if line.startswith(HEADING):
            draw_text(surface, line.removeprefix(HEADING), font + 1, (x, y + font // 3), HILITE,
                      bold=True, max_width=w)
        elif line.startswith(SMALL):
            draw_text(surface, line.removeprefix(SMALL), font - 3, (x, y), DIM, max_width=w)
        elif line.startswith(EXAMPLE):
            k = int(line.removeprefix(EXAMPLE))
            if k < len(self.examples):
                move, caption = self.examples[k]
                end = draw_move_pictures(surface, move, (x, y + 2, w, h - 6),
                                         self.app.settings)
                draw_text(surface, caption, font - 1, (end + 10, y + h // 2), TEXT, "midleft",
                          max_width=x + w - end - 10)
        else:
            draw_text(surface, line, font, (x, y), TEXT, max_width=w)


def _picture_places(move: Move, height: int, most: int | None = None
                    ) -> tuple[int, list[int], int]:
    """Where a move's small cards go at ``height``, from the pictures' left edge: the arrow's
    x, each table item's x, and the whole width (one geometry for drawing and measuring).
    Wider than ``most``, the items overlap to fit it (a capture of seven cards left the
    words of its move too narrow a column in a small window's choice)."""
    from casino.engine.reasons import move_items
    from casino.engine.state import item_cards
    from casino.ui.layout import card_size_for_height

    w = card_size_for_height(height)[0]
    arrow = w + 6
    x = arrow + max(12, height // 3) + 6
    first = x
    places = []
    for item in move_items(move):
        places.append(x)
        x += w + (len(item_cards(item)) - 1) * w // 3 + 8
    if places and _lays_on(move):
        x += w // 3  # the card shown laid on the build it makes
    if most is not None and x > most and len(places) > 1:
        last = x - places[-1]  # the last item keeps its width; the others close up
        share = max(0.0, (most - last - first) / (places[-1] - first))
        places = [first + round((at - first) * share) for at in places]
        x = places[-1] + last
    return arrow, places, x


def draw_move_pictures(surface: pygame.Surface, move: Move, box: Box,
                       settings: Settings, most: int | None = None) -> int:
    """A move as small cards: the hand card (outlined), an arrow, the table items it uses
    (overlapping to keep within ``most`` pixels); the x where the pictures end."""
    from casino.engine.reasons import move_items
    from casino.engine.state import item_cards
    from casino.ui.layout import card_size_for_height
    from casino.ui.render import draw_card

    x, y, _w, h = box
    card = card_size_for_height(h)
    arrow, places, width = _picture_places(move, h, most)
    draw_card(surface, move.card, (x, y, *card), settings, HILITE)
    draw_text(surface, "\u2192", max(12, h // 3), (x + arrow, y + h // 2), DIM, "midleft")
    k = 0
    for item, at in zip(move_items(move), places, strict=True):
        for k, c in enumerate(item_cards(item)):
            draw_card(surface, c, (x + at + k * card[0] // 3, y, *card), settings)
    if places and _lays_on(move):  # a build: the card laid on what it builds, as staged on
        # the table ("take the 8 build" and "build multiple 8" had the same pictures)
        draw_card(surface, move.card, (x + places[-1] + (k + 1) * card[0] // 3, y, *card),
                  settings, HILITE)
    return x + width


def _lays_on(move: Move) -> bool:
    """Whether ``move`` leaves its card on the table with what it uses (a build, a block)."""
    from casino.engine import Block, Build

    return isinstance(move, Build | Block)


def move_pictures_width(move: Move, height: int, most: int | None = None) -> int:
    """How wide ``draw_move_pictures`` draws ``move`` at ``height`` within ``most``."""
    return _picture_places(move, height, most)[2]


class NoticeScene(Dialog):
    """Messages the person should read (a damaged file kept aside...), with OK."""

    wide = 0.6

    def __init__(self, app: App, messages: list[str]) -> None:
        super().__init__(app, N_("Please note"), [Button(N_("OK"), "cancel")])
        self.messages = messages

    def layout(self) -> DialogLayout:
        font = fit_font(self.app.screen.get_height()) - 2
        return self.fitted_layout(self.messages, font, font // 2)

    def on_action(self, action: str, value: object) -> bool:
        self.close()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.draw_frame(surface)
        font = fit_font(surface.get_height()) - 2
        x, y, w, _0 = lay.rows[0]
        bottom = lay.buttons[0][1] - 6
        for message in self.messages:
            for line in wrap(message, font, w - 8):
                if y + font > bottom:
                    return
                draw_text(surface, line, font, (x + 4, y), TEXT)
                y += round(font * 1.35)
            y += font // 2


class ConfirmScene(Dialog):
    """A yes/no question; ``on_yes`` runs only on the yes button (or Y), ``on_no`` (if any)
    on Cancel, N or Esc. ``other`` is a third answer before them (the saved game's Resume
    it) with what it does."""

    wide = 0.45

    def __init__(self, app: App, title: str, question: str, yes: str,
                 on_yes: Callable[[], object], on_no: Callable[[], None] | None = None,
                 other: tuple[Button, Callable[[], None]] | None = None) -> None:
        buttons = [Button(yes, "yes", key=pygame.K_y),
                   Button(N_("Cancel"), "cancel", key=pygame.K_n)]
        if other is not None:
            buttons.insert(0, other[0])
        super().__init__(app, title, buttons)
        self.question = question
        self.on_yes = on_yes
        self.on_no = on_no
        self.other = other
        self.rows = 3
        self.focus = len(buttons) - 1  # Enter alone does not erase anything

    def layout(self) -> DialogLayout:
        """As tall as the question's lines (three rows always left a band under one line)."""
        return self.fitted_layout([self.question], fit_font(self.app.screen.get_height()))

    def on_action(self, action: str, value: object) -> bool:
        self.close()
        if action == "yes":
            self.on_yes()
        elif self.other is not None and action == self.other[0].action:
            self.other[1]()
        elif self.on_no is not None:
            self.on_no()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.draw_frame(surface)
        font = fit_font(surface.get_height())
        x, y, w, _0 = lay.rows[0]
        for line in wrap(self.question, font, w - 8)[:4]:
            draw_text(surface, line, font, (x + 4, y), TEXT)
            y += round(font * 1.35)


def draw_breakdown(surface: pygame.Surface, session: Session, score: RoundScore,
                   box: tuple[int, int, int, int], font: int) -> int:
    """The round's points per category per side, the round total and the game total."""
    x, y, w, _0 = box
    names = session.short_side_names()
    label_w = round(w * 0.3)
    col_w = (w - label_w) // len(names)
    line = round(font * 1.5)
    heads = [wrap(name, font, col_w - 6, bold=True)[:2] for name in names]
    for k, head in enumerate(heads):
        for n, text in enumerate(head):
            draw_text(surface, text, font, (x + label_w + k * col_w + col_w // 2,
                                            y + n * round(font * 1.2)),
                      ink_of(session, k), "midtop", bold=True,
                      max_width=col_w - 6)
    y += line + round(font * 1.2) * (max(len(h) for h in heads) - 1)
    counts = [(_("Cards taken"), score.cards), (_("Spades taken"), score.spades)]
    for label, values in counts:
        draw_text(surface, label, font, (x, y), DIM, max_width=label_w)
        for k, v in enumerate(values):
            draw_text(surface, str(v), font, (x + label_w + k * col_w + col_w // 2, y), DIM,
                      "midtop")
        y += line
    for category, points in score.by_category().items():
        draw_text(surface, category_name(category), font, (x, y), TEXT,
                  max_width=label_w)
        for k, p in enumerate(points):
            draw_text(surface, str(p), font, (x + label_w + k * col_w + col_w // 2, y), TEXT,
                      "midtop")
        y += line
    pygame.draw.line(surface, (110, 150, 120), (x, y), (x + w, y))
    y += 4
    for label, values in ((_("Round"), score.totals), (_("Game"), session.game.totals)):
        draw_text(surface, label, font, (x, y), HILITE, bold=True)
        for k, v in enumerate(values):
            draw_text(surface, str(v), font, (x + label_w + k * col_w + col_w // 2, y), HILITE,
                      "midtop", bold=True)
        y += line
    return y


def draw_plot(surface: pygame.Surface, session: Session, box: tuple[int, int, int, int],
              font: int) -> None:
    """Running game totals after each round, one line per side, with the target if any."""
    x, y, w, h = box
    if h < 30:
        return
    scores = session.game.scores
    sides = session.game.sides
    running = [[0] for _0 in range(sides)]
    for score in scores:
        for s in range(sides):
            running[s].append(running[s][-1] + score.totals[s])
    target = session.ruleset.game.target if session.ruleset.game.kind == "target" else 0
    top = max([target, *[r[-1] for r in running], 1])
    pygame.draw.rect(surface, (20, 55, 38), box, border_radius=6)
    n = max(1, len(scores))

    def point(i: int, v: int) -> tuple[int, int]:
        return (x + 8 + round((w - 16) * i / n), y + h - 6 - round((h - 12) * v / top))

    lines = [[point(i, v) for i, v in enumerate(running[s])] for s in range(sides)]
    if target:
        ty = point(0, target)[1]
        pygame.draw.line(surface, (150, 150, 110), (x + 4, ty), (x + w - 4, ty))
    for s, pts in enumerate(lines):
        colour = colour_of(session, s)
        if len(pts) > 1:
            pygame.draw.lines(surface, colour, False, pts, 3)
        for p in pts:
            pygame.draw.circle(surface, colour, p, 4)
    if target:
        label = text_image(str(target), max(10, font - 4), DIM, False, None, cards=False)
        surface.blit(label, clear_spot(label.get_size(), ty, lines,
                                       pygame.Rect(box).inflate(-12, -4)))


def clear_spot(size: tuple[int, int], line_y: int, lines: list[list[tuple[int, int]]],
               bounds: pygame.Rect) -> pygame.Rect:
    """Where a label of ``size`` sits on the horizontal line at ``line_y`` (the game's target)
    inside ``bounds`` and clear of every side's line (drawn 3 px wide, 4 px dots): just above
    the line at its left end, where every side starts from 0, else at its right end, else
    further along; the spot crossed least if none is clear. At the right end only, the "21"
    sat under the winner's line, which crosses the target there."""
    width, height = size
    lefts = [bounds.left, bounds.right - width,
             *range(bounds.left + width, bounds.right - 2 * width, max(4, width // 2))]
    best: pygame.Rect | None = None
    fewest = 0
    for left in lefts:
        for top in (line_y - 2 - height, line_y + 3):
            spot = pygame.Rect(left, top, width, height)
            if not bounds.contains(spot):
                continue
            near = spot.inflate(6, 6)
            hits = sum(1 for pts in lines for a, b in pairwise(pts) if near.clipline(a, b))
            hits += sum(1 for pts in lines for p in pts if near.inflate(8, 8).collidepoint(p))
            if not hits:
                return spot
            if best is None or hits < fewest:
                best, fewest = spot, hits
    return best or pygame.Rect(bounds.right - width, line_y - 2 - height, width, height)


SETTLE_SECONDS = 0.7
"""How long the round's and the game's result ignore keys and clicks once they open."""


class Settle:
    """The time a result has been open, to let it be seen: an Enter pressed in the rhythm
    of playing hinted moves went on through the round's sheet and Play again, and the next
    game began with "You win" never seen. Counted from the frames' ``dt`` (each at most a
    tenth of a second: a frame that stalled is no time the result was on the screen)."""

    def __init__(self) -> None:
        self.age = 0.0

    def tick(self, dt: float) -> None:
        self.age += min(dt, 0.1)

    def holds(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` is a key or click that comes too soon, and is dropped."""
        return self.age < SETTLE_SECONDS and event.type in (
            pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class SummaryScene(Dialog):
    """The round breakdown: categories per side, round and game totals, the score plot."""

    wide = 0.55

    def __init__(self, app: App, session: Session, on_close: Callable[[], None]) -> None:
        over = session.game.is_over()
        fixed = session.ruleset.rounds_in_game(session.players)
        number = session.game.round_index + 1
        title = (_("Round {number} of {fixed} scored").format(number=number, fixed=fixed)
                 if fixed else _("Round {number} scored").format(number=number))
        super().__init__(app, title,
                         [Button(N_("See result") if over else N_("Next round"), "next")])
        self.session = session
        self.on_close = on_close
        self.rows = 16
        self.settle = Settle()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.settle.tick(dt)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.settle.holds(event) or super().handle_event(event)

    def on_action(self, action: str, value: object) -> bool:
        if action in ("next", "cancel"):
            self.close()
            self.on_close()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.draw_frame(surface)
        font = fit_font(surface.get_height()) - 1
        score = self.session.game.scores[-1]
        x, y, w, _0 = lay.rows[0]
        y = draw_breakdown(surface, self.session, score, (x, y, w, 0), font)
        bottom = lay.buttons[0][1] - 8
        draw_plot(surface, self.session, (x, y + 6, w, bottom - y - 6), font)


class GameOverScene(Scene):
    """The winner, the final breakdown, and play again."""

    shows_notices = True

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.buttons = [Button(N_("Play again"), "again", key=pygame.K_RETURN),
                        Button(N_("Review"), "review", key=pygame.K_v),
                        Button(N_("Title"), "title", key=pygame.K_ESCAPE),
                        Button(N_("Quit"), "quit", key=pygame.K_q)]
        self.buttons[1].enabled = session.record_id is not None
        if session.remote_table():  # it leads to the network scene, not to a game here
            self.buttons[0] = Button(N_("Host or join"), "again", key=pygame.K_RETURN)
        self.settle = Settle()

    def place_buttons(self) -> None:
        for button, box in zip(self.buttons, self.layout().buttons, strict=True):
            button.box = box

    def update(self, dt: float) -> None:
        self.place_buttons()
        self.settle.tick(dt)

    def enter(self) -> None:
        self.place_buttons()
        winner = self.session.game.winner()
        human_side = self.session.game.round.side_of(self.session.me)
        self.app.sounds.play("won" if winner == human_side or self.session.shared else "lost")

    def layout(self) -> DialogLayout:
        w, h = self.app.screen.get_size()
        return dialog_layout(w, h, 18, len(self.buttons), fit_font(h), 0.6)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.settle.holds(event):
            return True
        for button, box in zip(self.buttons, self.layout().buttons, strict=True):
            button.box = box
            if button.handle(event):
                return True
        if event.type == ACTION:
            if event.action == "again":
                if self.session.remote_table():  # again with the same people
                    from casino.ui.scenes.network import NetworkScene

                    self.app.stack.replace(NetworkScene(self.app))
                else:
                    self.app.new_game(**self.app.setup)  # the same game, not the title's
            elif event.action == "review":
                self.review()
            elif event.action == "title":
                self.app.to_title()
            elif event.action == "quit":
                self.app.running = False
            return True
        return False

    def review(self) -> None:
        """Open the post-game review of this game, read back from the record book."""
        from casino.persistence import Records
        from casino.ui.scenes.review import ReviewScene

        if self.session.record_id is None:
            return
        records, messages = Records.open()
        record = records.game_record(self.session.record_id)
        if record is None:
            self.app.notices.extend([*messages, *records.read_errors,
                                     _("this game could not be read back for the review")])
            return
        self.app.stack.push(ReviewScene(self.app, record))  # its Close comes back here

    def headline(self) -> str:
        game = self.session.game
        winner = game.winner()
        if winner is None:
            return _("A draw!")
        if winner == game.round.side_of(self.session.me) and not self.session.shared:
            return _("You win!") if not game.round.partnership else _("Your team wins!")
        return _("{name} wins.").format(name=self.session.side_name(winner))

    def draw(self, surface: pygame.Surface) -> None:
        from casino.ui import assets

        surface.blit(assets.felt(surface.get_size()), (0, 0))
        lay = self.layout()
        panel(surface, lay.box, HILITE)
        font = fit_font(surface.get_height())
        draw_text(surface, self.headline(), font * 2, (lay.box[0] + lay.box[2] // 2,
                  lay.title[1]), HILITE, "midtop", bold=True)
        game = self.session.game
        totals = " \u2013 ".join(str(t) for t in game.totals)
        x, y, w, _0 = lay.rows[1]
        rounds = len(game.scores)
        line = ngettext("{title}: {n} round, final score {totals}",
                        "{title}: {n} rounds, final score {totals}", rounds).format(
            title=_(self.session.ruleset.title), n=rounds, totals=totals)
        draw_text(surface, line, font, (x + w // 2, y), TEXT, "midtop", max_width=w)
        y += round(font * 2)
        draw_text(surface, _("Last round"), font, (x, y), DIM)
        y = draw_breakdown(surface, self.session, game.scores[-1], (x, y + round(font * 1.6),
                           w, 0), font - 1)
        bottom = lay.buttons[0][1] - 8
        draw_plot(surface, self.session, (x, y + 6, w, bottom - y - 6), font)
        for button in self.buttons:
            button.draw(surface, font)
        draw_tip(surface, self.buttons, font - 2)
