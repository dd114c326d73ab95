"""Computer players playing a whole game: the one loop behind ``casino-cli simulate``, the
tournament's games and the tests' self-play.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from casino.ai.basic import Policy
from casino.engine import rules
from casino.engine.game import Game
from casino.engine.moves import Move
from casino.engine.notation import format_move
from casino.engine.ruleset import Ruleset
from casino.engine.state import State

if TYPE_CHECKING:
    from casino.engine.record import GameRecord


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A finished game with how it went: the moves, each round's deal, the thinking times."""

    game: Game
    moves: tuple[tuple[tuple[int, Move], ...], ...]
    """Per round, ``(seat, move)`` in play order."""
    deals: tuple[State, ...]
    """Each round's position before its first move."""
    seconds: tuple[tuple[float, ...], ...]
    """Per seat, the time each of its decisions took."""

    def move_texts(self) -> list[list[tuple[int, str]]]:
        """The moves per round in notation, as a record or a save keeps them."""
        return [[(seat, format_move(move)) for seat, move in rnd] for rnd in self.moves]

    def record(self, names: Sequence[str]) -> GameRecord:
        from casino.engine.record import GameRecord  # its models are built on first use

        return GameRecord.from_game(self.game, names, self.move_texts())


def check_invariants(state: State) -> None:
    """Raise AssertionError if a card is lost or duplicated."""
    cards = state.all_cards()
    if len(cards) != 52 or len({c.index for c in cards}) != 52:
        raise AssertionError(f"{len(cards)} cards in play, {len(set(cards))} distinct")


def _check_round(game: Game) -> None:
    """A finished round keeps every card and hands out no more points than there are."""
    state = game.round
    check_invariants(state)
    rs = game.ruleset
    fixed = rs.fixed_points(state.players)
    extra = sum(game.scores[-1].sweeps) * rs.scoring.sweep + rs.scoring.last_taker
    if sum(game.scores[-1].totals) > fixed + extra:
        raise AssertionError(f"round points {sum(game.scores[-1].totals)} exceed {fixed + extra}")


def play_game(
    ruleset: Ruleset, seed: int | str, players: Sequence[Policy], check: bool = True,
    teams: bool | None = None,
) -> PlayedGame:
    """One complete game between ``players`` (one policy per seat), dealt from ``seed``.

    Each policy decides from its seat's view of the game (with the game totals). With
    ``check``, every move is checked against the rules and every round's end for the 52
    cards and the points handed out, and AssertionError names the first violation; without
    it a policy's move is still refused if illegal (IllegalMoveError).
    """
    game = Game.start(ruleset, len(players), seed, teams=teams)
    moves: list[tuple[tuple[int, Move], ...]] = []
    deals = [game.round]
    seconds: list[list[float]] = [[] for _ in players]
    clock = time.perf_counter
    while True:
        rnd: list[tuple[int, Move]] = []
        state = game.round
        totals = game.totals  # the game's totals change only between rounds
        # The round is played on its states and the game takes the round's end: a ``Game``
        # made for every move was a measurable part of ``casino-cli simulate``.
        while not state.is_over():
            seat = state.to_move
            started = clock()
            view = state.view_for(seat, totals)
            move = players[seat].choose(view)
            seconds[seat].append(clock() - started)
            # The very move its view's listing holds is legal as it stands; any other is
            # looked up in the listing (check) or decided by the rules (``play``).
            if rules.was_listed(view, move):
                state = rules.apply(state, move)
            elif check:
                if move not in rules.legal_moves(state):
                    raise AssertionError(f"seat {seat} chose an illegal move {format_move(move)}")
                state = rules.apply(state, move)
            else:
                state = rules.play(state, move)
            rnd.append((seat, move))
        game = game.advanced(state)
        moves.append(tuple(rnd))
        if check:
            _check_round(game)
        if game.is_over():
            return PlayedGame(game, tuple(moves), tuple(deals), tuple(map(tuple, seconds)))
        game = game.next_round()
        deals.append(game.round)
