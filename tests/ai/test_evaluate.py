"""The AI's fast scorer agrees with the engine's ``score_round``."""

from __future__ import annotations

import pytest

from casino.ai.basic import RandomPolicy
from casino.ai.evaluate import estimate_points, round_points
from casino.engine import Game, apply, load_ruleset
from casino.engine.scoring import score_round

from .conftest import RULESETS


@pytest.mark.parametrize("ruleset", RULESETS)
def test_round_points_match_score_round(ruleset: str) -> None:
    rs = load_ruleset(ruleset)
    for players in rs.players:
        for g in range(6):
            seats = [RandomPolicy(seed=f"{g}:{i}") for i in range(players)]
            state = Game.start(rs, players, f"eval:{g}").round
            while not state.is_over():
                state = apply(state, seats[state.to_move].choose(state.view_for(state.to_move)))
            assert round_points(state) == list(score_round(state).totals)
            assert estimate_points(state) == [float(p) for p in score_round(state).totals]


def test_estimate_from_a_base_equals_estimate_from_scratch() -> None:
    from casino.ai.evaluate import summarize

    from .conftest import positions

    states = positions("classic", games=1, every=1)
    root = states[10]
    base = [summarize(root, p) for p in range(root.players)]
    for later in states[11:30]:
        assert estimate_points(later, base) == pytest.approx(estimate_points(later))


@pytest.mark.parametrize("ruleset", ["classic", "kasino", "royal", "munter", "casino33"])
def test_leaf_estimate_equals_estimate_points_exactly(ruleset: str) -> None:
    """The search's leaf scorer keeps what leaves share; its floats are estimate_points'."""
    from casino.ai.evaluate import LeafEstimate, summarize

    rs = load_ruleset(ruleset)
    for players in rs.players:
        seats = [RandomPolicy(seed=f"leaf:{i}") for i in range(players)]
        state = Game.start(rs, players, f"leaf:{players}").round
        roots = []
        while not state.is_over():
            roots.append(state)
            state = apply(state, seats[state.to_move].choose(state.view_for(state.to_move)))
        roots.append(state)
        for k in range(0, len(roots), 5):
            root = roots[k]
            base = [summarize(root, p) for p in range(root.players)]
            leaf = LeafEstimate(root, base)
            for later in roots[k:k + 12]:
                assert leaf(later) == estimate_points(later, base)
