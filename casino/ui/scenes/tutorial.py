"""The interactive tutorial: the table with a scripted deal from ``casino.tutorial.LESSONS``.

The person plays as at the table; the lesson judges each move before it is played. The
right move is played and praised, a wrong legal move is explained and not played, and an
illegal one is refused with the engine's reason (as at the table), said in the lesson's
panel too. A lesson of two turns plays the computer's scripted reply in between; the last
lesson's Finish offers a real game.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from casino.ai.registry import DIFFICULTIES
from casino.engine import Game, Move, load_ruleset
from casino.engine.wording import Reason
from casino.i18n import N_, _
from casino.tutorial import LESSONS, Lesson
from casino.ui.layout import Box
from casino.ui.scene import DIM, ERROR, HILITE, TEXT, Button, draw_text, panel, press, wrap
from casino.ui.scenes.table import TableScene
from casino.ui.session import HUMAN, Seat, Session, make_policy
from casino.ui.words import symbols

if TYPE_CHECKING:
    from casino.ui.app import App

REPLY_DELAY = 1.2
"""Seconds between the person's first move of a two-turn lesson and the computer's reply:
time to read the praise before the table changes."""


def lesson_session(lesson: Lesson, name: str) -> Session:
    """A two-seat session at the lesson's position; the computer's seat is never asked to
    play (its only moves are a lesson's scripted replies)."""
    ruleset = load_ruleset(lesson.ruleset)
    game = Game.start(ruleset, 2, "tutorial", 0)
    game = replace(game, round=lesson.state())
    return Session(ruleset, game, [Seat(name, None), Seat("Computer", make_policy("greedy", 0))])


class TutorialScene(TableScene):
    def __init__(self, app: App, index: int = 0) -> None:
        self.index = index
        self.lesson = LESSONS[index]
        super().__init__(app, lesson_session(self.lesson, app.settings.player_name))
        self.solved = False
        """The person's move of this turn is played (the lesson waits for no other)."""
        self.turn = 0
        """The person's turn in the lesson (a lesson with ``then`` has two)."""
        self.reply_in: float | None = None
        """Seconds until the computer's scripted reply is played, once the first is solved."""
        self.feedback = ""
        self.feedback_ok = False
        self.lesson_buttons = [
            Button(N_("\u2190 Back"), "lesson_prev", key=pygame.K_PAGEUP, enabled=index > 0),
            Button(N_("Again"), "lesson_again", key=pygame.K_a),
            Button(N_("Next \u2192"), "lesson_next", key=pygame.K_n),
            Button(N_("Leave tutorial"), "lesson_leave"),
        ]
        self.say(_("Lesson {number} of {count}: {title}").format(
            number=index + 1, count=len(LESSONS), title=_(self.lesson.title)))

    # -- geometry

    def lesson_box(self) -> Box:
        """The lesson's panel: over the score sheet and move log, above the table's buttons."""
        lay = self.layout()
        px, _0, pw, _0 = lay.panel
        top_button = min(b[1] for b in lay.buttons)
        return (px + lay.margin, lay.margin, pw - 2 * lay.margin, top_button - 2 * lay.margin)

    def place_lesson_buttons(self) -> None:
        x, y, w, h = self.lesson_box()
        lay = self.layout()
        bh = round(lay.font * 2.1)
        bw = (w - 3 * lay.margin) // 2
        for k, button in enumerate(self.lesson_buttons):
            row, col = divmod(k, 2)
            button.box = (x + lay.margin + col * (bw + lay.margin),
                          y + h - (2 - row) * (bh + lay.margin), bw, bh)
        self.lesson_buttons[2].label = N_("Finish \u2713") if self.index + 1 == len(LESSONS) \
            else N_("Next \u2192")

    def title_lines(self) -> list[str]:
        """The lesson's title wrapped as it is drawn (bold) inside the lesson panel."""
        lay = self.layout()
        _0, _0, w, _0 = self.lesson_box()
        return wrap(_(self.lesson.title), lay.font + 2, w - 4 * lay.margin, bold=True)

    # -- events

    def seat_to_move(self) -> int | None:
        """Nobody, once the lesson is solved: the computer never plays in a lesson, and its
        area said "Computer's turn, thinking…" for as long as the lesson stayed open."""
        return None if self.solved and self.reply_in is None else super().seat_to_move()

    def can_act(self) -> bool:
        return not self.solved and super().can_act()

    def finished(self) -> bool:
        """The lesson's every turn is played: Next is the way on."""
        return self.solved and self.turn + 1 >= self.lesson.turns

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.place_lesson_buttons()
        if press(self.lesson_buttons, event):
            return True
        return super().handle_event(event)

    def on_action(self, action: str) -> bool:
        if action in ("lesson_next", "lesson_prev", "lesson_again"):
            step = {"lesson_next": 1, "lesson_prev": -1, "lesson_again": 0}[action]
            index = self.index + step
            if index >= len(LESSONS):
                self.offer_game()
            elif index >= 0:
                self.app.stack.replace(TutorialScene(self.app, index))
            return True
        if action in ("lesson_leave", "menu"):
            self.leave()
            return True
        return super().on_action(action)

    def leave(self) -> None:
        self.app.to_title()

    def offer_game(self) -> None:
        """The tutorial is done: offer a game of Classic against the Easy computer."""
        from casino.ui.scenes.dialogs import ConfirmScene

        ask = ConfirmScene(self.app, _("Tutorial finished"),
                           _("You know how Classic Casino is played. Play a game of it now "
                             "against the Easy computer?"),
                           N_("Play Classic"), self.play_classic, self.leave)
        ask.buttons[1].label = N_("Not now")
        ask.focus = 0  # nothing is lost: the title's Play asks before replacing a saved game
        self.app.stack.push(ask)

    def play_classic(self) -> None:
        """A new game of Classic against one Easy computer, not the daily deal, from the
        title's Play (which asks first when a game in progress is saved). The title is
        ``App.to_title``'s, as on every way back to it: this one had its own copy of reading
        the saved game. The title's choices stay the person's: this game's are its own (the
        rules, opponents and level chosen before were overwritten)."""
        levels = self.app.settings.difficulties
        self.app.to_title().play(ruleset="classic", opponents=1, daily_deal=False,
                                 difficulties=(DIFFICULTIES["Easy"], *levels[1:]))

    def say(self, text: str, kind: str = "info") -> None:
        """The status line; a refusal is said in the lesson's panel too (a lesson asks the
        person to try a move the table refuses)."""
        super().say(text, kind)
        if kind == "error" and not self.solved:
            self.feedback, self.feedback_ok = text, False

    def perform(self, move: Move) -> None:
        """Judge the person's move by the lesson: play it only when it is the lesson's answer."""
        if self.session.to_move() != HUMAN or self.solved:
            return
        solved, message = self.lesson.judge(move, self.turn, self.session.game.round)
        if not solved:
            self.selection.clear()
            self.staged = None
            self.say(_("Not quite: see the lesson on the right."), "error")
            self.feedback, self.feedback_ok = message, solved
            self.app.sounds.play("illegal")
            return
        self.feedback, self.feedback_ok = message, solved
        self.solved = True
        super().perform(move)
        self.say(message)
        if not self.finished():
            self.reply_in = REPLY_DELAY

    def play_reply(self) -> None:
        """The computer's scripted reply, then the person's next turn of the lesson."""
        self.reply_in = None
        reply = self.lesson.reply(self.session.game.round)
        if reply is None:
            return
        TableScene.perform(self, reply)
        self.turn += 1
        self.solved = False
        self.feedback = ""

    def update(self, dt: float) -> None:
        """Animations and hints only: no computer move, no round end, in a lesson."""
        self.place_buttons()
        self.place_lesson_buttons()
        self.animator.update(dt)
        if not self.animator.busy():
            self.table_from = None
            if self.reply_in is not None:
                self.reply_in -= dt
                if self.reply_in <= 0:
                    self.play_reply()

    def undo(self) -> None:
        """Ctrl+Z starts the lesson again: its turns follow a script, which a move taken
        back (the reply with it) would leave (a two-turn lesson then judged its second turn
        in the position of its first)."""
        self.on_action("lesson_again")

    def ask_hint(self) -> None:
        """In a lesson the hint is the lesson's own answer."""
        if self.can_act():
            move = self.lesson.solution_moves(self.turn, self.session.game.round)[0]
            self.hint = (move, Reason("the lesson's move"))
            self.say(_("Hint: the cards of the lesson's move are marked."), "hint")

    def busy(self) -> bool:
        return self.animator.busy() or bool(self.animator.banners) or self.drag_pos is not None

    def lesson_lines(self) -> tuple[list[tuple[str, int, bool]], int]:
        """The lesson's words as the panel draws them: (line, y, is the feedback), and the
        lowest y a line may start at and still end above the buttons."""
        lay = self.layout()
        _0, y, w, _0 = self.lesson_box()
        font = lay.font
        pad = lay.margin * 2
        y += pad + round(font * 1.4) + round(font * 1.6) * len(self.title_lines()) + font // 2
        body = font - 1
        out: list[tuple[str, int, bool]] = []
        for line in wrap(symbols(_(self.lesson.words(self.turn)[0])), body, w - 2 * pad):
            out.append((line, y, False))
            y += round(body * 1.4)
        if self.feedback:
            y += font // 2
            for line in wrap(symbols(self.feedback), body, w - 2 * pad, bold=True):
                out.append((line, y, True))
                y += round(body * 1.4)
        bottom = min(b.box[1] for b in self.lesson_buttons) - lay.margin - body
        return out, bottom

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lay = self.layout()
        box = self.lesson_box()
        x, y, w, h = box
        px, _0, pw, _0 = lay.panel
        pygame.draw.rect(surface, (12, 34, 24), (px + 2, 0, pw, y + h + lay.margin // 2))
        panel(surface, box, HILITE, alpha=255)
        font = lay.font
        pad = lay.margin * 2
        draw_text(surface, _("Lesson {number} of {count}").format(number=self.index + 1,
                                                                  count=len(LESSONS)), font - 2,
                  (x + pad, y + pad), DIM, max_width=w - 2 * pad)
        y += pad + round(font * 1.4)
        for line in self.title_lines():
            draw_text(surface, line, font + 2, (x + pad, y), HILITE, bold=True)
            y += round(font * 1.6)
        lines, bottom = self.lesson_lines()
        colour = (140, 235, 150) if self.feedback_ok else ERROR
        for line, at, said in lines:
            if at > bottom:
                break
            draw_text(surface, line, font - 1, (x + pad, at), colour if said else TEXT,
                      bold=said, max_width=w - 2 * pad)
        for button in self.lesson_buttons:
            button.draw(surface, font - 1, button.action == "lesson_next" and self.finished())
