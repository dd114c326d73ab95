"""Scenario tests for classic Casino; each cites the seed it pins (seed 004 = Hoyle/pagat)."""

from __future__ import annotations

import pytest

from casino.engine import (
    DECK,
    Build,
    Capture,
    IllegalMoveError,
    Pile,
    PileKind,
    Trail,
    deal_round,
    legal_moves,
    load_ruleset,
    play,
    score_round,
)
from casino.engine.cards import parse_cards as pos_cards
from casino.engine.notation import format_move

from .helpers import legal_texts, move, pos


def test_seed004_one_nine_takes_nine_eight_ace_five_four() -> None:
    # seed 004: "cards on the table are 9, 8, 5, 4, Ace. You could take them all with a single 9"
    state = pos("0;1;9C/KS;9D 8H 5H 4S AH;*/-")
    assert "9C x 9D 8H 5H 4S AH" in legal_texts(state)
    after = play(state, move(state, "9C x 9D 8H 5H 4S AH"))
    assert after.table == ()
    assert after.sweeps == (1, 0)


def test_seed004_partial_captures_are_allowed() -> None:
    # seed 004: "you may at the same time take additional cards by pairing" - may, not must
    texts = legal_texts(pos("0;1;9C/KS;9D 8H 5H 4S AH;*/-"))
    for partial in ("9C x 9D", "9C x 8H AH", "9C x 5H 4S", "9C x 9D 5H 4S", "9C t"):
        assert partial in texts


def test_seed004_building_eight_with_three_on_five() -> None:
    # seed 004: "you have 8 and 3 in hand and there is a 5 on the table ... Building 8"
    state = pos("0;1;8C 3D/KS;5H;*/-")
    after = play(state, move(state, "3D b8 5H"))
    assert after.table == (Pile(PileKind.BUILD, 8, pos_cards("5H 3D"), owner=0, sets=1),)
    assert after.hands[0] == pos_cards("8C")


def test_seed004_no_build_without_the_card_to_take_it() -> None:
    # seed 004: "you must not leave a build unless you have in your hand a card that can take it"
    state = pos("0;1;7C 3D/KS;5H;*/-")
    assert not any(isinstance(m, Build) and m.value == 8 for m in legal_moves(state))
    with pytest.raises(IllegalMoveError, match="hold another card that takes 8"):
        play(state, Build(move(state, "3D t").card, 8, (state.table[0],), 1))


def test_seed004_duplicating_with_the_second_eight() -> None:
    # seed 004: "you could on your next turn simply put one 8 on the build"
    state = pos("0;1;8C 8D/KS;[b8 5H 3D @0];*/-")
    assert "8C b8x2 [5H 3D]" in legal_texts(state)
    after = play(state, move(state, "8C b8x2 [5H 3D]"))
    assert isinstance(after.table[0], Pile) and after.table[0].sets == 2


def test_seed004_duplicating_with_two_and_table_six() -> None:
    # seed 004: "your opponent trails a 6, and you have a 2 ... put your 2 with the 6 on the 5-3"
    state = pos("0;1;2C 8C/KS;[b8 5H 3D @0] 6S;*/-")
    assert "2C b8x2 [5H 3D] 6S" in legal_texts(state)


def test_seed004_must_attend_to_own_build() -> None:
    # seed 004: "you must attend to it at your next turn ... not allowed to trail or to take in
    # other cards instead"
    state = pos("0;1;8C 2C 4D/KS;[b8 5H 3D @0] 4H 2H;*/-")
    texts = legal_texts(state)
    assert "8C x [5H 3D]" in texts
    for bad in ("4D t", "4D x 4H", "2C x 2H", "2C t"):
        assert bad not in texts
    with pytest.raises(IllegalMoveError, match="take, raise or duplicate your 8 build"):
        play(state, move(state, "4D x 4H"))


def test_illegal_move_leaves_state_unchanged() -> None:
    state = pos("0;1;8C 2C 4D/KS;[b8 5H 3D @0] 4H 2H;*/-")
    before = repr(state)
    with pytest.raises(IllegalMoveError):
        play(state, Trail(state.hands[0][1]))
    assert repr(state) == before


def test_seed004_increasing_an_opponents_single_build() -> None:
    # seed 004: "your opponent has laid a 4 ... on a 5 ... Building 9. You have an Ace and a 10.
    # You may add the Ace to his build and say Building 10"
    state = pos("0;1;AC 10C/KS;[b9 5H 4D @1];*/-")
    after = play(state, move(state, "AC b10 [5H 4D]"))
    pile = after.table[0]
    assert isinstance(pile, Pile) and (pile.value, pile.owner, pile.sets) == (10, 0, 1)


def test_seed004_only_a_single_build_may_be_increased() -> None:
    # seed 004: "you may increase only a single build, such as the 5-4, not ... 5-4-9"
    state = pos("0;1;AC 10C/KS;[b9x2 5H 4D 9S @1];*/-")
    assert not any(isinstance(m, Build) and m.value == 10 for m in legal_moves(state))
    with pytest.raises(IllegalMoveError, match="fixed value"):
        play(state, Build(state.hands[0][0], 10, (state.table[0],), 1))


def test_seed004_increase_uses_a_hand_card_only() -> None:
    # seed 004: "the card you use to increase it must come from your hand - you are not
    # allowed to use a card from the table"
    state = pos("0;1;3C 10C/KS;[b6 4H 2D @1] AH;*/-")
    assert not any(isinstance(m, Build) and m.value == 10 for m in legal_moves(state))
    with pytest.raises(IllegalMoveError, match="only a card from your hand"):
        play(state, Build(state.hands[0][0], 10, state.table, 1))


def test_seed004_face_card_takes_exactly_one_of_its_rank() -> None:
    # seed 004: "With a face card - Jack, Queen, or King - you may capture only one card"
    state = pos("0;1;JS/KS;JH JD 5C 6C;*/-")
    assert legal_texts(state) == ["JS x JH", "JS x JD", "JS t"]


def test_face_cards_never_build_or_sum_in_classic() -> None:
    # docs/RULES.md#classic-card-values: face cards have no number, they only pair
    state = pos("0;1;JS 4C/KS;5C 6C 7D;*/-")
    assert not any(m.card.rank == 11 and not isinstance(m, Trail) for m in legal_moves(state))


def test_build_never_joins_a_sum() -> None:
    # docs/RULES.md#classic-captures: a 7-build and a loose 2 are not taken by a 9
    state = pos("0;1;9C/KS;[b7 4H 3D @1] 2S;*/-")
    assert legal_texts(state) == ["9C t"]
    with pytest.raises(IllegalMoveError, match="never as part of a sum"):
        play(state, Capture(state.hands[0][0], 9, state.table))


def test_one_build_per_value_new_set_joins_it() -> None:
    # docs/RULES.md#classic-builds: a set of V made while a build of V stands joins it
    state = pos("0;1;8C 5C/KS;[b8 6H 2D @1] 3S;*/-")
    texts = legal_texts(state)
    assert "5C b8x2 [6H 2D] 3S" in texts
    assert "5C b8 3S" not in texts


def test_raised_build_joins_the_build_of_its_new_value() -> None:
    # docs/RULES.md#classic-builds: a build raised to V joins a standing build of V
    state = pos("0;1;2C 9C/KS;[b7 4H 3D @1] [b9 5S 4S @1];*/-")
    assert "2C b9x2 [4H 3D] [5S 4S]" in legal_texts(state)
    assert not any(format_move(m) == "2C b9 [4H 3D]" for m in legal_moves(state))


def test_pagat_building_threes_makes_a_multiple_build() -> None:
    # docs/RULES.md#classic-builds (pagat gathering): a card of value V played onto a loose
    # card of value V ("building threes") is a multiple build of V when another V is held
    state = pos("0;1;3C 3D/KS;3H;*/-")
    assert "3C b3x2 3H" in legal_texts(state)
    assert "3C b3x2 3H" not in legal_texts(pos("0;1;3C 4D/KS;3H;*/-"))


def test_pagat_gathering_loose_sets_into_a_build() -> None:
    # docs/RULES.md#classic-builds: making or adding to a build of V may also take in any other
    # loose cards of value V and loose sets adding up to V
    state = pos("0;1;3C 8D/KS;5H 6S 2S 8H;*/-")
    texts = legal_texts(state)
    assert "3C b8 5H" in texts
    assert "3C b8x2 5H 8H" in texts
    assert "3C b8x3 5H 6S 2S 8H" in texts


def test_owner_may_raise_own_build_with_last_card_of_its_value() -> None:
    # docs/RULES.md#classic-owning-a-build: raise your own 5-build with your last 5 to a held 10
    state = pos("0;1;5C 10C/KS;[b5 2H 3D @0];*/-")
    texts = legal_texts(state)
    assert "5C b10 [2H 3D]" in texts
    assert "5C x [2H 3D]" in texts
    assert "10C t" not in texts


def test_control_passes_to_whoever_last_added() -> None:
    # docs/RULES.md#classic-owning-a-build: a build belongs to whoever last added to it
    state = pos("0;1;2C 8C/KS;[b8 5H 3D @1] 6S;*/-")
    after = play(state, move(state, "2C b8x2 [5H 3D] 6S"))
    pile = after.table[0]
    assert isinstance(pile, Pile) and pile.owner == 0 and pile.sets == 2


def test_round_end_last_taker_gets_the_table_and_it_is_not_a_sweep() -> None:
    # seed 004: "any cards remaining on the table go to the player who was last to take"
    state = pos("0;1;5C/KS;5H 9D;*/-;-;0/0;1")
    state = play(state, move(state, "5C x 5H"))
    state = play(state, move(state, "KS t"))
    assert state.is_over()
    assert state.table == ()
    assert {str(c) for c in state.captures[0]} >= {"9D", "KS", "5C", "5H"}
    assert state.sweeps == (0, 0)


def test_next_hands_are_dealt_when_both_hands_are_empty() -> None:
    state = pos("0;1;5C/KS;5H 9D;-/-;*")
    state = play(state, move(state, "5C x 5H"))
    state = play(state, move(state, "KS t"))
    assert [len(h) for h in state.hands] == [4, 4]
    assert state.deal_number == 2
    assert state.to_move == 0


def test_seed004_first_deal_order_two_at_a_time() -> None:
    # seed 004: "non-dealer receives 2 cards ..., then 2 are put face up on the table, then
    # dealer gives himself 2 ... This whole process is repeated"
    state = deal_round(load_ruleset("classic"), 2, 1, DECK)
    assert state.hands[0] == DECK[0:2] + DECK[6:8]
    assert state.table == DECK[2:4] + DECK[8:10]
    assert state.hands[1] == DECK[4:6] + DECK[10:12]
    assert state.to_move == 0
    assert len(state.stock) == 40


@pytest.mark.parametrize(("players", "deals"), [(2, 6), (3, 4), (4, 3)])
def test_seed004_number_of_deals(players: int, deals: int) -> None:
    # docs/RULES.md#classic-players-and-deal: six deals with 2 players, four with 3, three with 4
    state = deal_round(load_ruleset("classic"), players, 0, DECK)
    count = 1
    while not state.is_over():
        state = play(state, legal_moves(state)[0])
        count = state.deal_number
    assert count == deals


def test_refusals_name_the_real_reason_for_builds() -> None:
    state = pos("0;1;3C 8C/KS;[b8 5H 3H @1] 5D;*/-")
    with pytest.raises(IllegalMoveError, match="must join the 8 build"):
        play(state, move(state, "3C b8 5D"))
    state = pos("0;1;3C 8C 7D/KS;[b5 3H 2D @1] [b8 6H 2C @1] 4H;*/-")
    with pytest.raises(IllegalMoveError, match="makes a multiple build of 2 sets of 8"):
        play(state, move(state, "3C b8 [3H 2D] [6H 2C]"))


def test_seed004_a_seven_takes_both_sevens_on_the_table() -> None:
    # seed 004: "If there are two 7's on the table and you have a 7 in your hand, take in all
    # three 7's."
    state = pos("0;1;7C/KS;7D 7H 5S;*/-")
    assert "7C x 7D 7H" in legal_texts(state)
    after = play(state, move(state, "7C x 7D 7H"))
    assert after.table == pos_cards("5S")


def test_seed004_sums_five_and_two_with_a_seven_ace_and_nine_with_a_ten() -> None:
    # seed 004: "you may take a 5 and a 2 with a 7, an Ace and a 9 with a 10"
    texts = legal_texts(pos("0;1;7C 10C/KS;5H 2D AS 9S;*/-"))
    assert "7C x 5H 2D" in texts
    assert "10C x AS 9S" in texts


def test_seed004_opponent_takes_your_build_but_never_its_cards_alone() -> None:
    # seed 004: "If your opponent has an 8, he can capture your build himself" and "He cannot
    # take the 5 or 3 by pairing or by making a build of his own."
    state = pos("1;0;KS/8C 5D 3C;[b8 5H 3D @0] 6S;*/-")
    texts = legal_texts(state)
    assert "8C x [5H 3D]" in texts
    assert not any(t.startswith(("5D x", "3C x")) for t in texts)  # no pairing inside it
    assert not any(t.startswith("3C b") and "[5H 3D]" in t for t in texts)  # no 8 to raise to
    with pytest.raises(IllegalMoveError):
        play(state, Capture(state.hands[1][1], 5, (state.table[0],)))


def test_seed004_duplicate_with_an_eight_then_take_it_with_the_other() -> None:
    # seed 004: "you could on your next turn simply put one 8 on the build, then take it with
    # the other 8 on your third turn"
    state = pos("0;1;8C 8D 4H/KS 9D;[b8 5H 3D @0];*/-")
    state = play(state, move(state, "8C b8x2 [5H 3D]"))
    state = play(state, move(state, "KS t"))
    assert legal_texts(state) == ["8D x [5H 3D 8C]"]  # attend to it, keeping the 8 for it
    state = play(state, move(state, "8D x [5H 3D 8C]"))
    assert set(pos_cards("5H 3D 8C 8D")) <= set(state.captures[0])


def test_a_raise_may_gather_loose_sets_of_its_new_value() -> None:
    # docs/RULES.md#classic-builds: the raise is the hand card alone (seed 004), but loose
    # sets of the new value may be gathered in the same play, as in any build of that value
    state = pos("0;1;AC 10C/KS;[b9 5H 4D @1] 10S 6S 4S;*/-")
    texts = legal_texts(state)
    assert "AC b10 [5H 4D]" in texts
    assert "AC b10x3 [5H 4D] 10S 6S 4S" in texts
    after = play(state, move(state, "AC b10x2 [5H 4D] 10S"))
    pile = after.table[0]
    assert isinstance(pile, Pile) and (pile.value, pile.sets, pile.owner) == (10, 2, 0)
    # ...but no table card helps to raise: 5-4 with the Ace and the 2S is no 12
    assert not any("b10" in t and "2S" in t
                   for t in legal_texts(pos("0;1;AC 10C/KS;[b7 5H 2D @1] 2S;*/-")))


def test_seed004_scoring_table() -> None:
    # seed 004: cards (27 or more) 3, spades (7 or more) 1, Big Casino 2, Little Casino 1,
    # Aces 1 each: 11 in all
    mine = "10D 2S AC AD AH AS 3S 4S 5S 6S 7S 2C 3C 4C 5C 6C 7C 8C 9C 10C 2D 3D 4D 5D 6D 7D 8D"
    state = pos(f"0;1;-/-;-;{mine}/*;-;0/0;0")
    score = score_round(state).by_category()
    assert score == {"cards": (3, 0), "spades": (1, 0), "big_casino": (2, 0),
                     "little_casino": (1, 0), "aces": (4, 0)}
    level = pos(f"0;1;-/-;-;{mine.replace(' 8D', '')}/*;-;0/0;0")
    assert score_round(level).by_category()["cards"] == (0, 0)  # 26-26: nobody


def test_cards_left_when_nobody_captured_stay_unscored() -> None:
    # docs/RULES.md#common-sweeps-and-the-rounds-end: with no last taker the table stays
    state = pos("0;1;5C/KS;9D;-/*;-")
    for text in ("5C t", "KS t"):
        state = play(state, move(state, text))
    assert state.is_over() and state.last_taker is None
    assert set(state.table) == set(pos_cards("9D 5C KS"))
    assert score_round(state).cards == (0, 49)
