"""Pass and play: several people at one screen, computers in any other seat.

The game is the same ``casino.net.table.Table`` a network host runs, seated locally. The
table scene shows one person's view at a time; between two people's turns a cover screen
("Pass to Anna — click when ready") hides everything, so no hand is ever shown to the
wrong person. The table has no hint, no unseen-cards panel and no undo. Each named person
gets the finished game in Statistics and the Hall of Fame.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

import pygame

from casino.engine import load_ruleset
from casino.engine.moves import Move
from casino.engine.ruleset import Ruleset, bundled_names
from casino.engine.wording import Reason
from casino.i18n import N_, _
from casino.net.client import HostFrame
from casino.net.protocol import (
    PROTOCOL_VERSION,
    ErrorFrame,
    GameOver,
    Hello,
    PlayMove,
    Seats,
    StateFrame,
)
from casino.net.table import Refused, SeatSpec, Table
from casino.ui import assets
from casino.ui.layout import dialog_layout, fit_font
from casino.ui.scene import (
    ACTION,
    DIM,
    HILITE,
    TEXT,
    Button,
    Scene,
    draw_text,
    panel,
    press,
    step_rows,
)
from casino.ui.session import ai_levels, level_label, make_policy

if TYPE_CHECKING:
    from casino.ui.app import App

PERSON = "person"
COMPUTER_PAUSE = 0.6
"""Seconds a computer's move waits, so the people see what it did."""


class LocalTable:
    """A table whose people all sit at this screen; ``viewer`` is whose view is shown."""

    def __init__(self, ruleset: Ruleset, seats: list[tuple[str, str]], seed: int | str,
                 pause: float = COMPUTER_PAUSE) -> None:
        """``seats`` holds (kind, name) per seat: kind "person", or a computer level."""
        specs = [SeatSpec(kind="person") if kind == PERSON else SeatSpec(kind="computer",
                                                                        level=kind)
                 for kind, _name in seats]
        self.table = Table(ruleset, specs, seed=str(seed))
        for i, (kind, name) in enumerate(seats):
            if kind == PERSON:
                self.table.sit(Hello(type="hello", version=PROTOCOL_VERSION,
                                     code=self.table.code, name=name, seat=i))
        self.people = [i for i, (kind, _name) in enumerate(seats) if kind == PERSON]
        self.viewer = self.people[0]
        self.pause = pause
        self.policies = {i: make_policy(kind, f"{seed}:{i}") for i, (kind, _name) in
                         enumerate(seats) if kind != PERSON}
        self.problem: Reason | None = None
        self.seats: Seats | None = self.table.seats_frame()
        self.state: StateFrame | None = self.table.state_frame(self.viewer)
        self.result: GameOver | None = None
        self._frames: list[HostFrame] = []
        self._thinking: threading.Thread | None = None
        self._chosen: Move | None = None
        self.recorded: list[str] = []

    @property
    def ruleset(self) -> Ruleset:
        return self.table.ruleset

    def pass_to(self) -> int | None:
        """The person who should take the screen now (the one to move), if not the viewer."""
        seat = self.table.to_move()
        if seat is None or seat.index not in self.people or seat.index == self.viewer:
            return None
        return seat.index

    def take_screen(self, seat: int) -> None:
        """``seat``'s person has the screen: show their view from now on."""
        self.viewer = seat
        self.state = self.table.state_frame(seat, self.table.last)

    def poll(self) -> list[HostFrame]:
        """Advance the computers (each thinks on a thread) and hand over what happened."""
        seat = self.table.computer_to_move()
        if seat is not None and self._thinking is None:
            view = self.table.game.view_for(seat.index)
            policy = self.policies[seat.index]

            def think() -> None:
                self._chosen = policy.choose(view)
                if self.pause:
                    threading.Event().wait(self.pause)

            self._thinking = threading.Thread(target=think, daemon=True)
            self._thinking.start()
        elif seat is not None and self._thinking is not None and not self._thinking.is_alive():
            move, self._chosen, self._thinking = self._chosen, None, None
            if move is not None:
                self._after(self.table.play_computer(seat, move))
        frames, self._frames = self._frames, []
        return frames

    def send_move(self, step: int, text: str) -> None:
        seat = self.table.seats[self.viewer]
        try:
            ended = self.table.play(seat, PlayMove(type="move", step=step, move=text))
        except Refused as exc:
            self._frames.append(ErrorFrame.of(exc.reason))
            return
        self._after(ended)

    def _after(self, ended: list[GameOver]) -> None:
        self.state = self.table.state_frame(self.viewer, self.table.last)
        self._frames.append(self.state)
        for over in ended:
            self.result = over
            self._frames.append(over)
        self._record()
        if self.table.deal_on():
            self.state = self.table.state_frame(self.viewer)
            self._frames.append(self.state)

    def _record(self) -> None:
        finished, self.table.finished = self.table.finished, []
        if not finished:
            return
        from casino.persistence.records import Records

        records, messages = Records.open()
        self.recorded.extend(messages)
        for game, save in finished:
            self.recorded.extend(records.add_game(game, save.players, save.moves()).messages)

    def close(self) -> None:
        """Nothing to let go: the game lives in this object."""


class CoverScene(Scene):
    """Hides the table between two people's turns until the next one clicks."""

    def __init__(self, app: App, local: LocalTable, seat: int) -> None:
        super().__init__(app)
        self.local = local
        self.seat = seat
        self.name = local.table.seats[seat].name

    def handle_event(self, event: pygame.event.Event) -> bool:
        ready = (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE))
        if ready:
            self.local.take_screen(self.seat)
            self.app.stack.remove(self)
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(assets.felt(surface.get_size()), (0, 0))
        w, h = surface.get_size()
        font = fit_font(h)
        lay = dialog_layout(w, h, 3, 0, font, 0.5)
        panel(surface, lay.box, HILITE)
        x, y, bw, bh = lay.box
        draw_text(surface, _("Pass to {name} \u2014 click when ready").format(name=self.name),
                  font + 6,
                  (x + bw // 2, y + bh // 2 - font), HILITE, "center", bold=True,
                  max_width=bw - 20)
        draw_text(surface, _("The other hands stay hidden until then."), font,
                  (x + bw // 2, y + bh // 2 + font), DIM, "center", max_width=bw - 20)


class PassPlayTableScene(Scene):
    """The table scene for a local table: covers the screen whenever it changes hands."""

    def __init__(self, app: App, local: LocalTable) -> None:
        super().__init__(app)
        from casino.ui.scenes.network import NetTableScene

        self.local = local
        self.inner = NetTableScene(app, local, None)

    def _cover_if_needed(self) -> bool:
        seat = self.local.pass_to()
        if seat is None or self.app.stack.top is not self:
            return False
        self.app.stack.push(CoverScene(self.app, self.local, seat))
        return True

    def enter(self) -> None:
        self.inner.enter()

    def update(self, dt: float) -> None:
        if self._cover_if_needed():
            return
        self.inner.update(dt)
        self._cover_if_needed()

    def busy(self) -> bool:
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.local.pass_to() is not None:
            return False  # the screen is changing hands: nothing plays until it is covered
        return self.inner.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.inner.draw(surface)


class PassPlayScene(Scene):
    """New game at one screen: rules, and per seat a person (with a name) or a computer."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rulesets = bundled_names()
        self.ruleset = app.settings.ruleset if app.settings.ruleset in self.rulesets \
            else self.rulesets[0]
        self.kinds = [PERSON, PERSON]
        self.names = [app.settings.player_name,
                      *(_("Player {number}").format(number=n) for n in (2, 3, 4))]
        self.row = 0
        self.buttons = [Button(N_("Play"), "play", key=pygame.K_RETURN),
                        Button(N_("Back"), "back", key=pygame.K_ESCAPE)]

    def rows(self) -> list[tuple[str, str, str]]:
        """(key, label, value) per line; the key ('rules', 'seat 2', 'seat 2 name') names
        the line whatever the language."""
        out = [("rules", _("Rules"), _(load_ruleset(self.ruleset).title)),
               ("players", _("Players"), str(len(self.kinds)))]
        for i, kind in enumerate(self.kinds):
            out.append((f"seat {i + 1}", _("Seat {number}").format(number=i + 1),
                        _("a person at this screen") if kind == PERSON
                        else _("computer, {level}").format(level=level_label(kind))))
            if kind == PERSON:
                out.append((f"seat {i + 1} name", _("Seat {number}, name").format(number=i + 1),
                            self.names[i]))
        return out

    def change(self, row: int, step: int) -> None:
        label = self.rows()[row][0]
        if label == "rules":
            i = self.rulesets.index(self.ruleset)
            self.ruleset = self.rulesets[(i + step) % len(self.rulesets)]
            allowed: list[int] = list(load_ruleset(self.ruleset).players)
            if len(self.kinds) not in allowed:
                self.kinds = (self.kinds + [PERSON] * 4)[:allowed[0]]
        elif label == "players":
            allowed = list(load_ruleset(self.ruleset).players)
            now = allowed.index(len(self.kinds)) if len(self.kinds) in allowed else 0
            self.kinds = (self.kinds + [PERSON] * 4)[:allowed[(now + step) % len(allowed)]]
        elif label.startswith("seat ") and not label.endswith("name"):
            i = int(label.split()[1]) - 1
            kinds = [PERSON, *ai_levels()]
            now = kinds.index(self.kinds[i]) if self.kinds[i] in kinds else 0
            self.kinds[i] = kinds[(now + step) % len(kinds)]
            if PERSON not in self.kinds:
                self.kinds[i] = PERSON if i == 0 else self.kinds[i]
                self.kinds[0] = PERSON

    def boxes(self) -> tuple[list[tuple[int, int, int, int]], tuple[int, int, int, int]]:
        w, h = self.app.screen.get_size()
        lay = dialog_layout(w, h, 11, len(self.buttons), fit_font(h), 0.6)
        for button, box in zip(self.buttons, lay.buttons, strict=True):
            button.box = box
        return list(lay.rows[:len(self.rows())]), lay.box

    def handle_event(self, event: pygame.event.Event) -> bool:
        rows, _box = self.boxes()
        label = self.rows()[min(self.row, len(rows) - 1)][0]
        if label.endswith("name") and event.type == pygame.KEYDOWN:
            i = int(label.split()[1]) - 1
            ch = getattr(event, "unicode", "")
            if event.key == pygame.K_BACKSPACE:
                self.names[i] = self.names[i][:-1]
                return True
            if ch and ch.isprintable() and event.key != pygame.K_RETURN and len(self.names[i]) < 24:
                self.names[i] += ch
                return True
        if press(self.buttons, event):
            return True
        if event.type == ACTION:
            if event.action == "back":
                self.app.show_title()
            elif event.action == "play":
                self.play()
            return True
        picked = step_rows(event, self.row, rows)
        if picked is not None:
            self.row, step = picked
            if step:
                self.change(self.row, step)
            return True
        return False

    def seats(self) -> list[tuple[str, str]]:
        """(kind, name) per seat; people's names made distinct, blank ones filled in."""
        out: list[tuple[str, str]] = []
        for i, kind in enumerate(self.kinds):
            name = " ".join(self.names[i].split()) or _("Player {number}").format(number=i + 1)
            out.append((kind, name if kind == PERSON
                        else _("Computer {number}").format(number=i + 1)))
        return out

    def play(self, seed: int | str | None = None) -> LocalTable:
        import random

        local = LocalTable(load_ruleset(self.ruleset), self.seats(),
                           seed if seed is not None else random.randrange(1 << 30))
        self.app.stack.replace(PassPlayTableScene(self.app, local))
        return local

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(assets.felt(surface.get_size()), (0, 0))
        rows, box = self.boxes()
        font = fit_font(surface.get_height())
        panel(surface, box, HILITE)
        draw_text(surface, _("Pass and play: people at this screen"), font + 4,
                  (box[0] + box[2] // 2, box[1] + font // 2), HILITE, "midtop", bold=True)
        for i, ((name, label, value), rbox) in enumerate(zip(self.rows(), rows, strict=True)):
            rect = pygame.Rect(rbox)
            if i == self.row:
                pygame.draw.rect(surface, (50, 95, 70), rect, border_radius=6)
            typed = name.endswith("name")
            shown = value + ("|" if i == self.row else "") if typed else f"\u2039  {value}  \u203a"
            draw_text(surface, label, font, (rect.x + 8, rect.centery), DIM, "midleft",
                      max_width=rect.w // 3)
            draw_text(surface, shown, font, (rect.x + rect.w // 3 + 8, rect.centery), TEXT,
                      "midleft", max_width=rect.w * 2 // 3 - 16)
        x, _y, w, _h = box
        draw_text(surface, _("Between two people's turns the screen is covered until the next "
                  "one clicks. No undo, hints or unseen cards here."), font - 2,
                  (x + w // 2, self.buttons[0].box[1] - font), DIM, "midbottom",
                  max_width=w - 24)
        for button in self.buttons:
            button.draw(surface, font)
