"""The two simplest policies: uniform random, and greedy on immediate points."""

from __future__ import annotations

import math
import random
from typing import Protocol

from casino.ai.evaluate import tables
from casino.engine.cards import Card
from casino.engine.moves import Build, Capture, Move, Trail
from casino.engine.rules import legal_moves
from casino.engine.ruleset import Ruleset
from casino.engine.state import PlayerView, State, item_cards
from casino.engine.transition import after_move


class Policy(Protocol):
    """Anything that picks a move from what one seat may know."""

    name: str

    def choose(self, view: PlayerView) -> Move: ...


class RandomPolicy:
    """Uniform over the legal moves, from its own seed (never the deal's)."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(f"random-policy:{seed}")

    def choose(self, view: PlayerView) -> Move:
        return self.rng.choice(legal_moves(view))


def card_worth(ruleset: Ruleset, card: Card) -> float:
    """Rough points a card is worth to its taker under this ruleset's scoring."""
    return _worths(ruleset)[card.index]


_worth_cache: dict[int, tuple[Ruleset, tuple[float, ...]]] = {}


def _worths(ruleset: Ruleset) -> tuple[float, ...]:
    hit = _worth_cache.get(id(ruleset))
    if hit is not None and hit[0] is ruleset:
        return hit[1]
    t = tables(ruleset)
    out = tuple(
        t.card_points[i] + t.most_cards / 27.0 + (t.most_spades / 7.0 if t.spade[i] else 0.0)
        for i in range(52)
    )
    _worth_cache[id(ruleset)] = (ruleset, out)
    return out


def immediate_gain(ruleset: Ruleset, view: PlayerView, move: Move) -> float:
    """Points a move banks at once: captured cards' worth plus a sweep."""
    return capture_gain(ruleset, len(view.table), move)


def capture_gain(ruleset: Ruleset, table_size: int, move: Move) -> float:
    """``immediate_gain`` from the table size alone, for rollouts on full states."""
    if not isinstance(move, Capture):
        return 0.0
    return _capture_gain(_worths(ruleset), ruleset.scoring.sweep, table_size, move)


def _capture_gain(w: tuple[float, ...], sweep: int, table_size: int, move: Capture) -> float:
    gain = w[move.card.index]
    for item in move.items:
        if type(item) is Card:
            gain += w[item.index]
        else:
            for c in item.cards:  # type: ignore[union-attr]
                gain += w[c.index]
    if len(move.items) == table_size:
        gain += sweep
    return gain


def greedy_pick(ruleset: Ruleset, table_size: int, moves: list[Move]) -> Move:
    """Best capture, else richest build, else cheapest trail: the search's playout policy."""
    w = _worths(ruleset)
    best: Move | None = None
    best_gain = -1.0
    sweep = ruleset.scoring.sweep
    for m in moves:
        if type(m) is Capture:
            g = _capture_gain(w, sweep, table_size, m)
            if g > best_gain:
                best, best_gain = m, g
    if best is not None:
        return best
    for m in moves:
        if type(m) is Build:
            g = sum(w[c.index] for i in m.items for c in item_cards(i))
            if g > best_gain:
                best, best_gain = m, g
    if best is not None:
        return best
    trails = [m for m in moves if type(m) is Trail] or moves
    return min(trails, key=lambda m: (w[m.card.index], -m.card.rank))


def careful_pick(state: State, moves: list[Move]) -> Move:
    """``greedy_pick`` with a look at the next hand, for playouts (their deals are full):
    the best capture; else the richest build the next player holds no taker for; else the
    trail the next player can take least with (a pair, or a sum with one loose card),
    then the cheapest."""
    rs = state.ruleset
    w = _worths(rs)
    n = len(state.table)
    sweep = rs.scoring.sweep
    best: Move | None = None
    best_gain = -1.0
    for m in moves:
        if type(m) is Capture:
            g = _capture_gain(w, sweep, n, m)
            if g > best_gain:
                best, best_gain = m, g
    if best is not None:
        return best
    values = rs.card_value_table
    pair_only = rs.pair_only_table
    nxt = state.hands[(state.to_move + 1) % len(state.hands)]
    takes: set[int] = set()
    ranks: set[int] = set()
    for c in nxt:
        ranks.add(c.rank)
        if not pair_only[c.index]:
            takes.update(values[c.index])
    for m in moves:
        if type(m) is Build and m.value not in takes:
            g = sum(w[c.index] for i in m.items for c in item_cards(i))
            if g > best_gain:
                best, best_gain = m, g
    if best is not None:
        return best
    trails = [m for m in moves if type(m) is Trail]
    if not trails:
        return greedy_pick(rs, n, moves)
    loose = [c for c in state.table if type(c) is Card and not pair_only[c.index]]
    best_cost = math.inf
    for m in trails:
        card = m.card
        i = card.index
        cost = w[i]
        if card.rank in ranks:
            cost += w[i]
        elif takes and not pair_only[i]:
            given = 0.0
            for x in loose:
                if w[x.index] > given and any(
                        v + vx in takes for v in values[i] for vx in values[x.index]):
                    given = w[x.index]
            if given:
                cost += w[i] + given
        if cost < best_cost or (cost == best_cost and best is not None
                                and card.rank > best.card.rank):
            best, best_cost = m, cost
    assert best is not None
    return best


BUILD_CREDIT = 0.5
"""Share of a build's cards ``wary_pick`` credits its maker with before it is taken."""


def wary_pick(state: State, moves: list[Move], look: int = 3) -> Move:
    """A playout policy one ply deep (a playout's deal is full): of the ``look`` moves worth
    most at once (a capture its take, a build a share of its cards, a trail a little less
    than nothing, the cheaper the better), the one whose worth less the next player's best
    take after it, by the engine, is highest."""
    rs = state.ruleset
    w = _worths(rs)
    n = len(state.table)
    sweep = rs.scoring.sweep
    scored: list[tuple[float, int, Move]] = []
    for k, m in enumerate(moves):
        if isinstance(m, Capture):
            g = _capture_gain(w, sweep, n, m)
        elif isinstance(m, Build):
            g = BUILD_CREDIT * sum(w[c.index] for i in m.items for c in item_cards(i))
        else:
            g = -0.1 * w[m.card.index]
        scored.append((-g, k, m))
    scored.sort()
    best = scored[0][2]
    best_value = -math.inf
    for neg, _, m in scored[:look]:
        after = after_move(state, m)
        taken = 0.0
        if any(after.hands):
            size = len(after.table)
            for r in legal_moves(after):
                if type(r) is Capture:
                    g = _capture_gain(w, sweep, size, r)
                    if g > taken:
                        taken = g
        if -neg - taken > best_value:
            best, best_value = m, -neg - taken
    return best


class GreedyPolicy:
    """Take the most valuable capture, else trail the least valuable card.

    This is the issue's greedy: it never builds unless nothing else is legal. (Greedy
    that also builds, ``greedy_pick`` on every move, is the search's playout policy; it
    measured +1.5 points a round stronger on classic.)
    """

    name = "greedy"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> Move:
        moves = legal_moves(view)
        plain: list[Move] = [m for m in moves if isinstance(m, Capture | Trail)]
        return greedy_pick(view.ruleset, len(view.table), plain or moves)


BASIC_POLICIES = {"random": RandomPolicy, "greedy": GreedyPolicy}
