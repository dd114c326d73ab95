"""Exact search of the last deal: once the stock is empty every card is placed.

With two players the unseen cards are exactly the opponent's hand, so the rest of the
round is a game of perfect information: alpha-beta over the remaining plies, with the
side to optimise maximising and every other side minimising (the paranoid reduction for
three or four players, searched on a determinization). Leaves are scored by
``evaluate.round_points`` and a utility over the sides' points.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from casino.ai.basic import capture_gain
from casino.ai.evaluate import Summary, estimate_points, round_points, summarize, tables
from casino.engine.cards import Card
from casino.engine.moves import Capture, Move
from casino.engine.rules import apply, legal_moves
from casino.engine.state import State

QUIESCENCE = 0.7
"""Share of the best take of the player to move credited at a search horizon."""

Utility = Callable[[Sequence[float]], float]


class SearchLimit(Exception):
    """The node budget ran out before the search finished."""


def margin_utility(side: int) -> Utility:
    def utility(points: Sequence[float]) -> float:
        return points[side] - max(p for s, p in enumerate(points) if s != side)
    return utility


def order_moves(state: State, moves: list[Move]) -> list[Move]:
    """Captures first, richest first: good moves early make alpha-beta cut more."""
    pts = tables(state.ruleset).card_points

    def key(m: Move) -> float:
        if type(m) is not Capture:
            return 0.0
        n = 0
        points = 0
        for it in m.items:
            if type(it) is Card:
                n += 1
                points += pts[it.index]
            else:
                for c in it.cards:  # type: ignore[union-attr]
                    n += 1
                    points += pts[c.index]
        return -(10.0 + n + 3.0 * points)

    return sorted(moves, key=key)


class Solver:
    """Alpha-beta with a transposition table, for one root side and utility."""

    def __init__(self, side: int, utility: Utility, node_limit: int = 200_000,
                 stop_deal: int | None = None, max_depth: int = 64) -> None:
        self.side = side
        self.utility = utility
        self.node_limit = node_limit
        self.stop_deal = stop_deal  # search this deal only; later positions are estimated
        self.max_depth = max_depth
        self.nodes = 0
        self.table: dict[object, tuple[float, int]] = {}  # key -> (value, bound flag)
        self.base: list[Summary] | None = None  # the capture piles where the search began

    def value(self, state: State, alpha: float = -1e9, beta: float = 1e9,
              depth: int = 0) -> float:
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SearchLimit
        if state.is_over():
            return self.utility(round_points(state))
        if depth >= self.max_depth or (
                self.stop_deal is not None and state.deal_number != self.stop_deal):
            return self.utility(self.leaf(state))
        if self.base is None:
            self.set_root(state)
        assert self.base is not None
        # Transpositions pay in the exact last deal; within a deal search they are rare.
        key = None
        if self.stop_deal is None:
            key = (state.to_move, state.hands, state.table, state.sweeps, state.last_taker,
                   state.must_capture,
                   tuple(pile[b[0]:] for pile, b in zip(state.captures, self.base, strict=True)))
        hit = None if key is None else self.table.get(key)
        if hit is not None:
            v, flag = hit
            if flag == 0 or (flag > 0 and v >= beta) or (flag < 0 and v <= alpha):
                return v
        maximize = state.side_of(state.to_move) == self.side
        a0, b0 = alpha, beta
        best = -1e9 if maximize else 1e9
        for m in order_moves(state, legal_moves(state)):
            v = self.value(apply(state, m), alpha, beta, depth + 1)
            if maximize:
                if v > best:
                    best = v
                alpha = max(alpha, v)
            else:
                if v < best:
                    best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        if key is not None:
            self.table[key] = (best, 1 if best >= b0 else (-1 if best <= a0 else 0))
        return best

    def set_root(self, state: State) -> None:
        """Name the position the search starts from (before the root moves are applied)."""
        self.base = [summarize(state, p) for p in range(state.players)]

    def leaf(self, state: State) -> list[float]:
        """Estimated points, with the player to move credited a share of their best take."""
        pts = estimate_points(state, self.base)
        if QUIESCENCE and state.hands[state.to_move]:
            best = 0.0
            rs = state.ruleset
            n = len(state.table)
            for m in legal_moves(state):
                if isinstance(m, Capture):
                    best = max(best, capture_gain(rs, n, m))
            pts[state.side_of(state.to_move)] += QUIESCENCE * best
        return pts

    def root(self, state: State, moves: list[Move]) -> list[tuple[Move, float]]:
        """The exact value of each of ``moves`` at the root (no cut between root moves)."""
        return [(m, self.value(apply(state, m))) for m in moves]


def brute_force(state: State, side: int, utility: Utility) -> float:
    """Plain minimax with no pruning or memory: the reference the tests check against."""
    if state.is_over():
        return utility(round_points(state))
    maximize = state.side_of(state.to_move) == side
    values = [brute_force(apply(state, m), side, utility) for m in legal_moves(state)]
    return max(values) if maximize else min(values)
