"""The searches' playouts: stopping at a deal's end skips the dealing, nothing else."""

from __future__ import annotations

import pytest

from casino.ai.basic import greedy_pick
from casino.ai.evaluate import estimate_points
from casino.ai.search import rollout
from casino.engine import Game, apply, legal_moves, load_ruleset
from casino.engine.transition import play_in_deal

from .conftest import RULESETS


@pytest.mark.parametrize("ruleset", RULESETS)
def test_play_in_deal_is_apply_but_for_the_next_deal(ruleset: str) -> None:
    rs = load_ruleset(ruleset)
    ends = 0
    for players in rs.players:
        state = Game.start(rs, players, f"in-deal:{players}").round
        while not state.is_over():
            move = greedy_pick(rs, len(state.table), legal_moves(state))
            ours, theirs = play_in_deal(state, move), apply(state, move)
            if theirs.deal_number == state.deal_number:
                assert ours == theirs
            else:  # the deal's last move: the next hands are not dealt
                ends += 1
                assert not any(ours.hands)
                assert ours.captures == theirs.captures
                assert (ours.sweeps, ours.last_taker) == (theirs.sweeps, theirs.last_taker)
                assert estimate_points(ours) == estimate_points(theirs)
            state = theirs
    assert ends > 0 or rs.deal.draw_to


def test_a_rollout_out_of_the_deal_stops_at_its_last_move() -> None:
    rs = load_ruleset("classic")
    state = Game.start(rs, 2, "rollout").round
    end = rollout(state, state.deal_number)
    assert not any(end.hands) and end.stock and end.deal_number == state.deal_number
    whole = rollout(state)
    assert whole.is_over()
