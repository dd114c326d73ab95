"""Move and position notation round-trips (docs/NOTATION.md)."""

from __future__ import annotations

import random

import pytest

from casino.engine import Game, NotationError, legal_moves, load_ruleset, play
from casino.engine.notation import (
    describe_move,
    format_move,
    format_position,
    parse_move,
    parse_position,
)
from casino.engine.ruleset import bundled_names

from .helpers import pos


@pytest.mark.parametrize("name", bundled_names())
def test_moves_and_positions_round_trip_through_whole_games(name: str) -> None:
    rs = load_ruleset(name)
    rng = random.Random(name)
    for seed in range(8):
        state = Game.start(rs, 2, seed).round
        while not state.is_over():
            assert parse_position(rs, format_position(state)) == state
            for m in legal_moves(state):
                assert parse_move(state, format_move(m)) == m
                assert describe_move(m)
            state = play(state, rng.choice(legal_moves(state)))
        assert parse_position(rs, format_position(state)) == state


def test_position_format_example() -> None:
    state = pos("0;1;8C 2C/KS;[b8x2 5H 3D 8S @1] 4H;*/-;-;0/0;1;00;6")
    text = format_position(state)
    assert text.startswith("0;1;8C 2C/KS;[b8x2 5H 3D 8S @1] 4H;")
    assert text.endswith(";-;0/0;1;00;6")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0;1;8C", "at least 5"),
        ("0;1;8X/KS;-;-/-;*", "not a card: '8X'"),
        ("0;1;8C/KS;[b8 5H];-/-;*", "bad pile"),
        ("0;1;8C/8C;-;-/-;*", "8C is in two places"),
        ("0;1;8C/KS;-;-/-;-", "cards missing"),
        ("x;1;8C/KS;-;-/-;*", "to_move: 'x' is not a number"),
        ("5;1;8C/KS;-;-/-;*", "seats 0 to 1"),
    ],
)
def test_bad_positions_name_the_offending_token(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_position(load_ruleset("classic"), text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("9C", "not a move"),
        ("9C q 9D", "unknown move verb 'q'"),
        ("9C x 7D", "7D is not a loose card on the table"),
        ("9C x [5H 4H]", r"no pile \[5H 4H\]"),
        ("9C=z x 9D", "bad value"),
        ("9C t 9D", "a trail takes no table items"),
        ("ZZ t", "not a card"),
    ],
)
def test_bad_moves_name_the_offending_token(text: str, message: str) -> None:
    state = pos("0;1;9C/KS;9D;*/-")
    with pytest.raises(NotationError, match=message):
        parse_move(state, text)


def test_describe_move_reads_as_words() -> None:
    state = pos("0;1;AC QD/2S;10H 4D;*/-", "royal")
    assert describe_move(parse_move(state, "AC=14 x 10H 4D")) == "take 10H, 4D with AC as 14"
    assert describe_move(parse_move(state, "AC t")) == "trail AC"
