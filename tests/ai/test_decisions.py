"""Speed-ups of the search change no decision: the recorded moves and root visits hold.

``tests/data/ai_decisions.json`` was recorded at main 1defab3 by ``python -m
tests.ai.decisions --record`` (heuristic, hard, expert and the hint on 284 positions of six
rulesets, two to four players); the hint's reasons were worded afresh from the recorded moves
when a plain take lost its reason (``polish``). A long tournament measures the expert on the
assumption that its every decision (the same random draws in the same order) stays as it was.
"""

from __future__ import annotations

import json

import pytest

from .decisions import RECORD, decisions

WANT = json.loads(RECORD.read_text())
KEYS = list(WANT)


def check(keys: list[str], levels: tuple[str, ...]) -> None:
    got = decisions(set(keys), levels)
    assert set(got) == set(keys)
    for key in keys:
        assert got[key]["position"] == WANT[key]["position"], key
        for level in levels:
            assert got[key][level] == WANT[key][level], (key, level)


def test_recorded_decisions_of_heuristic_hard_and_hint_hold() -> None:
    check(KEYS[::12], ("heuristic", "hard", "hint"))


def test_recorded_decisions_of_expert_hold() -> None:
    check(KEYS[5::24], ("expert",))


@pytest.mark.slow
def test_every_recorded_decision_holds() -> None:
    check(KEYS, ("heuristic", "hard", "expert", "hint"))
