"""Scenario tests for spitenet (seed 001), royal and classic-sweeps."""

from __future__ import annotations

import pytest

from casino.engine import DECK, Build, IllegalMoveError, Pile, deal_round, load_ruleset, play
from casino.engine.cards import parse_cards as pos_cards

from .helpers import last_trick_score, legal_texts, move, pos


def test_seed001_dealer_gives_players_two_at_a_time_then_four_to_the_table() -> None:
    # seed 001: "deals 4 cards to each player, two at a time. After the players have been
    # dealt, 4 cards are dealt face up to the table."
    state = deal_round(load_ruleset("spitenet"), 2, 1, DECK)
    assert state.hands[0] == DECK[0:2] + DECK[4:6]
    assert state.hands[1] == DECK[2:4] + DECK[6:8]
    assert state.table == DECK[8:12]
    assert state.to_move == 0  # seed 001: "the non-dealing player goes first"


def test_seed001_single_build_raised_with_hand_card_and_one_table_card() -> None:
    # seed 001: "combining one of your hand cards with it (and another Table card if needed),
    # equaling another card you hold"
    text = "0;1;3C 10C/KS;[b6 4H 2D @1] AH;*/-"
    assert "3C b10 [4H 2D] AH" in legal_texts(pos(text, "spitenet"))
    assert "3C b10 [4H 2D] AH" not in legal_texts(pos(text, "classic"))  # seed 004 forbids it


def test_seed001_raise_takes_at_most_one_table_card() -> None:
    state = pos("0;1;2C 10C/KS;[b5 4H AD @1] AH 2H;*/-", "spitenet")
    texts = legal_texts(state)
    assert not any(t.startswith("2C b10") and t.count(" ") > 3 for t in texts)


def test_seed001_multiple_build_value_is_fixed_but_sets_may_be_added() -> None:
    # seed 001: "You cannot change the capture value of a Multiple Build ... but you can build
    # upon it by adding the same value to it."
    state = pos("0;1;AC 9C 10C/KS;[b9x2 5H 4D 9S @1] 8D;*/-", "spitenet")
    texts = legal_texts(state)
    assert "AC b9x3 [5H 4D 9S] 8D" in texts
    assert not any(t.startswith("AC b10") for t in texts)


def test_seed001_no_trailing_while_you_control_a_build() -> None:
    # seed 001: "You cannot Trail a card if there is a Build you created on the Table." But
    # you may "capture cards, add to Build, or create a new build".
    state = pos("0;1;8C 4D 9H/KS;[b8 5H 3D @0] 4H 9S;*/-", "spitenet")
    texts = legal_texts(state)
    assert "4D x 4H" in texts  # any capture, unlike seed 004
    assert "9H x 9S" in texts
    assert not any(t.endswith(" t") for t in texts)
    with pytest.raises(IllegalMoveError, match="may not trail while your 8 build"):
        play(state, move(state, "9H t"))


def test_seed001_keep_a_card_that_can_capture_your_build() -> None:
    # seed 001 'Build Summary': "you must have a hand card that can eventually capture that Build"
    state = pos("0;1;8C 2D/KS;[b8 5H 3D @0] 8S;*/-", "spitenet")
    texts = legal_texts(state)
    assert "8C x [5H 3D] 8S" in texts
    assert "8C x 8S" not in texts
    with pytest.raises(IllegalMoveError, match="you may play 8C only on your 8 build, since "
                       "it is the last card you hold that can take it"):
        play(state, move(state, "8C x 8S"))


def test_seed001_face_card_captures_one_matching_card() -> None:
    # seed 001: "Even if there are two Jacks on the Table, only one Jack can be captured."
    assert legal_texts(pos("0;1;JS/KS;JH JD;*/-", "spitenet")) == ["JS x JH", "JS x JD", "JS t"]


def test_seed001_capturing_a_build_takes_other_sets_of_its_value() -> None:
    # seed 001: "When you capture a Build, you can also capture any other Table cards which
    # add up to the Build value."
    state = pos("0;1;8C/KS;[b8 5H 3D @1] 6S 2S;*/-", "spitenet")
    assert "8C x [5H 3D] 6S 2S" in legal_texts(state)


def test_seed001_sweeps_score_one_each() -> None:
    # seed 001: "Each Sweep is worth one point."
    score = last_trick_score("2/1;0", "spitenet")
    assert score["sweeps"] == (3, 1)


def test_classic_sweeps_score_only_in_classic_sweeps() -> None:
    # docs/RULES.md#classic-with-sweeps: sweeps score 1 there and nothing in classic
    for name, expected in (("classic", None), ("classic-sweeps", (1, 0))):
        assert last_trick_score("0/0;0", name).get("sweeps") == expected


def test_royal_king_takes_ten_and_three() -> None:
    # docs/RULES.md#royal-casino: the face cards are numbered 11-13
    state = pos("0;1;KC/2S;10H 3D;*/-", "royal")
    assert "KC x 10H 3D" in legal_texts(state)
    assert "KC x 10H 3D" not in legal_texts(pos("0;1;KC/2S;10H 3D;*/-", "classic"))


def test_royal_ace_counts_fourteen_to_take_and_build() -> None:
    # docs/RULES.md#royal-casino: an Ace 1 or 14; face cards build and take by sum
    state = pos("0;1;AC QD/2S;10H 4D QS 2H;*/-", "royal")
    texts = legal_texts(state)
    assert "AC=14 x 10H 4D" in texts
    assert "AC=14 x QS 2H" in texts
    assert "AC=14 x 10H 4D QS 2H" in texts
    assert "QD b14 2H" in texts  # a Queen builds 14 on a 2, taken by the held Ace
    after = play(state, move(state, "QD b14 2H"))
    assert any(isinstance(i, Pile) and i.value == 14 for i in after.table)


def test_royal_face_card_builds() -> None:
    state = pos("0;1;JC KD/2S;2H;*/-", "royal")
    assert "JC b13 2H" in legal_texts(state)
    assert any(isinstance(m, Build) for m in [move(state, "JC b13 2H")])


def test_seed001_build_eight_with_the_ace_on_a_seven_then_capture_it() -> None:
    # seed 001: "You hold an Ace (1) and an 8 in your hand. On the Table is a 7. You would
    # create a Build with the value of 8 ... On your next turn, you would capture the Build
    # with the 8"
    state = pos("0;1;AC 8C/KS 5D;7D;*/-", "spitenet")
    state = play(state, move(state, "AC b8 7D"))
    state = play(state, move(state, "5D t"))
    assert legal_texts(state) == ["8C x [7D AC]"]
    state = play(state, move(state, "8C x [7D AC]"))
    assert state.table == pos_cards("5D")


def test_seed001_build_nine_with_a_two_on_a_seven() -> None:
    # seed 001: "creating a 9 Build by combining a 2 hand card with a 7 table card"
    assert "2C b9 7D" in legal_texts(pos("0;1;2C 9C/KS;7D;*/-", "spitenet"))


def test_seed001_a_raise_with_a_table_card_may_gather_sets_of_the_new_value() -> None:
    # docs/RULES.md#spitenet-captures-and-builds: the hand card and at most one table card
    # raise the build; loose sets of the new value may be gathered besides, as in classic
    texts = legal_texts(pos("0;1;AC 10C/KS;[b7 5H 2D @1] 2S 10S;*/-", "spitenet"))
    assert "AC b10 [5H 2D] 2S" in texts
    assert "AC b10x2 [5H 2D] 2S 10S" in texts


def test_royal_a_pile_of_aces_is_named_one_or_fourteen() -> None:
    # docs/RULES.md#royal-casino: a hand Ace on a loose Ace is a multiple build of 1 or of 14;
    # one build per value goes by the named value
    texts = legal_texts(pos("0;1;AC AD/KS;AH;*/-", "royal"))
    assert {"AC b1x2 AH", "AC b14x2 AH"} <= set(texts)
    texts = legal_texts(pos("0;1;AC AD/KS;[b14 10H 4D @1] AH;*/-", "royal"))
    assert "AC b1x2 AH" in texts  # beside the 14 build
    assert "AC b14x3 [10H 4D] AH" in texts
    assert "AC b14x2 AH" not in texts  # a set of 14 joins the standing 14 build


def test_seed001_the_owner_of_a_build_may_create_another() -> None:
    # seed 001 'Required Moves': "you must either capture cards, add to Build, or create a new
    # build on your next turn" - any of them, not only attending to your own build
    state = pos("0;1;8C 2D 9H/KS;[b8 5H 3D @0] 7S;*/-", "spitenet")
    assert legal_texts(state) == ["8C x [5H 3D]", "2D b9 7S"]
    assert "2D b9 7S" not in legal_texts(pos("0;1;8C 2D 9H/KS;[b8 5H 3D @0] 7S;*/-"))
