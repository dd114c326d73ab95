"""The expert's inference from the opponent's play within a deal."""

from __future__ import annotations

import random

from casino.ai.ismcts import ISMCTSPolicy
from casino.ai.registry import POLICIES
from casino.engine import apply, load_ruleset
from casino.engine.cards import DECK, Card
from casino.engine.moves import Trail
from casino.engine.state import State


def _deal(hands: tuple[str, str], table: str) -> State:
    """Two-player classic, seat 0 to move, the rest of the deck shuffled into the stock."""
    rs = load_ruleset("classic")
    hand_cards = tuple(tuple(Card.parse(t) for t in h.split()) for h in hands)
    on_table = tuple(Card.parse(t) for t in table.split())
    used = {c for h in hand_cards for c in h} | set(on_table)
    stock = [c for c in DECK if c not in used]
    random.Random(1).shuffle(stock)
    return State(ruleset=rs, dealer=1, to_move=0, hands=hand_cards, table=on_table,
                 stock=tuple(stock), captures=((), ()), sweeps=(0, 0),
                 must_capture=(False, False), deal_number=1)


def test_a_card_the_opponent_would_have_taken_a_point_card_with_is_doubted() -> None:
    # We hold no 10 and nothing that takes the 10♦; the opponent trails their 4 beside it.
    state = _deal(("2C 3H 6S 8H", "4D 5C 7D KH"), "10D QS")
    policy = ISMCTSPolicy(seed=1, iterations=60)
    state = apply(state, policy.choose(state.view_for(0)))
    assert not any(c.rank == 10 for c in state.captures[0])
    state = apply(state, Trail(Card.parse("4D")))
    view = state.view_for(0)
    keep = policy.infer(view)
    tens = [c for c in view.unseen() if c.rank == 10]
    assert tens and all(keep[c.index] < 0.1 for c in tens)  # would have taken 2 points
    sixes_and_nines = [c for c in view.unseen() if c.rank in (6, 9)]
    assert all(c.index not in keep for c in sixes_and_nines)  # nothing to take with them


def test_without_doubt_the_search_is_the_view_alone() -> None:
    """The Hard level keeps no memory: its decision depends on the view only."""
    state = _deal(("2C 3H 6S 8H", "4D 5C 7D KH"), "10D QS")
    hard = POLICIES["hard"](seed=1)
    state = apply(state, hard.choose(state.view_for(0)))
    state = apply(state, Trail(Card.parse("4D")))
    view = state.view_for(0)
    assert hard.infer(view) == {}
    assert hard.choose(view) == POLICIES["hard"](seed=1).choose(view)
