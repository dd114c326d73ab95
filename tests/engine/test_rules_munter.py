"""Scenario tests for munter: Casino 2.1 by Ernst and Richard Munter (seed 000)."""

from __future__ import annotations

import pytest

from casino.engine import IllegalMoveError, Pile, PileKind, load_ruleset, play, score_round

from .helpers import last_trick_score, legal_texts, move, pos


def test_seed000_worked_example_lists_the_seeds_options() -> None:
    # seed 000: "You have a 2, 2, a Queen and an Ace in the hand. The tableau contains the
    # 2 of spades, a 5-7 build, and a Jack."
    state = pos("0;1;2H 2C QD AC/KS;2S [b12 5H 7D @1] JC;*/-", "munter")
    texts = set(legal_texts(state))
    seed_listed = {
        # "You could PUT any one of your cards on the table"
        "2H t", "2C t", "QD t", "AC t",
        # "You have four opportunities to TAKE": either 2 with the 2S, the Queen with the
        # 5-7 build, the Ace (as 14) with the 2S and the 5-7 build
        "2H x 2S", "2C x 2S", "QD x [5H 7D]", "AC=14 x 2S [5H 7D]",
        # "You could BUILD the Ace onto the Jack since the pile sums to 12"
        "AC b12 JC",
        # "BLOCK a 2 onto the 2 of spades"
        "2H k2 2S", "2C k2 2S",
    }
    # Our ruleset's written interpretation: the seed's rules also allow building 14 for the
    # held Ace ("A build pile of rank ACE always counts 14"), which its list leaves out.
    fourteen_builds = {"2H b14 [5H 7D]", "2C b14 [5H 7D]", "QD b14 2S"}
    assert texts == seed_listed | fourteen_builds


def test_seed000_best_option_ace_as_fourteen_takes_2s_and_build() -> None:
    # seed 000: "Your best option is to take the 2 of spades and 5-7 build with the Ace"
    state = pos("0;1;2H 2C QD AC/KS;2S [b12 5H 7D @1] JC;*/-", "munter")
    after = play(state, move(state, "AC=14 x 2S [5H 7D]"))
    assert after.table == (move(state, "AC t").card.__class__.parse("JC"),)


def test_seed000_face_values_and_sum_captures() -> None:
    # seed 000: "Jacks are 11, Queens are 12, Kings are 13, and Aces are 14 OR 1" and
    # "a 10 can match ... 2 plus 3 plus 5"
    texts = legal_texts(pos("0;1;KC 10C/2S;10H 3D 2H 3S 5C;*/-", "munter"))
    assert "KC x 10H 3D" in texts
    assert "10C x 2H 3S 5C" in texts


def test_seed000_put_into_a_full_tableau_goes_to_own_capture_pile() -> None:
    # seed 000: "If there are no free spaces then the card is added to your own Capture Pile"
    table = "2C 3C 4C 5C 6C 7C 8C 9C JH QH KH JD"
    state = pos(f"0;1;10D/KS;{table};-/-;*", "munter")
    after = play(state, move(state, "10D t"))
    assert len(after.table) == 12
    assert after.captures[0] == (move(state, "10D t").card,)


def test_seed000_build_onto_one_card_and_extend_any_build() -> None:
    # seed 000: "you place a card from your hand on one in the tableau" and "A build pile can
    # be further extended (built upon) by any player."
    state = pos("0;1;3C KD/QS;10H [b9 5H 4D @1];*/-", "munter")
    texts = legal_texts(state)
    assert "3C b13 10H" in texts
    assert "3C b12 [5H 4D]" not in texts  # no Queen held
    state = pos("0;1;3C QD/KS;10H [b9 5H 4D @1];*/-", "munter")
    after = play(state, move(state, "3C b12 [5H 4D]"))
    pile = after.table[1]
    assert isinstance(pile, Pile) and (pile.value, pile.owner) == (12, 0)


def test_seed000_build_needs_a_card_that_can_take_it() -> None:
    # seed 000: "You can only construct a build or a block if you have a card in the hand that
    # could take the new pile"
    state = pos("0;1;3C 9D/KS;10H;*/-", "munter")
    assert not any(t.startswith("3C b") for t in legal_texts(state))


def test_seed000_ace_build_is_fourteen_and_final() -> None:
    # seed 000: "A build pile of rank ACE always counts 14, and cannot be built further."
    state = pos("0;1;2C AD/KS;[b14 9H 5D @1];*/-", "munter")
    assert not any(t.startswith("2C b") for t in legal_texts(state))
    assert "AD=14 x [9H 5D]" in legal_texts(state)


def test_seed000_block_taken_only_by_its_value() -> None:
    # seed 000: "The only card that can take the 7-7 block is one of the remaining 7's. Note
    # that an Ace cannot take this block since the value of the block is 7 and not 14."
    state = pos("0;1;7C 7D/KS;7H;*/-", "munter")
    after = play(state, move(state, "7C k7 7H"))
    block = after.table[0]
    assert isinstance(block, Pile) and block.kind is PileKind.BLOCK and block.value == 7
    opponent = pos("1;0;7D/AC 7S;[k7 7H 7C @0];*/-", "munter")
    texts = legal_texts(opponent)
    assert "7S x [7H 7C]" in texts
    assert not any(t.startswith("AC") and " x " in t for t in texts)


def test_seed000_block_never_in_a_sum_nor_built_upon() -> None:
    # seed 000: "A block cannot be taken in combination with other ranks of cards, and cannot
    # be built upon."
    state = pos("0;1;9C 2D 7S/KS;[k7 7H 7C @1] 2H 7D;*/-", "munter")
    texts = legal_texts(state)
    assert not any(t.startswith("9C x") and "[7H 7C]" in t for t in texts)
    assert not any(t.startswith("2D b") and "[7H 7C]" in t for t in texts)
    assert "7S x [7H 7C] 7D" in texts  # with a card of its own value it may go
    assert "7S x [7H 7C] 7D" in texts and "7S x [7H 7C] 2H" not in texts
    with pytest.raises(IllegalMoveError, match="block"):
        play(state, move(state, "9C x 2H [7H 7C]"))


def test_seed000_no_obligation_to_take_own_builds() -> None:
    # seed 000: "you are not required to take your own builds and blocks"
    state = pos("0;1;QD 4C/KS;[b12 5H 7D @0] 3S;*/-", "munter")
    assert "4C t" in legal_texts(state)


def test_seed000_scoring_with_sweeps() -> None:
    # seed 000: each Ace 1, 2S 1, 10D 2, 27+ cards 3, 7+ spades 1, each sweep 1
    score = last_trick_score("1/2;0", "munter")
    assert score["sweeps"] == (2, 2)
    assert sum(sum(v) for v in score.values()) == 11 + 4 - (3 if score["cards"] == (0, 0) else 0)


def test_munter_ruleset_tableau_has_twelve_spaces() -> None:
    assert load_ruleset("munter").table_spaces == 12


def test_seed000_most_cards_and_spades_need_over_half_with_three_players() -> None:
    # seed 000: "collecting over half the spades or over half the cards" ("Twenty-seven or more
    # cards", "Seven or more spades"): with 3 players a plain majority of 20 cards scores nothing
    text = ("0;1;-/-/-;-;AS 2S 3S 4S 5S 6S AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AD/"
            "7S 8S 9S 10S 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD/"
            "JS QS KS AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH;-;0/0/0;0;000;4")
    score = score_round(pos(text, "munter")).by_category()
    assert score["cards"] == (0, 0, 0)
    assert score["spades"] == (0, 0, 0)


def test_seed000_a_ten_takes_two_and_eight_with_three_and_seven() -> None:
    # seed 000: "a 10 can match any other 10 or any combination of cards that add up to ten
    # (e.g. 2 plus 8, 3 plus 7, 2 plus 3 plus 5, etc.)"
    texts = legal_texts(pos("0;1;10C/KS;2H 8D 3S 7C 10H;*/-", "munter"))
    assert "10C x 2H 8D 3S 7C 10H" in texts


def test_seed000_a_put_into_the_capture_pile_is_no_take() -> None:
    # docs/RULES.md#munter-players-deal-and-the-tableau: it does not make the player last taker
    table = "2C 3C 4C 5C 6C 7C 8C 9C JH QH KH JD"
    state = pos(f"0;1;10D/KS;{table};-/-;*;0/0;1", "munter")
    after = play(state, move(state, "10D t"))
    assert after.last_taker == 1 and after.sweeps == (0, 0)


def test_seed000_builds_of_one_value_stand_side_by_side() -> None:
    # docs/RULES.md#munter-build: no multiple builds, no gathering; a second 9 is its own pile
    state = pos("0;1;3C 9D/KS;[b9 5H 4D @1] 6S;*/-", "munter")
    after = play(state, move(state, "3C b9 6S"))
    assert [p.value for p in after.table if isinstance(p, Pile)] == [9, 9]


def test_seed000_the_card_built_for_may_be_played_away() -> None:
    # docs/RULES.md#munter-build: with no duty to take the pile there is none to keep its card
    texts = legal_texts(pos("0;1;QD 4C/KS;[b12 5H 7D @0] 3S;*/-", "munter"))
    assert "QD t" in texts and "4C t" in texts
