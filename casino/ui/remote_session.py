"""A network game as the table scene sees it: a ``Session`` fed by the host's frames.

The host runs the one engine and sends this seat its own ``PlayerView`` after every move.
The table scene draws from a ``Game`` rebuilt from that view: the table, the piles, this
seat's hand and the score are the host's; the other hands and the stock are only counts,
filled with cards this seat has not seen (never drawn face up, and never what they are).
A click sends the move to the host; every move, one's own too, is shown when the host's
frame for it arrives, so the table never shows a move the host refused.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from casino.engine import Game, Move, PlayerView
from casino.engine.cards import Card, parse_cards
from casino.engine.errors import CasinoError
from casino.engine.moves import Block, Build, Capture, Trail
from casino.engine.notation import format_move, parse_move
from casino.engine.scoring import RoundScore, score_round
from casino.engine.state import State, TableItem
from casino.i18n import _
from casino.net.client import HOST_CLOSED
from casino.net.protocol import (
    ErrorFrame,
    GameOver,
    PastMove,
    Seats,
    SeatStatus,
    StateFrame,
    _engine_item,
)
from casino.persistence.tokens import forget_table
from casino.ui.session import LogEntry, Seat, Session
from casino.ui.words import move_text, reason_text

if TYPE_CHECKING:
    from casino.net.remote import LocalHost, Remote


class PlayedElsewhere:
    """The chooser of a seat played at another screen or by the host's computer: its moves
    arrive in the host's frames, so it is never asked."""

    def choose(self, view: PlayerView) -> Move:
        raise RuntimeError("this seat's moves come from the host")


def public_game(frame: StateFrame, view: PlayerView, scores: tuple[RoundScore, ...]) -> Game:
    """The game as this seat may see it: its view, the unknown cards as counts (filled with
    unseen cards in deck order, which says nothing about where they are)."""
    unseen = iter(view.unseen())
    hands = tuple(view.hand if seat == view.player else tuple(next(unseen) for _0 in range(n))
                  for seat, n in enumerate(view.hand_counts))
    stock = tuple(next(unseen) for _0 in range(view.stock_count))
    state = State(view.ruleset, view.dealer, view.to_move, hands, view.table, stock,
                  view.captures, view.sweeps, view.last_taker, view.must_capture,
                  view.deal_number, view.teams)
    return Game(view.ruleset, f"remote:{frame.game}", view.players, 0, state, frame.round,
                scores)


def past_move(past: PastMove) -> Move:
    """A move played before this window sat down, read without the table it was played on:
    its loose cards are in the text, its piles are given whole. Raises CasinoError or
    ValueError when the text is not a move."""
    head, verb, *rest = re.findall(r"\[[^\]]*\]|\S+", past.move)
    card_text, _0, value_text = head.partition("=")
    card = Card.parse(card_text)
    piles = [_engine_item(p) for p in past.piles]

    def item(token: str) -> TableItem:
        if not token.startswith("["):
            return Card.parse(token)
        cards = set(parse_cards(token[1:-1]))
        return next(p for p in piles if set(getattr(p, "cards", ())) == cards)

    items = tuple(item(token) for token in rest)
    if verb == "t":
        return Trail(card)
    if verb == "x":
        return Capture(card, int(value_text) if value_text else card.rank, items)
    m = re.fullmatch(r"([bk])(\d+)(?:x(\d+))?", verb)
    if m is None or not items:
        raise ValueError(f"not a move: {past.move!r}")
    if m.group(1) == "k":
        return Block(card, int(m.group(2)), items[0])
    return Build(card, int(m.group(2)), items, int(m.group(3) or 1))


@dataclass
class RemoteSession(Session):
    """One seat at a network table; ``remote`` carries the frames, ``local`` is the host when
    this window hosts the table."""

    remote: Remote | None = None
    local: LocalHost | None = None
    frames: list[StateFrame] = field(default_factory=list)
    """Frames received and not yet shown, oldest first."""
    shown: StateFrame | None = None
    round_scores: dict[int, RoundScore] = field(default_factory=dict)
    over: GameOver | None = None
    sent: bool = False
    """A move of this seat is on its way to the host."""
    log_round: int = 0
    round_log: int = 0
    """The round the log shows last, and where its entries begin in the log."""
    awaiting: int | None = None
    """The round whose deal this window waits for (its summary closed), or None."""
    known: dict[int, SeatStatus] = field(default_factory=dict)
    """Each seat as the last seats frame said: a change (someone left, came back, the
    computer sat in for them) is written in the log."""
    redraw: Callable[[], None] | None = None
    """Called when a frame changed what the table shows between moves (a seat left or came
    back, the connection dropped): an idle window on its own turn draws it at once."""
    pace: ClassVar[float] = 0.0

    @classmethod
    def start(cls, remote: Remote, local: LocalHost | None = None) -> RemoteSession:
        """The session once ``remote`` is seated and has its first state."""
        assert remote.state is not None and remote.ruleset is not None and remote.welcome
        ruleset = remote.ruleset
        frame, *later = remote.since or [remote.state]
        view = frame.view.to_view(ruleset)
        seats = [Seat(status.name, None if status.seat == view.player else PlayedElsewhere())
                 for status in (remote.seats.seats if remote.seats else remote.welcome.seats)]
        session = cls(ruleset, public_game(frame, view, ()), seats, use_process=False,
                      remote=remote, local=local, shown=frame, log_round=frame.round)
        session._show(frame)
        session.name_seats()
        statuses = remote.seats.seats if remote.seats else remote.welcome.seats
        session.known = {status.seat: status for status in statuses}
        session._log_past(frame)
        session.frames = later  # moves since then: shown as they are at the table
        return session

    def view(self, seat: int | None = None) -> PlayerView:
        """This seat's view (another seat's is only its public part)."""
        return self.game.view_for(self.me if seat is None else seat)

    @property
    def me(self) -> int:
        return self.shown.view.player if self.shown is not None else 0

    def log_name(self, seat: int) -> str:
        """This window's own seat is 'You' in the log, as in its score column: people's names
        at a network table (two who kept 'Player') do not say which is this window's."""
        return _("You") if self.is_you(seat) else super().log_name(seat)

    def is_you(self, seat: int) -> bool:
        return seat == self.me

    def is_person(self, seat: int) -> bool:
        """A person plays the seat, at this window or another (not one of the host's
        computers)."""
        seats = self.remote.seats if self.remote is not None else None
        status = next((s for s in seats.seats if s.seat == seat), None) if seats else None
        if status is None:
            return seat == self.me
        return status.kind != "computer"

    def name_seats(self) -> None:
        """The seats' names as this window words them (a computer in its language)."""
        from casino.ui.scenes.network import seat_name

        seats = self.remote.seats if self.remote is not None else None
        for status in seats.seats if seats else []:
            if status.seat < len(self.seats):
                self.seats[status.seat].name = seat_name(status)

    # -- frames --------------------------------------------------------------------

    def poll(self) -> None:
        if self.remote is None:
            return
        problem = self.remote.problem
        frames = self.remote.poll()
        if (any(isinstance(f, Seats) for f in frames) or self.remote.problem is not problem) \
                and self.redraw is not None:
            self.redraw()
        for frame in frames:
            if isinstance(frame, StateFrame):
                self.frames.append(frame)
            elif isinstance(frame, ErrorFrame):
                self.sent = False
                self.notices.append(_("Not allowed: {reason}.").format(
                    reason=reason_text(frame.why)))
            elif isinstance(frame, GameOver):
                self.over = frame
                if not frame.more and self.local is None and self.remote is not None:
                    forget_table(self.remote.code)  # nothing left there to rejoin
            elif isinstance(frame, Seats):
                self.name_seats()
                self._log_seats(frame)

    def _log_seats(self, frame: Seats) -> None:
        """Say in the log who left the table, whose connection was lost (a crash, the
        network: not a Leave), who came back, and where the computer sat in for an absent
        person."""
        from casino.ui.scenes.network import seat_name

        deal = self.game.round.deal_number
        for status in frame.seats:
            old = self.known.get(status.seat)
            self.known[status.seat] = status
            if old is None or status.kind == "computer" or status.open or old.open \
                    or status.seat == self.me:
                continue
            name = seat_name(status)
            if old.connected and not status.connected and status.lost:
                text = _("{name} lost the connection.").format(name=name) if status.stand_in \
                    else _("{name} lost the connection; the game waits for them.").format(
                        name=name)
            elif old.connected and not status.connected:
                text = _("{name} has left the table.").format(name=name) if status.stand_in \
                    else _("{name} has left the table; the game waits for them.").format(
                        name=name)
            elif status.connected and not old.connected:
                text = _("{name} is back at the table.").format(name=name)
            elif status.stand_in and not old.stand_in:
                text = _("The computer plays for {name} until they come back.").format(
                    name=name)
            else:
                continue
            self.log.append(LogEntry(-1, text, deal))

    def problem(self) -> str | None:
        """Why the table cannot go on (the connection is lost), or None."""
        problem = self.remote.problem if self.remote is not None else None
        return reason_text(problem) if problem is not None else None

    def table_closed(self) -> bool:
        """The host closed the table (its window quit), rather than the connection failing."""
        problem = self.remote.problem if self.remote is not None else None
        return problem == HOST_CLOSED

    def away(self, seat: int) -> bool:
        """The seat's person dropped out and the game waits for them (not known any more once
        this window's own connection is gone)."""
        seats = self.remote.seats if self.remote is not None else None
        return seats is not None and seat in seats.waiting_for and self.problem() is None

    def lost(self, seat: int) -> bool:
        """The seat's person is away because their connection dropped, not by leaving."""
        status = self.known.get(seat)
        return status is not None and status.lost

    def stood_in(self, seat: int) -> bool:
        """The host's computer plays the seat for its person, who is away."""
        status = self.known.get(seat)
        return status is not None and status.stand_in and self.problem() is None

    def status_note(self) -> str | None:
        if self.awaiting is not None:
            return _("Waiting for the host to deal round {number}\u2026").format(
                number=self.awaiting + 1)
        seat = self.to_move()
        name = self.seats[seat].shown
        if self.away(seat):
            # the host's countdown, in every player's window (the seats frame carries it)
            left = self.remote.stand_in_after(seat) if self.remote is not None else None
            lost = self.lost(seat)
            if left is None:
                return (_("{name} lost the connection. Waiting for them to come back; after a "
                          "while the host's computer plays for them.") if lost
                        else _("{name} has left the table. Waiting for them to come back; "
                               "after a while the host's computer plays for them.")
                        ).format(name=name)
            minutes, seconds = divmod(round(left), 60)
            return (_("{name} lost the connection. The computer takes their seat in {time} "
                      "unless they come back.") if lost
                    else _("{name} has left the table. The computer takes their seat in "
                           "{time} unless they come back.")
                    ).format(name=name, time=f"{minutes}:{seconds:02d}")
        if self.stood_in(seat):
            return _("The computer plays for {name} until they come back.").format(name=name)
        return None

    def _show(self, frame: StateFrame) -> Game:
        """Make ``frame`` the game shown; the game before it."""
        view = frame.view.to_view(self.ruleset)
        before = self.game
        self._fill_earlier_rounds(frame.round, view)
        scores = tuple(self.round_scores[r] for r in sorted(self.round_scores) if r < frame.round)
        game = public_game(frame, view, scores)
        if game.round.is_over():
            self.round_scores[frame.round] = score_round(game.round)
            game = public_game(frame, view, (*scores, self.round_scores[frame.round]))
        self.game = game
        self.shown = frame
        if self.awaiting is not None and frame.round >= self.awaiting:
            self.awaiting = None
        return before

    def _fill_earlier_rounds(self, round_index: int, view: PlayerView) -> None:
        """Rounds played before this window sat down (a join or rejoin mid-game): their
        points are known only in sum, from the view's game totals, and count as one lump."""
        missing = [r for r in range(round_index) if r not in self.round_scores]
        if not missing or not view.totals:
            return
        known = [sum(self.round_scores[r].totals[s] for r in self.round_scores
                     if r < round_index) for s in range(len(view.totals))]
        lump = tuple(t - k for t, k in zip(view.totals, known, strict=True))
        zero = (0,) * len(lump)
        for r in missing:
            points = lump if r == missing[0] else zero
            self.round_scores[r] = RoundScore(("earlier",), tuple((p,) for p in points), zero,
                                              zero, zero)

    def _log_past(self, frame: StateFrame) -> None:
        """A (re)join's frame: the round's moves so far take the place of the log's entries
        for that round, so the log and each seat's last move show what was played."""
        if frame.round != self.log_round:
            self.log.append(LogEntry(-1, _("Round {number}").format(number=frame.round + 1),
                                     1))
            self.log_round, self.round_log = frame.round, len(self.log)
        if not frame.moves:
            return
        del self.log[self.round_log:]
        for past in frame.moves:
            try:
                move = past_move(past)
            except (CasinoError, ValueError, StopIteration):
                continue  # a move this window cannot read is left out of the log
            self.log.append(LogEntry(past.seat, self.move_entry(past.seat, move, past.stand_in),
                                     past.deal))

    def move_entry(self, seat: int, move: Move, stand_in: bool) -> str:
        """A move's log line; one the host's computer played for an absent person says so
        ('Ben (computer): ...', 'The computer for you: ...'): the person, back, must not
        read 'You: trail 9\u2665' for a move they never made."""
        if not stand_in:
            return self.entry_text(seat, move)
        what = move_text(move, self.ruleset)
        if self.is_you(seat):
            return _("The computer for you: {move}").format(move=what)
        return _("{name} (computer): {move}").format(name=self.seats[seat].shown, move=what)

    # -- the table scene's questions ------------------------------------------------

    def submit(self, move: Move) -> bool:
        """Send this seat's move to the host; it is shown when the host's frame comes back."""
        if self.remote is None or self.shown is None or self.sent:
            return self.remote is not None
        self.remote.send_move(self.shown.step, format_move(move))
        self.sent = True
        return True

    def humans_turn(self) -> bool:
        self.poll()
        return (not self.frames and not self.problem() and not self.sent
                and not self.game.round_over() and self.to_move() == self.me)

    def start_thinking(self) -> None:
        self.poll()

    def thinking(self) -> bool:
        return False

    def take_computer_move(self) -> Move | None:
        """The next move the host reports (this seat's own too); a frame without a move
        (a rejoin, a new game) is shown at once."""
        self.poll()
        while self.frames:
            frame = self.frames[0]
            if frame.last is None or frame.step <= (self.shown.step if self.shown else -1):
                self.frames.pop(0)
                if frame.last is None:  # a rejoin's view, or a new game: no move to show
                    self._show(frame)
                    self._log_past(frame)
                continue
            try:
                return parse_move(self.game.round, frame.last.move)
            except CasinoError:  # not readable here: show the position without the move
                self.frames.pop(0)
                self._show(frame)
        return None

    def play(self, move: Move) -> Game:
        """Show the host's frame for ``move`` (from ``take_computer_move``)."""
        frame = self.frames.pop(0)
        assert frame.last is not None
        seat = frame.last.seat
        if seat == self.me:
            self.sent = False
        deal = self.game.round.deal_number
        before = self._show(frame)
        self.log.append(LogEntry(seat, self.move_entry(seat, move, frame.last.stand_in), deal))
        self.log.extend(self.last_take_entries(before, self.game, move, seat, deal))
        return before

    def finished(self) -> bool:
        return self.over is not None and self.over.game == (self.shown.game if self.shown else 0)

    def next_round(self) -> None:
        """Show the host's next deal if it has come (the host deals as soon as a round ends,
        but a slow link or a dropped one holds it back). Otherwise wait for it without
        blocking the window: ``waiting_for_deal`` says so, and ``take_computer_move`` shows
        the deal when its frame comes."""
        self.poll()
        frame = next((f for f in self.frames if f.round > self.game.round_index), None)
        if frame is None:
            self.awaiting = self.game.round_index + 1
            return
        self.frames = self.frames[self.frames.index(frame) + 1:]
        self._show(frame)
        self.log.append(LogEntry(-1, _("Round {number}").format(
            number=self.game.round_index + 1), 1))
        self.log_round, self.round_log = self.game.round_index, len(self.log)

    def waiting_for_deal(self) -> bool:
        return self.awaiting is not None

    def record(self) -> list[str]:
        return []  # the host records the game

    def can_undo(self) -> bool:
        return False

    def remote_table(self) -> bool:
        return True

    def undo(self) -> bool:
        return False

    def rejoin(self) -> None:
        """Sit down again at the same seat with its token, after the connection was lost."""
        from casino.net.remote import Remote

        old = self.remote
        if old is None or old.problem is None:
            return
        # A rejoin that found no host (R pressed before the host was back) was never
        # welcomed: its hello still carries the seat's token, so R works again.
        token = old.welcome.token if old.welcome is not None else old.hello.token
        if token is None:
            return
        old.close()
        self.remote = Remote(old.address, old.code, self.seats[self.me].name, token=token)
        self.frames.clear()
        self.sent = False

    def close(self) -> None:
        # The table this window hosts closes first: its players read that the host closed
        # it, not first that the host's person left and the game waits for them.
        if self.local is not None:
            self.local.close()
        if self.remote is not None:
            self.remote.close()
