"""PIMC, determinized search: the post-game review's scorer and the expert's measured rival.

The expert and Hard levels play IS-MCTS (``casino.ai.ismcts``), which measured stronger;
this search stays for the review, because it scores every candidate on the same samples
so the differences between moves are not luck, and as the ``pimc`` player to compare with.

While cards remain in the stock, it deals the unseen cards at random in ways consistent
with its view (``sampling.determinize``). On every sample it searches each candidate move
(the heuristic's best few) with alpha-beta to the end of the current deal or ``depth``
plies, scoring the horizon by the points banked so far, the majorities' likely split and
the best take of the player to move. ``method="rollout"`` instead finishes each sample with
greedy rollouts (measured weaker). Once the stock is empty, two-player play is solved
exactly by ``endgame.Solver`` (IS-MCTS reuses this). The randomness comes from the AI's own
seed and the view, never from the real deal, so equal views always get equal decisions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from casino.ai.basic import greedy_pick
from casino.ai.endgame import SearchLimit, Solver, Utility
from casino.ai.evaluate import round_points
from casino.ai.heuristic import assess
from casino.ai.sampling import determinize
from casino.engine.moves import Move
from casino.engine.notation import format_item
from casino.engine.rules import apply, legal_moves
from casino.engine.state import PlayerView, State


def view_key(view: PlayerView) -> str:
    """A stable text of everything the view shows, to seed per-decision randomness."""
    return "|".join([
        str(view.player), str(view.to_move), str(view.dealer), str(view.deal_number),
        " ".join(map(str, view.hand)),
        " ".join(format_item(i) for i in view.table),
        "/".join(" ".join(map(str, pile)) for pile in view.captures),
        str(view.stock_count), str(view.last_taker), str(view.sweeps),
    ])


def side_of(view: PlayerView, player: int) -> int:
    return view.side_of(player)


def make_utility(view: PlayerView, totals: Sequence[int] | None) -> Utility:
    """Round margin; near the game's target, winning the game weighs in heavily."""
    side = side_of(view, view.player)
    rs = view.ruleset
    fixed = rs.fixed_points(view.players)
    target = rs.game.target
    near = (
        totals is not None and rs.game.kind == "target" and len(totals) > 1
        and max(totals) + fixed + 2 >= target
    )

    def utility(points: Sequence[float]) -> float:
        m = points[side] - max(p for s, p in enumerate(points) if s != side)
        if not near or totals is None:
            return float(m)
        final = [t + p for t, p in zip(totals, points, strict=False)]
        best = max(final)
        outcome = 0.0
        if best >= target and final.count(best) == 1:
            outcome = 1.0 if final[side] == best else -1.0
        return m + 2.0 * fixed * outcome

    return utility


def rollout(state: State, deal: int | None = None, plies: int = 1_000) -> State:
    """Play on with every seat on ``greedy_pick``: to the round's end, or out of ``deal``,
    or for at most ``plies`` plies."""
    rs = state.ruleset
    while plies > 0 and not state.is_over() and (deal is None or state.deal_number == deal):
        moves = legal_moves(state)
        state = apply(state, greedy_pick(rs, len(state.table), moves))
        plies -= 1
    return state


class ExpertPolicy:
    """PIMC with a short alpha-beta search per sample; exact alpha-beta once the stock is empty."""

    name = "pimc"

    def __init__(self, seed: int | str = 0, samples: int = 16, candidates: int = 8,
                 endgame_nodes: int = 60_000, method: str = "search",
                 sample_nodes: int = 4_000, depth: int = 4) -> None:
        self.seed = seed
        self.method = method
        self.sample_nodes = sample_nodes
        self.depth = depth
        self.samples = samples
        self.candidates = candidates
        self.endgame_nodes = endgame_nodes

    def choose(self, view: PlayerView) -> Move:
        return self.evaluate(view)[0][0]

    def evaluate(self, view: PlayerView) -> list[tuple[Move, float]]:
        """Candidate moves with their search values, best first."""
        moves = legal_moves(view)
        if len(moves) == 1:
            return [(moves[0], 0.0)]
        rng = random.Random(f"expert:{self.seed}:{view_key(view)}")
        utility = make_utility(view, view.totals or None)
        ranked = [a.move for a in assess(view, moves)]
        if view.stock_count == 0 and view.players == 2:
            try:
                return self._solve(view, ranked, rng, utility)
            except SearchLimit:
                pass
        if self.method == "search":
            return self._search(view, ranked, rng, utility)
        return self._sample(view, ranked, rng, utility)

    def _search(self, view: PlayerView, ranked: list[Move], rng: random.Random,
                utility: Utility) -> list[tuple[Move, float]]:
        """PIMC: on each sample, search the rest of this deal; estimate the position after."""
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

    def _solve(self, view: PlayerView, ranked: list[Move], rng: random.Random,
               utility: Utility) -> list[tuple[Move, float]]:
        state = determinize(view, rng)  # with an empty stock this is the true deal
        solver = Solver(side_of(view, view.player), utility, self.endgame_nodes)
        solver.set_root(state)
        best = -1e9
        out: list[tuple[Move, float]] = []
        for m in ranked:
            v = solver.value(apply(state, m), best, 1e9)
            out.append((m, v))
            best = max(best, v)
        out.sort(key=lambda mv: -mv[1])  # stable: the heuristic order breaks ties
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
