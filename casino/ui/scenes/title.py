"""Title and new game: name, rules, opponents and their levels, first dealer, daily deal.

The choices are the saved settings (``App.change_settings``); the buttons lead to the game,
the Settings dialog, the rules, the Hall of Fame, the statistics and the tutorial.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from casino.engine import Game, Ruleset
from casino.engine.ruleset import Listed
from casino.engine.state import is_partnership
from casino.engine.wording import join_last
from casino.i18n import N_, _, ngettext
from casino.persistence import SavedGame, SeatInfo
from casino.persistence.rulesets import all_rulesets, get_ruleset
from casino.persistence.saves import person_moved
from casino.ui import assets
from casino.ui.layout import Box, DialogLayout, dialog_layout, fit_font
from casino.ui.scene import (
    ACTION,
    DIM,
    HILITE,
    TEXT,
    Button,
    Scene,
    draw_text,
    draw_tip,
    panel,
    press,
    row_click,
    text_width,
    wrap,
    wrap_evenly,
)
from casino.ui.scenes.dialogs import Dialog
from casino.ui.scenes.options import (
    Option,
    draw_row,
    on_off,
    setting_value,
    step_setting,
    value_at,
)
from casino.ui.session import (
    HUMAN,
    PERSON,
    ai_levels,
    level_label,
    level_notices,
    played_level,
    shown_name,
)
from casino.ui.settings import Settings
from casino.ui.words import symbols

if TYPE_CHECKING:
    from casino.ui.app import App
    from casino.ui.layout import DialogLayout

DEFAULT_NAME = Settings().player_name
"""The name nobody chose: the title starts on its row, ready to replace it."""
ALONE = "3 alone"  # the opponents row's value for four players each alone
OPTION_ROWS = 8  # name, rules, opponents, three levels, first dealer, daily deal
"""Rows kept for the choices; under them three lines about the rules (``about_lines``),
then the buttons."""
NAME_LENGTH = 24


class TitleScene(Scene):
    shows_notices = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        listed = [item for item in all_rulesets() if item.ruleset is not None]
        self.rulesets = [item.name for item in listed]
        self.listed = listed
        self.found = {item.name: item.ruleset for item in listed if item.ruleset is not None}
        self.yours = {item.name: Path(item.where).name for item in listed
                      if item.origin == "yours"}
        """The rulesets as listed when the title opened: an edit meanwhile cannot break it."""
        if app.settings.ruleset not in self.rulesets:
            app.change_settings(ruleset=self.rulesets[0])
        self.name = app.settings.player_name  # as typed (may end in a space while typing)
        self.note = ""
        """A word on the last key, in place of the keys' help line (until the next key)."""
        self.saved: tuple[SavedGame, Game] | None = None
        """A game in progress found at launch and not resumed: Play asks before replacing it."""
        self.fresh = app.settings.player_name == DEFAULT_NAME
        """The name is still the default, untouched: the title opens on the name row and the
        first letter typed replaces it (typing 'Friend' on the rules row opened the Hall of
        Fame with F and lost the rest). A chosen name opens on the rules, where the letters
        are the buttons' keys again."""
        self.row = 0 if self.fresh else 1
        self.buttons = [Button(N_("Play"), "play", key=pygame.K_RETURN),
                        Button(N_("Settings"), "settings", key=pygame.K_s),
                        Button(N_("Rules"), "rules", key=pygame.K_r),
                        Button(N_("Quit"), "quit", key=pygame.K_q)]
        self.more = [Button(N_("Hall of Fame"), "fame", key=pygame.K_f),
                     Button(N_("Statistics"), "stats", key=pygame.K_t),
                     Button(N_("Tutorial"), "tutorial", key=pygame.K_l),
                     Button(N_("Network"), "network", key=pygame.K_n)]

    def options(self) -> list[Option]:
        settings = self.app.settings
        ruleset = self.chosen()
        levels = tuple(ai_levels())
        labels = tuple(level_label(v) for v in levels)
        opponents = tuple(str(n - 1) for n in ruleset.players)
        shown = opponents
        if ruleset.partnerships and "3" in opponents:  # four: two teams or each alone
            opponents += (ALONE,)
            shown = (*(_("{n} (two teams)").format(n=n) if n == "3" else n for n in shown),
                     _("{n} (each alone)").format(n=3))
        rows = [
            Option("player_name", _("Your name (type it)"), ()),
            Option("ruleset", _("Rules"), tuple(self.rulesets),
                   tuple(ruleset_label(item) for item in self.listed)),
            Option("opponents", _("Other players"), opponents, shown),
        ]
        for seat in range(1, settings.players if settings.players in ruleset.players
                          else ruleset.players[0]):
            label = _("Seat {number} (partner)") if self.teams(ruleset) and seat == 2 \
                else _("Seat {number}")
            here = _("{name} here (type the name)").format(name=self.seat_name(seat)) \
                if self.row_key() == f"level{seat}" else \
                _("{name}, here at this screen").format(name=self.seat_name(seat))
            rows.append(Option(f"level{seat}", label.format(number=seat + 1),
                               (*levels, PERSON),
                               (*(_("computer, {level}").format(level=w) for w in labels), here)))
        rows.append(Option("first_dealer", _("First dealer"), ("coin", "me", "opponent"),
                           (_("coin flip"), _("me"), _("a computer"))))
        rows.append(on_off("daily_deal", self.daily_label()))
        return rows

    def daily_label(self) -> str:
        """The daily deal row's label, short where the long one does not fit in the rows'
        type (at 640x400 it was drawn smaller than the labels above it)."""
        lay = self.layout()
        x = lay.rows[1][0]
        font = fit_font(self.app.screen.get_height())
        room = value_at()(lay.rows[1]) - x - 8 - max(12, font)  # as ``draw_row`` gives it
        long = _("Daily deal (today's cards)")
        return long if text_width(long, font) <= room else _("Daily deal")

    def about_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """Under the choices, the chosen rules in a few words: first what their sweeps score,
        the difference a player looks for between rulesets alike in name (Classic and
        Classic with sweeps), then the ruleset's description on up to two lines."""
        ruleset = self.chosen()
        font = fit_font(self.app.screen.get_height())
        _0, _0, w, _0 = self.layout().rows[OPTION_ROWS + 1]
        sweep = ruleset.scoring.sweep
        said = ngettext("Sweeps (clearing the table) score {n} point each.",
                        "Sweeps (clearing the table) score {n} points each.", sweep).format(
            n=sweep) if sweep else _("Sweeps (clearing the table) score nothing.")
        about = symbols(_(ruleset.description))  # Kasino's reads '2S 2/15, 10D 10/16'
        if ruleset.name in self.yours:
            about = _("Your own ruleset ({file}): {about}").format(file=self.yours[ruleset.name],
                                                                   about=about)
        return [(said, TEXT), *((line, DIM) for line in wrap(about, font - 2, w - 16)[:2])]

    def row_key(self) -> str:
        """The key of the focused row, without building the rows (they name it)."""
        keys = ["player_name", "ruleset", "opponents",
                *(f"level{seat}" for seat in range(1, self.app.settings.players))]
        return keys[self.row] if self.row < len(keys) else ""

    def seat_name(self, seat: int) -> str:
        """The name of the person in ``seat`` (1-3) as typed, or 'Player N' while blank."""
        return self.app.settings.seat_names[seat - 1] or _("Player {number}").format(
            number=seat + 1)

    def teams(self, ruleset: Ruleset) -> bool:
        """Four players as two teams, as chosen (where the ruleset has partnerships)."""
        return is_partnership(ruleset, self.app.settings.players) and self.app.settings.teams

    def chosen(self) -> Ruleset:
        """The ruleset the rules row shows."""
        return self.found.get(self.app.settings.ruleset) or get_ruleset(self.rulesets[0])

    def current(self, option: Option) -> str:
        if option.key == "player_name":
            return self.name
        if option.key == "opponents" and ALONE in option.values and not self.teams(
                self.chosen()) and self.app.settings.opponents == 3:
            return ALONE
        if option.key.startswith("level"):
            return self.app.settings.difficulties[int(option.key[5:]) - 1]
        return setting_value(self.app, option.key)

    def change(self, index: int, step: int) -> None:
        option = self.options()[index]
        if not option.values:
            return  # typed, not chosen
        if option.key.startswith("level"):
            seat = int(option.key[5:]) - 1
            now = self.current(option)
            pos = option.values.index(now) if now in option.values else 0
            levels = list(self.app.settings.difficulties)
            levels[seat] = option.values[(pos + step) % len(option.values)]
            self.app.change_settings(difficulties=tuple(levels))
            return
        if option.key == "opponents":
            now = self.current(option)
            new = option.values[(option.values.index(now) + step) % len(option.values)]
            self.app.change_settings(opponents=int(new[0]), teams=new != ALONE)
            return
        step_setting(self.app, option, step)
        if option.key == "ruleset":
            allowed = self.chosen().players
            if self.app.settings.players not in allowed:
                self.app.change_settings(opponents=allowed[0] - 1)

    def layout(self) -> DialogLayout:
        w, h = self.app.screen.get_size()
        return dialog_layout(w, h, OPTION_ROWS + 6, len(self.buttons), fit_font(h), 0.62)

    def option_boxes(self) -> list[Box]:
        return list(self.layout().rows[1:len(self.options()) + 1])

    def place_buttons(self) -> None:
        lay = self.layout()
        for button, box in zip(self.buttons, lay.buttons, strict=True):
            button.box = box
        x, y, w, h = lay.rows[OPTION_ROWS + 4]
        gap = max(6, w // 40)
        bw = min(220, (w - gap * (len(self.more) - 1)) // len(self.more))
        x0 = x + (w - bw * len(self.more) - gap * (len(self.more) - 1)) // 2
        for k, button in enumerate(self.more):
            button.box = (x0 + k * (bw + gap), y, bw, h)

    def enter(self) -> None:
        self.place_buttons()

    def update(self, dt: float) -> None:
        self.place_buttons()

    def type_seat_name(self, event: pygame.event.Event) -> bool:
        """Keys typed on the row of a seat where another person sits edit their name."""
        key = self.row_key()
        if event.type != pygame.KEYDOWN or not key.startswith("level") or \
                self.app.settings.difficulties[int(key[5:]) - 1] != PERSON:
            return False
        seat = int(key[5:]) - 1
        names = list(self.app.settings.seat_names)
        text = getattr(event, "unicode", "")
        if event.key == pygame.K_BACKSPACE:
            names[seat] = names[seat][:-1]
        elif text and text.isprintable() and text != " " and event.key not in (
                pygame.K_RETURN, pygame.K_TAB):
            if len(names[seat]) >= NAME_LENGTH:
                return True
            names[seat] += text
        elif text == " " and names[seat]:
            names[seat] += " "
        else:
            return False
        self.app.change_settings(seat_names=tuple(names))
        return True

    def type_name(self, event: pygame.event.Event) -> bool:
        """Keys typed while the name row has focus edit the name (saved once it is valid)."""
        if self.type_seat_name(event):
            return True
        if event.type != pygame.KEYDOWN or self.options()[self.row].key != "player_name":
            return False
        if event.key == pygame.K_BACKSPACE:
            self.name = "" if self.fresh else self.name[:-1]  # a marked name goes whole
        else:
            text = getattr(event, "unicode", "")
            if not (text and text.isprintable() and event.key not in (pygame.K_RETURN,
                                                                         pygame.K_TAB)):
                return False
            if self.fresh:
                self.name = ""
            if len(self.name) < NAME_LENGTH:
                self.name += text
        self.fresh = False
        name = self.name.strip()
        if name and name != self.app.settings.player_name:
            self.app.change_settings(player_name=name)
        return True

    def letter_on_a_computer_seat(self, event: pygame.event.Event) -> bool:
        """A letter typed on the row of a computer's seat is a name typed on the wrong row,
        not a button's shortcut (N opened Network): say how to seat a person there."""
        key = self.row_key()
        text = getattr(event, "unicode", "")
        if event.type != pygame.KEYDOWN or not key.startswith("level") or \
                not (text.isalpha() or text.isdigit()) or \
                getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        self.note = _("Seat {number} is a computer: \u2192 makes it a person at this screen, "
                      "then type the name.").format(number=int(key[5:]) + 1)
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        used = self.use_event(event)
        if self.row_key() != "player_name":
            self.fresh = False  # the person moved on: a name typed later is added to
        return used

    def use_event(self, event: pygame.event.Event) -> bool:
        self.place_buttons()
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self.note = ""
        if self.type_name(event) or self.letter_on_a_computer_seat(event):
            return True
        if press([*self.buttons, *self.more], event):
            return True
        n = len(self.options())
        self.row = min(self.row, n - 1)
        if event.type == ACTION:
            return self.on_action(str(event.action))
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
        clicked = row_click(event, self.option_boxes(), value_at())
        if clicked is not None:
            self.row, step = clicked
            self.change(self.row, step)
            return True
        return False

    def play(self, **setup: Any) -> None:
        """Play: a new game, with ``setup`` in place of the title's choices for this game
        only (``App.new_game``); first asking, when a game in progress is saved, whether to
        resume it or put it aside."""
        if self.saved is None or not person_moved(self.saved[0]):
            self.app.new_game(**setup)
            return
        from casino.ui.scenes.dialogs import ConfirmScene

        save, game = self.saved
        n = save.move_count()
        self.app.stack.push(ConfirmScene(
            self.app, _("Put your saved game aside?"),
            ngettext("Your {title} game ({n} move) is still saved. Resume it, or start a "
                     "new game: the saved one is put aside and offered again once the new "
                     "one is over.",
                     "Your {title} game ({n} moves) is still saved. Resume it, or start a "
                     "new game: the saved one is put aside and offered again once the new "
                     "one is over.", n).format(title=_(game.ruleset.title), n=n),
            _("New game"), lambda: self.app.new_game(**setup),
            other=(Button(N_("Resume it"), "resume", key=pygame.K_r),
                   lambda: self.app.resume(save, game))))

    def on_action(self, action: str) -> bool:
        stack = self.app.stack
        if action == "play":
            self.play()
        elif action == "settings":
            from casino.ui.scenes.options import SettingsScene

            stack.push(SettingsScene(self.app))
        elif action == "rules":
            from casino.ui.scenes.dialogs import rules_page

            stack.push(rules_page(self.app, self.chosen()))
        elif action == "fame":
            from casino.ui.scenes.records import HallOfFameScene

            stack.push(HallOfFameScene(self.app))
        elif action == "stats":
            from casino.ui.scenes.records import StatisticsScene

            stack.push(StatisticsScene(self.app))
        elif action == "tutorial":
            from casino.ui.scenes.tutorial import TutorialScene

            stack.replace(TutorialScene(self.app))
        elif action == "network":
            from casino.ui.scenes.network import NetworkScene

            stack.replace(NetworkScene(self.app))
        elif action == "quit":
            self.app.running = False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(assets.felt(surface.get_size()), (0, 0))
        lay = self.layout()
        font = fit_font(surface.get_height())
        panel(surface, lay.box, HILITE)
        bx, _by, bw, _0 = lay.box
        draw_text(surface, "\u2660 \u2665  " + _("Casino") + "  \u2666 \u2663", font * 2,
                  (bx + bw // 2, lay.title[1]), HILITE, "midtop", bold=True)
        for i, (option, box) in enumerate(zip(self.options(), self.option_boxes(), strict=True)):
            draw_row(surface, option, self.current(option), box, font, i == self.row,
                     cursor=i == self.row, selected=self.fresh and option.key == "player_name")
        x, y, w, h = lay.rows[OPTION_ROWS + 1]
        y += h // 2
        for k, (line, colour) in enumerate(self.about_lines()):
            draw_text(surface, line, font - 2, (x + 8, y + k * round(font * 1.3)), colour,
                      max_width=w - 16)
        help_line, colour = (self.note, HILITE) if self.note else (_(
            "Type your name \u00b7 \u2193 other lines, where letters are the buttons' keys "
            "\u00b7 Enter plays"), DIM) if self.row_key() == "player_name" else (_(
                "\u2191 \u2193 choose a line \u00b7 \u2190 \u2192 or click change it \u00b7 "
                "Enter plays \u00b7 Esc quits"), DIM)  # letters are the name on the name row
        # midway between the rows of buttons, inset like the rows' text: at 640x400 it ran
        # from frame to frame and touched the buttons above; two lines where one is too long
        x, _0, w, _0 = lay.rows[-1]
        more = self.more[0].box
        size, middle = font - 3, (more[1] + more[3] + lay.buttons[0][1]) // 2
        lines = wrap_evenly(help_line, size, w - 16)
        lines = lines if len(lines) <= 2 else [help_line]
        step = round(size * 1.25)
        for k, line in enumerate(lines):
            draw_text(surface, line, size,
                      (x + w // 2, middle + (2 * k + 1 - len(lines)) * step // 2), colour,
                      "center", max_width=w - 16)
        for button in [*self.buttons, *self.more]:
            button.draw(surface, font)
        draw_tip(surface, [*self.buttons, *self.more], font - 2)

    def busy(self) -> bool:
        return False


def ruleset_label(item: Listed) -> str:
    """How the rules row names a ruleset: its title, a player's own marked as theirs."""
    title = _(item.ruleset.title) if item.ruleset is not None else item.name
    return _("Yours: {title}").format(title=title) if item.origin == "yours" else title


def option_rows(scene: TitleScene) -> list[tuple[int, int, int, int]]:
    """The clickable rows of the options, in order (tests aim at them)."""
    return scene.option_boxes()


class DescribedDialog(Dialog):
    """An offer at launch that says its ``describe()`` lines, each wrapped, in a box as tall
    as they are (the resume offer, the rejoin offer)."""

    wide = 0.5

    def describe(self) -> list[str]:
        raise NotImplementedError

    def layout(self) -> DialogLayout:
        return self.fitted_layout(self.describe(), fit_font(self.app.screen.get_height()))

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.draw_frame(surface)
        font = fit_font(surface.get_height())
        x, y, w, _0 = lay.rows[0]
        for line in self.describe():
            for part in wrap(line, font, w - 8):
                draw_text(surface, part, font, (x + 4, y), TEXT)
                y += round(font * 1.35)


class ResumeScene(DescribedDialog):
    """At launch, over the title: carry on with the saved game, or leave it for now."""

    def __init__(self, app: App, save: SavedGame, game: Game, back: bool = False) -> None:
        super().__init__(app, N_("Resume your game?"), [
            Button(N_("Resume"), "resume", key=pygame.K_RETURN),
            Button(N_("Not now"), "cancel", key=pygame.K_ESCAPE)])
        self.save = save
        self.game = game
        self.back = back
        """The game was put aside for another, which has ended: it is offered back."""

    def describe(self) -> list[str]:
        """Which game, where it stands, and whose turn it is. With partners the partner is
        named as one and the score is the teams' (it listed the partner among the opponents,
        under a 'score 0 \u2013 0' that did not say which side was whose)."""
        game, save = self.game, self.save

        def seat(p: SeatInfo, partner: bool = False) -> str:
            """A computer with its level, another person by name; a partner said so."""
            if p.level is None:
                return _("{name} (partner)").format(name=shown_name(p.name)) if partner \
                    else shown_name(p.name)
            level = level_label(played_level(p.level))
            return (_("{name} (partner, {level})") if partner else "{name} ({level})").format(
                name=shown_name(p.name), level=level)

        title = _(game.ruleset.title)
        totals = " \u2013 ".join(str(t) for t in game.totals)
        n = save.move_count()
        ours = game.round.side_of(HUMAN)
        partners = {k for k in range(len(save.players)) if k != HUMAN
                    and game.round.partnership and game.round.side_of(k) == ours}
        mates = [seat(save.players[k], partner=True) for k in sorted(partners)]
        others = join_last([seat(p) for k, p in enumerate(save.players)
                            if k != HUMAN and k not in partners], _("{rest} and {last}"))
        if mates:
            lines = [_("{title} with {partner} against {others}").format(
                         title=title, partner=", ".join(mates), others=others),
                     ngettext("Round {number}, {n} move played, your team {ours} \u2013 their "
                              "team {theirs}",
                              "Round {number}, {n} moves played, your team {ours} \u2013 their "
                              "team {theirs}", n).format(
                         number=game.round_index + 1, n=n, ours=game.totals[ours],
                         theirs=game.totals[1 - ours])]
        else:
            lines = [_("{title} against {others}").format(title=title, others=others),
                     ngettext("Round {number}, {n} move played, score {totals}",
                              "Round {number}, {n} moves played, score {totals}", n).format(
                         number=game.round_index + 1, n=n, totals=totals)]
        if save.daily is not None:
            lines.append(_("The daily deal of {date}").format(date=save.daily.isoformat()))
        if self.back:
            lines.append(_("It was put aside for a new game; that one is over, so it is back."))
        lines.extend(level_notices(save.players))  # a level from another version of Casino
        people = [p for p in save.players if p.level is None]
        mover = save.players[game.round.to_move]
        if len(people) > 1 and mover.level is None:
            lines.append(_("{name} to play…").format(name=shown_name(mover.name)))
        elif game.round.to_move == HUMAN:
            lines.append(_("It is your turn."))
        elif mover.level is not None and not game.round_over():  # closed while it thought
            alone = sum(p.level is not None for p in save.players) == 1
            lines.append(_("It is the computer's turn: it plays when you resume.") if alone
                         else _("It is the computer's turn ({name}): it plays when you "
                                "resume.").format(name=shown_name(mover.name)))
        return lines

    def on_action(self, action: str, value: object) -> bool:
        self.close()
        if action == "resume":
            self.app.resume(self.save, self.game)
        return True


class RejoinScene(DescribedDialog):
    """At launch, over the title: a seat is kept at a network table (the window crashed, or
    left while the game went on); Rejoin takes it back in one click, as the Network
    screen's Join would."""

    def __init__(self, app: App, address: str, code: str) -> None:
        super().__init__(app, N_("Take your seat back?"), [
            Button(N_("Rejoin"), "rejoin", key=pygame.K_RETURN),
            Button(N_("Not now"), "cancel", key=pygame.K_ESCAPE)])
        self.address = address
        self.code = code

    def describe(self) -> list[str]:
        return [_("Your seat at the network table at {address} (code {code}) is kept.").format(
                    address=self.address, code=self.code),
                _("Rejoin sits you down there again, if the host is still playing it. Not now "
                  "leaves it for the Network screen.")]

    def on_action(self, action: str, value: object) -> bool:
        self.close()
        if action == "rejoin":
            from casino.ui.scenes.network import NetworkScene

            scene = NetworkScene(self.app)
            scene.address, scene.code = self.address, self.code
            scene.join()
            if scene.message:  # Join refused the seat's address: the Network screen says why
                self.app.stack.replace(scene)
        return True
