"""One loop plays computer games for the simulator, the tournament and the tests."""

from __future__ import annotations

from casino.ai.basic import GreedyPolicy, RandomPolicy
from casino.ai.play import play_game
from casino.ai.tournament import play_one
from casino.engine import load_ruleset
from casino.engine.notation import format_position


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
