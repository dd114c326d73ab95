"""The exact last-deal search agrees with plain minimax on small positions."""

from __future__ import annotations

import pytest

from casino.ai.endgame import Solver, brute_force, margin_utility
from casino.ai.pimc import PIMCPolicy
from casino.ai.search import make_utility
from casino.engine import State, apply, legal_moves, load_ruleset
from casino.engine.notation import parse_position

from .conftest import RULESETS, positions


def last_deal(ruleset: str, max_cards: int) -> list[State]:
    out = []
    for st in positions(ruleset, games=6, every=1):
        if not st.stock and 0 < sum(len(h) for h in st.hands) <= max_cards:
            out.append(st)
    return out


@pytest.mark.parametrize("ruleset", RULESETS)
def test_solver_matches_brute_force(ruleset: str) -> None:
    states = last_deal(ruleset, 6)
    assert len(states) >= 10
    for st in states:
        side = st.side_of(st.to_move)
        utility = margin_utility(side)
        exact = brute_force(st, side, utility)
        assert Solver(side, utility).value(st) == exact
        # also with a narrow window the fail-soft bounds are on the right side
        assert Solver(side, utility).value(st, exact - 0.5, exact + 0.5) == exact


def test_expert_plays_a_best_move_in_the_last_deal() -> None:
    for st in last_deal("classic", 6):
        view = st.view_for(st.to_move)
        move = PIMCPolicy(seed=0).choose(view)
        side = st.side_of(st.to_move)
        utility = make_utility(view, None)
        best = max(brute_force(apply(st, m), side, utility) for m in legal_moves(st))
        assert brute_force(apply(st, move), side, utility) == best


def test_solver_on_a_written_position() -> None:
    rs = load_ruleset("classic")
    # Seat 0 holds 10D and 5H; seat 1 holds 5C and 10C; 5S and 3C lie on the table.
    st = parse_position(rs, "0;1;10D 5H/5C 10C;5S 3C;*/-;;0/0;1;00;6")
    utility = margin_utility(0)
    assert Solver(0, utility).value(st) == brute_force(st, 0, utility)
