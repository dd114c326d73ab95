"""Scenario tests for kasino: Swedish Kasino (seed 002)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from casino.engine import Game, IllegalMoveError, Pile, legal_moves, load_ruleset, play
from casino.engine.scoring import RoundScore

from .helpers import last_trick_score, legal_texts, move, pos


def test_seed002_special_values() -> None:
    # seed 002: "Esset har värdet 1 eller 14 poäng. Spader 2 har värdet 2 eller 15. Ruter 10
    # har värdet 10 eller 16."
    texts = legal_texts(pos("0;1;2S AC 10D/KS;10H 5C 4D 6C;*/-", "kasino"))
    assert "2S=15 x 10H 5C" in texts
    assert "AC=14 x 10H 4D" in texts
    assert "10D=16 x 10H 6C" in texts
    assert "10D x 10H" in texts
    # ...on the table too: a loose 2S counts 15 in a sum for the 10D as 16
    assert "10D=16 x 2S AH" in legal_texts(pos("0;1;10D/KS;2S AH;*/-", "kasino"))


def test_seed002_five_of_spades_clears_the_table() -> None:
    # seed 002: "Därutöver kan spader 5 rensa bordet" - it takes everything, piles included
    state = pos("0;1;5S 9C/KS;[b9 5H 4D @1] 7C JD;*/-", "kasino")
    assert "5S x [5H 4D] 7C JD" in legal_texts(state)
    after = play(state, move(state, "5S x [5H 4D] 7C JD"))
    assert after.table == () and after.sweeps == (1, 0)


def test_seed002_taking_is_never_compulsory() -> None:
    # seed 002: "Man MÅSTE inte ta stick om man kan"
    assert "9C t" in legal_texts(pos("0;1;9C/KS;9D 5H 4H;*/-", "kasino"))


def test_seed002_several_groups_in_one_take() -> None:
    # seed 002: "9:a ... en 7:a + en 2:a ... Därutöver kan du även ta en 4:a + 5:a ... i samma"
    assert "9C x 7H 2D 4S 5C" in legal_texts(pos("0;1;9C/KS;7H 2D 4S 5C;*/-", "kasino"))


def test_seed002_double_build_with_a_single_card_set() -> None:
    # seed 002: "Man kan alltså bygga en 2:a + 3:a och en 5:a till en dubbel 5:a."
    state = pos("0;1;2C 5D/KS;3H 5S;*/-", "kasino")
    assert "2C b5x2 3H 5S" in legal_texts(state)


def test_seed002_build_only_to_a_value_held() -> None:
    # seed 002: "Man kan BARA bygga upp till ett kort, som man rent faktiskt har på handen."
    assert not any(t.startswith("2C b") for t in legal_texts(pos("0;1;2C 9D/KS;3H;*/-",
                                                                "kasino")))


def test_seed002_build_on_opponents_single_but_not_double_build() -> None:
    # seed 002: "Det är möjligt att bygga ovanpå något som motståndaren har byggt ... så länge
    # det inte är dubbelt bygge"
    assert "2C b9 [4H 3S]" in legal_texts(pos("0;1;2C 9D/KS;[b7 4H 3S @1];*/-", "kasino"))
    texts = legal_texts(pos("0;1;7D 7H/KS;[b7x2 4H 3S 7C @1];*/-", "kasino"))
    assert "7D x [4H 3S 7C]" in texts
    assert not any(" b" in t for t in texts)


def test_seed002_partners_build_on_each_others_multiple_builds() -> None:
    # seed 002: "Man har då möjlighet att bygga mer på parkamratens byggen"
    text = "0;3;7D 7H/KS/QS/JS;[b7x2 4H 3S 7C @2];*/-/-/-"
    assert "7D b7x3 [4H 3S 7C]" in legal_texts(pos(text, "kasino"))
    opponents = "0;3;7D 7H/KS/QS/JS;[b7x2 4H 3S 7C @1];*/-/-/-"
    assert "7D b7x3 [4H 3S 7C]" not in legal_texts(pos(opponents, "kasino"))


def test_seed002_a_triple_build_in_one_play() -> None:
    # seed 002: "Det är också möjligt att bygga tripplar, eller mer, så länge det är kort nog
    # att skapa stick med" (docs/RULES.md#kasino-decisions, K2)
    state = pos("0;1;5C 9D/KS;4H 9S 6C 3D;*/-", "kasino")
    assert "5C b9x3 4H 9S 6C 3D" in legal_texts(state)
    pile = play(state, move(state, "5C b9x3 4H 9S 6C 3D")).table[0]
    assert isinstance(pile, Pile) and (pile.value, pile.sets, pile.owner) == (9, 3, 0)


def test_seed002_more_nines_go_into_the_opponents_single_nine() -> None:
    # seed 002: "Om det då är möjligt att bygga fler 9:or är detta också tillåtet, och man ska
    # lägga dem i samma hög" - a further 9 goes into the standing 9 build, which becomes a
    # double and its maker's (docs/RULES.md#kasino-decisions, K1)
    state = pos("0;1;6D 9C/KS;[b9 5H 4D @1] 3C;*/-", "kasino")
    texts = legal_texts(state)
    assert "6D b9x2 [5H 4D] 3C" in texts
    assert "6D b9 3C" not in texts  # never a second pile of 9
    pile = play(state, move(state, "6D b9x2 [5H 4D] 3C")).table[0]
    assert isinstance(pile, Pile) and (pile.sets, pile.owner) == (2, 0)


def test_seed002_partners_add_even_while_owning_builds_of_their_own() -> None:
    # seed 002: "Man har då möjlighet att bygga mer på parkamratens byggen, även om man själv
    # har flera byggen" - even if you yourself have several builds
    # (docs/RULES.md#kasino-decisions, K5)
    text = "0;3;7D 7H 9C QC/KS/QS/JS;[b7x2 4H 3S 7C @2] [b9 5H 4D @0] [b12 8S 4S @0];*/-/-/-"
    assert "7D b7x3 [4H 3S 7C]" in legal_texts(pos(text, "kasino"))


def test_seed002_after_building_you_must_capture_next_turn() -> None:
    # seed 002: "Om man bygger något MÅSTE man ta ett stick i efterföljande tur, dock behöver
    # det inte vara det man just har byggt."
    state = pos("0;1;9C 4C 6D/KS 2H;[b9 5H 4D @0] 6S;*/-;-;0/0;-;10", "kasino")
    texts = legal_texts(state)
    assert "6D x 6S" in texts  # any capture
    assert not any(t.endswith(" t") for t in texts)
    with pytest.raises(IllegalMoveError, match="must capture"):
        play(state, move(state, "4C t"))


def test_building_sets_the_must_capture_flag() -> None:
    state = pos("0;1;2C 9D 3S/KS 2H;7H;*/-", "kasino")
    after = play(state, move(state, "2C b9 7H"))
    assert after.must_capture == (True, False)


def test_seed002_scoring() -> None:
    # seed 002: 2 most spades, 1 most cards, 2 ruter 10, 1 spader 2, 1 each Ace, 1 each sweep,
    # 1 last take; "Är det flera spelare med flest kort/spader får ingen poäng"
    score = last_trick_score("0/0;1", "kasino")
    assert score["last_taker"] == (1, 0)
    assert score["spades"] == (2, 0)
    assert sum(map(sum, score.values())) == 2 + 1 + 2 + 1 + 4 + 1 + 1  # one sweep


def test_seed002_game_is_as_many_rounds_as_players_and_may_draw() -> None:
    # seed 002: "2 spelare spelar 2 runder, 3 spelare 3 och 4 spelare 4" and a tie is a draw
    rs = load_ruleset("kasino")
    assert rs.rounds_in_game(3) == 3
    game = Game.start(rs, 2, 1)
    state = game.round
    while not state.is_over():
        state = play(state, legal_moves(state)[0])
    one = RoundScore(("cards",), ((5,), (5,)), (26, 26), (6, 7), (0, 0))
    game = replace(game, round=state, scores=(one,))
    assert not game.is_over()
    game = replace(game, scores=(one, one))
    assert game.is_over() and game.winner() is None and game.returns() == (0.0, 0.0)
    lead = RoundScore(("cards",), ((6,), (5,)), (26, 26), (6, 7), (0, 0))
    game = replace(game, scores=(one, lead))
    assert game.winner() == 0 and game.returns() == (1.0, -1.0)



def test_must_capture_lapses_when_nothing_can_be_taken_and_lasts_one_turn() -> None:
    # seed 002 obliges a capture "i efterföljande tur" - the next turn only
    state = pos("0;1;9C 4C/KS 2H;JD QD;*/-;-;0/0;-;10", "kasino")
    texts = legal_texts(state)
    assert "4C t" in texts  # no capture possible: the duty lapses
    after = play(state, move(state, "4C t"))
    assert after.must_capture == (False, False)


def test_seed002_a_double_build_is_never_raised_even_by_its_owner() -> None:
    # seed 002: building on what one built before is allowed "så länge det inte är dubbelt
    # bygge, eller mer" - as long as it is not a double build or more: "bygga ovanpå" (build
    # on top of) is raising, so nobody raises a double (docs/RULES.md#kasino-decisions, K3)
    state = pos("0;1;AC 10C 9C/KS;[b9x2 5H 4D 9S @0];*/-", "kasino")
    texts = legal_texts(state)
    assert not any(" b10" in t for t in texts)
    assert "9C x [5H 4D 9S]" in texts
    with pytest.raises(IllegalMoveError, match="fixed value"):
        play(state, move(state, "AC b10 [5H 4D 9S]"))


def test_seed002_the_owner_adds_a_further_set_to_their_own_double_build() -> None:
    # seed 002: "Det är också möjligt att bygga tripplar, eller mer" - triples, or more; the
    # builder goes on building more of the value into the same pile
    # (docs/RULES.md#kasino-decisions, K4)
    state = pos("0;1;9D 9C 2C/KS;[b9x2 5H 4D 9S @0] 7C 3C 6C;*/-", "kasino")
    texts = legal_texts(state)
    assert "9D b9x3 [5H 4D 9S]" in texts
    assert "2C b9x3 [5H 4D 9S] 7C" in texts
    assert "2C b9x4 [5H 4D 9S] 7C 3C 6C" in texts
    after = play(state, move(state, "2C b9x3 [5H 4D 9S] 7C"))
    pile = after.table[0]
    assert isinstance(pile, Pile) and (pile.value, pile.sets, pile.owner) == (9, 3, 0)


def test_seed002_an_opponent_is_told_who_may_add_to_a_double_build() -> None:
    # K4 lets the owner add to a double build; an opponent still may not (K3), and is told who
    # may (docs/RULES.md#kasino-decisions)
    state = pos("0;1;7D 7H/KS;[b7x2 4H 3S 7C @1];*/-", "kasino")
    with pytest.raises(IllegalMoveError, match="only its owner or the owner's partner may add"):
        play(state, move(state, "7D b7x3 [4H 3S 7C]"))


def test_four_alone_the_seat_opposite_is_no_partner() -> None:
    # docs/RULES.md#kasino-players-and-deal: playing each alone, nobody adds to another's
    # multiple build
    text = "0;3;7D 7H/KS/QS/JS;[b7x2 4H 3S 7C @2];*/-/-/-"
    alone = replace(pos(text, "kasino"), teams=False)
    assert alone.partner_of(0) is None and alone.view_for(0).partner_of(0) is None
    assert "7D b7x3 [4H 3S 7C]" not in legal_texts(alone)
    assert pos(text, "kasino").view_for(0).partner_of(0) == 2


def test_seed002_build_a_nine_with_the_five_on_a_four() -> None:
    # seed 002: "Om det ligger en 4:a på bordet, och man har en 5:a och en 9:a på handen, så
    # kan man med 5:an och 4:an bygga en 9:a."
    state = pos("0;1;5C 9C/KS;4D;*/-", "kasino")
    after = play(state, move(state, "5C b9 4D"))
    pile = after.table[0]
    assert isinstance(pile, Pile) and (pile.value, pile.sets, pile.owner) == (9, 1, 0)


def test_seed002_a_raise_gathers_loose_sets_of_the_new_value() -> None:
    # docs/RULES.md#kasino-decisions (K3): the hand card alone raises; loose sets of the new
    # value may join the pile in the same play (K1: "man ska lägga dem i samma hög")
    texts = legal_texts(pos("0;1;AC 10C/KS;[b9 5H 4D @1] 10S;*/-", "kasino"))
    assert "AC b10x2 [5H 4D] 10S" in texts
    # ...but no table card helps to raise: the 5-2 with the Ace and a loose 2 is no 10
    texts = legal_texts(pos("0;1;AC 10C/KS;[b7 5H 2D @1] 2H;*/-", "kasino"))
    assert not any(t.startswith("AC b10") for t in texts)


def test_a_pile_of_aces_is_named_one_or_fourteen() -> None:
    # docs/RULES.md#kasino-builds: as in royal, both names are offered, only an Ace takes either
    texts = legal_texts(pos("0;1;AC AD/KS;AH;*/-", "kasino"))
    assert {"AC b1x2 AH", "AC b14x2 AH"} <= set(texts)
    for named in ("AC b1x2 AH", "AC b14x2 AH"):
        state = pos("0;1;AC AD/KS 9C;AH;*/-", "kasino")
        state = play(state, move(state, named))
        state = play(state, move(state, "9C t"))
        assert any(t.startswith("AD") and "[AH AC]" in t and " x " in t
                   for t in legal_texts(state))


def test_seed002_one_card_is_never_kept_for_builds_of_two_values() -> None:
    # seed 002: "Dock måste en byggning tas innan man har gjort slut på alla kort man har på
    # hand" (docs/RULES.md#kasino-owning-a-build). The 10D takes a 10 or a 16, never both in
    # one play: kept for a 10 build and a 16 build at once, one of them would outlast the hand.
    state = pos("0;1;10D 7C/KS;[b10 6D 4H @0] 9S;*/-", "kasino")
    assert "7C b16 9S" not in legal_texts(state)
    with pytest.raises(IllegalMoveError,
                       match=r"build 16 with 7C: only 10D would be left in your hand to take "
                       r"your 10 build and 16 build"):
        play(state, move(state, "7C b16 9S"))
    # with a card for each value the second build is allowed
    assert "7C b16 9S" in legal_texts(pos("0;1;10D 10C 7C/KS;[b10 6D 4H @0] 9S;*/-", "kasino"))
    # an Ace counts 1 or 14: a pile of Aces named 1 and a 14 build need an Ace each
    state = pos("0;1;AC 10C/KS;[b1x2 AH AD @0] 4S;*/-", "kasino")
    assert "10C b14 4S" not in legal_texts(state)
