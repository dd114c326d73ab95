"""Positions for the AI tests, taken from seeded greedy games of every bundled ruleset."""

from __future__ import annotations

from casino.ai.basic import GreedyPolicy
from casino.engine import Game, State, apply, load_ruleset
from casino.engine.ruleset import bundled_names

RULESETS = bundled_names()


def positions(ruleset_name: str, games: int = 2, every: int = 3, players: int = 2) -> list[State]:
    """States met in greedy games (every ``every``-th ply), in a fixed order."""
    rs = load_ruleset(ruleset_name)
    greedy = GreedyPolicy()
    out: list[State] = []
    for g in range(games):
        state = Game.start(rs, players, f"pos:{g}").round
        ply = 0
        while not state.is_over():
            if ply % every == 0:
                out.append(state)
            state = apply(state, greedy.choose(state.view_for(state.to_move)))
            ply += 1
    return out
