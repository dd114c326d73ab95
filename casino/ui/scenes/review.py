"""Post-game review: step through a recorded game with every hand face up.

The reviewed player's moves are compared with the expert's, one position at a time off the
UI thread; a move the expert would have played differently is marked with the estimated
cost in round points: a mistake (✗) where that is more than its estimates vary, else a close
call (≈).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from casino.engine import Move, PlayerView, legal_moves
from casino.engine.reasons import move_items
from casino.i18n import N_, _
from casino.persistence.saves import default_loader
from casino.ui import assets, session
from casino.ui.layout import TableLayout, grid_for, hand_boxes, table_layout
from casino.ui.render import draw_card, draw_item, seat_colour, seat_ink
from casino.ui.review import Step, Verdict, judge, question, steps_of
from casino.ui.scene import ACTION, DIM, HILITE, TEXT, Button, Scene, draw_text, press, wrap
from casino.ui.session import ProcessWorker, Worker, shown_name
from casino.ui.words import decimal

if TYPE_CHECKING:
    from casino.ui.app import App

Analyse = Callable[[PlayerView, int | str], list[tuple[Move, float]]]
GOOD = (140, 235, 150)
CLOSE = (225, 225, 160)
MISTAKE = (255, 170, 60)


def mark_of(verdict: Verdict) -> tuple[str, tuple[int, int, int]]:
    """The sign and colour of a judged move: agreed, a close call, or a mistake."""
    if verdict.agrees:
        return "\u2713", GOOD
    return ("\u2717", MISTAKE) if verdict.mistake else ("\u2248", CLOSE)


class ReviewScene(Scene):
    """``record`` is a game as ``Records.game_record`` gives it; ``seat`` is reviewed."""

    def __init__(self, app: App, record: dict[str, Any], seat: int = 0,
                 analyse: Analyse | None = None) -> None:
        super().__init__(app)
        self.record = record
        self.seat = seat
        self.names: list[str] = [shown_name(str(n)) for n in record["players"]]
        self.steps, self.final = steps_of(record, default_loader)
        self.ruleset = self.final.ruleset
        self.index = 0  # the position before steps[index]; len(steps) is the end
        self.verdicts: dict[int, Verdict | None] = {}
        self.todo = [k for k, s in enumerate(self.steps)
                     if s.seat == seat and len(legal_moves(s.before.round)) > 1]
        self.analyse = analyse
        self.worker: Worker[list[tuple[Move, float]]] | \
            ProcessWorker[list[tuple[Move, float]]] | None = None
        self.working: int | None = None
        self.buttons = [Button(N_("\u25c0 Back"), "back", key=pygame.K_LEFT),
                        Button(N_("Next \u25b6"), "next", key=pygame.K_RIGHT),
                        Button(N_("Next mistake"), "mistake", key=pygame.K_m),
                        Button(N_("Close"), "close", key=pygame.K_ESCAPE)]

    # -- the analysis, one position at a time

    def enter(self) -> None:
        self.place_buttons()

    def place_buttons(self) -> None:
        for button, box in zip(self.buttons, self.layout().buttons, strict=True):
            button.box = box
            at_start = button.action == "back" and self.index == 0
            at_end = button.action == "next" and self.index == len(self.steps)
            button.enabled = not (at_start or at_end)

    def update(self, dt: float) -> None:
        self.place_buttons()
        if self.worker is not None and self.worker.done() and self.working is not None:
            values = self.worker.result() or []
            self.verdicts[self.working] = judge(self.steps[self.working].move, values)
            self.worker = None
            self.working = None
        if self.worker is None and self.todo:
            k = self.todo.pop(0)
            view, seed = question(self.steps[k].before, self.seat)
            self.working = k
            if self.analyse is None and self.app.ai_process:
                self.worker = ProcessWorker(session.expert_values, view, seed)
            else:
                analyse = self.analyse or session.expert_values
                self.worker = Worker(lambda: analyse(view, seed))

    def busy(self) -> bool:
        return self.worker is not None or bool(self.todo)

    def mistakes(self) -> list[int]:
        return sorted(k for k, v in self.verdicts.items() if v is not None and v.mistake)

    # -- events

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.place_buttons()
        if press(self.buttons, event):
            return True
        if event.type == ACTION:
            action = str(event.action)
            if action == "back":
                self.index = max(0, self.index - 1)
            elif action == "next":
                self.index = min(len(self.steps), self.index + 1)
            elif action == "mistake":
                later = [k for k in self.mistakes() if k > self.index]
                self.index = later[0] if later else (self.mistakes() or [self.index])[0]
            elif action == "close":
                self.close()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_END):
            self.index = 0 if event.key == pygame.K_HOME else len(self.steps)
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP)

    def close(self) -> None:
        """Back to the screen the review was opened over (the game's result, with Play again
        and Title), or the title screen when it was opened alone."""
        if self.app.stack.below(self) is not None:
            self.app.stack.remove(self)
            return
        self.app.to_title()

    # -- drawing

    def layout(self) -> TableLayout:
        w, h = self.app.screen.get_size()
        return table_layout(w, h, len(self.names))

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout()
        settings = self.app.settings
        surface.blit(assets.felt(surface.get_size()), (0, 0))
        step: Step | None = self.steps[self.index] if self.index < len(self.steps) else None
        game = step.before if step else self.final
        state = game.round
        items = set(move_items(step.move)) if step else set()
        played = step.move.card if step else None
        # every hand, face up: the others on top, the reviewed player's at the bottom
        for seat in range(len(self.names)):
            hand = state.hands[seat]
            colour = HILITE if step and step.seat == seat else self.colour(seat)
            ink = HILITE if step and step.seat == seat else seat_ink(
                seat, self.final.round.partnership)  # the letters, on the felt
            if seat == self.seat:
                boxes = hand_boxes(lay.hand, len(hand), lay.card)
                draw_text(surface, self.names[seat], lay.font, (lay.hand[0], lay.status[1]),
                          ink, bold=True)
            else:
                x, y, w, h = lay.opponents[(seat - self.seat - 1) % len(self.names)]
                pygame.draw.rect(surface, colour, (x, y, w, h), 2, border_radius=8)
                draw_text(surface, self.names[seat], lay.font - 1, (x + lay.margin, y + 2),
                          ink, bold=True, max_width=w - 2 * lay.margin)
                step_x = min(lay.small[0] + 4, (w - lay.small[0] - 2 * lay.margin)
                             // max(1, len(hand) - 1))
                top = y + round(lay.font * 1.5)
                boxes = [(x + lay.margin + k * step_x, top, *lay.small) for k in range(len(hand))]
            for card, box in zip(hand, boxes, strict=True):
                draw_card(surface, card, box, settings, HILITE if card == played else None)
        grid = grid_for(lay.table, state.table, self.ruleset.table_spaces, lay.card)
        for item, slot in zip(state.table, grid.slots, strict=False):
            draw_item(surface, item, slot, grid.card, grid.tag, self.ruleset, settings,
                      self.colour, HILITE if item in items else None, set())
        if step is None:
            self.draw_rounds(surface, lay)
        self.draw_panel(surface, lay, step)
        for button in self.buttons:
            button.draw(surface, lay.font - 1)

    def draw_rounds(self, surface: pygame.Surface, lay: TableLayout) -> None:
        """At the end: the points of every round and the running totals, per side."""
        x, y, w, _0 = lay.table
        font = lay.font
        sides = self.final.sides
        partnership = self.final.round.partnership
        names = self.names if not partnership else [
            " & ".join(n for k, n in enumerate(self.names) if k % 2 == s) for s in range(2)]
        col = (w - w // 4) // max(1, sides)
        draw_text(surface, _("Round by round"), font + 2, (x, y), HILITE, bold=True)
        y += round(font * 2.2)
        for s in range(sides):
            draw_text(surface, names[s], font, (x + w // 4 + s * col + col // 2, y),
                      seat_ink(s, partnership), "midtop", bold=True, max_width=col - 8)
        y += round(font * 1.6)
        running = [0] * sides
        for r, score in enumerate(self.final.scores):
            running = [a + b for a, b in zip(running, score.totals, strict=True)]
            draw_text(surface, _("Round {number}").format(number=r + 1), font, (x, y), DIM)
            for s in range(sides):
                draw_text(surface, f"{score.totals[s]}  ({running[s]})", font,
                          (x + w // 4 + s * col + col // 2, y), TEXT, "midtop")
            y += round(font * 1.5)

    def draw_panel(self, surface: pygame.Surface, lay: TableLayout, step: Step | None) -> None:
        """The move shown, the expert's word on it, the summary and the round's moves, from
        the top down to the buttons and never over them: what has no room is left out (a
        move's lines then its verdict's, and the list shows the moves that fit)."""
        pygame.draw.rect(surface, (12, 34, 24), lay.panel)
        x, y, w, _0 = lay.sheet
        f = lay.font - 1
        line = round(f * 1.45)
        bottom = min(b[1] for b in lay.buttons) - lay.margin
        draw_text(surface, _("Review: {title}").format(title=_(self.ruleset.title)), lay.font,
                  (x, y), HILITE, bold=True, max_width=w)
        y += line + 4
        game = step.before if step else self.final
        where = _("Round {number}, move {move} of {count}").format(
            number=game.round_index + 1, move=self.index + 1, count=len(self.steps)) \
            if step else _("The end of the game")
        draw_text(surface, where, f, (x, y), DIM, max_width=w)
        y += line
        if step is not None:
            totals = " \u2013 ".join(str(t) for t in game.totals)
            draw_text(surface, _("Score before this round: {totals}").format(totals=totals), f,
                      (x, y), DIM, max_width=w)
            y += line
        y += 6
        if step is not None:
            who = self.names[step.seat]
            # measured bold as drawn: measured plain, a long name's line ran off the window
            for text in wrap(f"{who}: {step.text}", f, w, bold=True):
                if y + line > bottom:
                    break
                draw_text(surface, text, f, (x, y), TEXT, bold=True, max_width=w)
                y += line
            verdict = self.verdicts.get(self.index)
            if step.seat == self.seat:
                if self.index in self.verdicts and verdict is not None:
                    colour = mark_of(verdict)[1]
                    words = verdict.words()
                elif self.index in self.verdicts or len(legal_moves(step.before.round)) == 1:
                    colour, words = DIM, _("no choice here") if verdict is None else ""
                else:
                    colour, words = DIM, _("the expert is thinking\u2026")
                for text in wrap(words[:1].upper() + words[1:], f, w):
                    if y + line > bottom:
                        break
                    draw_text(surface, text, f, (x, y), colour)
                    y += line
        else:
            final = " \u2013 ".join(str(t) for t in self.final.totals)
            draw_text(surface, _("Final score {totals}").format(totals=final), f, (x, y), TEXT,
                      bold=True, max_width=w)
            y += line
        y += 8
        mine = [k for k, s in enumerate(self.steps) if s.seat == self.seat]
        judged = [v for k, v in self.verdicts.items() if v is not None]
        mistakes = [v for v in judged if v.mistake]
        close = [v for v in judged if not v.agrees and not v.mistake]
        summary = _("{name}: {moves} moves; the expert looked at {looked} of {choices} with a "
                    "choice. Mistakes: {mistakes}, about {cost} points in all; close calls: "
                    "{close}.").format(name=self.names[self.seat], moves=len(mine),
                                     looked=len(self.verdicts),
                                     choices=len(self.verdicts) + len(self.todo),
                                     mistakes=len(mistakes), close=len(close),
                                     cost=decimal(sum(v.lost for v in mistakes)))
        for text in wrap(summary, f - 1, w):
            if y + line > bottom:
                break
            draw_text(surface, text, f - 1, (x, y), DIM)
            y += round((f - 1) * 1.4)
        y += 8
        # the moves of this round around the current one, mistakes marked; a long one on two
        # lines (squeezed into one it shrank to small print at 800x600)
        round_index = game.round_index
        rows = [k for k, s in enumerate(self.steps) if s.before.round_index == round_index]
        room = max(0, (bottom - y) // line)
        if not rows or room == 0:
            return
        entries = [self._entry(k, f - 1, w) for k in rows]
        here = rows.index(self.index) if self.index in rows else len(rows) - 1
        first, last = _around(here, [len(e[0]) for e in entries], room)
        for k, (texts, colour) in zip(rows[first:last + 1], entries[first:last + 1],
                                      strict=True):
            texts = texts[:room]  # the move shown, when even it is taller than the room
            if k == self.index:
                pygame.draw.rect(surface, (50, 95, 70), (x - 4, y - 2, w + 8, line * len(texts)),
                                 border_radius=4)
            for text in texts:
                draw_text(surface, text, f - 1, (x, y), colour, max_width=w)
                y += line

    def colour(self, seat: int) -> tuple[int, int, int]:
        """``seat``'s colour, the seat's own as at the table (``Session.colour_of``): the
        reviewed player has the colour they played in."""
        return seat_colour(seat, self.final.round.partnership)

    def _entry(self, k: int, size: int, width: int) -> tuple[list[str], tuple[int, int, int]]:
        """A move of the list as its lines (two at most) and colour, its mark in front."""
        s = self.steps[k]
        mark = ""
        verdict = self.verdicts.get(k)
        colour = seat_ink(s.seat, self.final.round.partnership)
        if s.seat == self.seat and verdict is not None:
            sign, colour = mark_of(verdict)
            mark = f"{sign} "
        texts = wrap(f"{mark}{self.names[s.seat]}: {s.text}", size, width)
        if len(texts) > 2:
            texts = [texts[0], " ".join(texts[1:])]  # cut short with an ellipsis when drawn
        return texts, colour


def _around(here: int, heights: list[int], room: int) -> tuple[int, int]:
    """The first and last entry shown: ``here`` and as many around it, alternately after and
    before, as fit ``room`` lines (``here`` alone, cut to the room, if it is taller)."""
    first = last = here
    used = heights[here]
    grew = True
    while grew:
        grew = False
        if last + 1 < len(heights) and used + heights[last + 1] <= room:
            last += 1
            used += heights[last]
            grew = True
        if first > 0 and used + heights[first - 1] <= room:
            first -= 1
            used += heights[first]
            grew = True
    return first, last
