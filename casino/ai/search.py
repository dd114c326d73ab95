"""What the two searching players share: per-view seeding, the utility, greedy playouts, and
an exact solve of a two-player round's last deal.

``SearchPolicy`` ranks the legal moves with the heuristic, solves the position exactly once
the stock is empty (two players), and otherwise leaves the search to its subclass: PIMC
(``casino.ai.pimc``) or IS-MCTS (``casino.ai.ismcts``, the Expert and Hard levels). The
randomness comes from the AI's own seed and the view, never from the real deal, so equal
views always get equal decisions (the expert's also weigh what the opponent passed up
earlier in the deal, which it remembers: ``ISMCTSPolicy.infer``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from casino.ai.basic import greedy_pick
from casino.ai.endgame import SearchLimit, Solver, Utility
from casino.ai.heuristic import assess
from casino.ai.sampling import determinize
from casino.engine.moves import Move
from casino.engine.notation import format_item
from casino.engine.rules import apply, legal_moves
from casino.engine.state import PlayerView, State
from casino.engine.transition import play_in_deal


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

    if not near and (2 if view.partnership else view.players) == 2:
        other = 1 - side

        def margin(points: Sequence[float]) -> float:  # the same float, sooner
            return float(points[side] - points[other])

        return margin

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
    or for at most ``plies`` plies. Out of ``deal`` means to its last move, before the next
    hands are dealt (``play_in_deal``)."""
    rs = state.ruleset
    step = apply if deal is None else play_in_deal
    while plies > 0 and any(state.hands) and (deal is None or state.deal_number == deal):
        state = step(state, greedy_pick(rs, len(state.table), legal_moves(state)))
        plies -= 1
    return state


class SearchPolicy:
    """A searching player: ``evaluate`` gives the candidate moves with their values in
    round points (the utility), best first; ``choose`` plays the first."""

    name = "search"

    def __init__(self, seed: int | str = 0, candidates: int = 8,
                 endgame_nodes: int = 60_000) -> None:
        self.seed = seed
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
        return self._search(view, ranked, rng, utility)

    def _search(self, view: PlayerView, ranked: list[Move], rng: random.Random,
                utility: Utility) -> list[tuple[Move, float]]:
        raise NotImplementedError

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
