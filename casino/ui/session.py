"""The game a window plays: seats, computer players thinking off the UI thread, the move log.

Nothing here imports pygame, so the flow of a game is testable without a window. The
session holds the engine's ``Game``; the person and the computer players decide from
``PlayerView``s only.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from datetime import date
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from casino.ai.hint import OPINION_SEED, hint, opinion
from casino.ai.registry import DIFFICULTIES, POLICIES
from casino.engine import Capture, Card, Game, Move, PlayerView, Ruleset
from casino.engine.record import replay_moves, start_game
from casino.engine.state import item_cards
from casino.engine.wording import Reason
from casino.i18n import N_, _
from casino.persistence import Records, SavedGame, SeatInfo, discard_game, replay, save_game
from casino.persistence.files import shorten
from casino.persistence.saves import holds
from casino.ui.words import card_text, move_text

HUMAN = 0
"""The seat of the person at the window; the computer plays every other seat."""
PERSON = "person"
"""A seat's kind for another person at this screen (pass and play), where a level goes."""


class Chooser(Protocol):
    def choose(self, view: PlayerView) -> Move: ...


def ai_levels() -> list[str]:
    """Names of the computer players on offer, weakest first."""
    return list(DIFFICULTIES.values())


def level_label(level: str) -> str:
    """The difficulty name players read for a level ('Hard' for 'hard', 'Easy' for 'greedy')."""
    for label, name in DIFFICULTIES.items():
        if name == level:
            return _(label)
    return level.capitalize()


LEVEL_WORDS = (N_("Beginner"), N_("Easy"), N_("Medium"), N_("Hard"), N_("Expert"))
"""The difficulty names of ``DIFFICULTIES``, for the catalogue."""


FALLBACK_LEVEL = "heuristic"
"""The level a computer plays at when a save or the settings name one this version lacks
(a file from another version): Medium, a new player's opponent (``default_level``). A save
fell back to Easy and the settings to Medium, so one unknown level played two ways."""


def default_level() -> str:
    """A new player's opponent: Medium, which answers at once and still plays well."""
    return FALLBACK_LEVEL


def played_level(level: str) -> str:
    """The level a computer saved at ``level`` plays at here: ``level`` itself, or
    ``FALLBACK_LEVEL`` for a level this version does not know (a save from another version)."""
    return level if level in POLICIES else FALLBACK_LEVEL


def level_notices(players: Sequence[SeatInfo]) -> list[str]:
    """A line for each computer whose saved level this version lacks, saying what it plays
    at instead: 'Computer 2 plays at Easy: this version has no level 'grandmaster''."""
    return [_("{name} plays at {level}: this version has no level '{missing}'").format(
                name=shown_name(p.name), level=level_label(played_level(p.level)),
                missing=shorten(p.level, 40))
            for p in players if p.level is not None and played_level(p.level) != p.level]


def make_policy(level: str, seed: int | str) -> Chooser:
    """A computer player of ``level``; ``FALLBACK_LEVEL`` for a level this version does not
    know (a save from another version), so such a game still opens (``level_notices`` says
    so)."""
    factory = POLICIES[played_level(level)]
    policy: Chooser = factory(seed=seed)
    return policy


def hint_for(view: PlayerView) -> tuple[Move, Reason | None]:
    """The suggested move and why: the first of the search the review judges the move by
    (``casino.ai.hint.opinion``), at a table here as at a network one."""
    return hint(view)


T = TypeVar("T")


class Worker(Generic[T]):
    """Runs one computation on a daemon thread; ``result()`` is None until it is done."""

    def __init__(self, job: Callable[[], T]) -> None:
        self._result: T | None = None
        self._error: BaseException | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(job,), daemon=True)
        self._thread.start()

    def _run(self, job: Callable[[], T]) -> None:
        try:
            self._result = job()
        except BaseException as exc:  # reported on the UI thread by result()
            self._error = exc
        finally:
            self._done.set()

    def done(self) -> bool:
        return self._done.is_set()

    def result(self) -> T | None:
        if self._error is not None:
            raise self._error
        return self._result

    def join(self, timeout: float | None = None) -> None:
        self._thread.join(timeout)


def _choose_remote(policy: Chooser, view: PlayerView) -> tuple[Move, Chooser]:
    """Run in the AI process: the move, and the policy with its advanced random state."""
    return policy.choose(view), policy


_pool: ProcessPoolExecutor | None = None
_pool_failed = False
PROCESS_TIMEOUT = 60.0
"""Seconds a job may wait on the AI process before it is given to a thread instead."""


def ai_pool() -> ProcessPoolExecutor:
    """One AI process for the program, started on first use and reused for every move.

    Raises RuntimeError once the process has failed: the program then uses threads.
    """
    global _pool
    if _pool_failed:
        raise RuntimeError("the AI process failed; computer players think on threads")
    if _pool is None:
        _pool = ProcessPoolExecutor(max_workers=1, mp_context=mp.get_context("spawn"),
                                    initializer=_leave_with, initargs=(os.getpid(),))
    return _pool


def _leave_with(parent: int) -> None:
    """In the AI process: end it once the program that started it is gone.

    A killed or crashed program never shuts the pool down, and its worker, blocked on a
    queue whose other end it holds itself, would stay forever (reparented, on POSIX)."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    if os.name == "posix":
        threading.Thread(target=watch, name="leave-with-parent", daemon=True).start()


def _give_up_on_pool() -> None:
    global _pool_failed
    _pool_failed = True
    if _pool is not None:  # a hung AI process is stopped, not left behind
        processes: dict[int, mp.process.BaseProcess] = getattr(_pool, "_processes", None) or {}
        for process in list(processes.values()):
            process.terminate()
    shutdown_pool()


def shutdown_pool() -> None:
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None


class ProcessWorker(Generic[T]):
    """``fn(*args)`` worked out in the AI process, so drawing never waits for the GIL.

    If the process cannot be used (it died, or an argument does not pickle) the job runs
    on a thread instead.
    """

    def __init__(self, fn: Callable[..., T], *args: Any) -> None:
        self.fn = fn
        self.args = args
        self.fallback: Worker[T] | None = None
        self.future: Future[T] | None = None
        self.started = time.monotonic()
        try:
            self.future = ai_pool().submit(fn, *args)
        except (BrokenProcessPool, RuntimeError, OSError):
            self._fall_back()

    def _fall_back(self) -> None:
        fn, args = self.fn, self.args
        self.fallback = Worker(lambda: fn(*args))

    def done(self) -> bool:
        if self.fallback is not None:
            return self.fallback.done()
        assert self.future is not None
        if not self.future.done():
            if time.monotonic() - self.started > PROCESS_TIMEOUT:
                _give_up_on_pool()  # the process hangs or never started
                self._fall_back()
            return False
        error = self.future.exception()
        if error is not None:
            if isinstance(error, BrokenProcessPool):
                _give_up_on_pool()
            self._fall_back()
            return False
        return True

    def result(self) -> T | None:
        if self.fallback is not None:
            return self.fallback.result()
        assert self.future is not None
        return self.future.result()


@dataclass
class Seat:
    name: str
    policy: Chooser | None  # None: the person at the window

    @property
    def shown(self) -> str:
        """The name as the window shows it: the default names in the player's language."""
        return shown_name(self.name)


def shown_name(name: str) -> str:
    """'You', 'Computer' and 'Computer 2' (the names a game gets by default) translated;
    a name someone chose stays as it is."""
    if name == "You":
        return _("You")
    if name == "Computer":
        return _("Computer")
    number = name.removeprefix("Computer ")
    if number != name and number.isdigit():
        return _("Computer {number}").format(number=number)
    number = name.removeprefix("Player ")
    if number != name and number.isdigit():
        return _("Player {number}").format(number=number)
    return name


@dataclass
class LogEntry:
    seat: int
    text: str
    deal: int


@dataclass
class Session:
    """One game from the first deal to game over, with its seats and move log.

    With a ``save`` the game is written to the user's data directory after every move
    (``casino.persistence.save_game``), so it can be resumed and undone.
    """

    ruleset: Ruleset
    game: Game
    seats: list[Seat]
    log: list[LogEntry] = field(default_factory=list)
    worker: Worker[tuple[Move, Chooser]] | ProcessWorker[tuple[Move, Chooser]] | None = None
    use_process: bool = True
    save: SavedGame | None = None
    notices: list[str] = field(default_factory=list)
    """Problems writing the save, for the table to show (newest last)."""
    unsaved: str | None = None
    """Why the game as it is now is not in the save file (its last write failed: a full
    disk, a read-only folder, another window holding the slot); None once a write goes
    through. Quitting now would lose the game."""
    record_id: int | None = None
    """The finished game's id in the record book, once recorded."""
    pace: ClassVar[float] = 1.0
    """The share of the Speed setting's pause a computer's move waits (a network host paces
    its own computers)."""

    @classmethod
    def new(cls, ruleset: Ruleset, players: int, seed: int | str, level: str | Sequence[str],
            names: tuple[str, ...] = (), first_dealer: int | None = None,
            daily: date | None = None, persist: bool = False,
            teams: bool | None = None) -> Session:
        """A new game; ``level`` is every computer's, or one per seat after the first in order
        (``PERSON`` for another person at this screen, named in ``names``); ``teams`` chooses
        two teams or each alone for four (None: as the ruleset has it)."""
        game = Game.start(ruleset, players, seed, first_dealer, teams)
        levels = [level] * (players - 1) if isinstance(level, str) else list(level)
        while len(levels) < players - 1:
            levels.append(levels[-1] if levels else default_level())
        seats, infos = [], []
        for seat in range(players):
            seat_level = None if seat == HUMAN or levels[seat - 1] == PERSON \
                else levels[seat - 1]
            default = "You" if seat == HUMAN else f"Player {seat + 1}" if seat_level is None \
                else f"Computer {seat + 1}" if players > 2 else "Computer"
            name = names[seat] if seat < len(names) and names[seat] else default
            policy = None if seat_level is None else make_policy(seat_level, f"{seed}:{seat}")
            seats.append(Seat(name, policy))
            infos.append(SeatInfo(name=name, level=seat_level))
        session = cls(ruleset, game, seats)
        if persist:
            session.save = SavedGame.new(game, infos, daily)
            session.write()
        return session

    @classmethod
    def resume(cls, save: SavedGame, game: Game) -> Session:
        """The session of a saved game (as ``load_game`` returned it), with its move log."""
        seats = [Seat(p.name, None if p.level is None else make_policy(p.level, f"{save.seed}:{k}"))
                 for k, p in enumerate(save.players)]
        session = cls(game.ruleset, game, seats, save=save)
        session.log = session.replay_log(save)
        return session

    def replay_log(self, save: SavedGame) -> list[LogEntry]:
        """The move log of a save, re-read move by move (the save is known to replay)."""
        game = start_game(self.ruleset, len(save.players), save.seed, save.first_dealer,
                          save.teams)
        done = replay_moves(game, save.rounds)
        log: list[LogEntry] = []
        round_index = 0
        for ply in done.plies:
            round_index = self._round_entries(log, round_index, ply.before.round_index)
            deal = ply.before.round.deal_number
            log.append(LogEntry(ply.seat, self.entry_text(ply.seat, ply.move), deal))
            log.extend(self.last_take_entries(ply.before, ply.after, ply.move, ply.seat, deal))
        self._round_entries(log, round_index, done.game.round_index)
        return log

    @staticmethod
    def _round_entries(log: list[LogEntry], shown: int, now: int) -> int:
        """'Round N' for each round dealt after round ``shown`` up to ``now``; ``now``."""
        for r in range(shown + 1, now + 1):
            log.append(LogEntry(-1, _("Round {number}").format(number=r + 1), 1))
        return now

    def entry_text(self, seat: int, move: Move) -> str:
        """A move log line: 'Computer: take 5\u2660 with 5\u2665'."""
        return f"{self.log_name(seat)}: {move_text(move, self.ruleset)}"

    def log_name(self, seat: int) -> str:
        """How the move log names a seat: as the seat's box and score column do."""
        return self.seats[seat].shown

    def is_you(self, seat: int) -> bool:
        """The window calls the seat 'You' everywhere (its log says 'you' too)."""
        return seat == HUMAN and self.seats[seat].name == "You"

    def last_take_entries(self, before: Game, after: Game, move: Move, seat: int,
                          deal: int) -> list[LogEntry]:
        """'The rest of the table goes to X: …' when ``move`` ended the round."""
        taken = last_take(before, after, seat, move)
        if taken is None:
            return []
        taker, left = taken
        name = _("you") if self.is_you(taker) else self.log_name(taker)
        cards = ", ".join(card_text(c) for c in left)
        return [LogEntry(-1, _("The rest of the table goes to {name}: {cards}").format(
            name=name, cards=cards), deal)]

    def reword(self) -> None:
        """Word the move log again, in the window's language now (the save has every move;
        a game without one keeps its log as it was written)."""
        if self.save is not None:
            self.log = self.replay_log(self.save)

    def write(self) -> None:
        """Save the game in progress; a failure is kept in ``notices``, never raised."""
        if self.save is not None:
            error = save_game(self.save)
            if error:
                self.notices.append(error)  # a failure, or a note about a file kept aside
            self.unsaved = error if error and not holds(self.save) else None

    @property
    def me(self) -> int:
        """The seat of the person this window plays for (the first of several at a shared
        screen)."""
        return HUMAN

    def is_person(self, seat: int) -> bool:
        """A person plays the seat (here, at this screen)."""
        return self.seats[seat].policy is None

    def colour_of(self, seat: int) -> int:
        """The seat as its colour counts it: the seat itself, the same at every window of a
        network table, so friends who say "I'm the orange one" agree (counted from each
        window's own seat, Bea had one colour in her window and others in Ann's and Cy's).
        The table marks this window's own seat by its frame and label instead."""
        return seat

    @property
    def people(self) -> list[int]:
        """The seats of the people at this screen (the others are computers)."""
        return [i for i, seat in enumerate(self.seats) if seat.policy is None]

    @property
    def shared(self) -> bool:
        """More than one person plays at this screen (pass and play): no undo, and the
        screen is covered whenever it changes hands."""
        return len(self.people) > 1

    def can_undo(self) -> bool:
        return not self.shared and self.save is not None and self.save.undone(HUMAN) is not None

    def undo(self) -> bool:
        """Take back the person's last move and every move after it; False if there is none
        (or more than one person plays here: one person's undo would take back another's).

        The save is marked as a game with undo, which the statistics count.
        """
        undone = self.save.undone(HUMAN) if self.save is not None and not self.shared else None
        if undone is None:
            return False
        self.worker = None  # a computer move being worked out is for a position now gone
        self.game = replay(undone)
        self.save = undone
        self.log = self.replay_log(undone)
        self.log.append(LogEntry(-1, _("Undo: your last move taken back"), 1))
        self.write()
        return True

    def record(self) -> list[str]:
        """Put the finished game in the record book and remove its save; messages to show."""
        if self.save is None or not self.game.is_over():
            return []
        records, messages = Records.open()
        added = records.add_saved(self.save, self.game)
        self.record_id = added.value
        out = [*messages, *added.messages]
        if added.value is not None:  # else kept, to be recorded at the next launch
            error = discard_game(save=self.save)
            if error:
                out.append(error)
        self.save = None
        return out

    @property
    def players(self) -> int:
        return self.game.players

    # What a network game (``casino.ui.remote_session``) answers differently: here every
    # move is played at once, nobody is away, and the game is over when the engine says so.

    def submit(self, move: Move) -> bool:
        """Hand a person's move to whoever plays it elsewhere; False: play it here."""
        return False

    def finished(self) -> bool:
        return self.game.is_over()

    def away(self, seat: int) -> bool:
        """The seat's player has dropped out and the game waits for them."""
        return False

    def stood_in(self, seat: int) -> bool:
        """A computer plays the seat for its person, who left a network table."""
        return False

    def table_closed(self) -> bool:
        """The network table's host closed it; here there is no host."""
        return False

    def status_note(self) -> str | None:
        """A line that overrides the table's prompt (waiting for a player), or None."""
        return None

    def waiting_for_deal(self) -> bool:
        """The round's summary has been closed and its next deal is still to come (from a
        network host); here a round is dealt at once."""
        return False

    def problem(self) -> str | None:
        """Why the game cannot go on (a lost connection), or None."""
        return None

    def close(self) -> None:
        """Let go of what the game holds open (a network connection)."""

    def rejoin(self) -> None:
        """Sit down again after the connection was lost (a network game); here nothing."""

    def view(self, seat: int = HUMAN) -> PlayerView:
        return self.game.view_for(seat)

    def to_move(self) -> int:
        return self.game.round.to_move

    def humans_turn(self) -> bool:
        return not self.game.round_over() and self.seats[self.to_move()].policy is None

    def remote_table(self) -> bool:
        """The game is played at a network table (its host's), not in this window."""
        return False

    def side_name(self, side: int) -> str:
        """A seat's name, or a team's ("You & Computer 2") in a partnership game."""
        if self.game.round.partnership:
            return " & ".join(s.shown for i, s in enumerate(self.seats) if i % 2 == side)
        return self.seats[side].shown

    def side_names(self) -> list[str]:
        return [self.side_name(s) for s in range(self.game.sides)]

    def short_side_names(self) -> list[str]:
        """Column heads for score sheets: the seats' names as their boxes show them, with one
        opponent or three ('You', 'Computer 1' ...), or 'Your team', 'Their team'."""
        if self.game.round.partnership and not self.shared:
            ours = [_("Your team"), _("Their team")]
            return ours if self.game.round.side_of(self.me) == 0 else ours[::-1]
        names = self.side_names()
        if self.remote_table():  # people's names at a network table do not say which is mine
            names[self.me] = _("You")
        return names

    def play(self, move: Move) -> Game:
        """Play ``move`` for the seat to move (raises IllegalMoveError, leaving all unchanged)."""
        seat = self.to_move()
        deal = self.game.round.deal_number
        before = self.game
        self.game = self.game.play(move)
        self.log.append(LogEntry(seat, self.entry_text(seat, move), deal))
        self.log.extend(self.last_take_entries(before, self.game, move, seat, deal))
        if self.save is not None:
            self.save = self.save.with_move(before, move)
            self.write()
        return before

    def start_thinking(self) -> None:
        """Let the computer seat to move choose on a worker thread, from its view only."""
        policy = self.seats[self.to_move()].policy
        if policy is None or self.worker is not None:
            return
        view = self.view(self.to_move())
        if self.use_process:
            self.worker = ProcessWorker(_choose_remote, policy, view)
        else:
            self.worker = Worker(lambda: _choose_remote(policy, view))

    def thinking(self) -> bool:
        return self.worker is not None and not self.worker.done()

    def take_computer_move(self) -> Move | None:
        """The computer's move once its worker is done; None while it thinks."""
        if self.worker is None or not self.worker.done():
            return None
        result = self.worker.result()
        self.worker = None
        if result is None:
            return None
        move, policy = result
        self.seats[self.to_move()].policy = policy  # it carries its random state on
        return move

    def next_round(self) -> None:
        self.game = self.game.next_round()
        number = self.game.round_index + 1
        self.log.append(LogEntry(-1, _("Round {number}").format(number=number), 1))
        if self.save is not None:
            self.save = self.save.with_next_round(self.game)
            self.write()


def last_take(before: Game, after: Game, seat: int, move: Move) -> tuple[int, list[Card]] | None:
    """Who got the rest of the table when ``move`` (by ``seat``) ended the round, and the
    cards; None if the round goes on or nothing was left."""
    taker = after.round.last_taker
    if not after.round_over() or taker is None:
        return None
    gained = after.round.captures[taker][len(before.round.captures[taker]):]
    own: set[Card] = set()
    if seat == taker and isinstance(move, Capture):
        own = {move.card, *(c for item in move.items for c in item_cards(item))}
    left = [c for c in gained if c not in own]
    return (taker, left) if left else None


def expert_values(view: PlayerView, seed: int | str = OPINION_SEED) -> list[tuple[Move, float]]:
    """Candidate moves with their estimated values (round points), the Expert's choice first.

    The values come from the Expert level's own search (IS-MCTS, ``casino.ai.ismcts``):
    the post-game review compares each of the person's moves with the move the Expert
    would have played, by the mean value the search gave each. With the review's seed it is
    the search the hint asked (``casino.ai.hint.opinion``), so a hinted move is never ✗.
    """
    return opinion(view, seed)
