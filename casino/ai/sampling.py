"""Determinization: full deals consistent with everything one seat knows.

The AI is handed a ``PlayerView`` only. To search, it deals the unseen cards at random
into the other hands and the stock, subject to what the view proves: under a
keep-the-card rule, a player who owns a build holds a card that takes it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from casino.engine.cards import Card
from casino.engine.state import Pile, PileKind, PlayerView, State


def requirements(view: PlayerView) -> dict[int, list[int]]:
    """Seat -> build values that seat must hold a card of, as the view proves."""
    need: dict[int, list[int]] = {}
    if not view.ruleset.obligations.keep_card:
        return need
    for item in view.table:
        if (isinstance(item, Pile) and item.kind is PileKind.BUILD
                and item.owner != view.player and view.hand_counts[item.owner] > 0):
            need.setdefault(item.owner, [])
            if item.value not in need[item.owner]:
                need[item.owner].append(item.value)
    return need


def _takes(view: PlayerView, card: Card, value: int) -> bool:
    rs = view.ruleset
    return not rs.pair_only_table[card.index] and value in rs.card_value_table[card.index]


def consistent(view: PlayerView, hands: tuple[tuple[Card, ...], ...]) -> bool:
    """Whether other seats' ``hands`` agree with what the view proves about them."""
    for seat, values in requirements(view).items():
        for v in values:
            if not any(_takes(view, c, v) for c in hands[seat]):
                return False
    return True


def determinize(view: PlayerView, rng: random.Random, tries: int = 30,
                unseen: Sequence[Card] | None = None) -> State:
    """A full state consistent with ``view``: unseen cards dealt at random to hands and stock.

    ``unseen`` may pass ``view.unseen()`` in, for a search that deals thousands of times.
    """
    unseen = list(view.unseen() if unseen is None else unseen)
    need = requirements(view)
    for _ in range(tries):
        rng.shuffle(unseen)
        hands = _split(view, unseen)
        if not need or consistent(view, hands):
            return _state(view, hands, unseen)
    # Rare: place one card of each required value first, then deal the rest at random.
    pool = list(unseen)
    rng.shuffle(pool)
    fixed: dict[int, list[Card]] = {}
    for seat, values in sorted(need.items()):
        for v in values:
            if any(_takes(view, c, v) for c in fixed.get(seat, [])):
                continue
            options = [c for c in pool if _takes(view, c, v)]
            if options and len(fixed.get(seat, [])) < view.hand_counts[seat]:
                pick = rng.choice(options)
                pool.remove(pick)
                fixed.setdefault(seat, []).append(pick)
    order: list[Card] = []
    dealt: list[list[Card]] = []
    for seat in range(view.players):
        if seat == view.player:
            dealt.append([])
            continue
        mine = list(fixed.get(seat, []))
        while len(mine) < view.hand_counts[seat]:
            mine.append(pool.pop())
        dealt.append(mine)
        order.extend(mine)
    hands = tuple(
        view.hand if s == view.player else tuple(dealt[s]) for s in range(view.players)
    )
    return _state(view, hands, order + pool)


def _split(view: PlayerView, cards: list[Card]) -> tuple[tuple[Card, ...], ...]:
    hands: list[tuple[Card, ...]] = []
    at = 0
    for seat in range(view.players):
        if seat == view.player:
            hands.append(view.hand)
        else:
            n = view.hand_counts[seat]
            hands.append(tuple(cards[at:at + n]))
            at += n
    return tuple(hands)


def _state(view: PlayerView, hands: tuple[tuple[Card, ...], ...], cards: list[Card]) -> State:
    """The state with these hands; the unseen cards not in a hand form the stock."""
    in_hands = {c.index for s, h in enumerate(hands) if s != view.player for c in h}
    stock = tuple(c for c in cards if c.index not in in_hands)
    assert len(stock) == view.stock_count, (len(stock), view.stock_count)
    return State(
        ruleset=view.ruleset,
        dealer=view.dealer,
        to_move=view.to_move,
        hands=hands,
        table=view.table,
        stock=stock,
        captures=view.captures,
        sweeps=view.sweeps,
        last_taker=view.last_taker,
        must_capture=view.must_capture,
        deal_number=view.deal_number,
        teams=view.teams,
    )
