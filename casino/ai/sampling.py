"""Determinization: full deals consistent with everything one seat knows.

The AI is handed a ``PlayerView`` only. To search, it deals the unseen cards at random
into the other hands and the stock, subject to what the view proves: under a
keep-the-card rule, a player who owns a build holds a card that takes it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from casino.engine.cards import Card
from casino.engine.obligations import short_of_takers
from casino.engine.state import Pile, PileKind, PlayerView, State, fast_state


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


def consistent(view: PlayerView, hands: tuple[tuple[Card, ...], ...]) -> bool:
    """Whether other seats' ``hands`` agree with what the view proves about them."""
    return _consistent(view, requirements(view), hands)


T = TypeVar("T")
_BITS = tuple(n.bit_length() for n in range(53))


def shuffle(cards: list[T], rng: random.Random) -> None:
    """``rng.shuffle(cards)``, inlined: the same draws in the same order, so the same
    order, without a method call per card (a search shuffles thousands of times)."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = _BITS[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


class Dealer:
    """Deals a view's unseen cards again and again: what every deal shares, worked out once.

    ``deal(rng)`` is ``determinize(view, rng)``: the same draws, the same state.
    """

    def __init__(self, view: PlayerView, unseen: Sequence[Card] | None = None,
                 keep: dict[int, float] | None = None,
                 holds: dict[int, list[int]] | None = None) -> None:
        self.view = view
        self.unseen = tuple(view.unseen() if unseen is None else unseen)
        self.need = requirements(view)
        # Seat -> values it holds a card that takes, as its play proved beyond the view
        # (``ISMCTSPolicy.holds``): dealt as the view's own requirements are.
        for seat, values in (holds or {}).items():
            if view.hand_counts[seat] > 0:
                mine = self.need.setdefault(seat, [])
                for v in values:
                    if v not in mine:
                        mine.append(v)
        # Card index -> the chance another seat would still hold it, as its earlier play
        # suggests (``ISMCTSPolicy`` infers it); a card missing from it is 1.
        self.keep = keep or {}
        # (start, stop) of each other seat's hand in the shuffled unseen cards
        self.spans: list[tuple[int, int] | None] = []
        at = 0
        for seat in range(view.players):
            if seat == view.player:
                self.spans.append(None)
            else:
                self.spans.append((at, at + view.hand_counts[seat]))
                at += view.hand_counts[seat]
        self.dealt = at

    def deal(self, rng: random.Random, tries: int = 30) -> State:
        """A full state consistent with the view: unseen cards dealt at random."""
        if self.keep:
            return self._deal_weighted(rng, tries)
        view = self.view
        unseen = list(self.unseen)
        need = self.need
        for _ in range(tries):
            shuffle(unseen, rng)
            cards = tuple(unseen)
            hands = tuple(
                view.hand if span is None else cards[span[0]:span[1]] for span in self.spans
            )
            if not need or _consistent(view, need, hands):
                return _fast_state(view, hands, cards[self.dealt:])
        return _fallback(view, rng, unseen, need)

    def _deal_weighted(self, rng: random.Random, tries: int) -> State:
        """``deal`` with the other hands drawn by rejection: a hand stands with the product
        of its cards' ``keep`` chances (after ``tries`` draws the last one stands)."""
        view = self.view
        unseen = list(self.unseen)
        n = len(unseen)
        dealt = self.dealt
        keep = self.keep
        need = self.need
        for _ in range(tries):
            for i in range(dealt):  # a uniform draw of the hands' cards, front first
                j = i + rng.randrange(n - i)
                unseen[i], unseen[j] = unseen[j], unseen[i]
            w = 1.0
            for i in range(dealt):
                w *= keep.get(unseen[i].index, 1.0)
            if w < 1.0 and rng.random() >= w:
                continue
            if not need or _consistent(view, need, self._hands(unseen)):
                break
        rest = unseen[dealt:]
        shuffle(rest, rng)
        cards = tuple(unseen[:dealt] + rest)
        hands = self._hands(unseen)
        if need and not _consistent(view, need, hands):
            return _fallback(view, rng, unseen, need)
        return _fast_state(view, hands, cards[dealt:])

    def _hands(self, cards: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
        view = self.view
        return tuple(
            view.hand if span is None else tuple(cards[span[0]:span[1]]) for span in self.spans
        )


def determinize(view: PlayerView, rng: random.Random, tries: int = 30,
                unseen: Sequence[Card] | None = None) -> State:
    """A full state consistent with ``view``: unseen cards dealt at random to hands and stock.

    ``unseen`` may pass ``view.unseen()`` in; a search that deals thousands of times keeps
    a ``Dealer`` instead.
    """
    return Dealer(view, unseen).deal(rng, tries)


def _consistent(view: PlayerView, need: dict[int, list[int]],
                hands: tuple[tuple[Card, ...], ...]) -> bool:
    rs = view.ruleset
    takes = rs.takes_pile
    for seat, values in need.items():
        for v in values:
            if not any(takes(c, v) for c in hands[seat]):
                return False
        if len(values) > 1 and rs.several_values:
            # One card answers for builds of one value only (Kasino's 10 of Diamonds may
            # not be the taker of a 10 build and a 16 build): the engine's own test.
            po = rs.pair_only_table
            cards = [c for c in hands[seat] if not po[c.index]]
            if short_of_takers(rs, set(values), cards) is not None:
                return False
    return True


def _fallback(view: PlayerView, rng: random.Random, unseen: list[Card],
              need: dict[int, list[int]]) -> State:
    """Rare: place one card of each required value first, then deal the rest at random."""
    pool = list(unseen)
    rng.shuffle(pool)
    takes = view.ruleset.takes_pile
    several = view.ruleset.several_values
    fixed: dict[int, list[Card]] = {}
    for seat, values in sorted(need.items()):
        if several:
            # One card answers for one value's builds (``_consistent``): a card fixed for
            # another value does not count, and the value fewest cards take goes first (a
            # 16 build only the 10 of Diamonds takes, before the 10 build any 10 takes).
            values = sorted(values, key=lambda v: sum(takes(c, v) for c in pool))
        for v in values:
            if not several and any(takes(c, v) for c in fixed.get(seat, [])):
                continue
            options = [c for c in pool if takes(c, v)]
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


def _fast_state(view: PlayerView, hands: tuple[tuple[Card, ...], ...],
                stock: tuple[Card, ...]) -> State:
    """``_state`` when the stock is known: the cards after the hands, in shuffled order."""
    return fast_state(
        view.ruleset, view.dealer, view.to_move, hands, view.table, stock, view.captures,
        view.sweeps, view.last_taker, view.must_capture, view.deal_number, view.teams,
    )
