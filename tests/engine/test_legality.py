"""Issue 20: a legal move is never refused, and every legal move is listed.

``play`` decides a move by splitting its items into groups, never by looking it up in a
capped list; ``legal_moves`` lists every capture however many there are.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from casino.engine import Build, Capture, Game, IllegalMoveError, legal_moves, load_ruleset, play
from casino.engine.notation import format_move, parse_move
from casino.engine.rules import apply, is_legal, was_listed
from casino.engine.ruleset import bundled_names

from .helpers import legal_texts, pos

CROWDED_LOOSE = "0;1;10C/-;AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C 5D;*/-"


def test_eighteen_loose_cards_list_every_capture_and_play_them() -> None:
    # The 10C takes every union of disjoint sets of 10 among 18 small cards: 26,143 of
    # them, plus the trail. A cap at 20,000 once dropped 6,043, among them 10C x 5C 5D.
    state = pos(CROWDED_LOOSE)
    moves = legal_moves(state)
    assert len(moves) == 26_144
    assert len(set(moves)) == len(moves)
    five_five = parse_move(state, "10C x 5C 5D")
    assert five_five in moves
    after = play(state, five_five)  # the last card: the taker collects the table too
    assert after.is_over() and {"10C", "5C", "5D"} <= {str(c) for c in after.captures[0]}


def test_a_capture_of_every_card_that_splits_into_tens_plays() -> None:
    state = pos(CROWDED_LOOSE)
    everything = Capture(state.hands[0][0], 10, state.table)
    # 1+2+3+4 four times and 5+5: 50 in five groups of 10.
    assert is_legal(state, everything)
    assert play(state, everything).sweeps == (1, 0)


@pytest.mark.parametrize("name", bundled_names())
def test_is_legal_is_membership_in_the_listing(name: str) -> None:
    """On 30 tables of up to six items, every capture of every subset and a build of each."""
    rs = load_ruleset(name)
    rng = random.Random(f"legality:{name}")
    checked = 0
    for seed in range(40):
        state = Game.start(rs, 2, seed).round
        while not state.is_over() and checked < 30:
            legal = legal_moves(state)
            listed = set(legal)
            assert all(is_legal(state, m) for m in legal)
            if len(state.table) <= 6:
                checked += 1
                for h in state.hands[state.to_move]:
                    for k in range(1, len(state.table) + 1):
                        for items in combinations(state.table, k):
                            for v in {*rs.values_of(h), 3}:
                                m = Capture(h, v, items)
                                assert is_legal(state, m) == (m in listed), m
                            b = Build(h, 7, items, 1)
                            assert is_legal(state, b) == (b in listed), b
            state = apply(state, rng.choice(legal))
    assert checked == 30


LONE_BUILD = "0;1;3C 3D/-;AS 2H;*/-"
ALLOWS_LONE_BUILD = {"classic", "classic-sweeps", "draw", "kasino", "royal", "spade", "spitenet"}
FORBIDS_LONE_BUILD = {"munter", "casino33"}  # one card onto one pile; two-card stacks


def test_every_ruleset_says_whether_a_lone_card_builds_on_a_sum() -> None:
    assert set(bundled_names()) == ALLOWS_LONE_BUILD | FORBIDS_LONE_BUILD


@pytest.mark.parametrize("name", sorted(ALLOWS_LONE_BUILD))
def test_a_lone_hand_card_builds_on_loose_cards_totalling_its_value(name: str) -> None:
    # docs/RULES.md#classic-builds (gathering, after pagat): "a 3 on A+2" makes a multiple
    # build when another 3 is held.
    state = pos(LONE_BUILD, name)
    assert "3C b3x2 AS 2H" in legal_texts(state)
    after = play(state, parse_move(state, "3C b3x2 AS 2H"))
    assert [format_move(m) for m in legal_moves(after.view_for(1))] == []
    assert any("(a 3 on an Ace and a 2)" in text for text in load_ruleset(name).interpretations)


@pytest.mark.parametrize("name", sorted(FORBIDS_LONE_BUILD))
def test_a_lone_hand_card_makes_no_build_where_piles_are_one_card_on_one(name: str) -> None:
    state = pos(LONE_BUILD, name)
    assert not [t for t in legal_texts(state) if " b" in t]
    with pytest.raises(IllegalMoveError, match="does not make a build of 3"):
        play(state, Build(state.hands[0][0], 3, state.table, 2))


def test_a_move_typed_with_its_items_in_another_order_plays() -> None:
    # The items of a move are kept in table order, so "9C x 4S 5H" on a table 5H 4S is
    # the generated "9C x 5H 4S", not a refusal that they "add up to" nothing.
    state = pos("0;1;9C 2D/KS;5H 4S QC;*/-")
    typed = parse_move(state, "9C x 4S 5H")
    assert format_move(typed) == "9C x 5H 4S"
    assert play(state, typed).captures[0]


def test_reading_a_capture_on_the_crowded_table_does_not_list_every_move() -> None:
    state = pos(CROWDED_LOOSE)
    move = parse_move(state, "10C x 5D 5C")
    assert move == Capture(state.hands[0][0], 10, (state.table[-2], state.table[-1]))


@pytest.mark.parametrize("name", bundled_names())
def test_a_move_from_the_last_listing_is_known_listed_and_others_are_decided(name: str) -> None:
    """``was_listed``: the very moves the view (or the state) was listed with, nothing else;
    ``is_legal`` decides an equal copy of every listed move without the listing."""
    rs = load_ruleset(name)
    rng = random.Random(f"listed:{name}")
    for seed in range(6):
        state = Game.start(rs, 2, seed).round
        while not state.is_over():
            view = state.view_for(state.to_move)
            moves = legal_moves(view)
            assert all(was_listed(view, m) and was_listed(state, m) for m in moves)
            copies = [type(m)._make(tuple(m)) for m in moves]
            assert not any(was_listed(view, c) or was_listed(state, c) for c in copies)
            assert all(is_legal(state, c) for c in copies)
            other = state.view_for(1 - state.to_move)
            assert legal_moves(other) == [] and not was_listed(other, moves[0])
            chosen = rng.choice(moves)
            after = apply(state, chosen)
            if not after.is_over():
                assert not was_listed(after, chosen)
                assert not was_listed(after.view_for(after.to_move), chosen)
            state = after
