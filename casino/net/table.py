"""A hosted table without the network: seats, join codes, tokens, and the one engine.

``Table`` decides who may sit where and whether a move is played; it does no I/O, so the
host's asyncio code (``casino.net.host``) only carries frames to and from it. Everything a
client sends arrives here as a validated protocol model and is checked against the engine;
a refusal is a ``Refused`` with the reason (a ``Reason``: the client may say it in its own
language), and the table is unchanged.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from casino.ai.registry import DIFFICULTIES
from casino.engine.cards import Card
from casino.engine.errors import CasinoError, IllegalMoveError
from casino.engine.game import Game
from casino.engine.moves import Move
from casino.engine.notation import format_move, parse_move
from casino.engine.reasons import move_items
from casino.engine.record import error_reason, replay_moves, start_game
from casino.engine.ruleset import Ruleset
from casino.engine.wording import Reason
from casino.net.protocol import (
    PROTOCOL_VERSION,
    GameOver,
    Hello,
    LastMove,
    PastMove,
    PlayMove,
    Seats,
    SeatStatus,
    StateFrame,
    WirePile,
    WireView,
    _wire_item,
)
from casino.persistence.saves import SavedGame, SeatInfo
from casino.persistence.tokens import code_key

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ34679"
"""Join-code letters: none of two that look or sound alike (0/O, 1/I, 5/S, 2/Z, 8/B) when
the host reads the code out or a friend types it; a code typed with the other one of a
pair is read as this one (``code_key``)."""

SeatKind = Literal["person", "computer", "host"]


WRONG_CODE = Reason("wrong join code")
UNKNOWN_TOKEN = Reason("unknown seat token: it belongs to no seat at this table")
"""Two refusals that tell a window its kept seat is gone: another table listens at that
address, or this table never had the seat (it was hosted afresh)."""

TABLE_ENDED = Reason("this table has ended: its last game is over, final score {score}",
                     score="")
"""The refusal of a hello at a table whose games are all played (its ``message`` with the
score filled in): a window
that kept a seat there, away when the game ended, learns the result and forgets the seat."""


class Refused(Exception):
    """Something a client sent that the table does not accept; ``fatal`` ends the connection."""

    def __init__(self, reason: Reason, fatal: bool = False) -> None:
        super().__init__(str(reason))
        self.reason = reason
        self.fatal = fatal


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))


class SeatSpec(BaseModel):
    """What a seat is when the table opens: open for a person, a computer, or the host."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: SeatKind
    level: str | None = None

    @classmethod
    def parse_list(cls, text: str) -> list[SeatSpec]:
        """``person,person,computer:expert`` -> one spec per seat."""
        out = []
        for part in text.split(","):
            kind, _, level = part.strip().partition(":")
            if kind not in ("person", "computer", "host"):
                raise ValueError(f"seat {part!r}: expected person, host or computer:LEVEL")
            if kind == "computer" and not level:
                raise ValueError(f"seat {part!r}: name the computer's level, e.g. computer:greedy")
            if kind != "computer" and level:
                raise ValueError(f"seat {part!r}: only a computer has a level")
            out.append(cls(kind=kind, level=level or None))
        return out


class SavedSeat(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: SeatKind
    level: str | None = None
    name: str = Field(min_length=1, max_length=40)
    token: str | None = None


class StoodIn(BaseModel):
    """A move of the current game that the host's computer played for an absent person:
    move ``move`` (from 0) of round ``round`` (from 0) in ``TableSave.current``."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    round: int = Field(ge=0)
    move: int = Field(ge=0)


class TableSave(BaseModel):
    """What the host keeps on disk after every move, so hosting again resumes the table."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    format: Literal[1] = 1
    protocol: int = PROTOCOL_VERSION
    code: str
    seed: str
    games: int = Field(ge=1)
    game_no: int = Field(ge=0)
    step: int = Field(ge=0)
    seats: list[SavedSeat]
    current: SavedGame
    stood_in: list[StoodIn] = Field(default_factory=list, max_length=5000)
    """The current game's moves the computer played for an absent person (a file written
    before they were kept has none: its moves read as the person's own)."""

    def file_bytes(self) -> bytes:
        """The file's text. ``stood_in`` is left out while empty, so a table where the
        computer never sat in for anyone still opens in a version that does not know it."""
        empty = {"stood_in"} if not self.stood_in else None
        return self.model_dump_json(indent=1, exclude=empty).encode("utf-8")


@dataclass
class Seat:
    """One seat's live state; ``token`` is the secret a person rejoins with."""

    index: int
    kind: SeatKind
    level: str | None
    name: str
    token: str | None = None
    connected: bool = False
    stand_in: bool = False
    """A computer plays for a person who dropped out and did not come back in time."""
    lost: bool = False
    """The person's connection dropped without a goodbye (a crash, the network), rather
    than their leaving the table."""

    @property
    def open(self) -> bool:
        return self.kind == "person" and self.token is None

    def status(self, stand_in_after: float | None = None) -> SeatStatus:
        """The seat as everyone sees it; ``stand_in_after`` the seconds left before the
        computer takes it, while the host waits for its person."""
        connected = self.kind == "computer" or self.kind == "host" or self.connected
        return SeatStatus(seat=self.index, name=self.name, kind=self.kind, level=self.level,
                          connected=connected, open=self.open, stand_in=self.stand_in,
                          stand_in_after=stand_in_after, lost=self.lost and not connected)


class Table:
    """The authoritative game of a hosted table and who sits at it."""

    def __init__(self, ruleset: Ruleset, seats: Sequence[SeatSpec], *, code: str | None = None,
                 seed: str = "0", games: int = 1, host_name: str = "Host") -> None:
        if len(seats) not in ruleset.players:
            raise ValueError(f"{ruleset.title} is for {ruleset.players} players, "
                             f"not {len(seats)}")
        self.ruleset = ruleset
        self.code = code or new_code()
        self.seed = seed
        self.games = games
        self.seats = [
            Seat(i, s.kind, s.level, _default_name(i, s, host_name)) for i, s in enumerate(seats)
        ]
        for seat in self.seats:
            if seat.kind == "host":
                seat.token = secrets.token_urlsafe(16)
        self.game_no = 0
        self.step = 0
        self.last: LastMove | None = None
        self.game = Game.start(ruleset, len(seats), self._game_seed())
        self.save = SavedGame.new(self.game, self._seat_infos())
        self.finished: list[tuple[Game, SavedGame]] = []
        """Games that ended, in order, for the host to record; it empties the list."""
        self.host_seat: int | None = None
        """The seat of the person whose window hosts the table, said to everyone who sits
        down; None for a table served from the command line (nobody there plays)."""
        self.stood_in: set[tuple[int, int, int]] = set()
        """The moves a computer played for an absent person, as (game, round, move of the
        round): the players are told which moves were not their own. Saved with the
        table (``TableSave.stood_in``), the current game's only."""

    # -- persistence -----------------------------------------------------------------

    def snapshot(self) -> TableSave:
        return TableSave(
            code=self.code, seed=self.seed, games=self.games, game_no=self.game_no,
            step=self.step,
            seats=[SavedSeat(kind=s.kind, level=s.level, name=s.name, token=s.token)
                   for s in self.seats],
            current=self.save,
            stood_in=[StoodIn(round=r, move=m) for g, r, m in sorted(self.stood_in)
                      if g == self.game_no],
        )

    @classmethod
    def restore(cls, saved: TableSave, ruleset: Ruleset, game: Game) -> Table:
        """The table of a save; ``game`` is ``saved.current`` replayed through the engine."""
        table = cls(ruleset, [SeatSpec(kind=s.kind, level=s.level) for s in saved.seats],
                    code=saved.code, seed=saved.seed, games=saved.games)
        for seat, s in zip(table.seats, saved.seats, strict=True):
            seat.name = s.name
            seat.token = s.token
        table.game_no = saved.game_no
        table.step = saved.step
        table.game = game
        table.save = saved.current
        table.stood_in = {(saved.game_no, s.round, s.move) for s in saved.stood_in}
        return table

    def _game_seed(self) -> str:
        return f"{self.seed}:{self.game_no}"

    def _seat_infos(self) -> list[SeatInfo]:
        return [SeatInfo(name=s.name, level=s.level if s.kind == "computer" else None)
                for s in self.seats]

    # -- sitting down ----------------------------------------------------------------

    def sit(self, hello: Hello) -> Seat:
        """The seat a hello takes: its token's seat, the one asked for, or the first open one."""
        if hello.version != PROTOCOL_VERSION:  # parse_client refuses these first
            raise Refused(Reason("version mismatch: host {host}, client {client}",
                                 host=PROTOCOL_VERSION, client=hello.version), fatal=True)
        if not secrets.compare_digest(code_key(hello.code).encode(), code_key(self.code).encode()):
            raise Refused(WRONG_CODE, fatal=True)
        if self.over:  # kept until the host stops, for a seat that was away at the end
            raise Refused(Reason(TABLE_ENDED.message, score=self.final_score()), fatal=True)
        if hello.token is not None:
            for seat in self.seats:
                if seat.token is not None and secrets.compare_digest(
                        seat.token.encode(), hello.token.encode()):
                    seat.connected = True
                    seat.stand_in = False
                    seat.lost = False
                    return seat
            raise Refused(UNKNOWN_TOKEN, fatal=True)
        if hello.seat is not None:
            if hello.seat >= len(self.seats):
                raise Refused(Reason("there is no seat {seat}: this table has {count}",
                                     seat=hello.seat + 1, count=len(self.seats)), fatal=True)
            seat = self.seats[hello.seat]
            if seat.kind == "computer":
                raise Refused(Reason("seat {seat} is played by the computer",
                                     seat=seat.index + 1), fatal=True)
            if not seat.open:
                raise Refused(Reason("seat {seat} is taken by {name}", seat=seat.index + 1,
                                     name=seat.name), fatal=True)
        else:
            free = [s for s in self.seats if s.open]
            if not free:
                raise Refused(Reason("the table is full"), fatal=True)
            seat = free[0]
        self.reserve(seat.index, hello.name)
        seat.connected = True
        return seat

    def final_score(self) -> tuple[Reason, ...]:
        """The last game's totals by side, with the names: 'Anna 21, Ben 9' (two partners
        'Anna & Cleo 21'); a computer as data, for each window to name in its language."""
        side_of = self.game.round.side_of
        out = []
        for side, total in enumerate(self.game.totals):
            names = [seat_said(s) for s in self.seats if side_of(s.index) == side]
            who = names[0] if len(names) == 1 else Reason("{first} & {second}", first=names[0],
                                                          second=names[1])
            out.append(Reason("{name} {points}", name=who, points=total))
        return tuple(out)

    def reserve(self, index: int, name: str) -> str:
        """Give person seat ``index`` to ``name`` and return its token: the host's own player
        is seated so before anyone can join, and sits down with the token."""
        seat = self.seats[index]
        seat.token = secrets.token_urlsafe(16)
        seat.name = _unique_name(name, [s.name for s in self.seats if s is not seat])
        self.save = self.save.model_copy(update={"players": tuple(self._seat_infos())})
        return seat.token

    def leave(self, seat: Seat, lost: bool = False) -> None:
        """The seat's connection is gone: ``lost`` without a goodbye, else they left."""
        seat.connected = False
        seat.lost = lost

    @property
    def started(self) -> bool:
        """Play starts once every person's seat has been taken."""
        return not any(s.open for s in self.seats)

    def waiting_for(self) -> list[int]:
        return [s.index for s in self.seats
                if s.kind == "person" and not s.open and not s.connected and not s.stand_in]

    def seats_frame(self, countdown: dict[int, float] | None = None) -> Seats:
        """Every seat's status; ``countdown`` the seconds before the computer takes the seat
        of each person the game waits for (the host's timers)."""
        return Seats(seats=self.statuses(countdown), waiting_for=self.waiting_for())

    def statuses(self, countdown: dict[int, float] | None = None) -> list[SeatStatus]:
        left = countdown or {}
        return [s.status(left.get(s.index)) for s in self.seats]

    # -- playing ---------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Every game of the table has been played."""
        return self.game.is_over() and self.game_no + 1 >= self.games

    def to_move(self) -> Seat | None:
        """The seat whose turn it is, or None before the start and after the last game."""
        if not self.started or self.game.round_over():
            return None
        return self.seats[self.game.round.to_move]

    def computer_to_move(self) -> Seat | None:
        seat = self.to_move()
        if seat is not None and (seat.kind == "computer" or seat.stand_in):
            return seat
        return None

    def play(self, seat: Seat, frame: PlayMove) -> list[GameOver]:
        """Play a seat's move; raises Refused (table unchanged) unless it is legal now."""
        if not self.started:
            raise Refused(Reason("the game has not started: waiting for every seat to be taken"))
        mover = self.to_move()
        if mover is None:
            raise Refused(Reason("the game is over"))
        if mover is not seat:
            raise Refused(Reason("it is not your turn: {name} is to move",
                                 name=seat_said(mover)))
        if frame.step != self.step:
            raise Refused(Reason("that move was for step {step}; the table is at step {now}",
                                 step=frame.step, now=self.step))
        try:
            move = parse_move(self.game.round, frame.move)
            after = self.game.play(move)
        except IllegalMoveError as exc:
            raise Refused(exc.reason) from None
        except CasinoError as exc:  # text that is not a move (the notation's own message)
            raise Refused(error_reason(exc)) from None
        return self._advance(move, after)

    def play_computer(self, seat: Seat, move: Move) -> list[GameOver]:
        """A move the host's own computer player chose for ``seat``; checked all the same."""
        if self.to_move() is not seat:
            raise Refused(Reason("the computer's turn has passed"))
        try:
            after = self.game.play(move)
        except IllegalMoveError as exc:
            raise Refused(exc.reason) from None
        return self._advance(move, after, stand_in=seat.stand_in)

    def _advance(self, move: Move, after: Game, stand_in: bool = False) -> list[GameOver]:
        seat = self.game.round.to_move
        index = self.game.round_index
        self.save = self.save.with_move(self.game, move)
        if stand_in:
            self.stood_in.add((self.game_no, index, len(self.save.rounds[index]) - 1))
        self.game = after
        self.step += 1
        self.last = LastMove(seat=seat, move=format_move(move), stand_in=stand_in)
        ended: list[GameOver] = []
        if after.is_over():
            self.finished.append((after, self.save))
            more = self.game_no + 1 < self.games
            ended.append(GameOver(game=self.game_no, totals=list(after.totals),
                                  winner=after.winner(), rounds=len(after.scores), more=more))
        return ended

    def deal_on(self) -> bool:
        """After a round or game has ended: deal the next round, or start the next game.
        False when there is nothing more to deal."""
        if not self.game.round_over():
            return False
        if self.game.is_over():
            if self.game_no + 1 >= self.games:
                return False
            self.game_no += 1
            self.stood_in.clear()  # only this game's are asked for: `serve --games N` keeps
            # no more than one game's
            self.game = Game.start(self.ruleset, len(self.seats), self._game_seed())
            self.save = SavedGame.new(self.game, self._seat_infos())
        else:
            self.game = self.game.next_round()
            self.save = self.save.with_next_round(self.game)
        self.step += 1
        self.last = None
        return True

    def state_frame(self, seat: int, last: LastMove | None = None) -> StateFrame:
        """What seat ``seat`` is sent: its own view only, and the public last move (or,
        without one, the public moves of the round so far)."""
        return StateFrame(game=self.game_no, step=self.step, round=self.game.round_index,
                          view=WireView.of(self.game.view_for(seat)), last=last,
                          moves=[] if last is not None else self.round_moves())

    def round_moves(self) -> list[PastMove]:
        """The moves of the current round so far, replayed from the save (a table restored
        from disk has them too). Only what every seat saw: the cards played and the piles
        they went onto or took, never a hand."""
        rounds = self.save.rounds
        index = self.game.round_index
        if index >= len(rounds) or not rounds[index]:
            return []
        save = self.save
        start = start_game(self.ruleset, len(save.players), save.seed, save.first_dealer,
                           save.teams)
        out: list[PastMove] = []
        for ply in replay_moves(start, rounds[: index + 1]).plies:
            if ply.before.round_index == index:
                piles = [_wire_item(i) for i in move_items(ply.move) if not isinstance(i, Card)]
                stood_in = (self.game_no, index, len(out)) in self.stood_in
                out.append(PastMove(seat=ply.seat, move=format_move(ply.move),
                                    deal=ply.before.round.deal_number,
                                    piles=[p for p in piles if isinstance(p, WirePile)],
                                    stand_in=stood_in))
        return out


def seat_said(seat: Seat) -> str | Reason:
    """A seat's name in a reason sent to the players: a person's as they chose it, a
    computer's as data (its seat and level), which each window says in its own language: a
    Swedish guest read 'Computer 2 (expert)', the host's words."""
    if seat.kind != "computer" or seat.level is None:
        return seat.name
    label = next((label for label, name in DIFFICULTIES.items() if name == seat.level), None)
    level = Reason(label) if label is not None else Reason.plain(seat.level.capitalize())
    return Reason("Computer {number} ({level})", number=seat.index + 1, level=level)


def _default_name(index: int, spec: SeatSpec, host_name: str) -> str:
    if spec.kind == "computer":
        return f"Computer {index + 1} ({spec.level})"
    if spec.kind == "host":
        return host_name
    return f"Seat {index + 1}"


def _unique_name(wanted: str, taken: list[str]) -> str:
    printable = "".join(ch for ch in wanted if ch.isprintable())
    name = " ".join(printable.split())[:32] or "Player"
    if name not in taken:
        return name
    n = 2
    while f"{name} {n}" in taken:
        n += 1
    return f"{name} {n}"
