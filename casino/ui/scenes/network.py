"""Playing people over the network: host or join a table, the lobby, and the remote table.

The window never holds the game: the host's engine does. These scenes show the frames a
``Remote`` collects (one's own view, the seats) and send the move a click means, which the
host checks. All network work runs on threads (``casino.net.remote``); drawing never waits.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Protocol

import pygame

from casino.engine import Card, IllegalMoveError, load_ruleset
from casino.engine.errors import CasinoError
from casino.engine.notation import format_move
from casino.engine.rules import find_moves
from casino.engine.ruleset import Ruleset, bundled_names
from casino.engine.state import PlayerView, TableItem, item_cards
from casino.engine.wording import Reason
from casino.i18n import N_, _
from casino.net.protocol import ErrorFrame, GameOver, Seats, SeatStatus, StateFrame
from casino.net.table import SeatSpec
from casino.ui import assets
from casino.ui.layout import Box, dialog_layout, fit_font, hand_boxes, inside, item_box, table_grid
from casino.ui.render import draw_card, draw_hidden_hand, draw_item
from casino.ui.scene import (
    ACTION,
    DIM,
    ERROR,
    HILITE,
    TEXT,
    Button,
    Scene,
    draw_text,
    panel,
    press,
    step_rows,
)
from casino.ui.session import ai_levels, level_label
from casino.ui.words import card_text, move_text, reason_text

if TYPE_CHECKING:
    from casino.net.client import HostFrame
    from casino.net.discovery import FoundTable
    from casino.net.remote import LocalHost, Remote
    from casino.ui.app import App

class Seating(Protocol):
    """A seat at a table as the table scene sees it: a network ``Remote``, or the local
    pass-and-play table (``casino.ui.scenes.passplay.LocalTable``)."""

    state: StateFrame | None
    seats: Seats | None
    problem: Reason | None

    @property
    def ruleset(self) -> Ruleset | None: ...

    def poll(self) -> list[HostFrame]: ...

    def send_move(self, step: int, text: str) -> None: ...

    def close(self) -> None: ...


CONNECTED = (90, 220, 120)
AWAY = (150, 150, 150)
PERSON = "person"


def seat_name(seat: SeatStatus) -> str:
    """The seat's name in this window's language: a computer is named here ('Dator 2 (Svår)'),
    not in the host's words; a person by the name they chose."""
    if seat.kind == "computer" and seat.level is not None:
        return _("Computer {number} ({level})").format(number=seat.seat + 1,
                                                       level=level_label(seat.level))
    return seat.name


def seat_line(seat: SeatStatus, waiting: bool) -> str:
    """A seat in words: 'Anna', 'Seat 2: open, ...', 'Ben: away, the game waits'."""
    if seat.open:
        return _("Seat {number}: open, waiting for a player").format(number=seat.seat + 1)
    if seat.stand_in:
        return _("{name}: away, the computer plays for now").format(name=seat_name(seat))
    if waiting:
        return _("{name}: away, the game waits").format(name=seat_name(seat))
    return seat_name(seat)


def symbols(text: str) -> str:
    """Card names in a text as a player reads them: ``10D`` -> ``10\u2666`` (``Kn\u2663`` in
    Swedish)."""
    out = []
    for token in text.split(" "):
        core = token.strip("[]")
        head, eq, value = core.partition("=")
        try:
            card = Card.parse(head)
        except CasinoError:
            out.append(token)
            continue
        shown = _("{card} as {value}").format(card=card_text(card), value=value) if eq \
            else card_text(card)
        out.append(token.replace(core, shown))
    return " ".join(out)


def move_words(text: str) -> str:
    """A public move in words with card symbols: '9\u2663 takes 9\u2665'."""
    head, _sep, rest = text.partition(" ")
    verb, _sep, items = rest.partition(" ")
    card, items = symbols(head), symbols(items)
    if verb == "t":
        said = _("{card} trails").format(card=card)
    elif verb == "x":
        said = _("{card} takes {items}").format(card=card, items=items)
    elif verb.startswith("b"):
        said = _("{card} builds {value} with {items}").format(
            card=card, value=verb[1:].replace("x", " \u00d7"), items=items)
    elif verb.startswith("k"):
        said = _("{card} blocks {value} on {items}").format(card=card, value=verb[1:],
                                                              items=items)
    else:
        said = symbols(f"{head} {verb} {items}")
    return said.strip()


def draw_mark(surface: pygame.Surface, centre: tuple[int, int], connected: bool,
              radius: int) -> None:
    """The connection mark: a filled green dot when connected, a grey ring when not."""
    if connected:
        pygame.draw.circle(surface, CONNECTED, centre, radius)
    else:
        pygame.draw.circle(surface, AWAY, centre, radius, max(1, radius // 3))


class NetworkScene(Scene):
    """Host a table (rules, who sits where) or join one by address and code, or from the
    tables found on the local network."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rulesets = bundled_names()
        self.ruleset = app.settings.ruleset if app.settings.ruleset in self.rulesets \
            else self.rulesets[0]
        self.seats: list[str] = [PERSON]  # the other seats: "person" or a computer level
        self.address = ""
        self.code = ""
        self.row = 0
        self.found: list[FoundTable] = []
        self.searching = False
        self.message = ""
        self.buttons = [Button(N_("Host"), "host"),
                        Button(N_("Join"), "join", key=pygame.K_RETURN),
                        Button(N_("Find tables"), "find", key=pygame.K_F5),
                        Button(N_("Back"), "back", key=pygame.K_ESCAPE)]

    # -- rows ------------------------------------------------------------------------

    def rows(self) -> list[tuple[str, str, str]]:
        """(key, label, value) per line: host choices, then the join fields. The key names
        the line whatever the language ('rules', 'seat 2', 'address')."""
        title = _(load_ruleset(self.ruleset).title)
        out = [("rules", _("Rules"), title),
               ("players", _("Players"), str(len(self.seats) + 1)),
               ("seat 1", _("Seat {number}").format(number=1),
                _("{name} (you, the host)").format(name=self.app.settings.player_name))]
        for i, kind in enumerate(self.seats):
            word = _("a person (open)") if kind == PERSON \
                else _("computer, {level}").format(level=level_label(kind))
            out.append((f"seat {i + 2}", _("Seat {number}").format(number=i + 2), word))
        out += [("address", _("Join: address"), self.address),
                ("code", _("Join: code"), self.code)]
        return out

    def typed_row(self) -> str | None:
        key = self.rows()[self.row][0]
        return key if key in ("address", "code") else None

    def change(self, row: int, step: int) -> None:
        label = self.rows()[row][0]
        ruleset = load_ruleset(self.ruleset)
        if label == "rules":
            i = self.rulesets.index(self.ruleset)
            self.ruleset = self.rulesets[(i + step) % len(self.rulesets)]
            allowed = load_ruleset(self.ruleset).players
            while len(self.seats) + 1 not in allowed:
                self.seats = self.seats[:-1] if len(self.seats) + 1 > max(allowed) \
                    else [*self.seats, PERSON]
        elif label == "players":
            counts: list[int] = list(ruleset.players)
            now = counts.index(len(self.seats) + 1) if len(self.seats) + 1 in counts else 0
            n = counts[(now + step) % len(counts)]
            self.seats = (self.seats + [PERSON] * 4)[:n - 1]
        elif label.startswith("seat ") and label != "seat 1":
            i = int(label[5:]) - 2
            kinds = [PERSON, *ai_levels()]
            now = kinds.index(self.seats[i]) if self.seats[i] in kinds else 0
            self.seats[i] = kinds[(now + step) % len(kinds)]

    # -- layout ------------------------------------------------------------------------

    def layout_rows(self) -> int:
        return len(self.rows()) + 5

    def boxes(self) -> tuple[list[Box], list[Box], Box]:
        w, h = self.app.screen.get_size()
        lay = dialog_layout(w, h, 11, len(self.buttons), fit_font(h), 0.62)
        rows = list(lay.rows[:len(self.rows())])
        found = list(lay.rows[len(self.rows()) + 1:len(self.rows()) + 4])
        for button, box in zip(self.buttons, lay.buttons, strict=True):
            button.box = box
        return rows, found, lay.box

    # -- events ------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        rows, found, _box = self.boxes()
        field = self.typed_row()
        if field and event.type == pygame.KEYDOWN:
            text = getattr(self, field)
            if event.key == pygame.K_BACKSPACE:
                setattr(self, field, text[:-1])
                return True
            ch = getattr(event, "unicode", "")
            if ch and ch.isprintable() and event.key != pygame.K_RETURN and len(text) < 60:
                setattr(self, field, text + (ch.upper() if field == "code" else ch))
                return True
        if press(self.buttons, event):
            return True
        if event.type == ACTION:
            return self.on_action(str(event.action))
        picked = step_rows(event, self.row, rows)
        if picked is not None:
            self.row, step = picked
            if step:
                self.change(self.row, step)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            for table, box in zip(self.found, found, strict=False):
                if inside(box, *event.pos):
                    self.address = table.where
                    self.row = len(self.rows()) - 1  # type the code next
                    return True
        return False

    def on_action(self, action: str) -> bool:
        if action == "back":
            self.app.show_title()
        elif action == "find":
            self.find()
        elif action == "host":
            self.host()
        elif action == "join":
            self.join()
        return True

    def find(self) -> None:
        """Look for tables on the LAN in a thread; the list fills in when it answers."""
        if self.searching:
            return
        self.searching = True

        def look() -> None:
            import asyncio

            from casino.net.discovery import browse

            try:
                self.found = asyncio.run(browse(2.0))
            except Exception as exc:
                self.message = _("could not search the network: {error}").format(error=exc)
            self.searching = False
            self.app.dirty = True

        threading.Thread(target=look, name="casino-find", daemon=True).start()

    def host(self, port: int = 7777, bind: str = "0.0.0.0") -> None:
        from casino.net.remote import LocalHost, Remote

        ruleset = load_ruleset(self.ruleset)
        specs = [SeatSpec(kind="person")] + [
            SeatSpec(kind="person") if k == PERSON else SeatSpec(kind="computer", level=k)
            for k in self.seats]
        try:
            local = LocalHost(ruleset, specs, port=port, bind=bind)
        except OSError as exc:
            self.message = _("cannot host on port {port}: {error}").format(
                port=port, error=exc.strerror)
            return
        remote = Remote(f"127.0.0.1:{local.port}", local.code, self.app.settings.player_name)
        self.app.stack.replace(LobbyScene(self.app, remote, local))

    def join(self) -> None:
        from casino.net.remote import Remote

        if not self.address or not self.code:
            self.message = _("type the host's address (HOST:PORT) and the join code")
            return
        try:
            remote = Remote(self.address, self.code, self.app.settings.player_name)
        except ValueError as exc:
            self.message = reason_text(exc.args[0])
            return
        self.app.stack.replace(LobbyScene(self.app, remote, None))

    # -- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(assets.felt(surface.get_size()), (0, 0))
        rows, found, box = self.boxes()
        font = fit_font(surface.get_height())
        panel(surface, box, HILITE)
        draw_text(surface, _("Play people over the network"), font + 4,
                  (box[0] + box[2] // 2, box[1] + font // 2), HILITE, "midtop", bold=True)
        for i, ((name, label, value), rbox) in enumerate(zip(self.rows(), rows, strict=True)):
            rect = pygame.Rect(rbox)
            if i == self.row:
                pygame.draw.rect(surface, (50, 95, 70), rect, border_radius=6)
            draw_text(surface, label, font, (rect.x + 8, rect.centery), DIM, "midleft",
                      max_width=rect.w // 3)
            typed = name in ("address", "code")
            shown = value + ("|" if typed and i == self.row else "") if typed else \
                (value if name == "seat 1" else f"\u2039  {value}  \u203a")
            if typed and not value and i != self.row:
                shown = _("e.g. {address}").format(address="192.168.1.20:7777") \
                    if name == "address" else _("the host's 6 letters")
            colour = DIM if typed and not value and i != self.row else TEXT
            draw_text(surface, shown, font, (rect.x + rect.w // 3 + 8, rect.centery), colour,
                      "midleft", max_width=rect.w * 2 // 3 - 16)
        x, y, w, h = found[0]
        if self.searching:
            head = _("Looking for tables on this network\u2026")
        elif self.found:
            head = _("Tables on this network (click one, then type its code):")
        else:
            head = _("F5 or Find tables looks for tables on this network.")
        draw_text(surface, head, font - 1, (x + 8, y + h // 2), DIM, "midleft", max_width=w)
        for table, fbox in zip(self.found[:2], found[1:], strict=False):
            draw_text(surface, _("{name} \u00b7 {rules} \u00b7 {n} open \u00b7 {address}").format(
                      name=table.name, rules=table.ruleset, n=table.open_seats,
                      address=table.where), font, (fbox[0] + 16, fbox[1] + fbox[3] // 2),
                      TEXT, "midleft", max_width=fbox[2] - 24)
        if self.message:
            draw_text(surface, self.message, font - 1, (box[0] + box[2] // 2,
                      self.buttons[0].box[1] - font), ERROR, "midbottom", max_width=box[2] - 20)
        for button in self.buttons:
            button.draw(surface, font)


class LobbyScene(Scene):
    """Who sits where, who is connected, and (for the host) the code to give the others."""

    def __init__(self, app: App, remote: Remote, local: LocalHost | None) -> None:
        super().__init__(app)
        self.remote = remote
        self.local = local
        self.buttons = [Button(N_("Leave"), "leave", key=pygame.K_ESCAPE)]

    def update(self, dt: float) -> None:
        if self.remote.poll():
            self.app.dirty = True
        if self.remote.state is not None and self.remote.problem is None:
            self.app.stack.replace(NetTableScene(self.app, self.remote, self.local))

    def busy(self) -> bool:
        return True  # frames arrive from the network: keep looking

    def handle_event(self, event: pygame.event.Event) -> bool:
        if press(self.buttons, event):
            return True
        if event.type == ACTION and event.action == "leave":
            leave(self.app, self.remote, self.local)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(assets.felt(surface.get_size()), (0, 0))
        w, h = surface.get_size()
        font = fit_font(h)
        lay = dialog_layout(w, h, 10, 1, font, 0.55)
        self.buttons[0].box = lay.buttons[0]
        panel(surface, lay.box, HILITE)
        ruleset = self.remote.ruleset
        title = _("{rules}: the lobby").format(rules=_(ruleset.title)) if ruleset \
            else _("Joining the table\u2026")
        draw_text(surface, title, font + 4, (lay.title[0] + lay.title[2] // 2, lay.title[1]),
                  HILITE, "midtop", bold=True, max_width=lay.title[2])
        x, y, rw, _rh = lay.rows[0]
        if self.local is not None:
            from casino.net.discovery import lan_address

            draw_text(surface, _("Join code  {code}").format(code=self.local.code), font + 6,
                      (x + 8, y), HILITE, bold=True)
            draw_text(surface, _("Others join at {address} with this code.").format(
                      address=f"{lan_address()}:{self.local.port}"), font - 1,
                      (x + 8, lay.rows[1][1] + 4), DIM, max_width=rw - 16)
        else:
            draw_text(surface, _("Table at {address}").format(address=self.remote.address),
                      font, (x + 8, y), DIM)
        seats = self.remote.seats
        for i, seat in enumerate(seats.seats if seats else []):
            bx, by, bw, bh = lay.rows[3 + i]
            waiting = seat.seat in (seats.waiting_for if seats else [])
            draw_mark(surface, (bx + 16, by + bh // 2), seat.connected, max(5, font // 3))
            line = seat_line(seat, waiting)
            if self.remote.welcome and seat.seat == self.remote.welcome.seat:
                line = _("{seat} (you)").format(seat=line)
            draw_text(surface, line, font, (bx + 32, by + bh // 2),
                      TEXT if not seat.open else DIM, "midleft", max_width=bw - 40)
        status = reason_text(self.remote.problem) if self.remote.problem else \
            _("Waiting for every seat to be taken\u2026")
        bx, by, bw, bh = lay.rows[-1]
        draw_text(surface, status, font, (bx + bw // 2, by + bh // 2),
                  ERROR if self.remote.problem else DIM, "center", max_width=bw)
        self.buttons[0].draw(surface, font)


def leave(app: App, remote: Seating, local: LocalHost | None) -> None:
    remote.close()
    if local is not None:
        local.close()
    app.show_title()


class NetTableScene(Scene):
    """The table of a network game: one's own hand, the public table, every seat's name with
    its connection mark; a click plays, the host decides."""

    def __init__(self, app: App, remote: Seating, local: LocalHost | None) -> None:
        super().__init__(app)
        self.remote = remote
        self.local = local
        self.selected: list[TableItem] = []
        self.message = ""
        self.result: GameOver | None = None
        self.buttons = [Button(N_("Leave"), "leave", key=pygame.K_ESCAPE)]

    @property
    def view(self) -> PlayerView | None:
        state, ruleset = self.remote.state, self.remote.ruleset
        return state.view.to_view(ruleset) if state and ruleset else None

    def update(self, dt: float) -> None:
        frames = self.remote.poll()
        for frame in frames:
            if isinstance(frame, ErrorFrame):
                self.message = reason_text(frame.why)
            elif isinstance(frame, GameOver):
                self.result = frame
                self.buttons[0].label = N_("Back to title")
            elif frame.type == "state":
                self.selected = []
        if frames:
            self.app.dirty = True

    def busy(self) -> bool:
        return True

    def regions(self) -> tuple[list[Box], Box, Box, Box]:
        """Boxes of the other seats, the table, the status line and the hand."""
        w, h = self.app.screen.get_size()
        m = max(6, h // 80)
        others = max(1, len(self.remote.seats.seats) - 1 if self.remote.seats else 1)
        top_h = h // 5
        seat_w = (w - m) // others
        seats = [(m + i * seat_w, m, seat_w - m, top_h) for i in range(others)]
        hand = (m, h - h // 4 - m, w - 2 * m, h // 4)
        status = (m, hand[1] - fit_font(h) * 2 - m, w - 2 * m, fit_font(h) * 2)
        table = (m, top_h + 2 * m, w - 2 * m, status[1] - top_h - 3 * m)
        return seats, table, status, hand

    def card_size(self) -> tuple[int, int]:
        h = self.app.screen.get_height()
        ch = h // 5
        return round(ch * 0.69), ch

    def item_boxes(self, view: PlayerView) -> list[Box]:
        table = self.regions()[1]
        grid = table_grid(table, len(view.table), view.ruleset.table_spaces,
                          (round(self.card_size()[0] * 0.8), round(self.card_size()[1] * 0.8)))
        return [item_box(slot, len(item_cards(item)), grid.card, grid.tag)
                for slot, item in zip(grid.slots, view.table, strict=False)]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if press(self.buttons, event):
            return True
        if event.type == ACTION and event.action == "leave":
            leave(self.app, self.remote, self.local)
            return True
        view = self.view
        if view is None or event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return False
        for item, box in zip(view.table, self.item_boxes(view), strict=False):
            if inside(box, *event.pos):
                if item in self.selected:
                    self.selected.remove(item)
                else:
                    self.selected.append(item)
                return True
        hand = self.regions()[3]
        for card, box in zip(view.hand, hand_boxes(hand, len(view.hand), self.card_size()),
                             strict=True):
            if inside(box, *event.pos):
                self.play(view, card)
                return True
        return False

    def play(self, view: PlayerView, card: Card) -> None:
        """Send the move a hand card and the selection mean; several: ask which."""
        if view.to_move != view.player:
            self.message = _("it is not your turn")
            return
        try:
            moves = find_moves(view, card, self.selected)
        except IllegalMoveError as exc:
            self.message = reason_text(exc.reason)
            return
        state = self.remote.state
        assert state is not None
        if len(moves) == 1:
            self.remote.send_move(state.step, format_move(moves[0]))
            self.message = ""
            return
        from casino.ui.scenes.dialogs import ChoiceScene

        def chosen(index: int | None) -> None:
            if index is not None:
                self.remote.send_move(state.step, format_move(moves[index]))

        self.app.stack.push(ChoiceScene(self.app, N_("Which move?"),
                                        [move_text(m, view.ruleset) for m in moves], chosen))

    def status(self, view: PlayerView) -> str:
        seats = self.remote.seats
        names = {s.seat: seat_name(s) for s in seats.seats} if seats else {}
        if self.remote.problem:
            return reason_text(self.remote.problem)
        if self.result is not None:
            totals = " \u2013 ".join(map(str, self.result.totals))
            winner = self.result.winner
            if winner is None:
                return _("Game over: drawn ({totals})").format(totals=totals)
            if view.players == 4 and view.ruleset.partnerships:
                return _("Game over: {first} & {second} win ({totals})").format(
                    first=names.get(winner, "?"), second=names.get(winner + 2, "?"),
                    totals=totals)
            return _("Game over: {name} wins ({totals})").format(
                name=names.get(winner, "?"), totals=totals)
        if seats and view.to_move in seats.waiting_for:
            return _("Waiting for {name}\u2026").format(name=names.get(view.to_move, "?"))
        if view.to_move == view.player:
            return _("Your turn: select table cards, then click a hand card")
        return _("{name} is playing\u2026").format(name=names.get(view.to_move, "?"))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(assets.felt(surface.get_size()), (0, 0))
        view = self.view
        font = fit_font(surface.get_height())
        seats_boxes, table, status, hand = self.regions()
        w, h = surface.get_size()
        self.buttons[0].box = (w - 130, h - font * 3, 120, font * 2)
        if view is None:
            return
        seats = self.remote.seats.seats if self.remote.seats else []
        waiting = self.remote.seats.waiting_for if self.remote.seats else []
        small = (round(self.card_size()[0] * 0.55), round(self.card_size()[1] * 0.55))
        others = [s for s in seats if s.seat != view.player]
        for seat, box in zip(others, seats_boxes, strict=False):
            x, y, bw, bh = box
            panel(surface, box, HILITE if view.to_move == seat.seat else (110, 150, 120), 160)
            draw_mark(surface, (x + 16, y + font), seat.connected and not seat.stand_in,
                      max(5, font // 3))
            draw_text(surface, seat_line(seat, seat.seat in waiting), font, (x + 30, y + font),
                      TEXT, "midleft", max_width=bw - 40)
            draw_hidden_hand(surface, view.hand_counts[seat.seat], (x + 12, y + font * 2,
                             bw - 24, small[1]), small, self.app.settings)
            taken = len(view.captures[seat.seat])
            draw_text(surface, _("{n} taken").format(n=taken), font - 2,
                      (x + bw - 10, y + bh - 6), DIM, "bottomright")
        grid = table_grid(table, len(view.table), view.ruleset.table_spaces,
                          (round(self.card_size()[0] * 0.8), round(self.card_size()[1] * 0.8)))
        for item, slot in zip(view.table, grid.slots, strict=False):
            outline = HILITE if item in self.selected else None
            draw_item(surface, item, slot, grid.card, grid.tag, view.ruleset, self.app.settings,
                      view.players == 4 and view.ruleset.partnerships, outline, set())
        draw_text(surface, _("stock {n}").format(n=view.stock_count), font - 2,
                  (table[0] + 4, table[1]), DIM)
        last = self.remote.state.last if self.remote.state else None
        line = self.status(view)
        if last is not None and self.result is None:
            who = next((seat_name(s) for s in seats if s.seat == last.seat), "?")
            line = f"{who}: {move_words(last.move)} \u00b7 {line}"
        draw_text(surface, line, font, (status[0] + status[2] // 2, status[1] + font),
                  ERROR if self.remote.problem else HILITE, "center", max_width=status[2])
        if self.message:
            draw_text(surface, self.message, font - 1, (status[0] + status[2] // 2,
                      status[1] + status[3]), ERROR, "center", max_width=status[2])
        me = next((s for s in seats if s.seat == view.player), None)
        if me is not None:
            draw_mark(surface, (hand[0] + 14, hand[1] + font), me.connected, max(5, font // 3))
            draw_text(surface, _("{name} (you) \u00b7 {n} taken").format(
                      name=seat_name(me), n=len(view.captures[view.player])), font,
                      (hand[0] + 28, hand[1] + font), TEXT, "midleft")
        for card, box in zip(view.hand, hand_boxes(hand, len(view.hand), self.card_size()),
                             strict=True):
            draw_card(surface, card, box, self.app.settings)
        self.buttons[0].draw(surface, font)
