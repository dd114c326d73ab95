"""The hint: the move the AI would play, with one line a player understands.

The move is the first of ``opinion``: the Expert level's search (IS-MCTS), asked exactly as
the post-game review asks it about the same position, so the review never marks ✗ a move
the hint suggested. The hint asked the Hard level's quicker search (a fifth of the
iterations, with the game totals) and the review the Expert's (on the round alone): the
review called 1.1 % of hinted moves a mistake (31 of 2,700 positions of Medium-level play
over the nine rulesets, ``benchmarks/hint_review.py``), some by 5-10 points near the game's
target. The search runs on the AI process; ``benchmarks/ai_speed.py`` times it. The reason
comes from the heuristic's assessment of that move: what it takes, what it risks, what a
build is waiting for, and only what the move's own words ("take Q♥ with Q♠") do not say: a
plain take has none. The line is a ``Reason`` (message id and parameters), so the window
says it in its own language; ``str()`` is English.
"""

from __future__ import annotations

from casino.ai.heuristic import Assessment, assess, card_classes, probe_state, seat_holding
from casino.ai.registry import expert
from casino.engine.cards import Card
from casino.engine.moves import Block, Build, Capture, Move, Trail
from casino.engine.rules import legal_moves
from casino.engine.state import Pile, PileKind, PlayerView, item_cards
from casino.engine.transition import after_move
from casino.engine.wording import Param, Reason

OPINION_SEED = "opinion"
"""The seed of the search that the hint and the post-game review both ask (``opinion``)."""
TIE = 0.05
"""Round points within which a capture counts as worth the search's trail: the hint then
suggests the take, as a newcomer expects (s35: the Expert trailed 7♥ where 5♦ took 5♥ for
the same 9.0 points at the end of a round). The review calls a move this close "the expert
agrees" (``casino.ui.review.Verdict.agrees``); the Expert level's own play is unchanged."""
SPECIAL = {"10D": "Big Casino", "2S": "Little Casino"}
"""The cards a capture's reason names by their name, where the ruleset scores them."""


def opinion(view: PlayerView, seed: int | str = OPINION_SEED) -> list[tuple[Move, float]]:
    """The Expert's candidate moves for ``view`` with their values in round points, its
    choice first: the hint plays the first, and the review judges a played move by them.

    A fresh search each time (the Expert level's, without what that player remembers of the
    opponent's moves), seeded by ``seed`` and the position, so one position gets one answer
    whoever asks. The game totals are set aside: the review weighs what a move cost in this
    round, and the table's view has them while the review's (a replayed round) did not;
    near the game's target the search would add the game's win to the round's points.
    """
    return expert(seed=seed).evaluate(view._replace(totals=()))


def hint(view: PlayerView) -> tuple[Move, Reason | None]:
    """The move to play and why, for the seat whose view this is (it must be their turn);
    no why for a plain take, whose move says it all."""
    moves = legal_moves(view)
    if not moves:
        raise ValueError("no move to hint: it is not this player's turn")
    move = take_over_trail(opinion(view))
    found = assess(view, [move])[0]
    return move, reason(view, found, exact=view.stock_count == 0)


def take_over_trail(values: list[tuple[Move, float]]) -> Move:
    """The search's choice (first of ``values``), but where it is a trail and a capture is
    valued the same (within ``TIE``), the best-valued such capture: ties go to the take."""
    choice, value = values[0]
    if not isinstance(choice, Trail):
        return choice
    takes = [(m, v) for m, v in values if isinstance(m, Capture) and v >= value - TIE]
    return max(takes, key=lambda mv: mv[1])[0] if takes else choice


def _card_named(card: Card) -> Param:
    """'Big Casino (10D)' for the special cards, else the card."""
    if str(card) == "10D":
        return Reason("Big Casino ({card})", card=card)
    if str(card) == "2S":
        return Reason("Little Casino ({card})", card=card)
    return card


def worth_naming(view: PlayerView, move: Capture) -> tuple[Param, ...]:
    """What a capture takes that the move itself ('take 10♦ with 10♥') does not say:
    the other side's piles, Big and Little Casino by name, the Aces where they score. The
    plain cards are left out, as the move lists them."""
    pts = view.ruleset.scoring.card_points
    scoring = {t for cp in pts for t in cp.cards if cp.points}
    mine = view.side_of(view.player)
    named: list[Param] = [_pile_named(it) for it in move.items
                          if isinstance(it, Pile) and view.side_of(it.owner) != mine]
    aces = 0
    for c in [*(c for it in move.items for c in item_cards(it)), move.card]:
        if str(c) in SPECIAL and str(c) in scoring:
            named.append(_card_named(c))
        elif c.rank == 1 and str(c) in scoring:
            aces += 1
    if aces:
        named.append(Reason("an Ace") if aces == 1 else Reason("{count} Aces", count=aces))
    return tuple(named)


def _pile_named(pile: Pile) -> Reason:
    """'their 8 build', 'their 7 stack', 'their 9 block': each variant's own word."""
    if pile.kind is PileKind.STACK:
        return Reason("their {value} stack", value=pile.value)
    if pile.kind is PileKind.BLOCK:
        return Reason("their {value} block", value=pile.value)
    return Reason("their {value} build", value=pile.value)


def _capture_reason(view: PlayerView, a: Assessment, move: Capture) -> Reason | None:
    """Why a capture, in what the move ('take 5♦, 3♣ with 8♠') does not say: a sweep, the
    scoring cards and other sides' piles it takes, the sweep it leaves or risks, the last
    take; None for a plain take, whose move says it all."""
    scoring = view.ruleset.scoring
    left = len(view.table) - len(move.items)
    said: list[Reason] = []
    if left == 0 and scoring.sweep:
        said.append(Reason("sweeps the table for {points} point", points=scoring.sweep))
    elif left == 0:
        said.append(Reason("clears the table"))
    named = worth_naming(view, move)
    if named:
        # TRANSLATORS: what a capture takes, listed: 'their 8 build, Big Casino (10♦) and an
        # Ace' (leave as it is).
        said.append(Reason("takes {taken:and}", taken=named))
    if left and scoring.sweep and a.sweep_risk < 0.05 and a.threat < 0.6:
        said.append(Reason("leaves no sweep"))
    if left and a.last_collect > 0:
        said.append(Reason("the cards left on the table come to you at the end"))
    done = _listed(said, listed=len(named) > 1)
    if left and scoring.sweep and a.sweep_risk > 0.5:
        if done is None:
            return Reason("your opponent may sweep next ({chance:.0%})", chance=a.sweep_risk)
        return Reason("{done}, but your opponent may sweep ({chance:.0%})", done=done,
                      chance=a.sweep_risk)
    return done


def _listed(said: list[Reason], listed: bool) -> Reason | None:
    """The parts of a reason in one line: 'takes an Ace and leaves no sweep'; with a comma
    before the last 'and' when a part is a list of its own ('takes Big Casino (10♦) and an
    Ace, and leaves no sweep')."""
    if len(said) <= 1:
        return said[0] if said else None
    if listed:
        # TRANSLATORS: the parts of a hint's reason when one is a list itself: 'takes 10♦
        # and an Ace, and leaves no sweep' (leave as it is).
        return Reason("{rest}, and {last}", rest=tuple(said[:-1]), last=said[-1])
    # TRANSLATORS: the parts of a hint's reason: 'sweeps the table for 1 point and takes an
    # Ace' (leave as it is).
    return Reason("{said:and}", said=tuple(said))


def _risk_text(view: PlayerView, a: Assessment) -> Param:
    if not view.ruleset.scoring.sweep:
        return ""
    if a.sweep_risk < 0.05:
        return Reason(" and leaves no sweep") if a.threat < 0.6 else ""
    if a.sweep_risk > 0.5:
        return Reason(" but your opponent may sweep ({chance:.0%})", chance=a.sweep_risk)
    return ""


def reason(view: PlayerView, a: Assessment, exact: bool = False) -> Reason | None:
    """One line saying why move ``a.move`` is good, in what the move's own words (the hint
    line shows them first) do not say; None when there is nothing to add (a plain take)."""
    why = _why(view, a)
    if not exact:
        return why
    if why is None:
        return Reason("the best play to the end of the round")
    return Reason("{why} (the best play to the end of the round)", why=why)


def _may_be_raised(view: PlayerView, move: Build) -> bool:
    """Whether the engine lets the next player raise the single build ``move`` makes, with
    some hand of the unseen cards: "cannot take it" alone read as safe just before the
    computer raised the build away (s33). One card of each kind the heuristic tells apart
    stands for its kind; two of a kind only where two are unseen. Which builds may be
    raised at all (single ones, below the highest build value, where the rules allow it) is
    the engine's to say."""
    after = after_move(probe_state(view), move)
    pile = next(it for it in after.table if isinstance(it, Pile) and move.card in it.cards)
    nxt = (view.player + 1) % view.players
    size = view.hand_counts[nxt] or (view.ruleset.deal.hand if view.stock_count else 0)
    kinds = list(card_classes(view.ruleset, view.unseen()).values())
    hands: list[tuple[Card, ...]] = [(cards[0],) for cards in kinds]
    if size >= 2:
        hands = [(a[0], b[0]) for i, a in enumerate(kinds) for b in kinds[i + 1:]]
        hands += [(cards[0], cards[1]) for cards in kinds if len(cards) > 1]
    elif size < 1:
        return False
    for hand in hands:
        if any(type(m) is Build and m.value != pile.value and any(it is pile for it in m.items)
               for m in legal_moves(seat_holding(after, nxt, hand))):
            return True
    return False


def _why(view: PlayerView, a: Assessment) -> Reason | None:
    move = a.move
    match move:
        case Capture():
            return _capture_reason(view, a, move)
        case Build(value=value, card=card):
            holders = [
                c for c in view.hand if c is not card and view.ruleset.takes_pile(c, value)
            ]
            held = (Reason("you hold {card} to take it", card=holders[0]) if holders
                    else Reason("you can take it later"))
            risk: Param = ""
            if a.safe_build < 0.5:
                risk = Reason(" (risky: your opponent may hold a {value})", value=value)
            elif a.safe_build > 0.95:
                risk = (Reason(" and your opponent cannot take it, but may raise it")
                        if _may_be_raised(view, move) else
                        Reason(" and your opponent cannot take it"))
            # The hint line shows the move itself ("build 9: 2♣ on 7♦"), so the reason says
            # only what the move does not: who takes the build, and its risk.
            # TRANSLATORS: why a build: 'you hold 9♦ to take it (risky: …)' (leave as it is).
            return Reason("{held}{risk}", held=held, risk=risk)
        case Trail():  # the hint line names the card
            risk = _risk_text(view, a)
            others = [m for m in legal_moves(view) if not isinstance(m, Trail)]
            if any(isinstance(m, Capture) for m in others):  # the player sees the take
                return Reason("better here than any take: it gives away the least"
                              "{risk}", risk=risk)
            if others and view.ruleset.build.style == "stacks":
                return Reason("no stack worth making: it gives away the least"
                              "{risk}", risk=risk)
            if others:
                return Reason("no build worth making: it gives away the least"
                              "{risk}", risk=risk)
            if view.ruleset.build.style == "stacks":
                return Reason("nothing to take or stack: it gives away the least"
                              "{risk}", risk=risk)
            return Reason("nothing to take or build: it gives away the least"
                          "{risk}", risk=risk)
        case Block(value=value):  # the hint line says "block 7: 5♠ on 2♦"
            return Reason("only a {value} can take it now", value=value)
    return None  # pragma: no cover - every move kind is matched
