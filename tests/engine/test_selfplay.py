"""Seeded random-play consistency: complete games of every ruleset, invariants checked.

The default suite plays 60 games per ruleset (over 500 in all, plus 3- and 4-player games);
``-m slow`` plays 1,100 and then 100,000.
"""

from __future__ import annotations

import pytest

from casino.ai.basic import GreedyPolicy, RandomPolicy
from casino.ai.play import play_game
from casino.engine import load_ruleset
from casino.engine.ruleset import bundled_names


def run_games(name: str, games: int, players: int = 2) -> int:
    rs = load_ruleset(name)
    rounds = 0
    for g in range(games):
        policies = [RandomPolicy(f"{g}:{i}") if (g + i) % 2 else GreedyPolicy(g)
                    for i in range(players)]
        game = play_game(rs, f"selfplay:{g}", policies, check=True).game
        assert game.is_over()
        rounds += len(game.scores)
    return rounds


@pytest.mark.parametrize("name", bundled_names())
def test_random_and_greedy_games_keep_every_invariant(name: str) -> None:
    assert run_games(name, 60) >= 60


@pytest.mark.slow
@pytest.mark.parametrize("name", bundled_names())
def test_a_thousand_random_and_greedy_games_keep_every_invariant(name: str) -> None:
    games = max(1100 // len(bundled_names()), 150)
    assert run_games(name, games) >= games


@pytest.mark.parametrize(
    ("name", "players"),
    [("classic", 3), ("classic", 4), ("kasino", 3), ("kasino", 4), ("munter", 3), ("draw", 4)],
)
def test_three_and_four_player_games(name: str, players: int) -> None:
    assert run_games(name, 40, players) >= 40


@pytest.mark.slow
@pytest.mark.parametrize("name", bundled_names())
def test_hundred_thousand_games(name: str) -> None:
    run_games(name, 100_000 // len(bundled_names()))
