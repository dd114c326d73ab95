"""PIMC, determinized search: the Expert level's measured rival (the ``pimc`` player).

The Expert and Hard levels, and the post-game review, use IS-MCTS (``casino.ai.ismcts``),
which measured stronger; this search stays as the ``pimc`` player to compare with.

While cards remain in the stock, it deals the unseen cards at random in ways consistent
with its view (``sampling.determinize``). On every sample it searches each candidate move
(the heuristic's best few) with alpha-beta to the end of the current deal or ``depth``
plies, scoring the horizon by the points banked so far, the majorities' likely split and
the best take of the player to move. ``method="rollout"`` instead finishes each sample with
greedy rollouts (measured weaker). Once the stock is empty, two-player play is solved
exactly (``search.SearchPolicy``).
"""

from __future__ import annotations

import random

from casino.ai.endgame import SearchLimit, Solver, Utility
from casino.ai.evaluate import round_points
from casino.ai.sampling import determinize
from casino.ai.search import SearchPolicy, rollout, side_of
from casino.engine.moves import Move
from casino.engine.rules import apply
from casino.engine.state import PlayerView


class PIMCPolicy(SearchPolicy):
    """PIMC with a short alpha-beta search per sample; exact alpha-beta once the stock is empty."""

    name = "pimc"

    def __init__(self, seed: int | str = 0, samples: int = 16, candidates: int = 8,
                 endgame_nodes: int = 60_000, method: str = "search",
                 sample_nodes: int = 4_000, depth: int = 4) -> None:
        super().__init__(seed, candidates, endgame_nodes)
        self.method = method
        self.sample_nodes = sample_nodes
        self.depth = depth
        self.samples = samples

    def _search(self, view: PlayerView, ranked: list[Move], rng: random.Random,
                utility: Utility) -> list[tuple[Move, float]]:
        """PIMC: on each sample, search the rest of this deal; estimate the position after."""
        if self.method != "search":
            return self._sample(view, ranked, rng, utility)
        cands = ranked[: self.candidates]
        sums = [0.0] * len(cands)
        side = side_of(view, view.player)
        done = 0
        for _ in range(self.samples):
            state = determinize(view, rng)
            solver = Solver(side, utility, self.sample_nodes, view.deal_number, self.depth)
            solver.set_root(state)
            try:
                values = [solver.value(apply(state, m), depth=1) for m in cands]
            except SearchLimit:
                continue
            done += 1
            for k, v in enumerate(values):
                sums[k] += v
        if not done:
            return self._sample(view, ranked, rng, utility)
        out = [(m, sums[k] / done - 1e-3 * k) for k, m in enumerate(cands)]
        out.sort(key=lambda mv: -mv[1])
        return out

    def _sample(self, view: PlayerView, ranked: list[Move], rng: random.Random,
                utility: Utility) -> list[tuple[Move, float]]:
        cands = ranked[: self.candidates]
        sums = [0.0] * len(cands)
        for _ in range(self.samples):
            state = determinize(view, rng)
            for k, m in enumerate(cands):
                sums[k] += utility(round_points(rollout(apply(state, m))))
        n = float(self.samples)
        # A tiny prior from the heuristic's order settles exact ties.
        out = [(m, sums[k] / n - 1e-3 * k) for k, m in enumerate(cands)]
        out.sort(key=lambda mv: -mv[1])
        return out
