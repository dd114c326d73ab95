"""The expert's inference from the opponent's play within a deal."""

from __future__ import annotations

import random

from casino.ai.ismcts import ISMCTSPolicy
from casino.ai.registry import POLICIES
from casino.ai.sampling import Dealer
from casino.engine import apply, load_ruleset
from casino.engine.cards import DECK, Card
from casino.engine.moves import Build, Trail
from casino.engine.rules import legal_moves
from casino.engine.state import Pile, State


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


def _munter(hands: tuple[str, str], table: str) -> State:
    """Two-player Munter, seat 0 to move, the rest of the deck shuffled into the stock."""
    state = _deal(hands, table)
    return State(ruleset=load_ruleset("munter"), dealer=1, to_move=0, hands=state.hands,
                 table=state.table, stock=state.stock, captures=((), ()), sweeps=(0, 0),
                 must_capture=(False, False), deal_number=1)


def _build(state: State, card: str, value: int) -> State:
    """The player to move builds ``card`` onto the table's single loose card."""
    move = next(m for m in legal_moves(state) if type(m) is Build
                and m.card == Card.parse(card) and m.value == value)
    return apply(state, move)


def test_in_munter_a_build_the_opponent_just_made_is_dealt_a_card_that_takes_it() -> None:
    """No rule keeps a Munter builder's taker in hand, so the view proves nothing; the build
    itself does: whoever builds holds a card that takes the pile."""
    state = _munter(("QD KD 3C", "9D 8S 5C"), "10D 4H 2D")
    policy = ISMCTSPolicy(seed=1, iterations=60)
    state = apply(state, policy.choose(state.view_for(0)))
    assert [str(c) for c in state.table] == ["4H"]  # the Queen took 10 + 2
    state = _build(state, "5C", 9)
    view = state.view_for(0)
    assert policy.holds(view) == {1: [9]}
    dealer = Dealer(view, holds=policy.holds(view))
    rng = random.Random(2)
    for _ in range(200):
        assert any(c.rank == 9 for c in dealer.deal(rng).hands[1])


def test_in_munter_the_proof_lasts_until_a_card_that_could_be_the_taker_is_played() -> None:
    state = _munter(("QD KD 3C 7H", "9D 8S 5C 9C"), "10D 4H 2D")
    policy = ISMCTSPolicy(seed=1, iterations=60)
    state = apply(state, policy.choose(state.view_for(0)))
    state = _build(state, "5C", 9)
    assert policy.holds(state.view_for(0)) == {1: [9]}
    state = apply(state, policy.choose(state.view_for(0)))
    state = apply(state, Trail(Card.parse("8S")))
    assert policy.holds(state.view_for(0)) == {1: [9]}  # an 8 cannot be the taker
    state = apply(state, policy.choose(state.view_for(0)))
    assert any(isinstance(it, Pile) and it.value == 9 for it in state.table)
    state = apply(state, Trail(Card.parse("9C")))
    assert policy.holds(state.view_for(0)) == {}  # that 9 may have been the taker


def test_in_munter_the_expert_outbuilds_the_build_the_opponent_just_opened_a_deal_with() -> None:
    """A position of a real game: the opponent opens the deal building 5♣ onto 4♥ for 9, so
    they hold a 9. Raising it to 10 with the A♠ (we hold the 10♠) saves it from them and
    banks the Ace; on the view alone the expert put the 2♠ down and lost the build."""
    def cards(text: str) -> tuple[Card, ...]:
        return tuple(Card.parse(t) for t in text.split())

    state = State(
        ruleset=load_ruleset("munter"), dealer=0, to_move=0, hands=(cards("QD"), ()),
        table=cards("10D 4H 2D"),
        stock=cards("9D 8S 5C 6D KD 10S 2S AS 10H 6H QC AD 10C 3D QS 8C"),
        captures=(cards("4D 4S 7C 7D 5H 5S KS KC 8D 8H 6C 6S 7S 7H"),
                  cards("AH 5D 9H JD JC 3S 3C AC QH 2C JH 3H JS 2H 9C KH 4C 9S")),
        sweeps=(0, 2), last_taker=0, must_capture=(False, False), deal_number=4)
    expert = POLICIES["expert"](seed=1)
    state = apply(state, expert.choose(state.view_for(0)))  # the Queen takes 10 + 2
    assert state.hands == (cards("KD 10S 2S AS"), cards("9D 8S 5C 6D"))
    state = _build(state, "5C", 9)
    move = expert.choose(state.view_for(0))
    assert type(move) is Build and move.card == Card.parse("AS") and move.value == 10
