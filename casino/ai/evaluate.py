"""Fast scoring helpers the AI shares: per-card points, round margins, card worth.

``score_round`` in the engine is the authority; ``round_points`` mirrors it for search
leaves (a test pins the two together) without building a breakdown per category.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from casino.engine.cards import DECK, Card
from casino.engine.ruleset import Ruleset
from casino.engine.scoring import LITTLE_CASINO
from casino.engine.state import State


@dataclass(frozen=True, slots=True)
class ScoreTables:
    """A ruleset's scoring turned into per-card numbers, indexed by ``Card.index``."""

    card_points: tuple[int, ...]
    spade: tuple[bool, ...]
    most_cards: int
    most_spades: int
    sweep: int
    last_taker: int
    little_casino_breaks_tie: bool
    cards_at_least: int = 0
    spades_at_least: int = 0


_tables: dict[int, tuple[Ruleset, ScoreTables]] = {}


def tables(ruleset: Ruleset) -> ScoreTables:
    """The ruleset's score tables, computed once per ruleset object."""
    hit = _tables.get(id(ruleset))
    if hit is not None and hit[0] is ruleset:
        return hit[1]
    sc = ruleset.scoring
    points = [0] * 52
    for cp in sc.card_points:
        for text in cp.cards:
            points[Card.parse(text).index] += cp.points
    out = ScoreTables(
        card_points=tuple(points),
        spade=tuple(c.suit == "S" for c in DECK),
        most_cards=sc.most_cards,
        most_spades=sc.most_spades,
        sweep=sc.sweep,
        last_taker=sc.last_taker,
        little_casino_breaks_tie=sc.cards_tie == "little_casino",
        cards_at_least=getattr(sc, "cards_at_least", 0),
        spades_at_least=getattr(sc, "spades_at_least", 0),
    )
    _tables[id(ruleset)] = (ruleset, out)
    return out


def _unique_max(counts: Sequence[int], at_least: int = 0) -> int | None:
    """The side with strictly the most, if it has at least ``at_least``; else nobody."""
    best = max(counts)
    if counts.count(best) != 1 or best < at_least:
        return None
    return counts.index(best)


def round_points(state: State) -> list[int]:
    """Points per side of a finished round, as ``score_round`` would total them."""
    t = tables(state.ruleset)
    sides = state.sides
    cards = [0] * sides
    spades = [0] * sides
    pts = [0] * sides
    little = None
    for p in range(state.players):
        s = state.side_of(p)
        pile = state.captures[p]
        cards[s] += len(pile)
        for c in pile:
            i = c.index
            pts[s] += t.card_points[i]
            if t.spade[i]:
                spades[s] += 1
            if c == LITTLE_CASINO:
                little = s
        pts[s] += t.sweep * state.sweeps[p]
    if t.most_cards:
        w = _unique_max(cards, t.cards_at_least)
        if w is None and t.little_casino_breaks_tie and cards.count(max(cards)) > 1:
            w = little
        if w is not None:
            pts[w] += t.most_cards
    if t.most_spades:
        w = _unique_max(spades, t.spades_at_least)
        if w is not None:
            pts[w] += t.most_spades
    if t.last_taker and state.last_taker is not None:
        pts[state.side_of(state.last_taker)] += t.last_taker
    return pts


def margin(points: Sequence[int], side: int) -> float:
    """A side's lead over the best other side."""
    return points[side] - max(p for s, p in enumerate(points) if s != side)


def card_worth(ruleset: Ruleset, card: Card, cards_live: float = 1.0,
               spades_live: float = 1.0) -> float:
    """Rough points one captured card brings: its own points plus shares of the majorities.

    ``cards_live`` and ``spades_live`` (0..1) scale the majority shares down once a
    majority is decided and another card can no longer change it.
    """
    t = tables(ruleset)
    worth = float(t.card_points[card.index]) + cards_live * t.most_cards / 27.0
    if t.spade[card.index]:
        worth += spades_live * t.most_spades / 7.0
    return worth


def liveness(counts: Sequence[int], remaining: int) -> float:
    """1 while the majority of ``counts`` can still change, 0 once it is settled."""
    if len(counts) < 2:
        return 0.0
    ordered = sorted(counts, reverse=True)
    return 0.0 if ordered[0] - ordered[1] > remaining else 1.0


Summary = tuple[int, int, int, bool]
"""A capture pile in brief: cards, spades, card points, holds Little Casino."""


def summarize(state: State, player: int, start: int = 0) -> Summary:
    """The summary of ``player``'s captures from position ``start`` on."""
    t = tables(state.ruleset)
    pile = state.captures[player]
    spades = 0
    points = 0
    little = False
    for k in range(start, len(pile)):
        c = pile[k]
        i = c.index
        points += t.card_points[i]
        if t.spade[i]:
            spades += 1
        if c == LITTLE_CASINO:
            little = True
    return len(pile) - start, spades, points, little


def estimate_points(state: State, base: Sequence[Summary] | None = None) -> list[float]:
    """Expected points per side from what is captured so far: exact once the round is over.

    Point cards and sweeps count as banked; the majorities (cards, spades) are shared out
    by a soft lead that hardens as fewer cards remain to be won. ``base`` summarizes the
    first ``base[p][0]`` cards of each pile, so a search adds only what it captured.
    """
    if state.is_over():
        return [float(p) for p in round_points(state)]
    t = tables(state.ruleset)
    sides = state.sides
    cards = [0] * sides
    spades = [0] * sides
    pts = [0.0] * sides
    for p in range(state.players):
        s = state.side_of(p)
        if base is None:
            n, sp, pt, _ = summarize(state, p)
        else:
            n0, sp0, pt0, _ = base[p]
            n, sp, pt, _ = summarize(state, p, n0)
            n, sp, pt = n + n0, sp + sp0, pt + pt0
        cards[s] += n
        spades[s] += sp
        pts[s] += pt + t.sweep * state.sweeps[p]
    if t.most_cards:
        _share(pts, cards, 52 - sum(cards), t.most_cards)
    if t.most_spades:
        _share(pts, spades, 13 - sum(spades), t.most_spades)
    if t.last_taker and state.last_taker is not None:
        pts[state.side_of(state.last_taker)] += 0.5 * t.last_taker
    return pts


def _share(pts: list[float], counts: list[int], remaining: int, points: int) -> None:
    """Add each side's expected share of a majority worth ``points``."""
    for s, share in enumerate(_shares(counts, remaining, points)):
        pts[s] += share


class LeafEstimate:
    """``estimate_points`` for the many leaves of one search, whose capture piles all begin
    with the same ``base``: the seats' sides, the score tables and the majority shares met
    so far are kept, and the arithmetic is the same, so the floats are too."""

    def __init__(self, state: State, base: Sequence[Summary]) -> None:
        t = tables(state.ruleset)
        self.tables = t
        self.base = tuple(base)
        self.seat_sides = tuple(state.side_of(p) for p in range(state.players))
        self.sides = state.sides
        self.shares: dict[tuple[int, ...], tuple[float, ...]] = {}
        self.spade_shares: dict[tuple[int, ...], tuple[float, ...]] = {}

    def __call__(self, state: State) -> list[float]:
        if not state.stock and not any(state.hands):
            return [float(p) for p in round_points(state)]
        t = self.tables
        card_points = t.card_points
        spade = t.spade
        sweep = t.sweep
        sides = self.sides
        cards = [0] * sides
        spades = [0] * sides
        banked = [0] * sides  # whole points: their float sum below is exact
        captures = state.captures
        sweeps = state.sweeps
        for p, s in enumerate(self.seat_sides):
            n0, sp0, pt0, _ = self.base[p]
            pile = captures[p]
            sp = sp0
            pt = pt0
            for k in range(n0, len(pile)):
                i = pile[k].index
                pt += card_points[i]
                if spade[i]:
                    sp += 1
            cards[s] += len(pile)
            spades[s] += sp
            banked[s] += pt + sweep * sweeps[p]
        pts = [float(b) for b in banked]
        if t.most_cards:
            key = tuple(cards)
            shares = self.shares.get(key)
            if shares is None:
                shares = self.shares[key] = _shares(cards, 52 - sum(cards), t.most_cards)
            for s in range(sides):
                pts[s] += shares[s]
        if t.most_spades:
            key = tuple(spades)
            shares = self.spade_shares.get(key)
            if shares is None:
                shares = self.spade_shares[key] = _shares(
                    spades, 13 - sum(spades), t.most_spades)
            for s in range(sides):
                pts[s] += shares[s]
        if t.last_taker and state.last_taker is not None:
            pts[self.seat_sides[state.last_taker]] += 0.5 * t.last_taker
        return pts


def _shares(counts: list[int], remaining: int, points: int) -> tuple[float, ...]:
    """Each side's expected share of a majority worth ``points`` (what ``_share`` adds)."""
    scale = 0.55 * math.sqrt(remaining) + 0.35
    top = max(counts)
    weights = [math.exp((c - top) / scale) for c in counts]
    total = sum(weights)
    return tuple(points * w / total for w in weights)
