"""The review's steps come from the record's one checked replay."""

from __future__ import annotations

import pytest

from casino.ai.basic import GreedyPolicy
from casino.ai.play import play_game
from casino.engine import load_ruleset
from casino.engine.notation import format_move
from casino.engine.record import GameRecord, RecordError
from casino.ui.review import steps_of


def test_steps_are_the_records_moves_and_a_tampered_score_is_named() -> None:
    rs = load_ruleset("classic")
    played = play_game(rs, "review", [GreedyPolicy(seed=0), GreedyPolicy(seed=1)])
    game, moves = played.game, played.move_texts()
    data = GameRecord.from_game(game, ["You", "Computer"], moves).to_dict()
    steps, final = steps_of(data, load_ruleset)
    assert [(s.seat, format_move(s.move)) for s in steps] == \
        [tuple(m) for rnd in moves for m in rnd]
    assert final.totals == game.totals and final.is_over()
    data["rounds"][0]["score"]["cards"] = data["rounds"][0]["score"]["cards"][::-1]
    data["rounds"][0]["score"]["spades"] = [9, 9]  # the old loop never looked at scores
    with pytest.raises(RecordError, match=r"rounds\[0\]\.score"):
        steps_of(data, load_ruleset)


def test_a_move_beyond_the_candidates_costs_at_least_the_spread() -> None:
    """The search's order need not be by value (IS-MCTS ranks by visits): the floor of a
    move outside the candidates is measured from the lowest value, not the last one."""
    from casino.engine import Trail
    from casino.engine.cards import Card
    from casino.ui.review import judge

    best, low, other, played = (Trail(Card.parse(t)) for t in ("2C", "3C", "4C", "5C"))
    verdict = judge(played, [(best, 1.0), (low, -2.0), (other, 0.5)])
    assert verdict is not None and verdict.cost is None and verdict.floor == 3.0
