"""With a fixed AI seed the same view always gets the same move, and games replay exactly."""

from __future__ import annotations

from casino.ai.basic import Policy
from casino.ai.pimc import PIMCPolicy
from casino.ai.play import play_game
from casino.ai.registry import POLICIES
from casino.ai.search import view_key
from casino.engine import load_ruleset

from .conftest import positions


def test_same_view_same_move() -> None:
    for state in positions("classic", games=1, every=3):
        view = state.view_for(state.to_move)
        for name in ("random", "greedy", "heuristic", "hard", "pimc"):
            a = POLICIES[name](seed=9).choose(view)
            b = POLICIES[name](seed=9).choose(view)
            assert a == b, name


def test_same_seeds_same_game() -> None:
    rs = load_ruleset("classic")

    def seats() -> list[Policy]:
        return [PIMCPolicy(seed="a", samples=3, candidates=3), POLICIES["heuristic"](seed="b")]

    one, two = play_game(rs, "det", seats()), play_game(rs, "det", seats())
    game1, moves1 = one.game, one.move_texts()
    game2, moves2 = two.game, two.move_texts()
    assert moves1 == moves2
    assert game1.totals == game2.totals


def test_decision_seed_depends_on_view_not_history() -> None:
    state = positions("classic", games=1, every=7)[2]
    view = state.view_for(state.to_move)
    policy = PIMCPolicy(seed=1, samples=3, candidates=3)
    first = policy.choose(view)
    for other in positions("classic", games=1, every=5)[:3]:
        policy.choose(other.view_for(other.to_move))
    assert policy.choose(view) == first
    assert view_key(view) == view_key(state.view_for(state.to_move))
