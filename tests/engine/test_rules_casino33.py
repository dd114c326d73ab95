"""Scenario tests for casino33: Casino 33 (seed 003), and its rating points."""

from __future__ import annotations

from pathlib import Path

import pytest

from casino.ai.basic import GreedyPolicy
from casino.ai.play import play_game
from casino.cli import main as cli_main
from casino.engine import (
    DECK,
    IllegalMoveError,
    Pile,
    PileKind,
    deal_round,
    legal_moves,
    load_ruleset,
    play,
    score_round,
)
from casino.engine.ratings import rate_record, rate_round
from casino.engine.record import GameRecord, RecordError

from .helpers import legal_texts, move, pos


def test_seed003_deal_six_then_five_none_to_the_table() -> None:
    # seed 003: "the dealer deals out 6 cards ... another 5 cards to each player"
    state = deal_round(load_ruleset("casino33"), 2, 1, DECK)
    assert [len(h) for h in state.hands] == [6, 6] and state.table == ()
    while state.deal_number == 1:
        state = play(state, legal_moves(state)[0])
    assert [len(h) for h in state.hands] == [5, 5] and state.table != ()


def test_seed003_board_stack_taken_in_the_same_turn() -> None:
    # seed 003: "if a 5 and a 2 are out on the board, and a player holds a 7 ... make a stack of
    # 7, then ... dragging the 7 from their hand onto the stack ... to win the stack"
    assert "7C x 5H 2D" in legal_texts(pos("0;1;7C/KS;5H 2D;*/-", "casino33"))


def test_seed003_hand_stack_must_be_taken_next_turn() -> None:
    # seed 003: "if there is a 2 out on the board and the player holds a 5 and a 7 ... drop the 5
    # ... onto the 2 ... and make a stack of 7. On the next turn the player must ... win the
    # stack ... or continue to make stacks of 7."
    state = pos("0;1;5C 7C 9D 4S/KS QS;2H 3D 6H;*/-", "casino33")
    after = play(state, move(state, "5C b7 2H"))
    stack = after.table[0]
    assert isinstance(stack, Pile) and stack.kind is PileKind.STACK and stack.value == 7
    after = play(after, move(after, "KS t"))
    texts = legal_texts(after)
    assert "7C x [2H 5C]" in texts
    assert "4S b7 3D" in texts  # another stack of 7
    assert "9D x 6H 3D" not in texts  # no other value while stacking
    assert not any(t.endswith(" t") for t in texts)
    with pytest.raises(IllegalMoveError, match="you are stacking"):
        play(after, move(after, "9D t"))


def test_seed003_stacks_are_two_different_non_face_cards() -> None:
    # seed 003: "Stacks can only be built in pairs of 2 ... a player cannot add a 2, a 3, and a
    # 4 to make a 9", "two 4s cannot be stacked to make an 8", "Face cards cannot be stacked."
    texts = legal_texts(pos("0;1;9C 8D/KS;2H 3D 4S 4C;*/-", "casino33"))
    assert "9C x 2H 3D 4S" not in texts
    assert "8D x 4S 4C" not in texts
    assert legal_texts(pos("0;1;JC QD/KS;2H;*/-", "casino33")) == ["JC t", "QD t"]


def test_seed003_ace_stack_raises_a_two_card_stack() -> None:
    # seed 003: "if a 5 and 2 are stacked as a 7 on the board and a player has an Ace and a 8
    # in their hand (the Ace can be on the board as well) ... make it a stack of 8"
    state = pos("0;1;AC 8D/KS;[s7 5H 2D @1];*/-", "casino33")
    assert "AC b8 [5H 2D]" in legal_texts(state)
    from_table = pos("0;1;8D/KS;[s7 5H 2D @1] AS;*/-", "casino33")
    assert "8D x [5H 2D] AS" in legal_texts(from_table)


def test_seed003_further_stack() -> None:
    # seed 003: "a 2 and a 4 on the board and the player has a 7 ... and also has access to an
    # Ace (either in their hand or on the board)"
    assert "7C x 2H 4D AS" in legal_texts(pos("0;1;7C/KS;2H 4D AS;*/-", "casino33"))
    assert "AC b7 2H 4D" in legal_texts(pos("0;1;AC 7C/KS;2H 4D;*/-", "casino33"))


def test_seed003_scoring_and_the_2s_tie_break() -> None:
    # seed 003: Ace 1 each, 7+ spades 3, 27+ cards 3, 10D 3: "the most ... is 13"; "If there is
    # a tie on the majority of cards then the player with the 2 of Spades wins the tie."
    clubs_diamonds = " ".join(f"{r}{s}" for s in "CD" for r in
                              (["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]))
    state = pos(f"0;1;-/-;-;{clubs_diamonds}/*;-;0/0;1", "casino33")
    score = score_round(state).by_category()
    assert score["cards"] == (0, 3)  # 26-26: seat 1 has the 2S
    assert score["spades"] == (0, 3) and score["big_casino"] == (3, 0)
    assert sum(map(sum, score.values())) == 13


def test_seed003_game_to_31_and_more_than_the_opponent() -> None:
    rs = load_ruleset("casino33")
    assert rs.game.target == 31 and rs.fixed_points(2) == 13


def test_seed003_ratings_events() -> None:
    # seed 003 'Ratings': an Ace Stack made, cards over 3 in a take, clearing a board of 5+
    state = pos("0;1;AC 8D 9H/KS 3C;[s7 5H 2D @1] 4C 6S 2C AS;*/-;-;0/0;-;00;6", "casino33")
    moves = [move(state, "AC b8 [5H 2D]")]
    assert rate_round(state, moves)[0] >= 1


def test_ratings_from_a_game_record(tmp_path: Path) -> None:
    record = tmp_path / "g.jsonl"
    cli_main(["simulate", "--ruleset", "casino33", "--games", "2", "--record", str(record)])
    for line in record.read_text().splitlines():
        ratings = rate_record(GameRecord.from_json(line), load_ruleset)
        assert len(ratings) == 2 and all(r >= 0 for r in ratings)
        assert sum(ratings) >= 5  # at least the four Aces and the 10D are won every round


def test_seed003_while_stacking_board_stacks_and_cards_of_the_value_may_be_taken() -> None:
    # seed 003: the stacking player "can only win the stacks they have out on the board or
    # continue to make stacks of the same value (either Board stacks or Hand Stacks)"
    texts = legal_texts(pos("0;1;7C 7D 9H/KS;[s7 5C 2C @0] 4H 3D 7S 9S;*/-", "casino33"))
    assert "7C x 4H 3D" in texts  # a Board Stack of 7; the 7D still takes the stack later
    assert "7C x 7S" in texts
    assert "9H x 9S" not in texts


def test_seed003_an_ace_stack_may_go_on_a_pair_that_holds_an_ace() -> None:
    # seed 003: an Ace "may be added to a two-card stack"; A+5 is a two-card stack of
    # different values, so a second Ace may raise it, on the table or from the hand
    assert "7C x AH 5D AS" in legal_texts(pos("0;1;7C/KS;AH 5D AS;*/-", "casino33"))
    assert "AC b7 AH 5D" in legal_texts(pos("0;1;AC 7C/KS;AH 5D;*/-", "casino33"))
    assert "AC b7 [AH 5D]" in legal_texts(pos("0;1;AC 7C/KS;[s6 AH 5D @1];*/-", "casino33"))



def test_a_records_ratings_are_its_rounds_ratings() -> None:
    """``rate_record`` tallies along the record's checked replay; it agrees with rating
    each round from its deal, and a record that does not replay is refused, not rated."""
    rs = load_ruleset("casino33")
    policies = [GreedyPolicy(seed=f"r:{i}") for i in range(2)]
    played = play_game(rs, "rated", policies)
    game, moves = played.game, played.move_texts()
    assert len(game.scores) >= 2
    record = GameRecord.from_game(game, ["A", "B"], moves)
    plies = record.plies(load_ruleset)
    expected = [0, 0]
    for r in range(len(game.scores)):
        of_round = [p for p in plies if p.before.round_index == r]
        for seat, n in enumerate(rate_round(of_round[0].before.round, [p.move for p in of_round])):
            expected[seat] += n
    assert rate_record(record, load_ruleset) == tuple(expected)
    data = record.to_dict()
    data["rounds"][0]["moves"] = data["rounds"][0]["moves"][:-1]
    with pytest.raises(RecordError, match="round 1"):
        rate_record(GameRecord.parse(data), load_ruleset)


def test_seed003_the_opponent_raises_your_stack_with_an_ace_and_it_is_theirs() -> None:
    # docs/RULES.md#casino-33-stacking: "The opponent may take your stack if they hold its
    # value, or raise it with an Ace, and then it is theirs."
    state = pos("1;0;KS/AC 8D 7H;[s7 5H 2D @0];*/-", "casino33")
    texts = legal_texts(state)
    assert "7H x [5H 2D]" in texts
    after = play(state, move(state, "AC b8 [5H 2D]"))
    stack = after.table[0]
    assert isinstance(stack, Pile) and (stack.value, stack.owner) == (8, 1)
