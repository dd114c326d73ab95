"""Invariants under hypothesis (docs/RULES.md#common-invariants): every ruleset, random
seeds, random choices."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casino.engine import (
    Block,
    Build,
    Capture,
    Game,
    IllegalMoveError,
    Move,
    State,
    Trail,
    legal_moves,
    load_ruleset,
    play,
    score_round,
)
from casino.engine.ruleset import bundled_names
from casino.engine.state import Pile

RULESETS = bundled_names()
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def cards_in_play(state: State) -> list[int]:
    return sorted(c.index for c in state.all_cards())


def play_out(name: str, players: int, seed: int, choices: st.DataObject) -> list[State]:
    """A round played with hypothesis choosing every move; all states along the way."""
    rs = load_ruleset(name)
    players = players if players in rs.players else rs.players[0]
    state = Game.start(rs, players, seed).round
    states = [state]
    while not state.is_over():
        moves = legal_moves(state)
        assert moves, "a player to move always has a legal move"
        state = play(state, moves[choices.draw(st.integers(0, len(moves) - 1))])
        states.append(state)
    return states


@SETTINGS
@given(st.sampled_from(RULESETS), st.sampled_from([2, 3, 4]), st.integers(0, 10**6), st.data())
def test_52_cards_always_in_exactly_one_place(
    name: str, players: int, seed: int, data: st.DataObject
) -> None:
    for state in play_out(name, players, seed, data):
        assert cards_in_play(state) == list(range(52))


@SETTINGS
@given(st.sampled_from(RULESETS), st.integers(0, 10**6), st.data())
def test_round_points_equal_fixed_total_minus_withheld_plus_sweeps(
    name: str, seed: int, data: st.DataObject
) -> None:
    final = play_out(name, 2, seed, data)[-1]
    rs = final.ruleset
    score = score_round(final)
    cards = score.by_category()
    withheld = 0
    if "cards" in cards and sum(cards["cards"]) == 0:
        withheld += rs.scoring.most_cards
    if "spades" in cards and sum(cards["spades"]) == 0:
        withheld += rs.scoring.most_spades
    expected = rs.fixed_points(2) - withheld + rs.scoring.sweep * sum(final.sweeps)
    if final.last_taker is not None:
        expected += rs.scoring.last_taker
    assert sum(score.totals) == expected
    assert sum(score.cards) == 52 - sum(len(i.cards) if isinstance(i, Pile) else 1
                                        for i in final.table)


def random_candidate(state: State, data: st.DataObject) -> Move:
    """Any move shape with a hand card and table items, legal or not."""
    hand = state.hands[state.to_move]
    card = data.draw(st.sampled_from(hand))
    items = tuple(i for i in state.table if data.draw(st.booleans()))
    value = data.draw(st.integers(1, 16))
    kind = data.draw(st.sampled_from(["trail", "capture", "build", "block"]))
    if kind == "trail" or not items:
        return Trail(card)
    if kind == "capture":
        return Capture(card, value, items)
    if kind == "build":
        return Build(card, value, items, data.draw(st.integers(1, 3)))
    return Block(card, value, items[0])


@SETTINGS
@given(st.sampled_from(RULESETS), st.integers(0, 10**6), st.data())
def test_every_generated_move_applies_and_others_are_refused_unchanged(
    name: str, seed: int, data: st.DataObject
) -> None:
    for state in play_out(name, 2, seed, data)[:-1:3]:
        legal = legal_moves(state)
        for m in legal:
            after = play(state, m)
            assert cards_in_play(after) == list(range(52))
        for _ in range(5):
            candidate = random_candidate(state, data)
            before = repr(state)
            if candidate in legal:
                continue
            try:
                play(state, candidate)
            except IllegalMoveError as exc:
                assert str(exc), "a refusal always says why"
            else:
                raise AssertionError(f"an ungenerated move was accepted: {candidate}")
            assert repr(state) == before


@SETTINGS
@given(st.sampled_from(RULESETS), st.integers(0, 10**6), st.lists(st.integers(0, 10**6)))
def test_same_seed_and_moves_give_the_same_game(name: str, seed: int, picks: list[int]) -> None:
    def run() -> Game:
        game = Game.start(load_ruleset(name), 2, seed)
        for k in range(60):
            if game.round_over():
                break
            moves = game.legal_moves()
            pick = picks[k % len(picks)] if picks else 0
            game = game.play(moves[pick % len(moves)])
        return game

    a, b = run(), run()
    assert a == b
    assert repr(a.round) == repr(b.round)


def test_legal_moves_have_no_duplicates_and_a_stable_order() -> None:
    rs = load_ruleset("royal")
    state = Game.start(rs, 2, 7).round
    for _ in range(30):
        moves = legal_moves(state)
        assert len(moves) == len(set(moves))
        assert moves == legal_moves(state)
        state = play(state, moves[len(moves) // 2])
        if state.is_over():
            break
