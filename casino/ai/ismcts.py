"""Information-set Monte Carlo tree search: the Expert and Hard levels, and the review.

Single-observer IS-MCTS (Cowling, Powley and Whitehouse, 2012): every iteration deals the
unseen cards afresh from the view, walks one shared tree of move sequences choosing among
the moves legal in that deal by UCB with availability counts, adds one node, lets every
seat play ``greedy_pick`` to the end of the current deal or ``horizon`` plies (fewer in
Draw Casino, whose deal lasts the round), and scores the result by ``estimate_points``
(PIMC's extra credit for the next player's best take, and playing on one ply into the next
deal, both measured weaker here, and slower). The most visited root move is played. The
last deal of a two-player round is solved exactly, as PIMC does. Below the root, a node
offers the ``width`` moves that ``order_moves`` puts first (captures, richest first), so
the tree stays narrow enough to be revisited; ordering the builds and trails like the
playout policy measured weaker, and breaking near ties at the root by the heuristic's score
measured no different. The UCB constant is 3: against the heuristic on classic, 1 measured
weaker than 2 and 3 stronger; in Draw Casino, whose search is shallower, 2 measured stronger
than 3, so it keeps 2. The search stops early once no remaining iteration could change the
most visited root move (in Draw Casino also at a clear lead: below). ``evaluate`` gives the
root moves most visited first, each with its mean value in round points, which the post-game
review compares the played move by. ``casino-cli tournament`` compares it with PIMC
(``--players expert,pimc``).

Between two of its moves in a deal the expert watches the opponent's (``infer``; two
players, hands not refilled): players take what is worth taking, so a card that would have
taken more than the opponent's move took is dealt to them less often, by
``exp(-doubt * worth passed up)`` with ``doubt`` 2. Against the heuristic on classic, on
the same deals (seed ``s23-final``, pairs 0-104) this measured +0.28 ± 0.10 points a round
stronger than the search on the view alone (+0.76 against +0.49 over the heuristic), at the
same decision time. Hard keeps ``doubt`` 0 (no memory): its decisions stay the view's alone.
On the same deals these measured no stronger (paired, points a round): ``doubt`` 5 (-0.03 ±
0.19, 30 pairs); also watching the opponent's move that opens a deal after ours ended the
last one (-0.19 ± 0.10, 30 pairs); taking no evidence from a move that made a build of theirs
(-0.18 ± 0.10, 52 pairs); crediting the next deal's first mover at a deal-end leaf with 0.45
of the table's worth (+0.04 ± 0.25, 30 pairs; with the opening watch -0.03 ± 0.18, 60 pairs).

Where no rule keeps a builder's taker in hand (Munter) the view proves nothing of the
opponent's hand, yet whoever builds or blocks holds a card that takes the pile: ``holds``
deals them one, from their move just before ours (the one opening a deal too) until they
play a card that could be it. The expert had put down the 2 of spades beside a 9 the
opponent had just built, as if they held no 9 (``tests/ai/test_ismcts.py``). Against the
heuristic in Munter, the same deals (``s23-final``, pairs 0-99): +0.40 ± 0.15 points a
round stronger (+1.08 against +0.71 over the heuristic; +0.08 ± 0.21 over pairs 0-29), its
decisions as quick (median 0.084 s, p95 0.41, compiled). Also watching, in Munter, an
opponent who owns a build (their own piles left out of what they passed up) changed 2 of 20
pairs and measured -0.06 ± 0.06 against that alone (20 pairs): not kept. How it was found:
a full-information look (alpha-beta to the deal's end) at the expert's Munter moves that
differed from the heuristic's (seed ``diag27``, 6 pairs, 186 moves) had the expert ahead
(+0.17 points a move) except where it put a card down and the heuristic built (7 moves,
-2.6 each): after the opponent's fresh build, and near the game's target, where the
utility's ±22 for the game dwarfs the UCB constant 3 and a root move's first playout can
decide it (measured below: left as it is). In Draw Casino, watching the opponent as well (their
hand refilled after each play: a doubted card's chance moved a quarter of the way back to 1
for each draw) measured -1.04 ± 0.32 a round against main's expert (7 pairs, p95 decision
2.7 s): not kept.

Near the game's target (a target game whose leader is within the round's fixed points and
two of it; in classic from 8 points, most of every game) the utility adds twice the fixed
points for winning the game, ±22 in classic, to a margin of a few points, while the UCB
constant 3 was tuned on margins. Within one search the leaves' values spread by a median
0.56 points away from the target, and by 9-24 near it once the game's ±22 shows; a losing
first playout then leaves a root move at a single visit (1,276/1/1/1/1). Yet on classic,
against main's expert on the same deals (seed ``s28-screen``, paired, points a round), none
of these measured stronger: the constant grown near the target with that spread (times the
leaves' standard deviation over 1 point where above it, every root move searched again,
decision time x1.05) -0.07 ± 0.15 (75 pairs; +0.22 ± 0.21 over the first 31, -0.28 ± 0.21
over the next 44); a smooth outcome in the search (tanh of the final lead over 2 points,
times a logistic of the leader's final total against the target, width 2) -0.08 ± 0.22 (31
pairs); and, the control, the plain margin in the search, no game term at all, +0.07 ± 0.21
(31 pairs; games won 42-20 against 41-21). So the step neither helps nor costs measurably.
The exact solve of the last deal keeps it: its leaves are the round's true points, where
the step is the game's outcome itself.

Neither more search nor stronger playouts measured stronger (the same deals, paired): twice
the iterations (5,000) -0.18 ± 0.19 (30 pairs), so the search is not short of iterations;
playouts where each seat looks at the next hand (no build it can take, the trail it takes
least) -0.17 ± 0.29 (30 pairs); playouts one ply deep by the engine (of the three moves worth
most at once, the one leaving the next player least to take; +1.6 points a round over the
former and +2.2 over ``greedy_pick`` as full-information players) at 1,600 iterations, the
same decision time, +0.02 ± 0.12 (112 pairs); a tree offering 12 moves below the root
instead of 6 -0.12 ± 0.17 (60 pairs). Keeping the subtree under the opponent's reply for the
next decision would carry a median 54 (p90 152) of its ~2,000 visits: not tried.
Four times the iterations (10,000) measured -0.22 ± 0.17 (seed ``s28-screen``, 58 pairs,
decisions up to 0.7 s compiled). One search's opponent sees the searcher's true hand in every
iteration, so a guess was that more search only sharpens an opponent who knows too much; yet
half the iterations played from the opponent's belief (after the root move the searcher's
hand dealt afresh from it and the stock, the opponent's nodes choosing by those iterations
alone, the searcher's by the others) measured -0.28 ± 0.20 (72 pairs): not kept.

On classic no kind of move stood out as Munter's did: where the expert's move differed from
the heuristic's, a full-information look to the deal's end (seed ``diag29``, 22 pairs, 716
moves) had the expert ahead by +0.22 points a move, in every group of 50 or more (trails,
captures, builds, after the opponent's build, near the target, each deal); weakest in the
first two deals (+0.03 and +0.08 a move) and where it gave away a face or high card and the
heuristic a low one (85 moves, -0.16 ± 0.08). That look scores deal ends with the leaf, whose
card majority is too sure of a lead: over 4,000 classic rounds of heuristic against
heuristic, the best-fitting spread of the soft lead was 0.6 sqrt(R) + 1.0 for R cards left,
not 0.55 sqrt(R) + 0.35 (cards are won in clumps). Yet that spread measured -0.12 ± 0.21
(against main's expert, seed ``s28-screen``, 30 pairs), and playouts trailing the lowest of
their cheapest cards rather than the highest -0.19 ± 0.28 (30 pairs); offering the root
the heuristic's first 12 moves instead of 8 -0.09 ± 0.09 (34 pairs, 21 unchanged): not kept.

Draw Casino (hands refilled, so the deal lasts the round and every iteration stops at the
horizon) searches 6 plies at 0.68 of the iterations (1,700): the same CPU a deal pair and
decision time as the 4 plies at 2,500 it had (``benchmarks/ai_speed.py --ruleset draw``:
median ratio 1.01, p95 0.91). Against the heuristic, seed ``s23-final``, paired on the same
deals, pairs 0-59: +0.57 ± 0.27 a round stronger (+0.93 ± 0.18 over the heuristic, against
+0.36 ± 0.20 with 4 plies; +0.74 ± 0.42 over pairs 0-29). No plain defect showed first:
the last 8 plies (stock empty) are solved exactly as in classic, the dealer deals the
opponent 4 of the unseen cards and the stock the rest, and the leaf's majority shares count
every card not yet captured. Where the two differ on a trail the expert gives away face
cards (the playouts' greedy trail is the cheapest card, the highest rank first) and the
heuristic low ones. Hard keeps the 4 plies at 500 iterations it was measured with. Over
pairs 0-99 the expert leads the heuristic by +0.96 ± 0.14 a round. Fewer iterations, to
bring its median decision under 0.3 s (900: pure median 0.21 s against 0.37 on
``ai_speed``'s Draw positions, 39 of 40 moves the same), measured -0.51 ± 0.33 a round
(pairs 0-38; +0.48 ± 0.25 over the heuristic against +0.93 ± 0.24): not kept. Instead it
stops where the answer is clear: from a quarter of its iterations on (checked every 64), a
root move with 2.5 times the runner-up's visits is played at once, since UCB gives a move
that many more only where its value stands clear of the rest; the full budget goes to close
decisions. On 250 Draw positions (``ai_speed``'s sampling, seeds ``bench`` and ``tune2``)
that is the full search's move in 211 of the 216 searched, at 0.78 of the iterations, the
five others within 0.16 points of it by the full search's own values (a lead of 2 from a
quarter: 206, 0.69; of 3: 214, 0.83). Decision time (``ai_speed.py --ruleset draw
--positions 40 --levels expert --baseline main --repeats 2``, pure): median 0.29 s against
0.42 (x0.69), p95 0.60 against 0.58, the same 40 moves; with a Draw ply's one state
(``transition``) median 0.28 s against 0.40 (x0.69), p95 0.57 against 0.57. Against the
heuristic, the same deals as main's expert (seed ``s23-final``, pairs 0-89, paired): +0.03
± 0.14 a round (+0.97 ± 0.16 over the heuristic, as main's +0.97 ± 0.14; +0.12 ± 0.18 over
pairs 0-59), 20 s of CPU a deal pair against 28. Hard keeps its full search
(``refill_lead`` 0), and so does the hint.
"""

from __future__ import annotations

import math
import random
from typing import Any

from casino.ai.basic import capture_gain, card_worth
from casino.ai.endgame import Utility, order_moves
from casino.ai.evaluate import LeafEstimate, summarize
from casino.ai.heuristic import probe_state
from casino.ai.sampling import Dealer
from casino.ai.search import SearchPolicy, rollout, side_of
from casino.engine.cards import Card
from casino.engine.moves import Capture, Move
from casino.engine.rules import legal_moves
from casino.engine.state import Pile, PileKind, PlayerView, State, item_cards
from casino.engine.transition import after_move, play_in_deal


class _Node:
    """Statistics of one move sequence, from the side that made its last move."""

    __slots__ = ("avail", "children", "moves", "side", "total", "visits")

    def __init__(self, side: int = -1) -> None:
        self.children: dict[Move, _Node] = {}
        # The move sequence fixes the table, so the mover's hand fixes the moves offered:
        # [move, its child once there is one], best first.
        self.moves: dict[tuple[Card, ...], list[list[Any]]] = {}
        self.side = side
        self.visits = 0
        self.total = 0.0
        self.avail = 1


class ISMCTSPolicy(SearchPolicy):
    """SO-ISMCTS over this deal's plies with greedy playouts; exact last deal."""

    name = "ismcts"

    def __init__(self, seed: int | str = 0, iterations: int = 2500, candidates: int = 8,
                 width: int = 6, explore: float = 3.0, endgame_nodes: int = 60_000,
                 horizon: int = 8, refill_horizon: int = 6, refill_explore: float = 2.0,
                 refill_iterations: int | None = None, refill_lead: float = 2.5,
                 doubt: float = 2.0) -> None:
        super().__init__(seed=seed, candidates=candidates, endgame_nodes=endgame_nodes)
        self.horizon = horizon  # plies; a two-player classic deal has 8
        # Where hands are refilled after every play the deal lasts the whole round, every
        # iteration runs to the horizon, and a shorter one keeps the decision time in budget.
        # That shallow search measured stronger with the narrower UCB constant.
        self.refill_horizon = refill_horizon
        self.refill_explore = refill_explore
        # Its 6 plies cost about 1.5 times the 4 plies it had: 0.68 of the iterations (1,700
        # of 2,500) keeps its decision time.
        self.refill_iterations = (
            iterations * 17 // 25 if refill_iterations is None else refill_iterations)
        # From a quarter of those on, a root move with this many times the runner-up's
        # visits is played at once (0: never; Hard keeps its full search).
        self.refill_lead = refill_lead
        self.iterations = iterations
        self.width = width
        self.explore = explore
        self.root_visits: list[tuple[Move, int]] = []
        """The root moves of the last search with their visits, most first."""
        self.doubt = doubt
        # What ``choose`` remembers between its decisions within a deal: the view it last
        # decided on, the state its move left, and the chances inferred so far.
        self._left: tuple[PlayerView, State] | None = None
        self._keep: dict[int, float] = {}
        self._keep_view: PlayerView | None = None
        # The opponent's builds and blocks on the table that they still hold a taker of.
        self._held: tuple[Pile, ...] = ()
        self._need: dict[int, list[int]] = {}

    def holds(self, view: PlayerView) -> dict[int, list[int]]:
        """Seat -> values the opponent still holds a card of, as their own moves proved.

        Where no rule makes a builder keep a taker (Munter), the view proves nothing, yet
        whoever builds or blocks must hold a card that takes the pile: that card is still
        in the hand until a card that could be it is played. Two players, watched as ``infer``
        watches, and the move that opens a deal too. Where the view proves it (``keep_card``)
        this adds nothing.
        """
        held: tuple[Pile, ...] = ()
        left = self._left
        if (left is not None and not view.ruleset.obligations.keep_card
                and self._watched(view, *left, opening=True)):
            before, state = left
            opp = 1 - view.player
            seen = {c.index for it in state.table for c in item_cards(it)}
            seen.update(c.index for pile in state.captures for c in pile)
            played = [c for it in view.table for c in item_cards(it) if c.index not in seen]
            played += [c for pile in view.captures for c in pile if c.index not in seen]
            same = self._keep_view is before and view.deal_number == before.deal_number
            kept = self._held if same else ()
            takes = view.ruleset.takes_pile
            held = tuple(
                p for p in view.table
                if type(p) is Pile and p.owner == opp and p.kind is not PileKind.STACK
                and (p not in state.table
                     or (p in kept and not any(takes(c, p.value) for c in played))))
        self._held = held
        out: dict[int, list[int]] = {}
        for p in held:
            out.setdefault(p.owner, []).append(p.value)
        return out

    def choose(self, view: PlayerView) -> Move:
        """The search's move; between two of its moves in a deal it watches the opponent's."""
        self._keep = self.infer(view)
        self._need = self.holds(view)
        self._keep_view = view
        move = super().choose(view)
        self._left = (view, after_move(probe_state(view), move)) if self.doubt else None
        return move

    def infer(self, view: PlayerView) -> dict[int, float]:
        """Card index -> the chance the opponent still holds it, from what they passed up.

        Two players, hands not refilled: the one move between two of ours was made on the
        table ours left. A card that would have taken more than the opponent took (a trail
        or build took nothing) is weighed down by ``exp(-doubt * worth passed up)``: players
        take what is worth taking. Carried through the deal, forgotten at the next one.
        """
        left = self._left
        if left is None or not self.doubt:
            return {}
        before, state = left
        opp = 1 - view.player
        if not self._watched(view, before, state):
            return {}
        keep = dict(self._keep) if self._keep_view is before else {}
        if state.must_capture[opp] or any(
                type(it) is Pile and it.kind is PileKind.BUILD and it.owner == opp
                for it in state.table):
            return keep  # an obligation chose for them
        rs = view.ruleset
        taken = view.captures[opp][len(state.captures[opp]):]
        took = sum(card_worth(rs, c) for c in taken)
        if taken and not view.table:
            took += rs.scoring.sweep
        n = len(state.table)
        for c in view.unseen():
            probe = State(
                ruleset=rs, dealer=state.dealer, to_move=opp,
                hands=tuple((c,) if s == opp else () for s in range(2)), table=state.table,
                stock=(), captures=state.captures, sweeps=state.sweeps,
                last_taker=state.last_taker, must_capture=(False, False),
                deal_number=state.deal_number, teams=state.teams,
            )
            best = max((capture_gain(rs, n, m) for m in legal_moves(probe)
                        if type(m) is Capture), default=0.0)
            if best > took:
                keep[c.index] = keep.get(c.index, 1.0) * math.exp(-self.doubt * (best - took))
        return keep

    @staticmethod
    def _watched(view: PlayerView, before: PlayerView, state: State,
                 opening: bool = False) -> bool:
        """Whether one opponent move, all seen, lies between ``state`` (our last move's) and
        ``view``: two players, hands not refilled, the same deal (or, with ``opening``, the
        move that opened this deal after ours ended the last)."""
        opp = 1 - view.player
        if (view.players != 2 or view.ruleset.deal.draw_to or view.player != before.player
                or view.captures[view.player] != state.captures[view.player]
                or view.captures[opp][:len(state.captures[opp])] != state.captures[opp]):
            return False
        if view.deal_number == before.deal_number:
            return (view.stock_count == before.stock_count
                    and len(view.hand) == len(before.hand) - 1)
        hand = view.ruleset.deal.hand
        return (opening and view.deal_number == before.deal_number + 1
                and len(before.hand) == 1 and len(view.hand) == hand
                and view.hand_counts[opp] == hand - 1)

    def shape(self, view: PlayerView) -> tuple[int, float, int, float]:
        """The playout horizon in plies, the UCB constant, the iterations and the lead that
        stops the search early (``_settled``; 0 for none) for this view's ruleset."""
        if view.ruleset.deal.draw_to:
            return (self.refill_horizon, self.refill_explore, self.refill_iterations,
                    self.refill_lead)
        return self.horizon, self.explore, self.iterations, 0.0

    def _search(self, view: PlayerView, ranked: list[Move], rng: random.Random,
                utility: Utility) -> list[tuple[Move, float]]:
        cands = ranked[: self.candidates]
        horizon, explore, iterations, lead = self.shape(view)
        clear = iterations // 4  # from here on a clear leader ends the search (``lead``)
        side = side_of(view, view.player)
        seat_sides = tuple(view.side_of(p) for p in range(view.players))
        root = _Node(side)
        # The root offers the candidates whatever the deal: one list of [move, child].
        root_offer: list[list[Any]] = [[m, None] for m in cands]
        mine = self._keep_view is view
        dealer = Dealer(view, keep=self._keep if mine else None,
                        holds=self._need if mine else None)
        estimate: LeafEstimate | None = None
        deal_number = view.deal_number
        width = self.width
        log, sqrt = math.log, math.sqrt
        for done in range(iterations):
            if done % 64 == 0 and done and self._settled(
                    root, iterations - done, lead if done >= clear else 0.0):
                break
            state = dealer.deal(rng)
            if estimate is None:  # capture piles are public: the same in every deal
                estimate = LeafEstimate(state, [summarize(state, p) for p in range(state.players)])
            node = root
            path: list[_Node] = []
            while (len(path) < horizon and any(state.hands)
                   and state.deal_number == deal_number):
                if node is root:
                    offer = root_offer
                else:
                    hand = state.hands[state.to_move]
                    found = node.moves.get(hand)
                    if found is None:
                        found = node.moves[hand] = [
                            [m, None] for m in order_moves(state, legal_moves(state))[:width]]
                    offer = found
                # Every child offered here is available; the first move without a child
                # (moves come best first) is expanded, else the best by UCB is walked.
                # An offer remembers the children found for it: moves hash slowly.
                children = node.children
                untried = None
                best = None
                best_ucb = -math.inf
                for entry in offer:
                    child = entry[1]
                    if child is None:
                        child = children.get(entry[0])
                        if child is None:
                            if untried is None:
                                untried = entry
                            continue
                        entry[1] = child
                    child.avail += 1
                    if untried is None:
                        u = child.total / child.visits + explore * sqrt(
                            log(child.avail) / child.visits)
                        if u > best_ucb:
                            best, best_ucb = entry, u
                if untried is not None:
                    move = untried[0]
                    child = untried[1] = children[move] = _Node(seat_sides[state.to_move])
                    path.append(child)
                    state = play_in_deal(state, move)
                    break
                assert best is not None
                node = best[1]
                path.append(node)
                state = play_in_deal(state, best[0])
            state = rollout(state, deal_number, horizon - len(path))
            value = utility(estimate(state))
            for n in path:
                n.visits += 1
                n.total += value if n.side == side else -value
        tried = [(m, root.children[m]) for m in cands if m in root.children]
        tried.sort(key=lambda mc: (-mc[1].visits, -mc[1].total / max(1, mc[1].visits)))
        self.root_visits = [(m, c.visits) for m, c in tried]
        return [(m, c.total / max(1, c.visits)) for m, c in tried]

    @staticmethod
    def _settled(root: _Node, left: int, lead: float = 0.0) -> bool:
        """Whether the most visited root move stays so with ``left`` iterations to come, or,
        given a ``lead``, has that many times the runner-up's visits: UCB gives a move so
        many more only where its value stands clear of the rest."""
        counts = sorted((c.visits for c in root.children.values()), reverse=True)
        return (len(counts) < 2 or counts[0] - counts[1] > left
                or (lead > 0 and counts[0] >= lead * counts[1]))

