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


def test_a_small_cost_is_a_close_call_and_only_a_clear_one_a_mistake() -> None:
    """Two searches of one position differ by about half a point, so the review calls a
    move a mistake (✗, and "Next mistake" stops there) only from ``CLEAR`` points on or when
    the expert did not weigh it at all; a smaller cost is a close call (≈)."""
    from casino.engine import Trail
    from casino.engine.cards import Card
    from casino.ui.review import CLEAR, judge
    from casino.ui.scenes.review import mark_of

    best, near, far, outside = (Trail(Card.parse(t)) for t in ("2C", "3C", "4C", "5C"))
    values = [(best, 1.0), (near, 1.0 - CLEAR / 2), (far, 1.0 - CLEAR - 0.1)]
    verdicts = [judge(m, values) for m in (best, near, far, outside)]
    assert all(v is not None for v in verdicts)
    agreed, close, clear, unweighed = verdicts  # type: ignore[misc]
    assert agreed.agrees and not agreed.mistake and mark_of(agreed)[0] == "\u2713"
    assert not close.agrees and not close.mistake and mark_of(close)[0] == "\u2248"
    assert close.words().startswith("a close call: the expert slightly prefers")
    assert clear.mistake and mark_of(clear)[0] == "\u2717"
    assert unweighed.mistake and unweighed.lost == pytest.approx(CLEAR + 0.1)


def test_following_the_hint_here_is_a_close_call_not_a_mistake() -> None:
    """Seen in a newcomer's game: they followed the hint (the Hard level's search) on the
    first move, and the review, asking the Expert's deeper search, marked it ✗ for about
    0.2 points, less than the Expert's estimates vary between two of its own searches."""
    from casino.ai.hint import hint
    from casino.engine.notation import parse_position
    from casino.ui.review import judge
    from casino.ui.session import expert_values

    state = parse_position(load_ruleset("classic"),
                           "0;1;5H 8D 2C 7S/AD JH 3H 7H;2S 3D 10D 9S;-/-;*")
    view = state.view_for(0)
    move = hint(view)[0]
    verdict = judge(move, expert_values(view, "review:0"))  # the review's seed, move 1
    assert verdict is not None and verdict.cost is not None
    assert 0.05 < verdict.cost < 0.5
    assert not verdict.agrees and not verdict.mistake
