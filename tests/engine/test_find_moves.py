"""``find_moves``: what a click selection (table items + a hand card) can mean."""

from __future__ import annotations

import pytest

from casino.engine import IllegalMoveError, Trail, find_moves
from casino.engine.notation import format_move

from .helpers import pos


def test_one_meaning_is_returned_alone() -> None:
    state = pos("0;1;9C 4D/KS;9D 8H 5H 4S AH;*/-")
    moves = find_moves(state, state.hands[0][0], [state.table[2], state.table[3]])
    assert [format_move(m) for m in moves] == ["9C x 5H 4S"]


def test_capture_or_build_is_a_choice() -> None:
    # docs/RULES.md#common-a-turn: several meanings -> the UI asks ("take or build?")
    state = pos("0;1;3C 3D/KS;3H;*/-")
    moves = find_moves(state, state.hands[0][0], [state.table[0]])
    assert sorted(format_move(m) for m in moves) == ["3C b3x2 3H", "3C x 3H"]


def test_ace_on_ace_is_take_or_build_in_royal() -> None:
    state = pos("0;1;AC 2D/KS;AH [b12 10S 2H @1] 2S;*/-", "royal")
    moves = find_moves(state, state.hands[0][0], [state.table[0]])
    assert [format_move(m) for m in moves] == ["AC x AH", "AC b2 AH"]


def test_empty_selection_trails() -> None:
    state = pos("0;1;9C 4D/KS;9D;*/-")
    assert find_moves(state, state.hands[0][1], []) == [Trail(state.hands[0][1])]


def test_no_meaning_raises_the_reason() -> None:
    state = pos("0;1;9C 4D/KS;8H 5H;*/-")
    with pytest.raises(IllegalMoveError, match=r"add up to its value \(9\)"):
        find_moves(state, state.hands[0][0], [state.table[0], state.table[1]])


def test_obligation_reason_on_a_click() -> None:
    state = pos("0;1;8C 4D/KS;[b8 5H 3D @0] 4H;*/-")
    with pytest.raises(IllegalMoveError, match="take, raise or duplicate your 8 build"):
        find_moves(state, state.hands[0][1], [])
    with pytest.raises(IllegalMoveError, match="take, raise or duplicate"):
        find_moves(state, state.hands[0][1], [state.table[1]])


def test_face_card_reason() -> None:
    state = pos("0;1;JC 4D/KS;JH JD;*/-")
    with pytest.raises(IllegalMoveError, match="exactly one card of its own rank"):
        find_moves(state, state.hands[0][0], list(state.table))


def test_selection_by_a_view_works_like_the_state() -> None:
    state = pos("0;1;9C 4D/KS;9D;*/-")
    view = state.view_for(0)
    assert find_moves(view, view.hand[0], [view.table[0]]) == find_moves(state, view.hand[0],
                                                              [state.table[0]])
    with pytest.raises(IllegalMoveError, match="not your turn"):
        find_moves(state.view_for(1), state.hands[1][0], [])


def test_pile_tags_name_what_takes_them() -> None:
    # seed 000: "A tag appears on builds and blocks indicating the card required to take the
    # pile"; a multiple build shows its sets, "8 x2" (docs/RULES.md#kasino-decisions, K7)
    from casino.engine import Pile, PileKind, load_ruleset
    from casino.engine.cards import parse_cards
    from casino.engine.rules import takers

    cards = parse_cards("2C 3C")
    assert takers(load_ruleset("classic"), Pile(PileKind.BUILD, 8, cards, 0, 1)) == "8"
    assert takers(load_ruleset("classic"), Pile(PileKind.BUILD, 8, cards, 0, 2)) == "8 x2"
    assert takers(load_ruleset("munter"), Pile(PileKind.BUILD, 14, cards, 0)) == "14 (A)"
    assert takers(load_ruleset("munter"), Pile(PileKind.BLOCK, 7, cards, 0)) == "block 7"
    assert takers(load_ruleset("kasino"), Pile(PileKind.BUILD, 15, cards, 0)) == "15 (2S)"
    assert takers(load_ruleset("casino33"), Pile(PileKind.STACK, 7, cards, 0)) == "stack 7"
