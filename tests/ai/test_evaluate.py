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
