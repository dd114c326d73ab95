"""Fair by construction: the AI decides from the view alone.

For many positions, the opponents' hidden cards and the stock are dealt again at random,
consistently with what the deciding seat knows. The view is unchanged, so every AI (with a
fixed seed) must make exactly the same decision.
"""

from __future__ import annotations

import random

import pytest

from casino.ai.heuristic import HeuristicPolicy
from casino.ai.hint import hint
from casino.ai.ismcts import ISMCTSPolicy
from casino.ai.pimc import PIMCPolicy
from casino.ai.sampling import consistent, determinize
from casino.engine import State

from .conftest import RULESETS, positions


def reshuffled(state: State, rng: random.Random) -> State:
    """The same position with the other seats' hands and the stock dealt again."""
    view = state.view_for(state.to_move)
    other = determinize(view, rng)
    assert other.view_for(state.to_move) == view
    return other


@pytest.mark.parametrize("ruleset", RULESETS)
def test_permuting_hidden_cards_never_changes_a_decision(ruleset: str) -> None:
    rng = random.Random(f"fairness:{ruleset}")
    checked = 0
    for state in positions(ruleset, games=1, every=5):
        view = state.view_for(state.to_move)
        expected_h = HeuristicPolicy(seed=3).choose(view)
        expected_e = PIMCPolicy(seed=3, samples=2, candidates=3, depth=2).choose(view)
        expected_i = ISMCTSPolicy(seed=3, iterations=30).choose(view)
        for _ in range(2):
            other = reshuffled(state, rng)
            if other.hands == state.hands and other.stock == state.stock:
                continue
            v2 = other.view_for(other.to_move)
            assert HeuristicPolicy(seed=3).choose(v2) == expected_h
            assert PIMCPolicy(seed=3, samples=2, candidates=3, depth=2).choose(v2) == expected_e
            assert ISMCTSPolicy(seed=3, iterations=30).choose(v2) == expected_i
            checked += 1
    assert checked >= 5


def test_hint_ignores_hidden_cards() -> None:
    rng = random.Random("fairness:hint")
    for state in positions("classic", games=1, every=5):
        view = state.view_for(state.to_move)
        expected = hint(view)
        other = reshuffled(state, rng)
        assert hint(other.view_for(other.to_move)) == expected


def test_determinizations_are_consistent_with_the_view() -> None:
    rng = random.Random("sampling")
    for state in positions("classic", games=2, every=2):
        view = state.view_for(state.to_move)
        for _ in range(3):
            sample = determinize(view, rng)
            assert sample.view_for(view.player) == view
            assert sorted(c.index for c in sample.all_cards()) == list(range(52))
            assert consistent(view, sample.hands)
        # the true deal is one of the consistent ones
        assert consistent(view, state.hands)
