"""One loop plays computer games for the simulator, the tournament and the tests."""

from __future__ import annotations

from copy import deepcopy

import pytest

from casino.ai.basic import GreedyPolicy, RandomPolicy
from casino.ai.play import play_game
from casino.ai.tournament import play_one
from casino.engine import load_ruleset
from casino.engine.errors import IllegalMoveError
from casino.engine.moves import Move, Trail
from casino.engine.notation import format_position
from casino.engine.state import PlayerView


def test_a_tournament_game_is_the_simulators_game() -> None:
    rs = load_ruleset("classic")
    played = play_game(rs, "same", [RandomPolicy(seed="ai:1"), GreedyPolicy(seed="ai:0")])
    result = play_one(rs, "same", ("greedy", "random"), 1, "ai")
    assert result.deals == [format_position(d) for d in played.deals]
    assert len(played.deals) == len(played.moves) == len(played.game.scores)
    margins = [s.totals[1] - s.totals[0] for s in played.game.scores]
    assert result.margins == margins
    assert [len(t) for t in result.times] == [len(s) for s in played.seconds[::-1]]
    assert sum(map(len, played.seconds)) == sum(map(len, played.moves))
    record = played.record(["R", "G"])
    assert record.replay(load_ruleset).totals == played.game.totals


class _Cheat:
    """Plays like ``RandomPolicy`` until its ``at``-th decision, where it trails a card it
    does not hold; ``copy`` hands back an equal copy of its choice instead of the object."""

    name = "cheat"

    def __init__(self, at: int, copy: bool = False) -> None:
        self.honest = RandomPolicy(seed="cheat")
        self.at = at
        self.copy = copy
        self.decisions = 0

    def choose(self, view: PlayerView) -> Move:
        self.decisions += 1
        move = self.honest.choose(view)
        if self.decisions == self.at:
            return Trail(next(c for c in view.unseen()))
        if self.copy:
            return type(move)._make(deepcopy(tuple(move)))
        return move


def test_an_illegal_computer_move_is_refused_with_or_without_the_checks() -> None:
    """``simulate`` (checks on) names the seat and move; the tournament (checks off) is
    refused by the rules; a move equal to a listed one, not the listed object, is legal."""
    rs = load_ruleset("classic")
    with pytest.raises(AssertionError, match="seat 1 chose an illegal move"):
        play_game(rs, "cheat", [RandomPolicy(seed=0), _Cheat(at=5)])
    with pytest.raises(IllegalMoveError):
        play_game(rs, "cheat", [RandomPolicy(seed=0), _Cheat(at=5)], check=False)
    for check in (True, False):
        copied = play_game(rs, "cheat", [RandomPolicy(seed=0), _Cheat(at=0, copy=True)],
                           check=check)
        plain = play_game(rs, "cheat", [RandomPolicy(seed=0), _Cheat(at=0)], check=check)
        assert copied.move_texts() == plain.move_texts()
