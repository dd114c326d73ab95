"""Playing people over the network: host or join a table, the lobby, and the remote table.

The window never holds the game: the host's engine does. These scenes show the frames a
``Remote`` collects (one's own view, the seats) and send the move a click means, which the
host checks. All network work runs on threads (``casino.net.remote``); drawing never waits.
"""

from __future__ import annotations

import errno
import functools
import threading
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from casino.engine import load_ruleset
from casino.engine.errors import CasinoError
from casino.engine.ruleset import Ruleset, bundled_names
from casino.engine.state import is_partnership
from casino.engine.wording import Said
from casino.i18n import N_, _, ngettext
from casino.net.client import cannot_reach
from casino.net.protocol import SeatStatus
from casino.net.table import TABLE_ENDED, UNKNOWN_TOKEN, WRONG_CODE, SeatSpec, Table
from casino.persistence.files import data_dir, keep_aside, read_limited
from casino.persistence.tokens import (
    code_key,
    forget_table,
    known_tokens,
    newest_seat,
    remember_token,
    seat_token,
    table_key,
)
from casino.ui import assets
from casino.ui.layout import Box, dialog_layout, fit_font, inside
from casino.ui.render import seat_colour
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
    wrap,
)
from casino.ui.session import ai_levels, level_label, shown_name
from casino.ui.words import notice_text, reason_text

if TYPE_CHECKING:
    from collections.abc import Callable

    from casino.net.discovery import FoundTable
    from casino.net.remote import LocalHost, Remote
    from casino.ui.app import App
    from casino.ui.session import Session

PERSON = "person"
DEFAULT_PORT = 7777
TYPED = ("port", "address", "code")
"""The lines typed into rather than stepped through."""
MOST_ROWS = 9
"""Host and join lines at most: rules, players, four seats, port, address, code."""
MESSAGE_ROWS = 3
HOSTED_NAME = "hosted-table.json"
"""The table this window hosts, saved after every move like ``casino-cli serve`` saves its own."""


LIST_BACK = (10, 26, 19)
LIST_EDGE = (70, 105, 85)
"""The list of tables found: a well darker than the window, with a thin edge."""
ROW_CHOSEN = (50, 95, 70)
"""The line being typed or changed, and the table found whose address Join would use."""
ROW_HOVER = (28, 58, 43)
"""A table found under the mouse: a click chooses it."""


def list_box(boxes: list[Box]) -> pygame.Rect:
    """The rectangle around ``boxes`` (rows one under the other), a little outside them."""
    first, last = boxes[0], boxes[-1]
    return pygame.Rect(first[0], first[1] - 2, first[2], last[1] + last[3] - first[1] + 4)


def hosted_path() -> Path:
    return data_dir() / HOSTED_NAME


def saved_code() -> str | None:
    """The join code of the table this window hosted and did not finish (read without
    replaying it), or None: its seat is not offered for a rejoin, Host reopens it."""
    import json

    try:
        data = json.loads(read_limited(hosted_path()).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    code = data.get("code") if isinstance(data, dict) else None
    return code if isinstance(code, str) else None


def seat_name(seat: SeatStatus) -> str:
    """The seat's name in this window's language: a computer is named here ('Dator 2 (Svår)'),
    not in the host's words; a person by the name they chose (the default names of the
    game, 'Computer 2' as `casino-cli join` players are called, in this language too, as
    the table says them)."""
    if seat.kind == "computer" and seat.level is not None:
        return _("Computer {number} ({level})").format(number=seat.seat + 1,
                                                       level=level_label(seat.level))
    return shown_name(seat.name)  # casino-cli join's 'Computer 2' reads 'Dator 2' here too


def seat_line(seat: SeatStatus, waiting: bool) -> str:
    """A seat in words: 'Anna', 'Seat 2: open, ...', 'Ben: away, the game waits'."""
    if seat.open:
        return _("Seat {number}: open, waiting for a player").format(number=seat.seat + 1)
    if seat.stand_in:
        return _("{name}: away, the computer plays for now").format(name=seat_name(seat))
    if waiting and seat.lost:
        return _("{name}: connection lost, the game waits").format(name=seat_name(seat))
    if waiting:
        return _("{name}: away, the game waits").format(name=seat_name(seat))
    return seat_name(seat)


def draw_mark(surface: pygame.Surface, centre: tuple[int, int], connected: bool,
              radius: int, colour: tuple[int, int, int]) -> None:
    """The connection mark in the seat's ``colour``: a filled dot when connected, a ring
    when not (an open seat, or a person who is away)."""
    if connected:
        pygame.draw.circle(surface, colour, centre, radius)
    else:
        pygame.draw.circle(surface, colour, centre, radius, max(1, radius // 3))


def lobby_colour(ruleset: Ruleset | None, seats: int, seat: int) -> tuple[int, int, int]:
    """A seat's colour in the lobby: the colour it has at the table in every window (by
    team where four play as partners), so 'I am the red one' holds from the lobby on."""
    return seat_colour(seat, ruleset is not None and is_partnership(ruleset, seats))


def value_at(box: Box) -> int:
    """Where a row of the form draws its value (a choice's \u2039), a third of the way in."""
    return box[0] + box[2] // 3 + 8


@functools.cache
def _bundled() -> frozenset[str]:
    """The names of the rulesets shipped with the game (they do not change while it runs)."""
    return frozenset(bundled_names())


def found_line(table: FoundTable) -> str:
    """A table found on the network as a person reads it: the host's name, the rules by
    their title (not the ruleset's file name), the open seats (or that it is being played)
    and where it is."""
    # Only a bundled ruleset is looked up: the name comes from the network, and is never
    # taken for a path to read on this machine. A host's own ruleset: its name is all we know.
    rules = (_(load_ruleset(table.ruleset).title) if table.ruleset in _bundled()
             else table.ruleset)
    # the window announces "NAME RULESET" (a name unique on the network); show NAME alone
    name = table.name.removesuffix(f" {table.ruleset}") or table.name
    # a table being played is listed, not withdrawn: a late friend learns it is there
    # (and full) rather than that the network finds nothing; a seat kept there rejoins
    seats = _("being played") if table.state == "playing" \
        else _("its game is over") if table.state == "over" \
        else ngettext("{n} open seat", "{n} open seats", table.open_seats).format(
            n=table.open_seats)
    return _("{name} \u00b7 {rules} \u00b7 {seats} \u00b7 {address}").format(
        name=name, rules=rules, seats=seats, address=table.where)


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
        self.port = str(DEFAULT_PORT)
        """The port Host listens on, as typed (0 picks a free one; the lobby shows it)."""
        self.row = 0
        self.found: list[FoundTable] = []
        self.searching = False
        self.message = ""
        self.done = ""
        """What was just done, said over the buttons (not a refusal: not in red) until the
        next key or click."""
        self.buttons = [Button(N_("Host"), "host"),
                        Button(N_("Join"), "join", key=pygame.K_RETURN),
                        Button(N_("Find tables"), "find", key=pygame.K_F5),
                        Button(N_("Back"), "back", key=pygame.K_ESCAPE)]
        self.fresh = False
        """The person changed the host lines while a hosted table is saved: Host starts the
        table they show, and the saved one is set aside (renamed, never deleted)."""
        self.hosted_code: str | None = None
        self.show_saved()
        self.rejoin = newest_seat(known_tokens(), self.hosted_code)
        """The newest table this window has a seat at: the join lines start filled in with
        it, so a window that crashed or quit rejoins with Join alone."""
        if self.rejoin is not None:
            self.address, self.code = self.rejoin

    def show_saved(self) -> None:
        """The host lines show the saved table, the one Host opens again, rather than choices
        it would ignore (they read Draw Casino, 3 players while Host reopened Classic)."""
        saved = self.saved_table() if hosted_path().exists() else None
        if saved is not None:
            self.hosted_code = saved.code
        if saved is None or saved.ruleset.name not in self.rulesets:
            return
        self.ruleset = saved.ruleset.name
        self.seats = [PERSON if seat.kind == "person" else seat.level or PERSON
                      for seat in saved.seats[1:]]

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
        out += [("port", _("Host: port"), self.port),
                ("address", _("Join: address"), self.address),
                ("code", _("Join: code"), self.code)]
        return out

    def typed_row(self) -> str | None:
        key = self.rows()[self.row][0]
        return key if key in TYPED else None

    def change(self, row: int, step: int) -> None:
        label = self.rows()[row][0]
        if label not in (*TYPED, "seat 1"):
            self.fresh = True
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
        # the most host and join lines (four seats), a gap, the found tables' heading and
        # three tables, and the message's lines: a long one ("the port is in use ...")
        # wraps above the buttons rather than ending in an ellipsis
        lay = dialog_layout(w, h, MOST_ROWS + 5 + MESSAGE_ROWS, len(self.buttons),
                            fit_font(h), 0.62)
        n = len(self.rows())
        rows = list(lay.rows[:n])
        # the tables found: a list from under the last line down to the message's lines, as
        # many as it wraps to (the room the seats 3 and 4 leave, or a message, is the
        # list's, not a gap in the middle of the window); a heading and a line at least
        note = self.note()
        size = fit_font(h) - 1
        wanted = len(wrap(note[0], size, lay.box[2] - 20)) if note is not None else 0
        rows_each = max(1, lay.rows[1][1] - lay.rows[0][1]) if len(lay.rows) > 1 else 1
        spare = lay.buttons[0][1] - size // 2 - (lay.rows[-1][1] + lay.rows[-1][3])
        needed = -(-(wanted * round(size * 1.3) - max(0, spare)) // rows_each)
        keep = max(0, min(needed, len(lay.rows) - n - 3))
        found = list(lay.rows[n + 1:len(lay.rows) - keep])
        for button, box in zip(self.buttons, lay.buttons, strict=True):
            button.box = box
        return rows, found, lay.box

    # -- events ------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.done = ""  # said once: the line goes back to what Host or Join will do
        rows, found, _box = self.boxes()
        field = self.typed_row()
        if field and event.type == pygame.KEYDOWN:
            text = getattr(self, field)
            if event.key == pygame.K_BACKSPACE:
                setattr(self, field, text[:-1])
                return True
            ch = getattr(event, "unicode", "")
            if field == "port" and ch and ch.isprintable() \
                    and not (ch.isdigit() and ch.isascii() and len(text) < 5):
                return True  # a port is a number (Esc, whose text is '\x1b', goes on)
            if ch and ch.isprintable() and event.key != pygame.K_RETURN and len(text) < 60:
                setattr(self, field, text + (ch.upper() if field == "code" else ch))
                return True
        if press(self.buttons, event):
            return True
        if event.type == ACTION:
            return self.on_action(str(event.action))
        picked = step_rows(event, self.row, rows, value_at)
        if picked is not None:
            self.row, step = picked
            if step:
                self.change(self.row, step)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            # found[0] is the heading; the tables are listed on the lines below it
            for table, box in zip(self.found, found[1:], strict=False):
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

    def saved_table(self) -> Table | None:
        """The table this window hosted and did not finish, or None (a save that does not
        load is named in the message line, left in place, and set aside by Host)."""
        from casino.net.host import load_table
        from casino.persistence.rulesets import get_ruleset

        if not hosted_path().exists():
            return None
        try:
            return load_table(hosted_path(), get_ruleset)
        except CasinoError as exc:  # what Host does first: the line may be cut short
            self.message = _("Host starts a new table: the saved one cannot be reopened and "
                             "is kept aside ({reason})").format(
                reason=notice_text(exc.args[0]) if exc.args else exc)
            return None

    def host(self, port: int | None = None, bind: str = "0.0.0.0") -> None:
        """Host the table chosen here, or the one saved from the last time this window hosted
        (same code and seats: the players rejoin with their tokens), on ``port`` or the one
        typed in the port line."""
        from casino.net.ports import port_refusal
        from casino.net.remote import LocalHost, Remote

        if port is None:
            port = int(self.port) if self.port else DEFAULT_PORT
            if port > 65535:
                self.message = _("a port is a number from 0 to 65535 (0 picks a free one)")
                return

        table = None if self.fresh else self.saved_table()
        new = table is None  # a saved table that does not load is not written over either
        if table is None:
            ruleset = load_ruleset(self.ruleset)
            specs = [SeatSpec(kind="person")] + [
                SeatSpec(kind="person") if k == PERSON else SeatSpec(kind="computer", level=k)
                for k in self.seats]
            import secrets

            table = Table(ruleset, specs, seed=secrets.token_hex(8))
            # Seat 1 is this window's before anyone can join: a friend quicker than the
            # window's own connection would otherwise take it, and hosting the saved table
            # again would seat the window as the friend.
            table.reserve(0, self.app.settings.player_name)
        table.host_seat = 0  # this window's player: the guests' lobbies say who hosts
        try:
            # A table for this machine alone (127.0.0.1) is not announced.
            name = f"{self.app.settings.player_name} {table.ruleset.name}"
            local = LocalHost(table, port=port, bind=bind, save_path=hosted_path(),
                              announce=None if bind.startswith("127.") else name)
        except OSError as exc:
            why = port_refusal(exc)
            if why is None:
                self.message = _("cannot host on port {port}: {error}").format(
                    port=port, error=exc.strerror or exc)
            elif exc.errno == errno.EADDRINUSE:
                self.message = _("cannot host on port {port}: {reason}; close it, or type "
                                 "another port above (0 picks a free one)").format(
                    port=port, reason=reason_text(why))
            else:
                self.message = _("cannot host on port {port}: {reason}; type another port "
                                 "above").format(port=port, reason=reason_text(why))
            return  # the saved table stays where it is: Host may be tried again
        # the new table is up: set the old one aside as NAME.unfinished-<time>, as
        # ``casino-cli serve --new`` does, before its first move saves over it
        if new and hosted_path().exists() and keep_aside(hosted_path(),
                                                         label="unfinished") is None:
            local.close()  # nothing saved yet: the old file stays as it is
            self.message = notice_text(Said("{path}: not saved: the old file could not be "
                                            "kept aside", path=str(hosted_path())))
            return
        remote = Remote(f"127.0.0.1:{local.port}", local.code, self.app.settings.player_name,
                        token=table.seats[0].token)
        self.app.stack.replace(LobbyScene(self.app, remote, local))

    def join(self) -> None:
        from casino.net.remote import Remote

        if not self.address or not self.code:
            self.message = _("type the host's address (HOST:PORT) and the join code")
            return
        try:
            remote = Remote(self.address, self.code, self.app.settings.player_name,
                            token=seat_token(self.address, self.code, known_tokens()))
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
                pygame.draw.rect(surface, ROW_CHOSEN, rect, border_radius=6)
            draw_text(surface, label, font, (rect.x + 8, rect.centery), DIM, "midleft",
                      max_width=rect.w // 3)
            typed = name in TYPED
            shown = value + ("|" if typed and i == self.row else "") if typed else \
                (value if name == "seat 1" else f"\u2039  {value}  \u203a")
            if typed and not value and i != self.row:
                shown = _("e.g. {address}").format(address="192.168.1.20:7777") \
                    if name == "address" else _("the host's 6 letters") if name == "code" \
                    else str(DEFAULT_PORT)
            colour = DIM if typed and not value and i != self.row else TEXT
            draw_text(surface, shown, font, (value_at(rbox), rect.centery), colour,
                      "midleft", max_width=rect.w * 2 // 3 - 16)
        x, y, w, h = found[0]
        inset = list_box(found)
        pygame.draw.rect(surface, LIST_BACK, inset, border_radius=6)
        pygame.draw.rect(surface, LIST_EDGE, inset, 1, border_radius=6)
        head = _("Tables on this network (click one, then type its code):") if self.found \
            else _("Tables on this network")
        draw_text(surface, head, font - 1, (x + 8, y + h // 2), DIM, "midleft", max_width=w)
        if not self.found:  # what to do, in the middle of the empty list
            empty = _("Looking for tables on this network\u2026") if self.searching \
                else _("F5 or Find tables looks for tables on this network.")
            below = list_box(found[1:] or found)
            draw_text(surface, empty, font - 1, below.center, DIM, "center",
                      max_width=below.w - 16)
        mouse = pygame.mouse.get_pos()
        for table, fbox in zip(self.found, found[1:], strict=False):
            row = pygame.Rect(fbox).inflate(-8, -2)
            if table.where == self.address:  # the one chosen: its address is in the line
                pygame.draw.rect(surface, ROW_CHOSEN, row, border_radius=6)
            elif row.collidepoint(mouse):  # the one a click would choose
                pygame.draw.rect(surface, ROW_HOVER, row, border_radius=6)
                pygame.draw.rect(surface, LIST_EDGE, row, 1, border_radius=6)
            draw_text(surface, found_line(table), font, (fbox[0] + 16, fbox[1] + fbox[3] // 2),
                      TEXT, "midleft", max_width=fbox[2] - 24)
        note = self.note()
        if note is not None:
            self.draw_note(surface, *note)
        for button in self.buttons:
            button.draw(surface, font)

    def note(self) -> tuple[str, tuple[int, int, int]] | None:
        """The line over the buttons, with its colour: the last refusal, else what Host or
        Join will do; None when there is nothing to say."""
        saved = hosted_path().exists()
        if self.message:
            return self.message, ERROR
        if self.done:
            return self.done, HILITE
        if saved and self.fresh:
            return _("Host starts a new table as shown; your saved one is set aside."), HILITE
        if saved:
            return _("Host reopens your saved table (its players rejoin); change a line to "
                     "host a new one."), HILITE
        if self.rejoin is not None and (self.address, self.code) == self.rejoin:
            return _("Join takes your seat back at {address} (code {code}).").format(
                address=self.rejoin[0], code=self.rejoin[1]), HILITE
        return None

    def note_lines(self, text: str) -> list[str]:
        """The message line's text as drawn: wrapped over the buttons onto as many lines as
        there is room for under the tables found (three at least: a refusal and what to do
        about it, whole at 800x600 in Swedish too)."""
        rows, found, box = self.boxes()
        size = fit_font(self.app.screen.get_height()) - 1
        lines = wrap(text, size, box[2] - 20)
        above = found or rows
        room = self.buttons[0].box[1] - size // 2 - (above[-1][1] + above[-1][3])
        most = max(MESSAGE_ROWS, room // round(size * 1.3))
        if len(lines) > most:  # the last line ends in an ellipsis
            lines = [*lines[:most - 1], " ".join(lines[most - 1:])]
        return lines

    def draw_note(self, surface: pygame.Surface, text: str,
                  colour: tuple[int, int, int]) -> None:
        box = self.boxes()[2]
        size = fit_font(surface.get_height()) - 1
        step = round(size * 1.3)
        bottom = self.buttons[0].box[1] - size // 2
        for k, line in enumerate(reversed(self.note_lines(text))):
            draw_text(surface, line, size, (box[0] + box[2] // 2, bottom - k * step), colour,
                      "midbottom", max_width=box[2] - 20)


class LobbyScene(Scene):
    """Who sits where, who is connected, and (for the host) the code to give the others."""

    def __init__(self, app: App, remote: Remote, local: LocalHost | None) -> None:
        super().__init__(app)
        self.remote = remote
        self.local = local
        self.buttons = [Button(N_("Leave"), "leave", key=pygame.K_ESCAPE)]
        self.forget = Button(N_("Forget this seat"), "forget", key=pygame.K_f)
        """Offered when nothing answers where a kept seat is: the host may host the table
        again (a crash, a restart), so the seat is kept until the person says otherwise."""
        self.token_kept = False
        self.token_problem: str | None = None

    def refused(self) -> bool:
        """This window asked to join and was not seated (a wrong code, a full table, nobody
        hosting there now): the way on is back to the join fields, not to the title."""
        return (self.local is None and self.remote.welcome is None
                and self.remote.problem is not None)

    def unreachable_seat(self) -> bool:
        """A kept seat was asked for and nothing answered at its address: the host is not
        running its table now (gone for good, or back later)."""
        return (self.refused() and self.remote.hello.token is not None
                and cannot_reach(self.remote.problem))

    def ended(self) -> bool:
        """The host answered that the table's last game is over (this seat was away)."""
        problem = self.remote.problem
        return problem is not None and problem.message == TABLE_ENDED.message

    def shown_buttons(self) -> list[Button]:
        return [self.forget, *self.buttons] if self.unreachable_seat() else self.buttons

    def back_to_join(self, forgotten: bool = False) -> None:
        """The network scene again with the address and code as typed, the code to correct
        and the reason said there; after ``forgotten``, with the lines cleared (or the next
        kept seat) and that said."""
        problem = self.remote.problem
        self.remote.close()
        scene = NetworkScene(self.app)
        if forgotten:
            scene.done = _("The seat at {address} (code {code}) is forgotten.").format(
                address=self.remote.address, code=self.remote.code)
            self.app.stack.replace(scene)
            return
        if self.ended():  # nothing there to join again: the result is said, the lines free
            scene.done = reason_text(problem) if problem is not None else ""
            self.app.stack.replace(scene)
            return
        scene.address, scene.code = self.remote.address, self.remote.code
        scene.row = [key for key, _label, _value in scene.rows()].index("code")
        scene.message = reason_text(problem) if problem is not None else ""
        self.app.stack.replace(scene)

    def update(self, dt: float) -> None:
        if self.remote.poll():
            self.app.dirty = True
        self.buttons[0].label = N_("Back") if self.refused() else N_("Leave")
        welcome = self.remote.welcome
        if self.remote.hello.token is not None and not self.token_kept \
                and self.remote.problem in (WRONG_CODE, UNKNOWN_TOKEN):
            # the kept seat is gone: never offered again (another table there: this address)
            self.token_kept = True
            forget_table(self.remote.code, address=self.remote.address
                         if self.remote.problem == WRONG_CODE else None)
        if self.ended() and not self.token_kept:
            # the last game ended while this window was away: the host told the result
            self.token_kept = True
            forget_table(self.remote.code)
        if welcome is not None and not self.token_kept:
            # Once per table: a token that cannot be kept is said, not tried every frame.
            self.token_kept = True
            self.token_problem = remember_token(
                table_key(self.remote.address, self.remote.code), welcome.token)
        if self.remote.state is not None and self.remote.problem is None:
            from casino.ui.remote_session import RemoteSession
            from casino.ui.scenes.table import TableScene

            session = RemoteSession.start(self.remote, self.local)
            session.redraw = functools.partial(setattr, self.app, "dirty", True)
            self.app.show_table(session)
            table = self.app.stack.top
            if self.token_problem is not None and isinstance(table, TableScene):
                table.say(notice_text(self.token_problem), "error")

    def busy(self) -> bool:
        return True  # frames arrive from the network: keep looking

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.place_buttons()
        if press(self.shown_buttons(), event):
            return True
        if event.type == ACTION and event.action == "forget" and self.unreachable_seat():
            forget_table(self.remote.code)
            self.back_to_join(forgotten=True)
            return True
        if event.type == ACTION and event.action == "leave":
            if self.refused():
                self.back_to_join()
            else:
                leave(self.app, self.remote, self.local)
            return True
        return False

    def place_buttons(self) -> None:
        w, h = self.app.screen.get_size()
        buttons = self.shown_buttons()
        lay = dialog_layout(w, h, 10, len(buttons), fit_font(h), 0.55)
        for button, box in zip(buttons, lay.buttons, strict=True):
            button.box = box

    def code_and_where(self) -> tuple[str | None, str]:
        """The join code to pass on (None until seated: a code the host refused is not
        one), and the line under it: where the others join, and who hosts. A guest shows
        them too, so a friend who joined first can bring a third in."""
        if self.local is not None:
            from casino.net.discovery import lan_address

            return self.local.code, _("Others join at {address} with this code.").format(
                address=f"{lan_address()}:{self.local.port}")
        welcome = self.remote.welcome
        if welcome is None:
            return None, _("Table at {address}").format(address=self.remote.address)
        host = next((seat for seat in welcome.seats if seat.seat == welcome.host), None)
        code = code_key(self.remote.code)  # as the host reads it out: a typed 5 is its S
        if host is None:
            return code, _("Others join at {address} with this code.").format(
                address=self.remote.address)
        return code, _("{name} hosts this table: others join at {address} with this "
                       "code.").format(name=seat_name(host), address=self.remote.address)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(assets.felt(surface.get_size()), (0, 0))
        w, h = surface.get_size()
        font = fit_font(h)
        buttons = self.shown_buttons()
        lay = dialog_layout(w, h, 10, len(buttons), font, 0.55)
        self.place_buttons()
        panel(surface, lay.box, HILITE)
        ruleset = self.remote.ruleset
        title = _("{rules}: the lobby").format(rules=_(ruleset.title)) if ruleset \
            else _("The table has ended") if self.ended() \
            else _("Could not join the table") if self.refused() \
            else _("Joining the table\u2026")
        draw_text(surface, title, font + 4, (lay.title[0] + lay.title[2] // 2, lay.title[1]),
                  HILITE, "midtop", bold=True, max_width=lay.title[2])
        x, y, rw, _rh = lay.rows[0]
        code, where = self.code_and_where()
        if code is not None:
            draw_text(surface, _("Join code  {code}").format(code=code), font + 6,
                      (x + 8, y), HILITE, bold=True)
            # on two lines where it needs them (who hosts, and where: a guest's is long),
            # over the row the seats leave free, rather than squeezed small on one
            for k, line in enumerate(wrap(where, font - 1, rw - 16)[:2]):
                draw_text(surface, line, font - 1,
                          (x + 8, lay.rows[1][1] + 4 + k * round((font - 1) * 1.25)), DIM,
                          max_width=rw - 16)
        else:
            draw_text(surface, where, font, (x + 8, y), DIM)
        seats = self.remote.seats
        welcome = self.remote.welcome
        for i, seat in enumerate(seats.seats if seats else []):
            bx, by, bw, bh = lay.rows[3 + i]
            waiting = seat.seat in (seats.waiting_for if seats else [])
            draw_mark(surface, (bx + 16, by + bh // 2), seat.connected, max(5, font // 3),
                      lobby_colour(ruleset, len(seats.seats) if seats else 0, seat.seat))
            line = seat_line(seat, waiting)
            me = welcome is not None and seat.seat == welcome.seat
            hosts = welcome is not None and seat.seat == welcome.host
            if me and hosts:
                line = _("{name} (you, the host)").format(name=line)
            elif me:
                line = _("{seat} (you)").format(seat=line)
            elif hosts:
                line = _("{seat} (the host)").format(seat=line)
            draw_text(surface, line, font, (bx + 32, by + bh // 2),
                      TEXT if not seat.open else DIM, "midleft", max_width=bw - 40)
        status = reason_text(self.remote.problem) if self.remote.problem else \
            _("Waiting for every seat to be taken\u2026")
        if self.unreachable_seat():  # what happened, then what the person may do about it
            bx, by, bw, _bh = lay.rows[2]
            said = _("The host cannot be reached: {reason}.").format(reason=status)
            why = _("Your seat at this table is kept, so that Join takes it back when the "
                    "host hosts the table again. If that game is over, forget the seat.")
            step = round(font * 1.35)
            lines = [(line, ERROR) for line in wrap(said, font, bw - 16)]
            lines += [("", TEXT)] + [(line, TEXT) for line in wrap(why, font, bw - 16)]
            for k, (line, colour) in enumerate(lines):
                draw_text(surface, line, font, (bx + 8, by + k * step), colour)
        else:
            bx, by, bw, bh = lay.rows[-1]
            for k, line in enumerate(reversed(wrap(status, font, bw - 8)[:3])):
                draw_text(surface, line, font,
                          (bx + bw // 2, by + bh // 2 - k * round(font * 1.3)),
                          HILITE if self.ended() else ERROR if self.remote.problem else DIM,
                          "center", max_width=bw)
        for button in buttons:
            button.draw(surface, font)


def waited_for(seconds: float | None) -> str:
    """How long the game waits for a person who left: '2 minutes', '45 seconds'."""
    if seconds is None:
        return _("a while")
    whole = round(seconds)
    if whole >= 60 and whole % 60 == 0:
        return ngettext("{n} minute", "{n} minutes", whole // 60).format(n=whole // 60)
    return ngettext("{n} second", "{n} seconds", whole).format(n=whole)


def leave_question(app: App, session: Session, quitting: bool,
                   on_no: Callable[[], None]) -> Scene:
    """Menu -> Leave the table (or Quit) at a network table: what becomes of the seat, asked
    first; the item left the table in one click, and the friends were told the game waits.
    A host's leaving closes the table for everyone (it is saved, and Host opens it again)."""
    from casino.ui.remote_session import RemoteSession
    from casino.ui.scenes.dialogs import ConfirmScene

    def go() -> None:
        if quitting:
            app.running = False
        else:
            app.to_title()  # as every way back to the title: it knows the saved game

    remote = session.remote if isinstance(session, RemoteSession) else None
    hosting = isinstance(session, RemoteSession) and session.local is not None
    welcome = remote.welcome if remote is not None else None
    yes = N_("Quit") if quitting else N_("Leave the table")
    title = N_("Quit and leave the table?") if quitting else N_("Leave the table?")
    if session.game.is_over() or remote is None or welcome is None:
        return ConfirmScene(app, title, _("The game is over: your seat is no longer needed."), yes,
                            go, on_no)
    if hosting:
        question = _("You host this table: leaving closes it for everyone. It is saved, and "
                     "Network → Host opens it again; the others rejoin their seats.")
    elif isinstance(session, RemoteSession) and session.table_closed():
        # nobody waits for this seat now: the game goes on only when the host hosts again
        question = _("The host has closed the table. Your seat stays yours: when they host "
                     "it again, Network → Join takes it back.")
    else:
        back = _("When you start the game again, the title offers the seat back "
                 "(or Network → Join).") if quitting \
            else _("Network → Join takes it back.")
        question = _("Your seat stays yours. The game waits {time} for you, then the host's "
                     "computer plays it until you come back. {back}").format(
            time=waited_for(welcome.seat_timeout), back=back)
    return ConfirmScene(app, title, question, yes, go, on_no)


def leave(app: App, remote: Remote, local: LocalHost | None) -> None:
    remote.close()
    if local is not None:
        local.close()
    app.show_title()
