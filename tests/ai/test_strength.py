"""Slow smoke test of the ladder: each level ahead of the one below on classic.

Strength is measured with ``casino-cli tournament``; this only guards the ordering, with
generous margins, and is not part of the default suite.
"""

from __future__ import annotations

import pytest

from casino.ai.tournament import run
from casino.engine import load_ruleset


@pytest.mark.slow
@pytest.mark.parametrize(
    ("first", "second", "deals", "at_least"),
    [
        ("greedy", "random", 30, 4.0),
        ("heuristic", "greedy", 60, 0.8),
        ("expert", "greedy", 20, 1.0),
        ("expert", "heuristic", 20, 0.0),
    ],
)
def test_ladder(first: str, second: str, deals: int, at_least: float) -> None:
    s = run(load_ruleset("classic"), (first, second), deals, "smoke", jobs=2)
    assert s["margin_per_round"] > at_least, s
