"""The two simplest levels, as issue 6 defines them."""

from __future__ import annotations

from casino.ai.basic import GreedyPolicy, RandomPolicy, greedy_pick
from casino.engine import legal_moves, load_ruleset
from casino.engine.moves import Build, Capture, Trail
from casino.engine.notation import parse_position

CLASSIC = load_ruleset("classic")


def test_greedy_takes_the_most_valuable_capture() -> None:
    # 10C can take the 10D (Big Casino, 2 points); 5C can take 5H; both are captures.
    state = parse_position(CLASSIC, "0;1;10C 5C/KS;10D 5H 7S;*/-")
    move = GreedyPolicy().choose(state.view_for(0))
    assert isinstance(move, Capture) and str(move.card) == "10C"


def test_greedy_trails_rather_than_builds() -> None:
    # No capture: 3C on the 5H would build 8 (8D in hand), but greedy trails (issue 6:
    # "best immediate value ..., else trail the least valuable card"). The playout policy
    # ``greedy_pick`` does build.
    state = parse_position(CLASSIC, "0;1;3C 8D/KS;5H QD;*/-")
    moves = legal_moves(state)
    assert any(isinstance(m, Build) for m in moves)
    move = GreedyPolicy().choose(state.view_for(0))
    assert isinstance(move, Trail)
    assert isinstance(greedy_pick(CLASSIC, len(state.table), moves), Build)


def test_greedy_trails_its_least_valuable_card() -> None:
    # AC is worth a point and 2S Little Casino; the 9H is worth only its share of the cards.
    state = parse_position(CLASSIC, "0;1;AC 2S 9H/KS;QD;*/-")
    move = GreedyPolicy().choose(state.view_for(0))
    assert move == Trail(move.card) and str(move.card) == "9H"


def test_random_is_uniform_over_legal_moves() -> None:
    state = parse_position(CLASSIC, "0;1;3C 8D/KS;5H QD;*/-")
    view = state.view_for(0)
    moves = legal_moves(view)
    policy = RandomPolicy(seed=1)
    seen = {policy.choose(view) for _ in range(200)}
    assert seen == set(moves)
