"""``view_for``: a seat sees its own hand, the table and capture piles, and counts of the rest."""

from __future__ import annotations

from casino.engine import Game, legal_moves, load_ruleset, play
from casino.engine.state import PlayerView

from .helpers import pos


def test_view_hides_other_hands_and_the_stock() -> None:
    game = Game.start(load_ruleset("classic"), 3, 4)
    state = game.round
    view = state.view_for(1)
    names = set(view._fields)
    assert "hands" not in names and "stock" not in names
    assert view.hand == state.hands[1]
    assert view.hand_counts == (4, 4, 4)
    assert view.stock_count == len(state.stock)
    assert set(view.unseen()) == set(state.hands[0] + state.hands[2] + state.stock)


def test_views_of_equivalent_deals_are_equal() -> None:
    # Two deals that differ only in the other seat's hand and the stock look the same to us.
    a = pos("0;1;9C 8C/KS 2D;9D 5H;*/-;QH JH")
    b = pos("0;1;9C 8C/QH 2D;9D 5H;*/-;KS JH")
    assert a.view_for(0) == b.view_for(0)
    assert a.view_for(1) != b.view_for(1)
    assert legal_moves(a.view_for(0)) == legal_moves(a)


def test_the_view_of_a_seat_not_to_move_has_no_moves() -> None:
    state = pos("0;1;9C/KS;9D;*/-")
    assert legal_moves(state.view_for(1)) == []
    after = play(state, legal_moves(state)[0])
    assert after.view_for(0).captures == after.captures


def test_a_games_view_carries_the_game_totals() -> None:
    from dataclasses import replace as dc_replace

    from casino.engine.scoring import RoundScore

    game = Game.start(load_ruleset("classic"), 2, 1)
    assert game.view_for(0).totals == (0, 0)
    score = RoundScore(("cards",), ((3,), (0,)), (27, 25), (7, 6), (0, 0))
    later = dc_replace(game, scores=(score,))
    assert later.view_for(1).totals == (3, 0)
    assert later.view_for(1).hand == later.round.hands[1]


def test_a_view_is_a_value_whatever_ruleset_object_it_holds() -> None:
    """Equality, inequality and hashing look at everything but the ruleset, as a ``State``'s
    do; the repr leaves the ruleset out. Two loads of one ruleset are two objects."""
    state = Game.start(load_ruleset("classic"), 4, 7).round
    view = state.view_for(2, (3, 1))
    other_rules = PlayerView(load_ruleset("classic").model_copy(update={"name": "other"}),
                             *view[1:])
    assert other_rules.ruleset is not view.ruleset and other_rules.ruleset != view.ruleset
    assert view == other_rules
    assert not view.__ne__(other_rules)  # != agrees with ==
    assert hash(view) == hash(other_rules)
    assert view != view._replace(totals=(1, 3)) and view != view._replace(deal_number=2)
    assert not view.__eq__(view._replace(deal_number=2))
    assert view != tuple(view) and tuple(view) != view
    assert "ruleset" not in repr(view) and "totals=(3, 1)" in repr(view)
    assert view == PlayerView(**view._asdict())


def test_a_state_its_view_moves_and_score_pickle_back_equal() -> None:
    """The UI's and the AI's process pools send views, states and moves to other processes:
    each comes back an equal value (compiled, frozen classes need their own ``__reduce__``)."""
    import pickle

    from casino.engine import score_round
    from casino.engine.cards import Card

    state = pos("0;1;9C 4D/KS 2D;[b9 5H 4S @0] 8H AH;*/-")
    view = state.view_for(0)
    moves = legal_moves(state)
    for value in (state, view, moves, state.table[0], Card.parse("10D"), score_round(state)):
        back = pickle.loads(pickle.dumps(value))
        assert back == value and type(back) is type(value)
