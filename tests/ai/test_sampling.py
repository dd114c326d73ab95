"""Dealing the unseen cards: the search's fast shuffle draws exactly as ``random.shuffle``."""

from __future__ import annotations

import random

from casino.ai.sampling import Dealer, determinize, shuffle
from casino.engine.state import State

from .conftest import positions


def test_shuffle_is_random_shuffle_draw_for_draw() -> None:
    for seed in range(200):
        for n in (0, 1, 2, 3, 7, 16, 33, 40, 48):
            ours, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(n)), list(range(n))
            shuffle(a, ours)
            theirs.shuffle(b)
            assert a == b
            assert ours.random() == theirs.random()  # the same draws used up


def test_a_deal_is_the_unseen_cards_shuffled_and_cut_seat_by_seat() -> None:
    """What ``determinize`` did before ``Dealer``: shuffle the unseen cards, give each other
    seat the next cards, the rest is the stock; searches depend on it draw for draw."""
    for players in (2, 3, 4):
        for state in positions("classic", games=1, every=4, players=players):
            view = state.view_for(state.to_move)
            dealer = Dealer(view)
            ours, theirs = random.Random(7), random.Random(7)
            for _ in range(5):
                got = dealer.deal(ours)
                cards = list(view.unseen())
                theirs.shuffle(cards)
                hands = []
                for seat in range(players):
                    if seat == view.player:
                        hands.append(view.hand)
                    else:
                        hands.append(tuple(cards[:view.hand_counts[seat]]))
                        del cards[:view.hand_counts[seat]]
                want = State(
                    ruleset=view.ruleset, dealer=view.dealer, to_move=view.to_move,
                    hands=tuple(hands), table=view.table, stock=tuple(cards),
                    captures=view.captures, sweeps=view.sweeps, last_taker=view.last_taker,
                    must_capture=view.must_capture, deal_number=view.deal_number,
                    teams=view.teams,
                )
                assert got == want
            assert determinize(view, random.Random(3)) == Dealer(view).deal(random.Random(3))


def test_a_card_the_view_doubts_is_dealt_to_the_other_hand_less_often() -> None:
    """``keep`` weighs a card's chance to be in another hand: at 0.05 it lands there about
    a twentieth as often as uniform dealing puts it, at 1 (or missing) as often."""
    state = positions("classic", games=1, every=4)[0]
    view = state.view_for(state.to_move)
    other = 1 - view.player
    doubted, plain = view.unseen()[0], view.unseen()[1]
    dealer = Dealer(view, keep={doubted.index: 0.05})
    rng = random.Random(3)
    held = {doubted: 0, plain: 0}
    deals = 2000
    for _ in range(deals):
        got = dealer.deal(rng)
        assert sorted(got.all_cards()) == sorted(state.all_cards())
        assert len(got.stock) == view.stock_count
        for card in held:
            held[card] += card in got.hands[other]
    uniform = deals * view.hand_counts[other] / len(view.unseen())
    assert held[doubted] < 0.25 * uniform
    assert 0.8 * uniform < held[plain] < 1.25 * uniform


def test_a_kasino_builder_of_two_values_is_dealt_a_taker_for_each() -> None:
    """docs/RULES.md (Kasino, owning a build): one card answers for builds of one value only,
    so the opponent who owns a 10 build and a 16 build with two cards in hand holds the 10
    of Diamonds (the only card that takes 16) and another 10; every deal gives them both."""
    from tests.engine.helpers import pos

    state = pos("1;0;10D 3C/KS QS;[b10 6D 4H @0] [b16 9S 7C @0];-/-;*", "kasino")
    view = state.view_for(1)
    dealer = Dealer(view)
    rng = random.Random(5)
    for _ in range(200):
        hand = dealer.deal(rng).hands[0]
        ranks = sorted(c.rank for c in hand)
        assert ranks == [10, 10] and any(c.suit == "D" for c in hand), hand
