"""Every level plays complete games of every ruleset, legally, through the checked engine."""

from __future__ import annotations

import random

import pytest

from casino.ai.basic import Policy
from casino.ai.expert import ExpertPolicy, make_utility, view_key
from casino.ai.heuristic import Assessment, assess
from casino.ai.ismcts import ISMCTSPolicy, _Node
from casino.ai.registry import DIFFICULTIES, POLICIES, policy_for
from casino.cli import play_game
from casino.engine import Game, load_ruleset, play
from casino.engine.cards import Card
from casino.engine.moves import Move, Trail
from casino.engine.state import PlayerView

from .conftest import RULESETS


def small_expert(seed: int | str = 0) -> Policy:
    return ExpertPolicy(seed=seed, samples=2, candidates=3, depth=2)


LEVELS = ["random", "beginner", "greedy", "heuristic", "expert-small", "ismcts-small"]


def make(name: str, seed: str) -> Policy:
    if name == "expert-small":
        return small_expert(seed)
    if name == "ismcts-small":
        return ISMCTSPolicy(seed=seed, iterations=20)
    return POLICIES[name](seed=seed)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("level", LEVELS)
def test_level_plays_whole_games_legally(ruleset: str, level: str) -> None:
    rs = load_ruleset(ruleset)
    for players in sorted({min(rs.players), 2} & set(rs.players)):
        seats = [make(level, f"t:{i}") for i in range(players)]
        game, moves = play_game(rs, f"levels:{level}", seats, check=True)
        assert game.is_over()
        assert all(moves)


def test_expert_and_heuristic_play_a_round_with_three_and_four_players() -> None:
    rs = load_ruleset("classic")
    for players in (3, 4):
        seats: list[Policy] = [small_expert(0), POLICIES["heuristic"](seed=1),
                               ISMCTSPolicy(seed=2, iterations=20), POLICIES["greedy"](seed=3)]
        state = Game.start(rs, players, f"multi:{players}").round
        while not state.is_over():
            move = seats[state.to_move].choose(state.view_for(state.to_move))
            state = play(state, move)
        assert len(state.all_cards()) == 52


def test_difficulties_name_every_level() -> None:
    assert list(DIFFICULTIES) == ["Beginner", "Easy", "Medium", "Hard", "Expert"]
    for name, level in DIFFICULTIES.items():
        assert level in POLICIES
        assert hasattr(policy_for(name, seed=1), "choose")
    with pytest.raises(ValueError, match="unknown difficulty"):
        policy_for("Impossible")


def _searched_view() -> PlayerView:
    from casino.engine.rules import legal_moves

    from .conftest import positions

    rs_positions = [s for s in positions("classic", games=1, every=2) if s.stock]
    state = next(s for s in rs_positions if len(legal_moves(s)) >= 4)
    return state.view_for(state.to_move)


def _root(policy: ISMCTSPolicy, view: PlayerView) -> _Node:
    """The tree ``policy`` grows for ``view``, with the same randomness as its decision."""
    cands = [a.move for a in assess(view)][: policy.candidates]
    rng = random.Random(f"expert:{policy.seed}:{view_key(view)}")
    return policy._tree(view, cands, rng, make_utility(view, None))


def test_ismcts_spends_its_iterations_on_the_candidates() -> None:
    """The tree is really searched: every iteration reaches a root candidate."""
    view = _searched_view()
    ranked = [a.move for a in assess(view)]
    out = ISMCTSPolicy(seed=1, iterations=200).evaluate(view)
    assert {m for m, _ in out} <= set(ranked[:8])
    root = _root(ISMCTSPolicy(seed=1, iterations=200), view)
    assert set(root.children) <= set(ranked[:8])
    visits = sorted((c.visits for c in root.children.values()), reverse=True)
    done = sum(visits)
    # The search stopped early only once the leader could no longer be caught.
    assert done == 200 or visits[0] - visits[1] > 200 - done


def test_ismcts_early_stop_never_changes_the_most_visited_move(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from .conftest import positions

    states = [s for s in positions("classic", games=2, every=3) if s.stock][:12]
    views = [s.view_for(s.to_move) for s in states]

    def leaders() -> list[Move]:
        out = []
        for v in views:
            root = _root(ISMCTSPolicy(seed=3, iterations=300), v)
            out.append(max(root.children, key=lambda m: root.children[m].visits))
        return out

    stopped = leaders()
    monkeypatch.setattr(ISMCTSPolicy, "_settled", staticmethod(lambda root, left: False))
    assert stopped == leaders()


def _stats(visits: int, mean: float) -> _Node:
    node = _Node(0)
    node.visits, node.total = visits, visits * mean
    return node


def test_ismcts_breaks_near_ties_by_the_heuristic() -> None:
    """Among moves the search rates alike the heuristic decides; a clear winner stays."""
    spade, plain, other = (Trail(Card.parse(t)) for t in ("3S", "4H", "KD"))
    scores = {spade: -0.23, plain: -0.05, other: -0.10}
    assessed = [Assessment(m, s, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0) for m, s in scores.items()]
    policy = ISMCTSPolicy(prior=1.0, contenders=0.25)
    root = _Node(0)
    root.children = {spade: _stats(1090, -1.76), plain: _stats(381, -1.88),
                     other: _stats(200, -1.00)}
    # 4H is within the search's noise of 3S and keeps the spade; KD looks best but was
    # visited too little (under a quarter of the leader's visits) to be trusted.
    assert [m for m, _ in policy._choice(root, assessed)] == [plain, spade, other]
    root.children[plain] = _stats(381, -2.5)  # now clearly worse: the search's choice holds
    assert policy._choice(root, assessed)[0][0] == spade
    assert ISMCTSPolicy(prior=0.0)._choice(root, assessed)[0][0] == spade
