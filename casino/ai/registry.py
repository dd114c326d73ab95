"""Policies by name for the command line, and the UI's difficulty names.

Every factory is called as ``factory(seed=...)`` and returns a ``Policy``. The heuristic and
the searches are imported by their factories, so a command that plays random or greedy
players (``casino-cli simulate``) starts without them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from casino.ai.basic import GreedyPolicy, Policy, RandomPolicy
from casino.engine.moves import Move
from casino.engine.rules import legal_moves
from casino.engine.state import PlayerView

if TYPE_CHECKING:
    from casino.ai.heuristic import HeuristicPolicy
    from casino.ai.ismcts import ISMCTSPolicy
    from casino.ai.pimc import PIMCPolicy


class BeginnerPolicy:
    """Random-ish greedy: greedy's move most of the time, a random legal move otherwise."""

    name = "beginner"

    def __init__(self, seed: int | str = 0, greed: float = 0.5) -> None:
        self.rng = random.Random(f"beginner-policy:{seed}")
        self.greed = greed
        self.greedy = GreedyPolicy(seed)

    def choose(self, view: PlayerView) -> Move:
        if self.rng.random() < self.greed:
            return self.greedy.choose(view)
        return self.rng.choice(legal_moves(view))


def heuristic(seed: int | str = 0) -> HeuristicPolicy:
    from casino.ai.heuristic import HeuristicPolicy

    return HeuristicPolicy(seed=seed)


def pimc(seed: int | str = 0) -> PIMCPolicy:
    from casino.ai.pimc import PIMCPolicy

    return PIMCPolicy(seed=seed)


def hard(seed: int | str = 0) -> ISMCTSPolicy:
    """The expert's search with a fifth of its iterations, and no inference from the
    opponent's play (the level as it was measured, Draw Casino's 4-ply search too)."""
    from casino.ai.ismcts import ISMCTSPolicy

    policy = ISMCTSPolicy(seed=seed, iterations=500, doubt=0.0, refill_horizon=4,
                          refill_iterations=500, refill_lead=0.0)
    policy.name = "hard"
    return policy


def expert(seed: int | str = 0) -> ISMCTSPolicy:
    """IS-MCTS: measured stronger than PIMC (``pimc``) at the same decision time."""
    from casino.ai.ismcts import ISMCTSPolicy

    policy = ISMCTSPolicy(seed=seed)
    policy.name = "expert"
    return policy


POLICIES: dict[str, Callable[..., Policy]] = {
    "random": RandomPolicy,
    "beginner": BeginnerPolicy,
    "greedy": GreedyPolicy,
    "heuristic": heuristic,
    "hard": hard,
    "expert": expert,
    "pimc": pimc,
}
"""Level name -> factory(seed=...). ``pimc`` (determinized search) is the measured
alternative to the expert's IS-MCTS; it has no difficulty name."""

DIFFICULTIES: dict[str, str] = {
    "Beginner": "beginner",
    "Easy": "greedy",
    "Medium": "heuristic",
    "Hard": "hard",
    "Expert": "expert",
}
"""UI difficulty name -> level name in ``POLICIES``, weakest first."""


def make_policy(name: str, seed: int | str = 0) -> Policy:
    """The computer player of level ``name`` (a key of ``POLICIES``); ValueError if unknown."""
    if name not in POLICIES:
        raise ValueError(f"unknown player {name!r}; known players: {', '.join(sorted(POLICIES))}")
    return POLICIES[name](seed=seed)


def policy_for(difficulty: str, seed: int | str = 0) -> Policy:
    """The computer player for a UI difficulty name ('Easy' ... 'Expert')."""
    try:
        level = DIFFICULTIES[difficulty]
    except KeyError:
        known = ", ".join(DIFFICULTIES)
        raise ValueError(f"unknown difficulty {difficulty!r}; known: {known}") from None
    return POLICIES[level](seed=seed)
