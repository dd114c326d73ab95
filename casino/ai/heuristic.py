"""The heuristic level: greedy plus card counting, one move deep.

Each legal move is scored as what it banks now, minus what the next opponent can be
expected to take from the table it leaves (from the unseen cards: the chance they hold a
card of each value), plus what a build of ours should bring back later. That one number
covers denying sweeps, build safety, protecting the point cards and last-taker play; the
ruleset's obligations are already in ``legal_moves``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import comb

from casino.ai.evaluate import liveness, tables
from casino.engine.cards import Card
from casino.engine.moves import Build, Capture, Move, Trail
from casino.engine.rules import apply, legal_moves
from casino.engine.ruleset import Ruleset
from casino.engine.state import Pile, PlayerView, State, TableItem, item_cards
from casino.engine.transition import after_move


@dataclass(frozen=True, slots=True)
class Assessment:
    """Why a move scores what it does; the hint turns this into words."""

    move: Move
    score: float
    gain: float  # points banked now
    threat: float  # points the next player is expected to take from the table left
    sweep_risk: float  # chance the next player can clear the table left
    comeback: float  # points a build of ours is expected to bring back
    safe_build: float  # chance our build survives the next player
    last_collect: float  # table cards collected at round end because of this move


FOLLOW_UP = 0.3
TRAIL_PENALTY = 0.25
COMEBACK = 0.75
ENDGAME_PLIES = 8  # the whole last deal of a two-player round, solved exactly
CARD_SCALE = 1.0


class Worth:
    """Per-card worth to its taker in the current position (majorities may be settled)."""

    def __init__(self, view: PlayerView) -> None:
        rs = view.ruleset
        t = tables(rs)
        sides = 2 if view.partnership else view.players
        cards = [0] * sides
        spades = [0] * sides
        for p, pile in enumerate(view.captures):
            s = view.side_of(p)
            cards[s] += len(pile)
            spades[s] += sum(1 for c in pile if t.spade[c.index])
        total_cards = sum(cards)
        total_spades = sum(spades)
        cards_live = liveness(cards, 52 - total_cards)
        spades_live = liveness(spades, 13 - total_spades)
        self.values = tuple(
            t.card_points[i] + CARD_SCALE * cards_live * t.most_cards / 26.0
            + (spades_live * t.most_spades / 6.5 if t.spade[i] else 0.0)
            for i in range(52)
        )
        self.sweep = float(t.sweep)

    def of(self, cards: tuple[Card, ...] | list[Card]) -> float:
        return sum(self.values[c.index] for c in cards)

    def items(self, items: tuple[TableItem, ...]) -> float:
        return sum(self.values[c.index] for it in items for c in item_cards(it))


def probe_state(view: PlayerView) -> State:
    """A state for the engine to play this seat's moves in: the view's table, piles and
    hand; the other hands and the stock are not needed to see the table a move leaves."""
    return State(
        ruleset=view.ruleset, dealer=view.dealer, to_move=view.player,
        hands=tuple(view.hand if s == view.player else () for s in range(view.players)),
        table=view.table, stock=(), captures=view.captures, sweeps=view.sweeps,
        last_taker=view.last_taker, must_capture=view.must_capture or (False,) * view.players,
        deal_number=view.deal_number, teams=view.teams,
    )


def seat_holding(state: State, seat: int, hand: tuple[Card, ...]) -> State:
    """``state``'s table with ``seat`` to move holding ``hand`` alone, bound by no build:
    how the engine is asked what a player with those cards could do next."""
    return State(
        ruleset=state.ruleset, dealer=state.dealer, to_move=seat,
        hands=tuple(hand if s == seat else () for s in range(state.players)),
        table=state.table, stock=(), captures=state.captures, sweeps=state.sweeps,
        last_taker=state.last_taker, must_capture=(False,) * state.players,
        deal_number=state.deal_number, teams=state.teams,
    )


def card_classes(rs: Ruleset, cards: tuple[Card, ...]) -> dict[tuple[int, ...], list[Card]]:
    """Unseen cards grouped by what they can take: face cards by rank, others by values."""
    out: dict[tuple[int, ...], list[Card]] = {}
    for c in cards:
        key = (-c.rank,) if rs.pair_only_table[c.index] else rs.card_value_table[c.index]
        if str(c) == rs.capture.sweep_card:
            key = (-100,)
        out.setdefault(key, []).append(c)
    return out


def _p_holds(unseen: int, of_class: int, hand: int) -> float:
    """Chance a hand of ``hand`` cards drawn from ``unseen`` holds one of ``of_class``."""
    if hand <= 0 or of_class <= 0:
        return 0.0
    if hand >= unseen:
        return 1.0
    return 1.0 - comb(unseen - of_class, hand) / comb(unseen, hand)


def reply_threat(
    view: PlayerView, table: tuple[TableItem, ...], worth: Worth, hand: int,
    unseen: tuple[Card, ...],
) -> tuple[float, float, dict[int, float]]:
    """Expected best take of the next player on ``table``; chance of a sweep; per-build risk.

    The per-build map gives, for each build value on the table, the chance the next player
    holds a card that takes it.
    """
    if not table or hand <= 0 or not unseen:
        return 0.0, 0.0, {}
    rs = view.ruleset
    nxt = (view.player + 1) % view.players
    options: list[tuple[float, float, bool, set[int]]] = []  # gain, p, sweeps, build values
    for _, cards in sorted(card_classes(rs, unseen).items()):
        p = _p_holds(len(unseen), len(cards), hand)
        if p <= 0.0:
            continue
        rep = cards[0]
        hands = tuple((rep,) if s == nxt else () for s in range(view.players))
        probe = State(
            ruleset=rs, dealer=view.dealer, to_move=nxt, hands=hands, table=table,
            stock=(), captures=view.captures, sweeps=view.sweeps,
            last_taker=view.last_taker,
            must_capture=(False,) * view.players, deal_number=view.deal_number,
            teams=view.teams,
        )
        best = 0.0
        sweep = False
        builds: set[int] = set()
        for m in legal_moves(probe):
            if isinstance(m, Capture):
                g = worth.items(m.items)
                clears = len(m.items) == len(table)
                if clears:
                    g += worth.sweep
                if g > best:
                    best = g
                sweep = sweep or clears
                builds.update(
                    it.value for it in m.items if isinstance(it, Pile) and it.owner == view.player
                )
        if best > 0.0 or builds:
            options.append((best, p, sweep, builds))
    options.sort(key=lambda o: -o[0])
    expected = 0.0
    none_yet = 1.0
    for gain, p, _, _ in options:
        expected += gain * p * none_yet
        none_yet *= 1.0 - p
    no_sweep = 1.0
    risk: dict[int, float] = {}
    for _, p, sweep, builds in options:
        if sweep:
            no_sweep *= 1.0 - p
        for v in builds:
            risk[v] = 1.0 - (1.0 - risk.get(v, 0.0)) * (1.0 - p)
    return expected, 1.0 - no_sweep, risk


def assess(view: PlayerView, moves: list[Move] | None = None) -> list[Assessment]:
    """Every legal move (or ``moves``) scored, best first; ties keep the generator's order."""
    if moves is None:
        moves = legal_moves(view)
    worth = Worth(view)
    unseen = view.unseen()
    nxt = (view.player + 1) % view.players
    hand_next = view.hand_counts[nxt]
    round_ends = False
    if hand_next == 0 or (nxt == view.player):
        others_empty = all(n == 0 for s, n in enumerate(view.hand_counts) if s != view.player)
        if view.stock_count > 0:
            hand_next = view.ruleset.deal.hand
        elif others_empty and len(view.hand) == 1:
            round_ends = True
            hand_next = 0
    out: list[Assessment] = []
    probe = probe_state(view)
    for k, m in enumerate(moves):
        table = after_move(probe, m).table  # before any round-end collection
        gain = 0.0
        if isinstance(m, Capture):
            gain = worth.of([m.card]) + worth.items(m.items)
            if not table:
                gain += worth.sweep
        last_collect = 0.0
        if round_ends and table:
            taker = view.player if isinstance(m, Capture) else view.last_taker
            leftover = worth.items(table)
            if taker is not None and view.side_of(taker) == view.side_of(view.player):
                last_collect = leftover
            elif taker is not None:
                last_collect = -leftover
        threat, sweep_risk, risk = reply_threat(view, table, worth, hand_next, unseen)
        comeback = 0.0
        safe = 1.0
        if isinstance(m, Build):
            safe = 1.0 - risk.get(m.value, 0.0)
            taker_w = _taker_worth(view, m, worth)
            comeback = safe * (worth.items(m.items) + worth.of([m.card]) + taker_w) * COMEBACK
        score = gain - threat + comeback + last_collect
        if FOLLOW_UP:
            score += FOLLOW_UP * _follow_up(view, m, table, worth)
        # Keep cards that score: giving one away on a trail costs a little even when safe.
        if isinstance(m, Trail):
            score -= TRAIL_PENALTY * worth.of([m.card])
        score -= 1e-6 * k
        out.append(Assessment(m, score, gain, threat, sweep_risk, comeback, safe, last_collect))
    out.sort(key=lambda a: -a.score)
    return out


def _follow_up(view: PlayerView, move: Move, table: tuple[TableItem, ...], worth: Worth) -> float:
    """Best take our remaining hand would have on ``table`` if it were left alone."""
    rest = tuple(c for c in view.hand if c is not move.card)
    if not rest or not table:
        return 0.0
    hands = tuple(rest if s == view.player else () for s in range(view.players))
    probe = State(
        ruleset=view.ruleset, dealer=view.dealer, to_move=view.player, hands=hands,
        table=table, stock=(), captures=view.captures, sweeps=view.sweeps,
        last_taker=view.last_taker, must_capture=(False,) * view.players,
        deal_number=view.deal_number, teams=view.teams,
    )
    best = 0.0
    for m in legal_moves(probe):
        if isinstance(m, Capture):
            best = max(best, worth.items(m.items) + worth.values[m.card.index])
    return best


def _taker_worth(view: PlayerView, move: Build, worth: Worth) -> float:
    """Worth of the cheapest card we hold that takes the build (it joins the take)."""
    rs = view.ruleset
    takers = [
        worth.values[c.index] for c in view.hand
        if c is not move.card and rs.takes_pile(c, move.value)
    ]
    return min(takers, default=0.0)


class HeuristicPolicy:
    """Plays the best-assessed move: greedy plus card counting and reply threats."""

    name = "heuristic"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> Move:
        moves = legal_moves(view)
        if len(moves) == 1:
            return moves[0]
        ranked = [a.move for a in assess(view, moves)]
        if (view.stock_count == 0 and view.players == 2
                and sum(view.hand_counts) <= ENDGAME_PLIES):
            return solve_last_plies(view, ranked)
        return ranked[0]


def solve_last_plies(view: PlayerView, ranked: list[Move]) -> Move:
    """The last few plies of a two-player round, solved exactly for the round margin.

    With the stock empty the unseen cards are the opponent's hand, so this is no peeking.
    """
    from casino.ai.endgame import Solver, margin_utility
    from casino.ai.sampling import determinize

    state = determinize(view, random.Random(0))
    solver = Solver(view.player, margin_utility(view.player))
    solver.set_root(state)
    best_move, best = ranked[0], -1e9
    for m in ranked:
        v = solver.value(apply(state, m), best, 1e9)
        if v > best:
            best_move, best = m, v
    return best_move
